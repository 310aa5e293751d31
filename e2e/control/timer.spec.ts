/**
 * The timer follows the engine's state: a reload shows the same time (the countdown is computed from
 * runningSince/remainingMs, not kept by the page), Space pauses it, and the warning sound is fetched from
 * /resources/sounds/ when 10 s are left.
 */
import { test, expect } from '@playwright/test'
import WebSocket from 'ws'
import { startServer, type TestServer } from '../helpers/server'
import { command, expectPhase } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

function wsCommand(gameId: number, cmd: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.origin.replace('http', 'ws')}/ws?token=${server.token}`)
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { type: string; id?: number; ok?: boolean }
      if (msg.type === 'hello') {
        ws.send(
          JSON.stringify({ type: 'call', id: 1, method: 'game.command', params: { gameId, command: cmd } }),
        )
      } else if (msg.type === 'result' && msg.id === 1) {
        ws.close()
        if (msg.ok) resolve()
        else reject(new Error(data.toString()))
      }
    })
    ws.on('error', reject)
  })
}

const seconds = (text: string): number => {
  const [m, s] = text.trim().split(':').map(Number)
  return m * 60 + s
}

test('the timer survives a reload, pauses with Space and beeps at 10 s', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  if ((await page.getByTestId('phase').getAttribute('data-phase')) === 'setup') await command(page, 'Enter')
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')
  const timer = page.getByTestId('timer')
  await expect(timer).toHaveAttribute('data-running', 'yes')

  // Bring the speech close to its end, then wait for the warning sound to be fetched.
  const gameId = Number(await page.getByTestId('app').getAttribute('data-game'))
  const sound = page.waitForRequest(/\/resources\/sounds\/timer-warning\.wav$/, { timeout: 15_000 })
  await wsCommand(gameId, { cmd: 'timer', action: 'add', seconds: -46 })
  await expect.poll(async () => seconds(await timer.innerText())).toBeLessThanOrEqual(14)
  const req = await sound
  expect((await req.response())?.status()).toBe(200)

  // Pause, reload: the same time is shown, standing still.
  await command(page, 'Space')
  await expect(timer).toHaveAttribute('data-running', 'no')
  const before = await timer.innerText()
  await page.reload()
  await expect(page.getByTestId('timer')).toHaveText(before)
  await expect(page.getByTestId('timer')).toHaveAttribute('data-running', 'no')
  await command(page, '+')
  expect(seconds(await page.getByTestId('timer').innerText())).toBe(seconds(before) + 10)
})
