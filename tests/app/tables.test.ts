/**
 * The short version of `npm run test:tables` (issue 16) in CI: a hub and three table servers as real processes
 * on 127.0.0.x, one hub SIGKILL, one table SIGKILL, one table cut off for its whole game, one table with a wrong
 * token. Behaviour only: every acknowledged command on the hub, equal replays, 0 duplicates, 0 conflicts, the
 * wrong token refused and logged. The full run with its figures is `npm run test:tables`.
 */
import { describe, expect, it } from 'vitest'
import { runTablesTest } from '../../scripts/tables-test'

describe('three tables, one hub, with faults', () => {
  it('converges: nothing acknowledged is lost, nothing is doubled, replays are equal', async () => {
    const report = await runTablesTest({
      tables: 3,
      games: 1,
      pace: 50,
      hubKills: 1,
      tableKills: 1,
      cut: 1,
      wrongToken: 1,
      seed: 7,
      log: () => {},
    })
    expect(report.failures).toEqual([])
    expect(report.games).toBe(3)
    expect(report.conflicts).toBe(0)
    expect(report.refusedWrongToken).toBeGreaterThan(0)
    expect(report.drainMs).toHaveLength(1)
  }, 300_000)
})
