// Seating generator (docs/rules.md §16.2): shape, constraints, determinism, uneven player counts, swaps, regeneration.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  evaluateSeating,
  generateSeating,
  randomSeating,
  regenerateSeating,
  seatingShape,
  SPARE_SEAT,
  swapPlayers,
  type SeatingOptions,
  type SeatingPlan,
} from '../../src/main/tournament/seating'
import { expectValidRounds } from './seating-rounds'

function plan(options: Partial<SeatingOptions> & { players: number; games: number }): SeatingPlan {
  const r = generateSeating({ seed: 7, effort: 100, ...options })
  if (!r.ok) throw new Error(r.error.code)
  return r.value
}

/** Every round seats each playing player exactly once, ten seats per table, tables numbered 1..T. */
function checkRounds(
  p: SeatingPlan,
  active: number[] = Array.from({ length: p.players }, (_, i) => i),
): void {
  expectValidRounds(p.rounds, active)
}

function seatCounts(p: SeatingPlan): Map<number, number[]> {
  const counts = new Map<number, number[]>()
  for (const r of p.rounds)
    for (const t of r.tables)
      t.seats.forEach((x, s) => {
        if (x === SPARE_SEAT) return
        const c = counts.get(x) ?? new Array<number>(10).fill(0)
        c[s]++
        counts.set(x, c)
      })
  return counts
}

describe('seating (docs/rules.md §16.2)', () => {
  it('every round seats every player exactly once, ten per table, on T = P/10 tables', () => {
    for (const [P, G] of [
      [10, 10],
      [30, 10],
      [50, 8],
    ]) {
      const p = plan({ players: P, games: G })
      expect(p.rounds).toHaveLength(G)
      expect(p.mode).toBe('exact')
      for (const r of p.rounds) expect(r.tables).toHaveLength(P / 10)
      checkRounds(p)
    }
  })

  it('is deterministic for a seed and differs for another seed', () => {
    expect(plan({ players: 30, games: 6, seed: 1 })).toEqual(plan({ players: 30, games: 6, seed: 1 }))
    expect(plan({ players: 30, games: 6, seed: 1 }).rounds).not.toEqual(
      plan({ players: 30, games: 6, seed: 2 }).rounds,
    )
  })

  it('ten games: every player sits in every seat exactly once; twelve: no seat more than twice', () => {
    for (const P of [10, 20, 40]) {
      for (const c of seatCounts(plan({ players: P, games: 10 })).values())
        expect(c).toEqual(new Array(10).fill(1))
    }
    for (const c of seatCounts(plan({ players: 30, games: 12 })).values()) {
      expect(Math.max(...c)).toBeLessThanOrEqual(2)
      expect(Math.min(...c)).toBeGreaterThanOrEqual(1)
    }
  })

  it('reports the deviations and beats a random seating', () => {
    // 10 players, 10 games: everyone meets everyone 10 times; a perfect seat rotation exists (Latin square).
    const one = plan({ players: 10, games: 10 })
    expect(one.report.pairs).toMatchObject({ expected: 10, min: 10, max: 10, maxDeviation: 0 })
    expect(one.report.seats.maxDeviation).toBe(0)
    // 30 players, 12 games: pair meetings about 12·9/29 = 3.72; seats about 1.2 each.
    const p = plan({ players: 30, games: 12, effort: 400 })
    expect(p.report.pairs.expected).toBeCloseTo(3.7241, 3)
    expect(p.report.seats.maxDeviation).toBeLessThanOrEqual(0.8 + 1e-9)
    expect(p.report.tableUse.expected).toBe(4)
    const random = randomSeating({ players: 30, games: 12, seed: 7 })
    if (!random.ok) throw new Error(random.error.code)
    expect(p.report.pairs.stdDev).toBeLessThan(random.value.report.pairs.stdDev)
    expect(p.report.pairs.max).toBeLessThan(random.value.report.pairs.max)
    expect(p.report.seats.maxDeviation).toBeLessThan(random.value.report.seats.maxDeviation)
    // The report is recomputable from the rounds alone.
    expect(evaluateSeating(30, 12, p.rounds)).toEqual(p.report)
    expect(p.report.pairs.histogram.reduce((a, b) => a + b, 0)).toBe((30 * 29) / 2)
  })

  it('100 players, 10 games: every seat once each, no pair meets more than twice (one run)', () => {
    const p = plan({ players: 100, games: 10, effort: 300 })
    checkRounds(p)
    for (const c of seatCounts(p).values()) expect(c).toEqual(new Array(10).fill(1))
    expect(p.report.pairs.max).toBeLessThanOrEqual(2)
    const random = randomSeating({ players: 100, games: 10, seed: 7 })
    if (!random.ok) throw new Error(random.error.code)
    expect(random.value.report.pairs.max).toBeGreaterThan(2)
  }, 30_000)

  it('pairs that should not meet do not; a fixed player keeps his table', () => {
    const avoid: Array<[number, number]> = [
      [0, 1],
      [2, 3],
      [0, 4],
    ]
    const fixedTable = [
      { player: 5, table: 2 },
      { player: 6, table: 3 },
    ]
    const p = plan({ players: 30, games: 8, avoid, fixedTable, effort: 300 })
    checkRounds(p)
    expect(p.report.violations).toEqual({ avoidMet: [], fixedTableBroken: [] })
    for (const r of p.rounds) {
      const tableOf = (x: number): number | undefined => r.tables.find((t) => t.seats.includes(x))?.table
      expect(tableOf(5)).toBe(2)
      expect(tableOf(6)).toBe(3)
      expect(tableOf(0)).not.toBe(tableOf(1))
      expect(tableOf(2)).not.toBe(tableOf(3))
    }
    // A fixed player still gets balanced seats.
    expect(
      seatCounts(p)
        .get(5)
        ?.every((c) => c <= 1),
    ).toBe(true)
  })

  it('P not a multiple of ten: a typed result explaining both options, then either option works', () => {
    const r = generateSeating({ players: 25, games: 5, seed: 1 })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('tournament/players_not_multiple_of_10')
    expect(r.error.details?.shape).toEqual(seatingShape(25, 5))
    expect(seatingShape(25, 5)).toEqual({
      kind: 'uneven',
      players: 25,
      options: {
        extraGame: { tables: 2, rounds: 7, sittingOutPerRound: 5, extraGames: 15 },
        spareSeats: { tables: 3, rounds: 5, spareSeatsPerRound: 5 },
      },
    })
    expect(r.error.message.ru).toContain('запасные места')
    expect(r.error.message.en).toContain('extra game')

    const extra = plan({ players: 25, games: 5, uneven: 'extraGame' })
    expect(extra.mode).toBe('extraGame')
    expect(extra.rounds).toHaveLength(7)
    checkRounds(extra)
    for (const round of extra.rounds) expect(round.sittingOut).toHaveLength(5)
    // 15 players play an extra (6th) game, the other 10 play 5.
    const games = new Map<number, number>()
    for (const round of extra.rounds)
      for (const t of round.tables) for (const x of t.seats) games.set(x, (games.get(x) ?? 0) + 1)
    expect([...games.values()].filter((g) => g === 6)).toHaveLength(15)
    expect([...games.values()].filter((g) => g === 5)).toHaveLength(10)

    const spare = plan({ players: 25, games: 5, uneven: 'spareSeats' })
    expect(spare.mode).toBe('spareSeats')
    checkRounds(spare)
    for (const round of spare.rounds) {
      expect(round.tables).toHaveLength(3)
      expect(round.tables.flatMap((t) => t.seats).filter((x) => x === SPARE_SEAT)).toHaveLength(5)
    }
    expect(spare.report.spareSeats).toBe(25)
    expect(spare.report.gamesPlayed).toEqual({ min: 5, max: 5 })
  })

  it('a swap exchanges two players in one round and recomputes the figures (and flags a broken constraint)', () => {
    const p = plan({ players: 20, games: 4, fixedTable: [{ player: 0, table: 1 }] })
    const r1 = p.rounds[0]
    const a = r1.tables[0].seats[0]
    const b = r1.tables[1].seats[3]
    const s = swapPlayers(p, 1, a, b)
    if (!s.ok) throw new Error(s.error.code)
    expect(s.value.rounds[0].tables[0].seats[0]).toBe(b)
    expect(s.value.rounds[0].tables[1].seats[3]).toBe(a)
    expect(s.value.rounds.slice(1)).toEqual(p.rounds.slice(1))
    expect(s.value.report).toEqual(evaluateSeating(20, 4, s.value.rounds, p.constraints))
    checkRounds(s.value)
    // Moving the fixed player off his table is reported, not refused.
    const other = r1.tables[1].seats[0]
    const moved = swapPlayers(p, 1, 0, other)
    if (!moved.ok) throw new Error(moved.error.code)
    expect(moved.value.report.violations.fixedTableBroken).toEqual([{ player: 0, round: 1, table: 2 }])
    const bad = swapPlayers(p, 9, 0, 1)
    expect(!bad.ok && bad.error.code).toBe('tournament/no_such_round')
  })

  it('regenerates only the rounds after k (withdrawal, late registration), keeping earlier rounds', () => {
    const p = plan({ players: 30, games: 8, seed: 4 })
    // Player 7 withdraws after round 3; a late player (index 30) joins: 30 players again.
    const re = regenerateSeating(p, { keep: 3, withdrawn: [7], players: 31, effort: 100 })
    if (!re.ok) throw new Error(re.error.code)
    expect(re.value.rounds.slice(0, 3)).toEqual(p.rounds.slice(0, 3))
    expect(re.value.rounds.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const active = Array.from({ length: 31 }, (_, i) => i).filter((x) => x !== 7)
    checkRounds({ ...re.value, rounds: re.value.rounds.slice(3) }, active)
    // Same input, same result.
    expect(regenerateSeating(p, { keep: 3, withdrawn: [7], players: 31, effort: 100 })).toEqual(re)
    // 29 players left: the same typed question as for a new seating; with spare seats it works.
    const uneven = regenerateSeating(p, { keep: 3, withdrawn: [7], effort: 100 })
    expect(!uneven.ok && uneven.error.code).toBe('tournament/players_not_multiple_of_10')
    const spare = regenerateSeating(p, { keep: 3, withdrawn: [7], uneven: 'spareSeats', effort: 100 })
    if (!spare.ok) throw new Error(spare.error.code)
    expect(spare.value.rounds.slice(0, 3)).toEqual(p.rounds.slice(0, 3))
    for (const r of spare.value.rounds.slice(3)) {
      expect(r.tables.flatMap((t) => t.seats).filter((x) => x === SPARE_SEAT)).toHaveLength(1)
      expect(r.tables.flatMap((t) => t.seats)).not.toContain(7)
    }
  })

  it('refuses bad input with typed errors', () => {
    expect(generateSeating({ players: 20, games: 0, seed: 1 })).toMatchObject({
      ok: false,
      error: { code: 'tournament/bad_game_count' },
    })
    expect(generateSeating({ players: 5, games: 3, seed: 1 })).toMatchObject({
      ok: false,
      error: { code: 'tournament/bad_player_count' },
    })
    expect(
      generateSeating({ players: 20, games: 3, seed: 1, fixedTable: [{ player: 1, table: 3 }] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'tournament/bad_fixed_table' },
    })
    expect(generateSeating({ players: 20, games: 3, seed: 1, avoid: [[1, 1]] })).toMatchObject({
      ok: false,
      error: { code: 'tournament/bad_avoid_pair' },
    })
  })
})

describe('seating properties (fast-check)', () => {
  it('every round seats every player once; constraints hold; same seed, same seating; figures consistent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 45 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.constantFrom('extraGame' as const, 'spareSeats' as const),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
        (P, G, seed, uneven, rawAvoid) => {
          const avoid = rawAvoid.map(([a, b]): [number, number] => [a % P, b % P]).filter(([a, b]) => a !== b)
          const options = { players: P, games: G, seed, uneven, avoid, effort: 30 }
          const r = generateSeating(options)
          if (!r.ok) throw new Error(r.error.code)
          checkRounds(r.value)
          // Avoided pairs never meet when there are enough tables to keep them apart.
          if (r.value.rounds[0].tables.length >= 3) expect(r.value.report.violations.avoidMet).toEqual([])
          // No seat twice for a player within ten games.
          for (const c of seatCounts(r.value).values()) expect(Math.max(...c)).toBeLessThanOrEqual(1)
          expect(generateSeating(options)).toEqual(r)
          // The figures, of this seating and of a random one: recomputable from the rounds, Σ meetings² never below
          // its lower bound, the band one wide, the pairs outside it counted from the histogram.
          const random = randomSeating({ players: P, games: G, seed, uneven })
          if (!random.ok) throw new Error(random.error.code)
          checkRounds(random.value)
          for (const plan of [r.value, random.value]) {
            const pairs = plan.report.pairs
            expect(evaluateSeating(P, G, plan.rounds, plan.constraints)).toEqual(plan.report)
            expect(pairs.sumSquares).toBe(pairs.histogram.reduce((a, n, m) => a + n * m * m, 0))
            expect(pairs.sumSquares).toBeGreaterThanOrEqual(pairs.sumSquaresBound)
            expect(pairs.band.high - pairs.band.low).toBeLessThanOrEqual(1)
            expect(pairs.outsideBand).toBe(
              pairs.histogram.reduce((a, n, m) => a + (m < pairs.band.low || m > pairs.band.high ? n : 0), 0),
            )
          }
        },
      ),
      { numRuns: 40 },
    )
  }, 60_000)
})
