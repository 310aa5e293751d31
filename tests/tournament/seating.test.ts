// Seating generator (RULES.md §16.2).
import { describe, expect, it } from 'vitest'
import { evaluateSeating, generateSeating, type SeatingPlan } from '../../src/main/tournament/seating'

function plan(players: number, games: number, seed = 7): SeatingPlan {
  const r = generateSeating({ players, games, seed })
  if (!r.ok) throw new Error(r.error.code)
  return r.value
}

describe('seating (RULES.md §16.2)', () => {
  it('every round seats every player exactly once, ten per table, on T = P/10 tables', () => {
    for (const [P, G] of [
      [10, 10],
      [30, 10],
      [50, 8],
    ]) {
      const p = plan(P, G)
      expect(p.rounds).toHaveLength(G)
      for (const r of p.rounds) {
        expect(r.tables.map((t) => t.table)).toEqual(Array.from({ length: P / 10 }, (_, i) => i + 1))
        const seated = r.tables.flatMap((t) => t.seats)
        expect(seated).toHaveLength(P)
        expect(new Set(seated).size).toBe(P)
        for (const t of r.tables) expect(t.seats).toHaveLength(10)
      }
    }
  })

  it('is deterministic for a seed and differs for another seed', () => {
    expect(plan(30, 6, 1)).toEqual(plan(30, 6, 1))
    expect(plan(30, 6, 1).rounds).not.toEqual(plan(30, 6, 2).rounds)
  })

  it('reports the deviations and keeps them small', () => {
    // 10 players, 10 games: everyone meets everyone 10 times; a perfect seat rotation exists (Latin square).
    const one = plan(10, 10)
    expect(one.report.pairs).toMatchObject({ expected: 10, min: 10, max: 10, maxDeviation: 0 })
    expect(one.report.seats.maxDeviation).toBe(0)
    // 30 players, 12 games: pair meetings about 12·9/29 = 3.72; seats about 1.2 each.
    const p = plan(30, 12)
    expect(p.report.pairs.expected).toBeCloseTo(3.7241, 3)
    expect(p.report.pairs.stdDev).toBeLessThan(1.2)
    expect(p.report.pairs.neverMet).toBe(0)
    expect(p.report.seats.maxDeviation).toBeLessThanOrEqual(1)
    expect(p.report.seats.keySeatsMaxDeviation).toBeLessThanOrEqual(1)
    // Tables used about 12/3 = 4 times each.
    expect(p.report.tableUse.expected).toBe(4)
    expect(p.report.tableUse.maxDeviation).toBeLessThanOrEqual(2)
    // The report is recomputable from the rounds alone.
    expect(evaluateSeating(30, 12, p.rounds)).toEqual(p.report)
  })

  it('rejects a player count that is not a multiple of ten', () => {
    const r = generateSeating({ players: 25, games: 5, seed: 1 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('tournament/bad_player_count')
    const g = generateSeating({ players: 20, games: 0, seed: 1 })
    expect(!g.ok && g.error.code).toBe('tournament/bad_game_count')
  })
})
