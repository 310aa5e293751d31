/**
 * Seating generator (RULES.md §16.2): P players, T = P/10 tables, G games each (one game per round).
 * A randomized greedy with local swaps and a few restarts; the seed is injected, so the same input gives the
 * same seating. Players are indices 0..P-1 (the caller maps them to ids). Pure.
 */
import { appError, type Result } from '../../shared/errors'

export interface SeatingOptions {
  players: number
  /** Games per player (= rounds). */
  games: number
  seed: number
  /** Independent attempts; the best one is kept. Default 4. */
  restarts?: number
  /**
   * Weight of a repeated table against a repeated meeting when forming the groups (default 1.5). Higher evens out
   * table use at the cost of pair meetings; 0 ignores tables (they are still balanced by a final assignment).
   */
  tableWeight?: number
}

export interface SeatingTable {
  /** Table number, 1-based. */
  table: number
  /** seats[k] = player index at seat k + 1. */
  seats: number[]
}

export interface SeatingRound {
  /** Round number, 1-based. */
  round: number
  tables: SeatingTable[]
}

export interface SeatingReport {
  players: number
  tables: number
  games: number
  pairs: {
    /** G·9/(P−1). */
    expected: number
    min: number
    max: number
    maxDeviation: number
    stdDev: number
    /** Pairs that never sat at the same table. */
    neverMet: number
  }
  seats: {
    /** G/10. */
    expected: number
    maxDeviation: number
    /** Max deviation on seats 1, 2 and 10 (the ones that matter most). */
    keySeatsMaxDeviation: number
    stdDev: number
  }
  tableUse: {
    /** G/T. */
    expected: number
    maxDeviation: number
  }
}

export interface SeatingPlan {
  seed: number
  rounds: SeatingRound[]
  report: SeatingReport
}

/** mulberry32: a small deterministic PRNG. */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

const KEY_SEATS = [0, 1, 9]
const SEAT_WEIGHT = Array.from({ length: 10 }, (_, s) => (KEY_SEATS.includes(s) ? 3 : 1))

/**
 * Minimum-cost assignment (Hungarian algorithm, O(n³)): returns perm with perm[item] = slot.
 * n is 10 (seats) or T (tables), so this is cheap.
 */
export function assign(n: number, cost: (item: number, slot: number) => number): number[] {
  const INF = Number.POSITIVE_INFINITY
  const u = new Array<number>(n + 1).fill(0)
  const v = new Array<number>(n + 1).fill(0)
  const p = new Array<number>(n + 1).fill(0) // p[slot] = item (1-based)
  const way = new Array<number>(n + 1).fill(0)
  for (let i = 1; i <= n; i++) {
    p[0] = i
    let j0 = 0
    const minv = new Array<number>(n + 1).fill(INF)
    const used = new Array<boolean>(n + 1).fill(false)
    do {
      used[j0] = true
      const i0 = p[j0]
      let delta = INF
      let j1 = 0
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue
        const cur = cost(i0 - 1, j - 1) - u[i0] - v[j]
        if (cur < minv[j]) {
          minv[j] = cur
          way[j] = j0
        }
        if (minv[j] < delta) {
          delta = minv[j]
          j1 = j
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta
          v[j] -= delta
        } else minv[j] -= delta
      }
      j0 = j1
    } while (p[j0] !== 0)
    do {
      const j1 = way[j0]
      p[j0] = p[j1]
      j0 = j1
    } while (j0 !== 0)
  }
  const perm = new Array<number>(n).fill(0)
  for (let j = 1; j <= n; j++) perm[p[j] - 1] = j - 1
  return perm
}

function attempt(P: number, T: number, G: number, rnd: () => number, tableWeight: number): SeatingRound[] {
  const meet = new Int32Array(P * P)
  const seatCnt = new Int32Array(P * 10)
  const tableCnt = new Int32Array(P * T)
  const rounds: SeatingRound[] = []
  for (let r = 0; r < G; r++) {
    // 1. Groups of ten: greedy on the meetings so far, then swaps between groups.
    const groups: number[][] = Array.from({ length: T }, () => [])
    for (const p of shuffle(
      Array.from({ length: P }, (_, i) => i),
      rnd,
    )) {
      let best = -1
      let bestCost = Infinity
      for (let g = 0; g < T; g++) {
        if (groups[g].length >= 10) continue
        let c = groups[g].length * 0.001 + tableWeight * tableCnt[p * T + g]
        for (const q of groups[g]) c += meet[p * P + q]
        if (c < bestCost) {
          bestCost = c
          best = g
        }
      }
      groups[best].push(p)
    }
    const groupOf = new Int32Array(P)
    groups.forEach((g, gi) => g.forEach((p) => (groupOf[p] = gi)))
    const costIn = (p: number, g: number, except: number): number => {
      // Group g sits at table g this round: its cost counts the meetings and the player's visits to that table.
      let c = tableWeight * tableCnt[p * T + g]
      for (const q of groups[g]) if (q !== p && q !== except) c += meet[p * P + q]
      return c
    }
    for (let pass = 0; pass < 4 && T > 1; pass++) {
      let improved = false
      for (let a = 0; a < P; a++) {
        for (let b = a + 1; b < P; b++) {
          const ga = groupOf[a]
          const gb = groupOf[b]
          if (ga === gb) continue
          const d = costIn(a, gb, b) + costIn(b, ga, a) - costIn(a, ga, a) - costIn(b, gb, b)
          if (d < 0) {
            groups[ga][groups[ga].indexOf(a)] = b
            groups[gb][groups[gb].indexOf(b)] = a
            groupOf[a] = gb
            groupOf[b] = ga
            improved = true
          }
        }
      }
      if (!improved) break
    }
    for (const g of groups) for (const p of g) for (const q of g) if (p !== q) meet[p * P + q]++
    // 2. Groups to physical tables (group g was formed for table g; the assignment may still improve on that).
    const tableOf = assign(
      T,
      (g, t) => groups[g].reduce((s, p) => s + tableCnt[p * T + t], 0) - (g === t ? 0.01 : 0),
    )
    // 3. Seats within each table, balancing seat counts (key seats weigh more).
    const tables: SeatingTable[] = []
    groups.forEach((g, gi) => {
      const seatNoise = Array.from({ length: 100 }, () => rnd() * 0.01)
      const seatOf = assign(10, (i, s) => seatCnt[g[i] * 10 + s] * SEAT_WEIGHT[s] + seatNoise[i * 10 + s])
      const seats = new Array<number>(10)
      g.forEach((p, i) => {
        seats[seatOf[i]] = p
        seatCnt[p * 10 + seatOf[i]]++
        tableCnt[p * T + tableOf[gi]]++
      })
      tables.push({ table: tableOf[gi] + 1, seats })
    })
    tables.sort((a, b) => a.table - b.table)
    rounds.push({ round: r + 1, tables })
  }
  return rounds
}

/** Measures a seating against the ideal of RULES.md §16.2. */
export function evaluateSeating(players: number, games: number, rounds: SeatingRound[]): SeatingReport {
  const P = players
  const T = Math.max(1, Math.floor(P / 10))
  const meet = new Int32Array(P * P)
  const seatCnt = new Int32Array(P * 10)
  const tableCnt = new Int32Array(P * T)
  for (const r of rounds)
    for (const t of r.tables) {
      t.seats.forEach((p, s) => {
        seatCnt[p * 10 + s]++
        tableCnt[p * T + (t.table - 1)]++
        for (const q of t.seats) if (q !== p) meet[p * P + q]++
      })
    }
  const expectedPair = P > 1 ? (games * 9) / (P - 1) : 0
  let min = Infinity
  let max = -Infinity
  let sq = 0
  let neverMet = 0
  let pairs = 0
  for (let p = 0; p < P; p++)
    for (let q = p + 1; q < P; q++) {
      const m = meet[p * P + q]
      min = Math.min(min, m)
      max = Math.max(max, m)
      sq += (m - expectedPair) ** 2
      if (m === 0) neverMet++
      pairs++
    }
  const expectedSeat = games / 10
  let seatMax = 0
  let keyMax = 0
  let seatSq = 0
  for (let p = 0; p < P; p++)
    for (let s = 0; s < 10; s++) {
      const d = Math.abs(seatCnt[p * 10 + s] - expectedSeat)
      seatMax = Math.max(seatMax, d)
      if (KEY_SEATS.includes(s)) keyMax = Math.max(keyMax, d)
      seatSq += d * d
    }
  const expectedTable = games / T
  let tableMax = 0
  for (let p = 0; p < P; p++)
    for (let t = 0; t < T; t++) tableMax = Math.max(tableMax, Math.abs(tableCnt[p * T + t] - expectedTable))
  const r4 = (x: number): number => Math.round(x * 1e4) / 1e4
  return {
    players: P,
    tables: T,
    games,
    pairs: {
      expected: r4(expectedPair),
      min: pairs > 0 ? min : 0,
      max: pairs > 0 ? max : 0,
      maxDeviation: pairs > 0 ? r4(Math.max(Math.abs(max - expectedPair), Math.abs(min - expectedPair))) : 0,
      stdDev: pairs > 0 ? r4(Math.sqrt(sq / pairs)) : 0,
      neverMet,
    },
    seats: {
      expected: r4(expectedSeat),
      maxDeviation: r4(seatMax),
      keySeatsMaxDeviation: r4(keyMax),
      stdDev: r4(Math.sqrt(seatSq / (P * 10))),
    },
    tableUse: { expected: r4(expectedTable), maxDeviation: r4(tableMax) },
  }
}

function badness(r: SeatingReport): number {
  return (
    r.pairs.stdDev * 10 +
    r.pairs.maxDeviation +
    r.seats.stdDev * 5 +
    r.seats.keySeatsMaxDeviation +
    r.tableUse.maxDeviation
  )
}

export function generateSeating(options: SeatingOptions): Result<SeatingPlan> {
  const { players: P, games: G, seed } = options
  if (!Number.isInteger(P) || P < 10 || P % 10 !== 0) {
    return {
      ok: false,
      error: appError(
        'tournament/bad_player_count',
        `Число игроков должно быть кратно 10 (получено ${P})`,
        `The number of players must be a multiple of 10 (got ${P})`,
        { players: P },
      ),
    }
  }
  if (!Number.isInteger(G) || G < 1 || G > 100) {
    return {
      ok: false,
      error: appError(
        'tournament/bad_game_count',
        `Число игр должно быть от 1 до 100 (получено ${G})`,
        `The number of games must be 1 to 100 (got ${G})`,
        { games: G },
      ),
    }
  }
  const rnd = makeRng(seed)
  const T = P / 10
  let best: SeatingPlan | null = null
  let bestScore = Infinity
  for (let k = 0; k < Math.max(1, options.restarts ?? 4); k++) {
    const rounds = attempt(P, T, G, rnd, options.tableWeight ?? 1.5)
    const report = evaluateSeating(P, G, rounds)
    const score = badness(report)
    if (score < bestScore) {
      bestScore = score
      best = { seed, rounds, report }
    }
  }
  return { ok: true, value: best as SeatingPlan }
}
