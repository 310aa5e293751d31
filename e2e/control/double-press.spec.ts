/**
 * Issue 28 §1 in real Chromium key presses: a second press of the same key that comes 40 ms after the first is
 * swallowed (one command, a transient "double press ignored" mark), whether it comes while the first command is on
 * its way or just after its view arrived; presses well apart are two commands. The window is a panel setting.
 * What the server did is read from the game's revision (one step per accepted command) and its view.
 */
import { test, expect, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { startServer, type TestServer } from '../helpers/server'
import { command, expectPhase, revision, seats, setUpGame } from './panel'

/** One call over the contract's WebSocket as another control client (a second panel, a tablet). */
function otherClient(method: string, params: unknown): Promise<{ ok: boolean }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/ws?token=${server.token}`)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: number; ok: boolean }
      if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'call', id: 1, method, params }))
      else if (msg.type === 'result' && msg.id === 1) {
        ws.close()
        resolve(msg)
      }
    })
    ws.on('error', reject)
  })
}

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

/** Two presses of `key`, the second `gapMs` after the first (keydown to keydown). */
async function twice(page: Page, key: string, gapMs: number): Promise<void> {
  await page.keyboard.press(key)
  await page.waitForTimeout(gapMs)
  await page.keyboard.press(key)
}

/** The revision once nothing more arrives: both presses' commands, if any, have been answered. */
async function settledRevision(page: Page): Promise<number> {
  await page.waitForTimeout(400)
  return Number(await revision(page))
}

async function startDay(page: Page): Promise<void> {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '1')
  // The judge looks at the new day before the next Enter (a quicker one would be a double press).
  await page.waitForTimeout(400)
}

test('Enter twice 40 ms apart ends one speech; 600 ms apart, two', async ({ page }) => {
  test.setTimeout(90_000)
  await startDay(page)
  const mark = page.getByTestId('press-ignored')

  let before = Number(await revision(page))
  await twice(page, 'Enter', 40)
  expect(await settledRevision(page)).toBe(before + 1)
  // Seat 2 keeps his speech.
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
  await expect(mark).toHaveAttribute('data-kind', 'double')
  await expect(mark).toContainText('Повторное нажатие проигнорировано')
  await expect(page.getByTestId('error')).toHaveCount(0)
  // The mark is transient.
  await expect(mark).toHaveCount(0, { timeout: 3000 })

  before = Number(await revision(page))
  await twice(page, 'Enter', 600)
  expect(await settledRevision(page)).toBe(before + 2)
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '4')
  await expect(mark).toHaveCount(0)
})

test('at a FIIM vote: a digit and Enter pressed twice give one vote; Ctrl+Z twice one undo; F twice one foul', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await startDay(page)
  await seats(page, [5])
  await command(page, 'n')
  await command(page, 'Enter')
  await seats(page, [4])
  await command(page, 'n')
  for (let i = 0; i < 9; i++) await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('vote-question')).toContainText('5')

  // A bounced digit does not take the seat back out of the selection.
  await seats(page, [1, 2])
  await twice(page, '3', 40)
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '1,2,3')
  await expect(page.getByTestId('press-ignored')).toHaveAttribute('data-kind', 'double')

  // Enter twice: three votes for seat 5, and seat 4 (the last candidate) is still to be voted — the second Enter
  // would have given him every remaining vote, and he would have left.
  const before = Number(await revision(page))
  await twice(page, 'Enter', 40)
  expect(await settledRevision(page)).toBe(before + 1)
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('candidate-5')).toHaveAttribute('data-votes', '3')
  await expect(page.getByTestId('vote-question')).toContainText('4')
  await expect(page.getByTestId('seat-4')).toHaveAttribute('data-status', 'alive')

  // Ctrl+Z twice: only the vote is taken back, not the last speech before it.
  await twice(page, 'Control+z', 40)
  expect(await settledRevision(page)).toBe(before + 2)
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('vote-question')).toContainText('5')
  await expect(page.getByTestId('candidate-5')).toHaveAttribute('data-votes', '0')

  // F twice on the selected seat: one foul, and no hint for the second press (it is swallowed, not run).
  await seats(page, [6])
  await twice(page, 'f', 40)
  expect(await settledRevision(page)).toBe(before + 3)
  await expect(page.getByTestId('fouls-6')).toHaveText('1')
  await expect(page.getByTestId('hint')).toHaveCount(0)
  await expect(page.getByTestId('error')).toHaveCount(0)
})

test('the window is a setting: at 1000 ms, presses 600 ms apart are one command', async ({ page }) => {
  test.setTimeout(90_000)
  await startDay(page)
  await page.keyboard.press('o')
  await page.getByTestId('press-window-card').locator('summary').click()
  const field = page.getByTestId('press-window')
  await expect(field).toHaveValue('250')
  await field.fill('1000')
  await field.press('Tab')
  await expect(field).toHaveValue('1000')
  // Out of range is brought into range.
  await field.fill('5000')
  await field.press('Tab')
  await expect(field).toHaveValue('1000')
  await page.getByTestId('nav-game').click()
  await expect(page.getByTestId('board')).toBeVisible()
  // The clicked button gives the keys back to the board (its own Enter would press it again).
  await page.getByTestId('nav-game').blur()
  await page.waitForTimeout(1100) // past the new window after the last Enter

  const before = Number(await revision(page))
  await twice(page, 'Enter', 600)
  expect(await settledRevision(page)).toBe(before + 1)
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
  // Kept for the next session of the panel.
  await page.reload()
  await page.keyboard.press('o')
  await expect(page.getByTestId('press-window-card')).toContainText('1000')
})

test('a command built on a view the game has left is refused by the server: a transient mark, not an error', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // The panel's WebSocket goes through the test, which can hold back the server's game.view pushes: the panel then
  // still shows the view from before another client's command, as when the push is on its way.
  let hold = false
  const held: Array<string | Buffer> = []
  await page.routeWebSocket(/\/ws/, (ws) => {
    const srv = ws.connectToServer()
    ws.onMessage((m) => srv.send(m))
    srv.onMessage((m) => {
      if (hold && String(m).includes('"channel":"game.view"')) held.push(m)
      else ws.send(m)
    })
  })
  await startDay(page)
  const before = Number(await revision(page))
  const gameId = Number(await page.getByTestId('app').getAttribute('data-game'))

  hold = true
  expect((await otherClient('game.command', { gameId, command: { cmd: 'foul', seat: 6 } })).ok).toBe(true)
  await page.waitForTimeout(200)
  expect(Number(await revision(page))).toBe(before) // the panel has not seen the foul yet
  await page.keyboard.press('Enter')

  const mark = page.getByTestId('press-ignored')
  await expect(mark).toHaveAttribute('data-kind', 'stale')
  await expect(mark).toContainText('игра уже изменилась')
  await expect(page.getByTestId('error')).toHaveCount(0)
  // The Enter did nothing; the panel fetched the game as it is now (with the other client's foul).
  await expect(page.getByTestId('fouls-6')).toHaveText('1')
  expect(Number(await revision(page))).toBe(before + 1)
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '1')
  hold = false
  held.length = 0
})
