/**
 * A whole FIIM game played through the control panel with the keyboard only, against the real headless server:
 * the reds win by votes (day 1 votes out a mafia, night 1 kills the sheriff whose best move names 2 blacks,
 * day 2 a lone nominee leaves on all votes, day 3 the last black leaves). Every key press that changes the game
 * produces an updated view; the latency figures are `npm run bench`'s (bench:latency), not the test run's.
 */
import { test, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { command, expectPhase, installLatencyProbe, latencySamples, seats, setUpGame, shot } from './panel'

let server: TestServer
test.beforeAll(async () => {
  // CONTROL_E2E_DB_DIR (e.g. /dev/shm) puts the database on another disk, to tell the fsync of every commit
  // apart from the panel's own latency.
  const base = process.env.CONTROL_E2E_DB_DIR
  server = await startServer(base ? { dir: mkdtempSync(join(base, 'mafia-desk-e2e-')) } : {})
})
test.afterAll(async () => {
  await server?.stop()
  if (process.env.CONTROL_E2E_DB_DIR && server) rmSync(server.dir, { recursive: true, force: true })
})

test('a whole game from the keyboard: the reds win, statuses and points in the summary', async ({ page }) => {
  test.setTimeout(120_000)
  await installLatencyProbe(page)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()

  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 }, 'setup')
  await expect(page.getByTestId('role-3')).toHaveText(/Дон/)
  await expect(page.getByTestId('role-10')).toHaveText(/Шериф/)

  // Zero night → day 1, seat 1 speaks and nominates 5.
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '1')
  await seats(page, [5])
  await command(page, 'n')
  await command(page, 'Enter')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
  await seats(page, [3])
  await command(page, 'n')
  await expect(page.getByTestId('nominees')).toHaveAttribute('data-seats', '5,3')
  await shot(page, 'day')
  for (let i = 0; i < 9; i++) await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')

  // Voting: 7 voters for 5; the rest go to 3 automatically.
  await seats(page, [1, 2, 4, 6, 7, 9, 10])
  await expect(page.getByTestId('votes-5')).toHaveText('7')
  await expect(page.getByTestId('not-voted')).toContainText('3, 5, 8')
  await shot(page, 'voting')
  await command(page, 'Enter')
  await expect(page.getByTestId('vote-auto')).toBeVisible()
  await expect(page.getByTestId('votes-3')).toHaveText('3')
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'lastWord')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '5')
  await command(page, 'Enter')
  await expectPhase(page, 'night')
  await expect(page.getByTestId('seat-5')).toHaveAttribute('data-status', 'votedOut')

  // Night 1: shot at 10, don checks 10 (the sheriff), sheriff checks 3 (black).
  await seats(page, [10])
  await command(page, 'Enter')
  await expect(page.getByTestId('result-shot')).toContainText('10')
  await seats(page, [10])
  await command(page, 'd')
  await seats(page, [3])
  await command(page, 's')
  await expect(page.getByTestId('result-don')).toContainText('ШЕРИФ')
  await expect(page.getByTestId('result-sheriff')).toContainText('ЧЁРНЫЙ')
  await shot(page, 'night')
  await command(page, 'Enter')

  // Day 2: last word of 10 with the best move 3, 8, 1.
  await expectPhase(page, 'day', 'lastWord')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '10')
  await expect(page.getByTestId('best-move')).toBeVisible()
  await seats(page, [3, 8, 1])
  await command(page, 'b')
  await expect(page.getByTestId('best-move-done')).toContainText('3, 8, 1')
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
  await seats(page, [3])
  await command(page, 'n')
  for (let i = 0; i < 8; i++) await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('nominees')).toHaveAttribute('data-seats', '3')
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'lastWord')
  await command(page, 'Enter')

  // Night 2: shot at 1; no checks are left (don and sheriff are out).
  await expectPhase(page, 'night')
  await seats(page, [1])
  await command(page, 'Enter')
  await command(page, 'Enter')

  // Day 3: last word of 1, then seat 4 nominates 8, who leaves on 6 votes.
  await expectPhase(page, 'day', 'lastWord')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '1')
  await command(page, 'Enter')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '4')
  await seats(page, [8])
  await command(page, 'n')
  for (let i = 0; i < 6; i++) await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')
  await seats(page, [2, 4, 6, 7, 9, 8])
  await command(page, 'Enter')
  await command(page, 'Enter')

  // The summary.
  await expectPhase(page, 'finished')
  await expect(page.getByTestId('winner')).toHaveAttribute('data-winner', 'red')
  const status: Record<number, string> = {
    1: 'killed',
    2: 'alive',
    3: 'votedOut',
    5: 'votedOut',
    8: 'votedOut',
    10: 'killed',
  }
  for (const [seat, s] of Object.entries(status)) {
    await expect(page.getByTestId(`summary-status-${seat}`)).toHaveAttribute('data-status', s)
  }
  const points: Record<number, string> = { 10: '1,3', 3: '0', 1: '1', 2: '1' }
  for (const [seat, p] of Object.entries(points))
    await expect(page.getByTestId(`points-${seat}`)).toHaveText(p)
  await shot(page, 'summary')

  const latency = await latencySamples(page)
  // Behaviour only: every key press produced an updated view. The latency goal is a benchmark figure.
  expect(latency.total.length).toBeGreaterThan(40)
})
