/**
 * Issue 4's reliability test, run in CI with a small count (the full run: `npx tsx scripts/kill-test.ts --kills 50`):
 * the headless server is SIGKILLed at random moments of a game and restarted; no acknowledged command may be
 * lost and the SQLite file must stay intact.
 */
import { test, expect } from '@playwright/test'
import { runKillTest } from '../scripts/kill-test'

test('SIGKILL at random moments loses no acknowledged command and corrupts no file', async () => {
  test.setTimeout(120_000)
  const r = await runKillTest({ kills: Number(process.env.KILL_TEST_KILLS ?? 5), judges: 3, seed: 7 })
  console.log(
    `kill test: ${r.kills} kills, ${r.judges} judges, ${r.commandsAcked} commands acknowledged, ${r.lostCommands} lost, ` +
      `${r.inFlightCommitted} in-flight committed, ${r.corruptedFiles} corrupted files`,
  )
  expect(r.kills).toBeGreaterThanOrEqual(5)
  // Every kill interrupts a game after at least one acknowledged command.
  expect(r.commandsAcked).toBeGreaterThanOrEqual(r.kills)
  expect(r.lostCommands).toBe(0)
  expect(r.corruptedFiles).toBe(0)
})
