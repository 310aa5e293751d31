/**
 * Motion at 60 fps: while the game changes quickly (speeches handed over, fouls, nominations — each one starts
 * transform/opacity transitions), the overlay page keeps producing animation frames (their intervals are a
 * benchmark figure, not printed here); the DOM text is asserted to change at once (the data is never delayed by an animation).
 */
import { expect, test } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from './control-client'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('animations keep the frame rate while the game changes', async ({ page }) => {
  const control = await connectControl(server.origin, server.token)
  const active = await control.call<{ gameId: number }>('game.active')
  await control.command(active.gameId, { cmd: 'start' })
  await control.command(active.gameId, { cmd: 'next' })
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(server.overlayUrl)
  await expect(page.getByTestId('card-1')).toHaveAttribute('data-speaking', 'true')

  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean }
    w.__frames = []
    w.__run = true
    let last = performance.now()
    const loop = (t: number): void => {
      w.__frames.push(t - last)
      last = t
      if (w.__run) requestAnimationFrame(loop)
    }
    requestAnimationFrame(loop)
  })
  for (let seat = 1; seat <= 9; seat++) {
    await control.command(active.gameId, { cmd: 'foul', seat })
    if (seat % 2 === 1)
      await control.command(active.gameId, { cmd: 'nominate', target: ((seat + 4) % 10) + 1 })
    await control.command(active.gameId, { cmd: 'next' })
    // The data is there at once, while the lift and the glow are still animating.
    await expect(page.getByTestId(`card-${seat + 1}`)).toHaveAttribute('data-speaking', 'true')
    await page.waitForTimeout(120)
  }
  await page.waitForTimeout(400)
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean }
    w.__run = false
    return w.__frames.slice(1)
  })
  control.close()
  // Behaviour only: the page kept animating through the changes (frame times are a benchmark figure).
  expect(frames.length).toBeGreaterThan(60)
})
