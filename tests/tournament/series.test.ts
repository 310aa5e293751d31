/**
 * The season's series table, computed by hand for three small tournaments: points per final place (a table and the
 * formula «N − place + 1»), a tournament's weight, a shared place in a tournament, and the season's tie rule (more
 * tournament wins, then the better places by countback, then the rating; equal on all → a shared place). Each
 * tournament's places come from the real classification (classify) of hand-made stage tables.
 */
import { describe, expect, it } from 'vitest'
import { classify } from '../../src/main/tournament/classification'
import { pointsForPlace, seriesTable } from '../../src/main/tournament/series'
import type { PlayerRating, RatingTable } from '../../src/main/tournament/rating'
import type { StageStandings, StandingsRow } from '../../src/main/tournament/standings'

const NAMES: Record<number, string> = {
  1: 'A',
  2: 'B',
  3: 'C',
  4: 'D',
  5: 'E',
  6: 'Z',
  7: 'F',
  8: 'G',
  9: 'X',
}
const nick = (id: number): string => NAMES[id] ?? `#${id}`

const row = (playerId: number | null, total: number, rank: number): StandingsRow =>
  ({
    playerKey: playerId === null ? 'name:Гость' : `id:${playerId}`,
    playerId,
    name: playerId === null ? 'Гость' : nick(playerId),
    total,
    rank,
  }) as StandingsRow

const qualifying = (rows: StandingsRow[]): Array<Pick<StageStandings, 'stage' | 'rows'>> => [{ stage: 'qualifying', rows }]

function ratings(values: Record<number, number>): RatingTable {
  const byPlayer = new Map<number, PlayerRating>()
  for (const [id, ordinal] of Object.entries(values))
    byPlayer.set(Number(id), {
      playerId: Number(id),
      mu: ordinal,
      sigma: 0,
      ordinal,
      games: 3,
      wins: 1,
      history: [],
    })
  return { byPlayer, ranking: [...byPlayer.values()].sort((a, b) => b.ordinal - a.ordinal), rated: 3 }
}

describe('points per place', () => {
  it('a table gives 0 past its end; the formula gives N − place + 1', () => {
    const table = { kind: 'table' as const, points: [25, 18, 15] }
    expect([1, 2, 3, 4].map((p) => pointsForPlace(table, p, 10))).toEqual([25, 18, 15, 0])
    expect([1, 2, 10].map((p) => pointsForPlace({ kind: 'formula' }, p, 10))).toEqual([10, 9, 1])
  })
})

describe('the season table', () => {
  it('a points table, a weight of 0.5, a shared third place, a guest left out; the rating breaks a tie', () => {
    // T1: A 1, B 2, C 3, D 4, a guest 5. T2: B 1, A 2, C and D share 3. T3 (weight 0.5): E 1, D 2, C 3.
    const t1 = classify(
      qualifying([row(1, 6, 1), row(2, 4, 2), row(3, 3, 3), row(4, 2, 4), row(null, 1, 5)]),
      {
        carryOver: 0,
      },
    )
    const t2 = classify(qualifying([row(2, 5, 1), row(1, 4, 2), row(3, 3, 3), row(4, 3, 3)]), {
      carryOver: 0,
    })
    const t3 = classify(qualifying([row(5, 5, 1), row(4, 4, 2), row(3, 1, 3)]), { carryOver: 0 })
    expect(t2.map((r) => r.place)).toEqual([1, 2, 3, 3])
    const rows = seriesTable(
      [
        { id: 11, weight: 1, classification: t1 },
        { id: 12, weight: 1, classification: t2 },
        { id: 13, weight: 0.5, classification: t3 },
      ],
      { kind: 'table', points: [25, 18, 15, 12] },
      // Z (6) played friendly games only.
      ratings({ 1: 3, 2: 5, 4: 10, 6: 20 }),
      nick,
    )
    // A 25 + 18 = 43; B 18 + 25 = 43; C 15 + 15 + 7.5 = 37.5; D 12 + 15 + 9 = 36; E 12.5; Z 0.
    expect(rows.map((r) => [r.place, r.nickname, r.total, r.decidedBy])).toEqual([
      [1, 'B', 43, 'rating'],
      [2, 'A', 43, 'total'],
      [3, 'C', 37.5, 'total'],
      [4, 'D', 36, 'total'],
      [5, 'E', 12.5, 'total'],
      [6, 'Z', 0, null],
    ])
    const c = rows.find((r) => r.nickname === 'C')!
    expect(c).toMatchObject({ tournaments: 3, wins: 0, bestPlace: 3, rating: null, ratedGames: 0 })
    expect(c.results).toEqual([
      { tournamentId: 11, place: 3, points: 15 },
      { tournamentId: 12, place: 3, points: 15 },
      { tournamentId: 13, place: 3, points: 7.5 },
    ])
    expect(rows.find((r) => r.nickname === 'D')).toMatchObject({ bestPlace: 2, rating: 10, tournaments: 3 })
    expect(rows.find((r) => r.nickname === 'Z')).toMatchObject({
      tournaments: 0,
      bestPlace: null,
      rating: 20,
    })
    expect(rows.some((r) => r.nickname === 'Гость')).toBe(false)
  })

  it('the formula and a weight of 2; more tournament wins, then countback of places, then a shared place', () => {
    // T1 (N = 4): A 1, F 2, G 3, D 4. T2 (N = 4): D 1, A 2, G 3, F 4. T3 (N = 3, weight 2): D 1, X 2, A 3.
    const t1 = classify(qualifying([row(1, 4, 1), row(7, 3, 2), row(8, 2, 3), row(4, 1, 4)]), {
      carryOver: 0,
    })
    const t2 = classify(qualifying([row(4, 4, 1), row(1, 3, 2), row(8, 2, 3), row(7, 1, 4)]), {
      carryOver: 0,
    })
    const t3 = classify(qualifying([row(4, 3, 1), row(9, 2, 2), row(1, 1, 3)]), { carryOver: 0 })
    const rows = seriesTable(
      [
        { id: 1, weight: 1, classification: t1 },
        { id: 2, weight: 1, classification: t2 },
        { id: 3, weight: 2, classification: t3 },
      ],
      { kind: 'formula' },
      ratings({}),
      nick,
    )
    // D 1 + 4 + 3·2 = 11; A 4 + 3 + 1·2 = 9; F 3 + 1 = 4 (2nd, 4th); X 2·2 = 4 (2nd); G 2 + 2 = 4 (3rd, 3rd).
    // F and X: one 2nd place each, no 3rd, F has a 4th; X over G: a 2nd place.
    expect(rows.map((r) => [r.place, r.nickname, r.total, r.decidedBy])).toEqual([
      [1, 'D', 11, 'total'],
      [2, 'A', 9, 'total'],
      [3, 'F', 4, 'places'],
      [4, 'X', 4, 'places'],
      [5, 'G', 4, null],
    ])
    expect(rows[0]).toMatchObject({ wins: 2, bestPlace: 1 })
  })

  it('more tournament wins go first; players equal on everything share the place', () => {
    // T1 (N = 3): A 1, B 2, C 3 → 3, 2, 1. T2 (N = 2): C 1, B 2 → 2, 1. All three have 3 points.
    // C (a win and a 3rd place) over A (a win) by countback; A over B (no win) by wins.
    const t1 = classify(qualifying([row(1, 3, 1), row(2, 2, 2), row(3, 1, 3)]), { carryOver: 0 })
    const t2 = classify(qualifying([row(3, 2, 1), row(2, 1, 2)]), { carryOver: 0 })
    const rows = seriesTable(
      [
        { id: 1, weight: 1, classification: t1 },
        { id: 2, weight: 1, classification: t2 },
      ],
      { kind: 'formula' },
      ratings({}),
      nick,
    )
    expect(rows.map((r) => [r.place, r.nickname, r.total, r.decidedBy])).toEqual([
      [1, 'C', 3, 'places'],
      [2, 'A', 3, 'wins'],
      [3, 'B', 3, null],
    ])
    // Two winners of one tournament with a shared first place and nothing else: one shared place.
    const shared = classify(qualifying([row(1, 2, 1), row(2, 2, 1)]), { carryOver: 0 })
    const even = seriesTable(
      [{ id: 1, weight: 1, classification: shared }],
      { kind: 'formula' },
      ratings({}),
      nick,
    )
    expect(even.map((r) => [r.place, r.nickname, r.total, r.decidedBy])).toEqual([
      [1, 'A', 2, null],
      [1, 'B', 2, null],
    ])
  })
})
