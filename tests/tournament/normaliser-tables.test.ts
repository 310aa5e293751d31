// Issue 31 §3: which tables the tournament's normaliser ranks, computed once by computeAllStandings. The qualifying
// (and the overall) table ranks by points per game with the players below the minimum listed apart; a final ranks
// by its total (its players play every round of it); the final classification places the finalists by the final
// and never places a player listed apart. Pure, hand-computed.
import { describe, expect, it } from 'vitest'
import { SHIPPED_SCORING_SYSTEMS } from '../../src/shared/game/ruleset'
import { computeAllStandings, type StandingsGame } from '../../src/main/tournament/standings'
import { miniGame } from './fixtures'

const NAMES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']
const player = (name: string): { name: string; id: number } => ({ name, id: NAMES.indexOf(name) + 1 })

// The reds win each qualifying game: seats 3, 5, 8 (black) score 0, every other seat 1, plus the extra points.
const QUALIFYING: Array<{ seats: string[]; extra?: Record<number, number> }> = [
  { seats: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] },
  { seats: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K'] },
  { seats: ['B', 'C', 'A', 'E', 'D', 'G', 'F', 'L', 'J', 'K'], extra: { 10: 0.4 } },
  { seats: ['C', 'D', 'E', 'A', 'B', 'H', 'I', 'L', 'F', 'J'] },
  { seats: ['D', 'E', 'F', 'A', 'B', 'C', 'J', 'H', 'G', 'I'], extra: { 9: 0.5, 10: 0.3, 4: 0.2, 6: 0.1 } },
]
// The final: the ten ranked players, one game the blacks win (seats 3, 5, 8: J, D, B score 1).
const FINAL = ['G', 'I', 'J', 'A', 'D', 'F', 'C', 'B', 'E', 'H']

function games(): StandingsGame[] {
  const q = QUALIFYING.map((g, i): StandingsGame => ({
    gameId: i + 1,
    stage: 'qualifying',
    record: miniGame({ players: g.seats.map(player), winner: 'red', firstKilled: null, extra: g.extra }),
  }))
  const f: StandingsGame = {
    gameId: 10,
    stage: 'final',
    record: miniGame({ players: FINAL.map(player), winner: 'black', firstKilled: null }),
  }
  return [...q, f]
}

const scoring = SHIPPED_SCORING_SYSTEMS.fiim

describe('the tables the normaliser ranks', () => {
  it('the qualifying by points per game with the apart list; the final by its total; the classification', () => {
    const all = computeAllStandings(games(), { scoring, normaliser: { kind: 'perGame', minGames: 3 } })
    const q = all.stages.find((s) => s.stage === 'qualifying')!
    // Per game: G 4.5/4, I 4.3/4, J 4/4, A 4.2/5, D 4/5 = F 4/5 (every tie-break equal: shared), C 3.1/5, B 3/5,
    // E 2/5, H 1/4. K 2.4 and L 0 in 2 games each: apart.
    expect(q.rows.map((r) => [r.name, r.rank, r.perGame])).toEqual([
      ['G', 1, 1.125],
      ['I', 2, 1.075],
      ['J', 3, 1],
      ['A', 4, 0.84],
      ['D', 5, 0.8],
      ['F', 5, 0.8],
      ['C', 7, 0.62],
      ['B', 8, 0.6],
      ['E', 9, 0.4],
      ['H', 10, 0.25],
    ])
    expect(q.apart.map((r) => [r.name, r.rank, r.perGame, r.minGames])).toEqual([
      ['K', null, 1.2, 3],
      ['L', null, 0, 3],
    ])
    // The final: one game each, far below the minimum, yet nobody apart: it ranks by the total.
    const f = all.stages.find((s) => s.stage === 'final')!
    expect(f.apart).toEqual([])
    expect(f.rows.every((r) => r.perGame === null)).toBe(true)
    expect(f.rows.slice(0, 3).map((r) => r.total)).toEqual([1, 1, 1])
    // Overall (qualifying + final): by points per game (J 5/5, G 4.5/5), K and L still apart.
    expect(all.apart.map((r) => r.name)).toEqual(['K', 'L'])
    expect(all.overall.slice(0, 2).map((r) => [r.name, r.perGame])).toEqual([
      ['J', 1],
      ['G', 0.9],
    ])
    // The classification: the ten finalists by the final; K and L (apart in the qualifying) are not placed.
    expect(all.classification.map((r) => r.group)).toEqual(Array(10).fill('final'))
    expect(all.classification.some((r) => r.name === 'K' || r.name === 'L')).toBe(false)
  })

  it('without a normaliser every table ranks by the total and nobody is apart', () => {
    const all = computeAllStandings(games(), { scoring })
    expect(all.normaliser).toEqual({ kind: 'none' })
    expect(all.apart).toEqual([])
    expect(all.stages.every((s) => s.apart.length === 0 && s.rows.every((r) => r.perGame === null))).toBe(
      true,
    )
    const q = all.stages.find((s) => s.stage === 'qualifying')!
    expect(q.rows.slice(0, 3).map((r) => r.name)).toEqual(['G', 'I', 'A'])
    expect(all.classification).toHaveLength(12)
  })
})
