// Seating generator (docs/rules.md §16.2), properties over many shapes (fast-check): valid rounds, constraints honoured
// when they can be and reported when not, determinism, regeneration keeping the rounds played, and quality as
// relations that hold for every seed (never a duration).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  evaluateSeating,
  generateSeating,
  randomSeating,
  regenerateSeating,
  SPARE_SEAT,
  sumSquaresBound,
  type SeatingRound,
} from '../../src/main/tournament/seating'
import { expectValidRounds } from './seating-rounds'

function ok<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(r.error.code)
  return r.value
}

/** The constraints broken in the rounds, recomputed here independently of the generator's report. */
function brokenConstraints(
  rounds: SeatingRound[],
  avoid: Array<[number, number]>,
  fixedTable: Array<{ player: number; table: number }>,
): { avoidMet: number; fixedBroken: number } {
  let avoidMet = 0
  let fixedBroken = 0
  for (const r of rounds) {
    const tableOf = new Map<number, number>()
    for (const t of r.tables) for (const p of t.seats) if (p !== SPARE_SEAT) tableOf.set(p, t.table)
    for (const [a, b] of avoid) {
      const ta = tableOf.get(a)
      if (ta !== undefined && ta === tableOf.get(b)) avoidMet++
    }
    for (const f of fixedTable) {
      const t = tableOf.get(f.player)
      if (t !== undefined && t !== f.table) fixedBroken++
    }
  }
  return { avoidMet, fixedBroken }
}

/** Constraints that can always hold in every round: every player avoids at most T − 1 others, and at most T fixed
 * players, on distinct tables, none of them in an avoided pair (an equitable T-colouring of the avoid graph plus a
 * clique on the fixed players exists by Hajnal–Szemerédi, and its colour classes are tables of ten). */
const satisfiable = fc
  .record({
    T: fc.integer({ min: 2, max: 5 }),
    G: fc.integer({ min: 1, max: 6 }),
    seed: fc.nat(),
    rawAvoid: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
    fixedCount: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ T, G, seed, rawAvoid, fixedCount }) => {
    const P = 10 * T
    const fixedTable = Array.from({ length: Math.min(fixedCount, T) }, (_, i) => ({
      player: i,
      table: T - i,
    }))
    const fixedSet = new Set(fixedTable.map((f) => f.player))
    const degree = new Map<number, number>()
    const seen = new Set<string>()
    const avoid: Array<[number, number]> = []
    for (const [x, y] of rawAvoid) {
      const a = x % P
      const b = y % P
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`
      if (a === b || fixedSet.has(a) || fixedSet.has(b) || seen.has(key)) continue
      if ((degree.get(a) ?? 0) >= T - 1 || (degree.get(b) ?? 0) >= T - 1) continue
      seen.add(key)
      degree.set(a, (degree.get(a) ?? 0) + 1)
      degree.set(b, (degree.get(b) ?? 0) + 1)
      avoid.push([a, b])
    }
    return { P, G, seed, avoid, fixedTable }
  })

describe('seating properties (fast-check)', () => {
  it('satisfiable constraints hold in every round, seats stay balanced, and the same seed gives the same seating', () => {
    fc.assert(
      fc.property(satisfiable, ({ P, G, seed, avoid, fixedTable }) => {
        const options = { players: P, games: G, seed, avoid, fixedTable, effort: 200 }
        const plan = ok(generateSeating(options))
        expectValidRounds(
          plan.rounds,
          Array.from({ length: P }, (_, i) => i),
        )
        expect(plan.report.violations).toEqual({ avoidMet: [], fixedTableBroken: [] })
        expect(brokenConstraints(plan.rounds, avoid, fixedTable)).toEqual({ avoidMet: 0, fixedBroken: 0 })
        expect(plan.report.seats.maxDeviation).toBeLessThan(1)
        expect(generateSeating(options)).toEqual({ ok: true, value: plan })
      }),
      { numRuns: 40 },
    )
  }, 120_000)

  it('constraints that cannot all hold are reported, exactly as they are broken', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }), fc.nat(), (T, G, seed) => {
        const P = 10 * T
        // Players 0 and 1 are both fixed to table 1 and should not meet: impossible in every round.
        const avoid: Array<[number, number]> = [[0, 1]]
        const fixedTable = [
          { player: 0, table: 1 },
          { player: 1, table: 1 },
        ]
        const plan = ok(generateSeating({ players: P, games: G, seed, avoid, fixedTable, effort: 50 }))
        expectValidRounds(
          plan.rounds,
          Array.from({ length: P }, (_, i) => i),
        )
        const broken = brokenConstraints(plan.rounds, avoid, fixedTable)
        expect(plan.report.violations.avoidMet).toHaveLength(broken.avoidMet)
        expect(plan.report.violations.fixedTableBroken).toHaveLength(broken.fixedBroken)
        // One of the two gives: either they meet or one leaves his table, in every round.
        expect(broken.avoidMet + broken.fixedBroken).toBeGreaterThanOrEqual(G)
      }),
      { numRuns: 15 },
    )
  }, 60_000)

  it('P a multiple of ten: generated Σ meetings² ≤ the random seating’s, as are its pairs far above the band', () => {
    // Not a theorem for every seed: the generator also keeps pairs from meeting two above the band, and on a tiny
    // shape (20 × 4: 3 seeds in 3000) a lucky random seating reaches the least Σ with more such pairs. The runs are
    // pinned (fast-check seed) so this relation is checked on the same 30 shapes and seeds every time.
    const farAbove = (p: { histogram: number[]; band: { high: number } }): number =>
      p.histogram.reduce((a, n, m) => a + (m >= p.band.high + 2 ? n : 0), 0)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }), fc.nat(), (T, G, seed) => {
        const P = 10 * T
        const gen = ok(generateSeating({ players: P, games: G, seed, effort: 300 })).report.pairs
        const rnd = ok(randomSeating({ players: P, games: G, seed })).report.pairs
        expect(gen.sumSquares).toBeLessThanOrEqual(rnd.sumSquares)
        expect(farAbove(gen)).toBeLessThanOrEqual(farAbove(rnd))
        expect(gen.sumSquaresBound).toBe(rnd.sumSquaresBound)
      }),
      { numRuns: 30, seed: 2026 },
    )
  }, 120_000)

  it('regeneration keeps the rounds played as they are and seats the rest validly, deterministically', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 2, max: 6 }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (T, G, seed, keepRaw, withdrawnRaw, late) => {
          const P = 10 * T
          const plan = ok(generateSeating({ players: P, games: G, seed, effort: 100 }))
          const keep = keepRaw % (G + 1)
          const withdrawn = [...new Set(withdrawnRaw.map((x) => x % P))]
          const players = P + late
          const active = Array.from({ length: players }, (_, i) => i).filter((p) => !withdrawn.includes(p))
          const options = { keep, withdrawn, players, uneven: 'spareSeats' as const, effort: 100 }
          const re = ok(regenerateSeating(plan, options))
          expect(re.rounds.slice(0, keep)).toEqual(plan.rounds.slice(0, keep))
          expect(re.rounds.map((r) => r.round)).toEqual(plan.rounds.map((r) => r.round))
          expectValidRounds(re.rounds.slice(keep), active)
          expect(regenerateSeating(plan, options)).toEqual({ ok: true, value: re })
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)
})

describe('seating figures', () => {
  it('Σ meetings² bound: exact where a perfect seating exists, the rank bound where even meetings cannot be', () => {
    // 10 players × 10 games: everyone meets everyone ten times, 45 pairs × 100.
    const ten = ok(generateSeating({ players: 10, games: 10, seed: 1, effort: 10 })).report.pairs
    expect(ten.sumSquaresBound).toBe(4500)
    expect(ten.sumSquares).toBe(4500)
    // 20 players × 10 games: 900 meetings over 190 pairs would be 4 or 5 each (Σ 4300), but with two tables the
    // meetings matrix has rank ≤ 11, which forces Σ ≥ 4500 (so does the overlap of two rounds: 5 per cell).
    expect(sumSquaresBound(20, 900, null)).toBe(4300)
    expect(sumSquaresBound(20, 900, 10)).toBe(4500)
    // 30 × 10: three tables; two rounds overlap in 3×3 cells of 3 or 4, 36 repeated meetings per pair of rounds.
    expect(sumSquaresBound(30, 1350, 10)).toBe(1350 + 2 * 45 * 36)
    // 100 players × 10 games: 4500 meetings over 4950 pairs, at most once each (the rank bound is not stronger).
    expect(sumSquaresBound(100, 4500, 10)).toBe(4500)
    const hundred = ok(randomSeating({ players: 100, games: 10, seed: 1 })).report.pairs
    expect(hundred).toMatchObject({ average: 0.9091, band: { low: 0, high: 1 }, sumSquaresBound: 4500 })
    // Pairs outside the band at 100 × 10 are exactly the pairs meeting more than once.
    expect(hundred.outsideBand).toBe(hundred.histogram.slice(2).reduce((a, b) => a + b, 0))
  })

  it('100 players of 10 clubs × 10 games: same-club players never meet, so every table has one of each club', () => {
    const clubOf = (p: number): number => Math.floor(p / 10)
    const avoid: Array<[number, number]> = []
    for (let p = 0; p < 100; p++)
      for (let q = p + 1; q < 100; q++) if (clubOf(p) === clubOf(q)) avoid.push([p, q])
    const plan = ok(
      generateSeating({
        players: 100,
        games: 10,
        seed: 5,
        avoid,
        fixedTable: [{ player: 99, table: 4 }],
        effort: 300,
      }),
    )
    expect(plan.report.violations).toEqual({ avoidMet: [], fixedTableBroken: [] })
    for (const r of plan.rounds) for (const t of r.tables) expect(new Set(t.seats.map(clubOf)).size).toBe(10)
    expect(plan.report.seats.maxDeviation).toBe(0)
  }, 60_000)

  it('small cases reach the proven optimum: Σ meetings² equals its lower bound', () => {
    // 100 players × 3 games: nobody meets twice. 60 × 3 and 70 × 4: with 6 or 7 tables two rounds must repeat
    // 24 or 21 meetings, and the generator repeats no more than that.
    for (const [P, G, twice] of [
      [100, 3, 0],
      [60, 3, 72],
      [70, 4, 126],
    ]) {
      const pairs = ok(generateSeating({ players: P, games: G, seed: 1 })).report.pairs
      expect(pairs.sumSquares).toBe(pairs.sumSquaresBound)
      expect(pairs.max).toBeLessThanOrEqual(pairs.band.high + 1)
      expect(pairs.twice).toBe(twice)
    }
  })

  it('regenerated rounds still seat the pairs that met least, counting the rounds played', () => {
    const plan = ok(generateSeating({ players: 40, games: 8, seed: 3, effort: 300 }))
    const re = ok(regenerateSeating(plan, { keep: 4, seed: 99 }))
    const random = ok(randomSeating({ players: 40, games: 4, seed: 99 }))
    // The same four kept rounds, then either the regenerated rounds or random ones.
    const withRandom = evaluateSeating(40, 8, [
      ...plan.rounds.slice(0, 4),
      ...random.rounds.map((r) => ({ ...r, round: r.round + 4 })),
    ])
    expect(re.report.pairs.sumSquares).toBeLessThan(withRandom.pairs.sumSquares)
    expect(re.report.pairs.max).toBeLessThan(withRandom.pairs.max)
  })
})
