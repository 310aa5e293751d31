// Property tests (fast-check): standings invariants over random tournaments (docs/rules.md §13).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SCORING_PRESETS } from '../../src/main/tournament/scoring'
import { compareRows } from '../../src/main/tournament/ranking'
import { computeAllStandings, type StandingsGame } from '../../src/main/tournament/standings'
import type { Winner } from '../../src/shared/game/record'
import { miniGame } from './fixtures'

const gameArb = fc.record({
  seating: fc.shuffledSubarray(
    Array.from({ length: 16 }, (_, i) => i),
    { minLength: 10, maxLength: 10 },
  ),
  winner: fc.constantFrom<Winner>('red', 'black', 'draw'),
  firstKilled: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  extraSeat: fc.integer({ min: 1, max: 10 }),
  extra: fc.integer({ min: -20, max: 20 }).map((x) => x / 10),
  stage: fc.constantFrom('qualifying', 'final'),
  finished: fc.boolean(),
})

describe('standings properties', () => {
  it('rows add up, are ordered, and share ranks only on full ties', () => {
    const scoring = SCORING_PRESETS.fiim
    fc.assert(
      fc.property(fc.array(gameArb, { minLength: 0, maxLength: 14 }), (specs) => {
        const games: StandingsGame[] = specs.map((s, i) => ({
          gameId: i + 1,
          stage: s.stage,
          record: miniGame({
            players: s.seating.map((p) => ({ id: p, name: `P${p}` })),
            winner: s.winner,
            firstKilled: s.firstKilled,
            extra: { [s.extraSeat]: s.extra },
            finished: s.finished || s.winner === 'draw',
          }),
        }))
        const finished = games.filter((g) => g.record.finished).length
        const { overall, stages, games: scores, warnings } = computeAllStandings(games, { scoring })
        // Extra points outside the range are flagged, never clamped.
        expect(warnings.length).toBe(scores.filter((s) => Math.abs(s.extra) > 1.6 + 1e-9).length)
        expect(scores).toHaveLength(10 * finished)
        expect(overall.reduce((n, r) => n + r.games, 0)).toBe(10 * finished)
        expect(stages.reduce((n, s) => n + s.rows.reduce((k, r) => k + r.games, 0), 0)).toBe(10 * finished)
        for (const [i, r] of overall.entries()) {
          const sum = r.points + r.bestMove + r.extra + r.penalties + r.auto + r.ci
          expect(r.total).toBeCloseTo(sum, 6)
          expect(r.ci).toBeLessThanOrEqual(scoring.ci.k * r.firstKilled + 1e-9)
          expect(r.wins).toBe(
            r.winsByRole.civilian + r.winsByRole.sheriff + r.winsByRole.mafia + r.winsByRole.don,
          )
          if (i === 0) {
            expect(r.rank).toBe(1)
            continue
          }
          const prev = overall[i - 1]
          expect(prev.total).toBeGreaterThanOrEqual(r.total - 1e-9)
          const tie = compareRows(prev, r, scoring.tieBreaks) === 0
          expect(r.rank).toBe(tie ? prev.rank : i + 1)
        }
      }),
      { numRuns: 150 },
    )
  })
})
