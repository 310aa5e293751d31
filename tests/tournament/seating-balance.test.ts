/**
 * Table balance (tables and judges): nobody plays more than ⌈G/T⌉ + 1 of his games at one table or with one judge.
 * The counts are taken here from the rounds themselves, not from the generator's report.
 */
import { describe, expect, it } from 'vitest'
import {
  SPARE_SEAT,
  generateSeating,
  judgeSpread,
  randomSeating,
  shuffledSeating,
  tableCap,
  type SeatingRound,
  type UnevenMode,
} from '../../src/main/tournament/seating'

/** Per player: games played and the most of them at one table. */
function tableCounts(rounds: SeatingRound[]): Map<number, { games: number; most: number }> {
  const at = new Map<number, Map<number, number>>()
  for (const r of rounds)
    for (const t of r.tables)
      for (const p of t.seats) {
        if (p === SPARE_SEAT) continue
        const m = at.get(p) ?? new Map<number, number>()
        m.set(t.table, (m.get(t.table) ?? 0) + 1)
        at.set(p, m)
      }
  return new Map(
    [...at].map(([p, m]) => [
      p,
      { games: [...m.values()].reduce((a, b) => a + b, 0), most: Math.max(...m.values()) },
    ]),
  )
}

const tablesOf = (rounds: SeatingRound[]): number => Math.max(...rounds.map((r) => r.tables.length))

describe('table balance', () => {
  it('is ⌈G/T⌉ + 1', () => {
    expect(tableCap(10, 3)).toBe(5)
    expect(tableCap(10, 10)).toBe(2)
    expect(tableCap(11, 2)).toBe(7)
  })

  const cases: Array<[number, number, UnevenMode | undefined]> = [
    [30, 10, undefined],
    [40, 10, undefined],
    [50, 10, undefined],
    [31, 10, 'spareSeats'],
    [29, 10, 'extraGame'],
  ]
  for (const [P, G, uneven] of cases)
    it(`${P} players × ${G} games${uneven ? ` (${uneven})` : ''}: nobody over the cap at one table, seeds 1–3`, () => {
      for (const seed of [1, 2, 3]) {
        const r = generateSeating({ players: P, games: G, seed, uneven, effort: 200 })
        if (!r.ok) throw new Error(r.error.message.en)
        const T = tablesOf(r.value.rounds)
        const counts = tableCounts(r.value.rounds)
        const over = [...counts].filter(([, c]) => c.most > Math.ceil(c.games / T) + 1)
        expect(over, `seed ${seed}`).toEqual([])
        expect(r.value.report.tableUse.overCap).toBe(0)
        expect(r.value.report.tableUse.maxAtOneTable).toBe(
          Math.max(...[...counts.values()].map((c) => c.most)),
        )
      }
    })

  it('a random seating of 30 × 10 puts somebody over the cap (what the balance is for)', () => {
    const r = randomSeating({ players: 30, games: 10, seed: 7 })
    if (!r.ok) throw new Error('random seating failed')
    const counts = tableCounts(r.value.rounds)
    expect([...counts.values()].some((c) => c.most > 5)).toBe(true)
    expect(r.value.report.tableUse.overCap).toBeGreaterThan(0)
  })

  it('a judge who changes tables is counted by judge, not by table', () => {
    // Two rounds, one table each: the same judge twice, then a player's games with him.
    const seats = (from: number): number[] => Array.from({ length: 10 }, (_, k) => from + k)
    const rounds: SeatingRound[] = [1, 2, 3, 4].map((round) => ({
      round,
      tables: [
        { table: 1, seats: seats(0) },
        { table: 2, seats: seats(10) },
      ],
    }))
    // Anna judges table 1 in rounds 1–3 and table 2 in round 4: players 0–9 have 3 games with her (cap ⌈4/2⌉+1 = 3),
    // players 10–19 have 1; Boris the rest.
    const judge = (k: number, table: number): string =>
      (k < 3 ? table === 1 : table === 2) ? 'Anna' : 'Boris'
    expect(judgeSpread(rounds, judge)).toEqual({ maxWithOneJudge: 3, overCap: 0 })
    // With Anna at table 1 all along, players 0–9 have 4 games with her: over the cap.
    expect(judgeSpread(rounds, (_k, table) => (table === 1 ? 'Anna' : 'Boris'))).toEqual({
      maxWithOneJudge: 4,
      overCap: 20,
    })
    // An unnamed judge is not counted.
    expect(judgeSpread(rounds, () => '')).toEqual({ maxWithOneJudge: 0, overCap: 0 })
  })

  it('the random comparison of stored rounds shuffles each round’s own players over its own tables', () => {
    const r = generateSeating({ players: 31, games: 4, seed: 3, uneven: 'spareSeats' })
    if (!r.ok) throw new Error('seating failed')
    const rounds = r.value.rounds
    const shuffled = shuffledSeating(31, 4, rounds, 9)
    expect(shuffled.rounds.map((x) => x.tables.map((t) => t.table))).toEqual(
      rounds.map((x) => x.tables.map((t) => t.table)),
    )
    shuffled.rounds.forEach((x, k) => {
      const mine = (rs: SeatingRound): number[] => rs.tables.flatMap((t) => t.seats).sort((a, b) => a - b)
      expect(mine(x)).toEqual(mine(rounds[k]))
    })
    expect(shuffled.report.spareSeats).toBe(r.value.report.spareSeats)
  })
})
