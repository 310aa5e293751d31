/**
 * The speaker's countdown runs locally in the overlay: while the timer runs, the seconds go down on screen and
 * the server sends nothing (no per-tick broadcasts); a pause arrives as one push and the ring stops.
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

test('the countdown ring counts down locally, without pushes', async ({ page }) => {
  const frames: number[] = []
  page.on('websocket', (ws) => ws.on('framereceived', () => frames.push(Date.now())))
  const control = await connectControl(server.origin, server.token)
  const active = await control.call<{ gameId: number }>('game.active')
  await control.command(active.gameId, { cmd: 'start' })
  await control.command(active.gameId, { cmd: 'next' })
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(server.overlayUrl)
  await expect(page.getByTestId('card-1')).toHaveAttribute('data-speaking', 'true')
  const ring = page.getByTestId('card-1').getByTestId('countdown')
  if ((await ring.getAttribute('data-running')) !== 'true') {
    await control.command(active.gameId, { cmd: 'timer', action: 'start' })
  }
  await expect(ring).toHaveAttribute('data-running', 'true')
  await page.waitForTimeout(300)
  const s0 = Number(await ring.getAttribute('data-seconds'))
  const framesBefore = frames.length
  await page.waitForTimeout(2_300)
  const s1 = Number(await ring.getAttribute('data-seconds'))
  expect(s0 - s1).toBeGreaterThanOrEqual(2)
  expect(frames.length - framesBefore).toBe(0)
  // The banner's clock shows the same seconds as the card's ring, read at one instant (both tick on one clock;
  // two separate reads could straddle a tick).
  const both = await page.evaluate(() =>
    [
      '[data-testid="card-1"] [data-testid="countdown"]',
      '[data-testid="phase-banner"] [data-testid="countdown"]',
    ].map((q) => document.querySelector(q)?.getAttribute('data-seconds') ?? null),
  )
  expect(both[1]).not.toBeNull()
  expect(both[1]).toBe(both[0])
  await page.screenshot({ path: 'artifacts/screenshots/overlay-live-speech.png', omitBackground: true })

  await control.command(active.gameId, { cmd: 'timer', action: 'pause' })
  await expect(ring).toHaveAttribute('data-running', 'false')
  const paused = await ring.getAttribute('data-seconds')
  await page.waitForTimeout(1_200)
  await expect(ring).toHaveAttribute('data-seconds', paused!)
  control.close()
})
