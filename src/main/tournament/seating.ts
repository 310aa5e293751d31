/**
 * Seating generator (docs/rules.md §16.2): P players, T = P/10 tables, G games each (one game per round).
 *
 * 1. Tables (seating-search.ts): a greedy construction round by round, then a simulated annealing that swaps two
 *    players of a round between tables, minimising Σ meetings² over the pairs (smallest exactly when every pair
 *    meets ⌊λ⌋ or ⌈λ⌉ times), with meeting two or more above the band made prohibitive at the end and any meeting
 *    of a pair that should not meet prohibitive throughout. Fixed players and spare seats never move. Then which
 *    group sits at which table (no meeting changes) is chosen so every player uses the tables evenly.
 * 2. Seats: an edge colouring of the bipartite graph players × (round, table) with ten colours (= seats): every
 *    player gets ten different seats in each block of ten games — with ten games, every seat exactly once (König's
 *    theorem guarantees it; the colouring uses alternating-path flips). When earlier rounds are kept (a regeneration),
 *    the new rounds' seats are balanced by assignment and swaps instead.
 *
 * P not a multiple of ten is never silently mis-seated: the generator asks for one of the usual options
 * (`uneven`: some players play an extra game, or spare seats are marked) and explains both.
 * Players are indices 0..P-1 (the caller maps them to ids). The seed is injected: the same input gives the same
 * seating. Pure.
 */
import { appError, type AppErrorData, type Result } from '../../shared/errors'
import { makeRng } from '../../shared/rng'
import { proposalCost, searchGroups } from './seating-search'

/** The app's one seeded generator (src/shared/rng.ts), re-exported for the seating's callers. */
export { makeRng }

/** P not a multiple of ten: `extraGame` — T = ⌊P/10⌋ tables, some players sit a round out and the rounds are
 * enough for everyone's G games (some play G + 1); `spareSeats` — T = ⌈P/10⌉ tables with empty seats marked, for a
 * substitute (a seat that scores for nobody). */
export type UnevenMode = 'extraGame' | 'spareSeats'

export interface SeatingOptions {
  players: number
  /** Games per player (= rounds when P is a multiple of ten). */
  games: number
  seed: number
  /** Independent attempts; the best one is kept. Default 1. */
  restarts?: number
  /** Weight of a repeated table against a repeated meeting during the search (default 0.3); tables are evened out
   * afterwards anyway (whole groups change tables, which changes no meeting). */
  tableWeight?: number
  /** Search effort: swap proposals per player and round in each attempt (default 800, within a fixed work budget). */
  effort?: number
  /** Pairs that should not meet (e.g. the same club): every meeting of theirs costs as much as many repeats. */
  avoid?: Array<[number, number]>
  /** Players fixed to a table (1-based) in every round they play (accessibility). */
  fixedTable?: Array<{ player: number; table: number }>
  /** Required when P is not a multiple of ten (see seatingShape). */
  uneven?: UnevenMode
}

/** A seat with nobody to seat (`spareSeats`): the organiser seats a substitute there. */
export const SPARE_SEAT = -1

export interface SeatingTable {
  /** Table number, 1-based. */
  table: number
  /** seats[k] = player index at seat k + 1, or SPARE_SEAT. */
  seats: number[]
}

export interface SeatingRound {
  /** Round number, 1-based. */
  round: number
  tables: SeatingTable[]
  /** `extraGame`: the players who sit this round out. */
  sittingOut?: number[]
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
    /** Pairs that met exactly twice. */
    twice: number
    /** histogram[m] = pairs that met m times. */
    histogram: number[]
    /** Meetings per pair on average in this seating (all meetings / all pairs of players who played). */
    average: number
    /** The ideal: every pair meets ⌊average⌋ (`low`) or ⌈average⌉ (`high`) times. */
    band: { low: number; high: number }
    /** Pairs outside the band (met fewer than `low` or more than `high` times): a figure that means the same for
     * every P — pairs meeting twice are the whole defect at 100 players × 10 games but the norm at 50 × 10. */
    outsideBand: number
    /** Σ meetings² over the pairs: for a given number of meetings it is smallest when they are spread evenly. */
    sumSquares: number
    /** A lower bound of `sumSquares` no seating of this shape can beat (see `sumSquaresBound`). */
    sumSquaresBound: number
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
    /** The most games any player played at one table (players fixed to a table are not counted here). */
    maxAtOneTable: number
    /** The limit a balanced seating keeps: ⌈G/T⌉ + 1 for the player who played most (see `tableCap`). */
    cap: number
    /** Players who played more games at one table than `tableCap` of their own games allows. */
    overCap: number
  }
  /** Games per player (min/max differ with `extraGame`). */
  gamesPlayed: { min: number; max: number }
  /** Spare seats over all rounds (`spareSeats`). */
  spareSeats: number
  /** Constraints that do not hold (after a manual swap, or when they cannot all hold). */
  violations: {
    avoidMet: Array<{ a: number; b: number; round: number }>
    fixedTableBroken: Array<{ player: number; round: number; table: number }>
  }
}

export interface SeatingConstraints {
  avoid?: Array<[number, number]>
  fixedTable?: Array<{ player: number; table: number }>
}

export interface SeatingPlan {
  seed: number
  rounds: SeatingRound[]
  report: SeatingReport
  /** Players in the plan's index space (0..players-1), games per player, and the options that shaped it. */
  players: number
  games: number
  mode: 'exact' | UnevenMode
  constraints: SeatingConstraints
}

export type SeatingShape =
  | { kind: 'exact'; players: number; tables: number; rounds: number }
  | {
      kind: 'uneven'
      players: number
      /** What each option means for this P and G. */
      options: {
        extraGame: { tables: number; rounds: number; sittingOutPerRound: number; extraGames: number } | null
        spareSeats: { tables: number; rounds: number; spareSeatsPerRound: number }
      }
    }

/** The tables and rounds P players and G games need, and for P not a multiple of ten the two usual options. */
export function seatingShape(players: number, games: number): SeatingShape {
  const P = players
  if (P % 10 === 0) return { kind: 'exact', players: P, tables: P / 10, rounds: games }
  const lo = Math.floor(P / 10)
  const hi = Math.ceil(P / 10)
  const rounds = lo > 0 ? Math.ceil((P * games) / (10 * lo)) : 0
  return {
    kind: 'uneven',
    players: P,
    options: {
      extraGame:
        lo > 0
          ? { tables: lo, rounds, sittingOutPerRound: P - 10 * lo, extraGames: 10 * lo * rounds - P * games }
          : null,
      spareSeats: { tables: hi, rounds: games, spareSeatsPerRound: 10 * hi - P },
    },
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
/** Upper bound on the search's work per attempt, in look-ups of the meetings matrix (see proposalCost): a work
 * budget, not a clock, so a seed always gives the same seating (100 players × 10 games stays under it; 200 × 12
 * reaches it: a few seconds on one core of a shared 2-core machine). */
const WORK_BUDGET = 400_000_000
/** Weight of a repeated table in the group search: light, meetings come first (even meetings make overlapping
 * groups, so perfectly even tables cannot go with them; the tables are evened out afterwards as far as they allow). */
const DEFAULT_TABLE_WEIGHT = 0.3
/** Default swap proposals per player and round. */
const DEFAULT_EFFORT = 800
/**
 * The most games a player of `games` games should play at one of `tables` tables (or with one judge): ⌈G/T⌉ + 1.
 * The generator keeps every player within it where the rounds allow, and the figures report who is over it.
 */
export function tableCap(games: number, tables: number): number {
  return Math.ceil(games / Math.max(1, tables)) + 1
}

/**
 * Table weights tried in turn when a seating leaves a player over his table cap (the meetings weigh less each time).
 * The cap is the rule (issue 31 §2); the meetings are optimised within it: 50 players × 10 games needs the last step
 * (one pair then meets 4 times instead of 3, and nobody plays 4 of 10 at one of 5 tables).
 */
const TABLE_WEIGHT_STEPS = [1, 3, 10]

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

// ───────────────────────────── the search ─────────────────────────────

/** What one run of the search works on: the players of the new rounds, their shape, and the history kept. */
interface Job {
  /** Index space 0..P-1 (history may mention any of them). */
  P: number
  /** Players who play in the new rounds. */
  active: number[]
  /** Tables per new round. */
  T: number
  /** Number of new rounds and the first one's number. */
  rounds: number
  firstRound: number
  /** Spare seats per new round (`spareSeats`). */
  spare: number
  /** Players sitting out per new round (`extraGame`). */
  bench: number
  history: SeatingRound[]
  avoid: Array<[number, number]>
  fixed: Map<number, number>
  tableWeight: number
  effort: number
  expectedPair: number
}

interface Counts {
  meet: Int32Array
  tableCnt: Int32Array
  seatCnt: Int32Array
  played: Int32Array
  maxT: number
}

function countHistory(job: Job): Counts {
  const { P } = job
  const maxT = Math.max(job.T, ...job.history.flatMap((r) => r.tables.map((t) => t.table)))
  const c: Counts = {
    meet: new Int32Array(P * P),
    tableCnt: new Int32Array(P * maxT),
    seatCnt: new Int32Array(P * 10),
    played: new Int32Array(P),
    maxT,
  }
  for (const r of job.history)
    for (const t of r.tables) {
      const real = t.seats.filter((p) => p >= 0 && p < P)
      t.seats.forEach((p, s) => {
        if (p < 0 || p >= P) return
        c.seatCnt[p * 10 + s]++
        c.tableCnt[p * maxT + t.table - 1]++
        c.played[p]++
      })
      for (const p of real) for (const q of real) if (p !== q) c.meet[p * P + q]++
    }
  return c
}

/** Players who sit out each new round (`extraGame`): whoever has played most so far, ties at random. */
function benchPlan(job: Job, counts: Counts, rnd: () => number): number[][] {
  const played = new Map(job.active.map((p) => [p, counts.played[p]]))
  const out: number[][] = []
  for (let r = 0; r < job.rounds; r++) {
    if (job.bench === 0) {
      out.push([])
      continue
    }
    const order = shuffle(job.active, rnd).sort((a, b) => (played.get(b) ?? 0) - (played.get(a) ?? 0))
    const bench = order.slice(0, job.bench)
    for (const p of job.active) if (!bench.includes(p)) played.set(p, (played.get(p) ?? 0) + 1)
    out.push(bench)
  }
  return out
}

/** One attempt: table groups for every new round (members[r][t*10+k], a dummy ≥ P marks a spare seat). */
function searchTables(job: Job, counts: Counts, benches: number[][], rnd: () => number): Int32Array[] {
  const { P, T, rounds, spare } = job
  const maxT = counts.maxT
  const templates: Int32Array[] = []
  const players: number[][] = []
  let newMeetings = 0
  for (let r = 0; r < rounds; r++) {
    const slots = new Int32Array(T * 10).fill(-1)
    const benched = new Set(benches[r])
    // Spare seats rotate over the tables round by round and never move (they would gather to dodge meetings).
    for (let k = 0; k < spare; k++) {
      const t = (k + r * spare) % T
      const fill = (k - (k % T)) / T
      slots[t * 10 + 9 - fill] = P + k
    }
    const playing = job.active.filter((p) => !benched.has(p))
    for (const p of playing) {
      const fixed = job.fixed.get(p)
      if (fixed === undefined) continue
      const free = Array.from({ length: 10 }, (_, k) => (fixed - 1) * 10 + k).find((i) => slots[i] === -1)
      if (free !== undefined) slots[free] = p
    }
    const placed = new Set(slots)
    players.push(playing.filter((p) => !placed.has(p)))
    templates.push(slots)
    for (let t = 0; t < T; t++) {
      let n = 0
      for (let k = t * 10; k < t * 10 + 10; k++) if (slots[k] < P) n++
      newMeetings += (n * (n - 1)) / 2
    }
  }
  // Average meetings per pair of the players still playing, the kept rounds included.
  const A = job.active.length
  let oldMeetings = 0
  for (let i = 0; i < A; i++)
    for (let j = i + 1; j < A; j++) oldMeetings += counts.meet[job.active[i] * P + job.active[j]]
  const lambda = A > 1 ? (oldMeetings + newMeetings) / ((A * (A - 1)) / 2) : 0
  const tableCnt = new Int32Array(P * T)
  for (let p = 0; p < P; p++)
    for (let t = 0; t < T && t < maxT; t++) tableCnt[p * T + t] = counts.tableCnt[p * maxT + t]
  let avoid: Uint8Array | null = null
  if (job.avoid.length > 0) {
    avoid = new Uint8Array(P * P)
    for (const [a, b] of job.avoid) avoid[a * P + b] = avoid[b * P + a] = 1
  }
  const movableSlots = players.reduce((n, l) => n + l.length, 0)
  const { slots: members } = searchGroups({
    P,
    T,
    templates,
    players,
    meet: counts.meet,
    tableCnt,
    lambda,
    avoid,
    tableWeight: job.tableWeight,
    iterations: Math.round(Math.min(job.effort * movableSlots, WORK_BUDGET / proposalCost(T))),
    rnd,
  })
  // Which group sits at which table changes no meeting: even out the players' table use.
  const fullTableCnt = counts.tableCnt.slice()
  for (const slots of members)
    for (let k = 0; k < slots.length; k++) if (slots[k] < P) fullTableCnt[slots[k] * maxT + ((k / 10) | 0)]++
  const caps = playerCaps(job, members, counts)
  spreadTables(job, members, fullTableCnt, maxT, caps)
  annealTables(job, members, fullTableCnt, maxT, caps, rnd)
  repairCaps(job, counts, members, fullTableCnt, maxT, caps)
  return members
}

/**
 * What one more game at a table costs a player who has played `c` games there: the step of Σ count² (evens the
 * counts out), plus a penalty when it takes him over his cap (`tableCap`), so the largest counts go down first.
 */
function tableStep(c: number, cap: number): number {
  return 2 * c + 1 + (c + 1 > cap ? 1000 * (c + 1 - cap) : 0)
}

/** Each player's cap over all his games (the kept rounds and the new ones). */
function playerCaps(job: Job, members: Int32Array[], counts: Counts): Int32Array {
  const games = counts.played.slice()
  for (const slots of members) for (let k = 0; k < slots.length; k++) if (slots[k] < job.P) games[slots[k]]++
  return games.map((g) => tableCap(g, job.T))
}

/**
 * Which group sits at which table changes no meeting: per round, groups are assigned to tables (Hungarian) so that
 * every player uses the tables evenly; a group with a fixed player keeps his table. A few passes over the rounds.
 */
function spreadTables(
  job: Job,
  members: Int32Array[],
  tableCnt: Int32Array,
  maxT: number,
  caps: Int32Array,
): void {
  const { P, T } = job
  if (T < 2) return
  const BIG = 1e6
  for (let pass = 0; pass < 4; pass++) {
    let changed = false
    members.forEach((slots) => {
      const groups = Array.from({ length: T }, (_, t) => Array.from(slots.subarray(t * 10, t * 10 + 10)))
      groups.forEach((g, t) => g.forEach((p) => p < P && tableCnt[p * maxT + t]--))
      const perm = assign(T, (g, t) => {
        let c = 0
        for (const p of groups[g]) {
          if (p >= P) continue
          const fixed = job.fixed.get(p)
          if (fixed !== undefined && fixed - 1 !== t) c += BIG
          c += tableStep(tableCnt[p * maxT + t], caps[p])
        }
        return c + (g === t ? -0.001 : 0)
      })
      groups.forEach((g, gi) => {
        const t = perm[gi]
        if (t !== gi) changed = true
        g.forEach((p, k) => {
          slots[t * 10 + k] = p
          if (p < P) tableCnt[p * maxT + t]++
        })
      })
    })
    if (!changed) break
  }
}

/**
 * Then an annealing over the same freedom: two groups of one round exchange their tables when that evens out the
 * players' table counts (Σ count², convex); groups with a fixed player or a spare seat stay where they are.
 */
function annealTables(
  job: Job,
  members: Int32Array[],
  tableCnt: Int32Array,
  maxT: number,
  caps: Int32Array,
  rnd: () => number,
): void {
  const { P, T } = job
  const R = members.length
  if (T < 2 || R === 0) return
  const pinned = members.map((slots) =>
    Array.from({ length: T }, (_, t) => {
      for (let k = t * 10; k < t * 10 + 10; k++) if (slots[k] >= P || job.fixed.has(slots[k])) return true
      return false
    }),
  )
  const iterations = Math.min(400_000, 2000 * R * T)
  const t0 = 2
  const t1 = 0.02
  const cool = Math.pow(t1 / t0, 1 / iterations)
  let temp = t0
  for (let it = 0; it < iterations; it++, temp *= cool) {
    const r = Math.floor(rnd() * R)
    const a = Math.floor(rnd() * T)
    const b = Math.floor(rnd() * T)
    if (a === b || pinned[r][a] || pinned[r][b]) continue
    const slots = members[r]
    let d = 0
    for (let k = 0; k < 10; k++) {
      const p = slots[a * 10 + k]
      const q = slots[b * 10 + k]
      if (p < P)
        d += tableStep(tableCnt[p * maxT + b], caps[p]) - tableStep(tableCnt[p * maxT + a] - 1, caps[p])
      if (q < P)
        d += tableStep(tableCnt[q * maxT + a], caps[q]) - tableStep(tableCnt[q * maxT + b] - 1, caps[q])
    }
    if (d > 0 && rnd() >= Math.exp(-d / temp)) continue
    for (let k = 0; k < 10; k++) {
      const p = slots[a * 10 + k]
      const q = slots[b * 10 + k]
      tableCnt[p * maxT + a]--
      tableCnt[p * maxT + b]++
      tableCnt[q * maxT + b]--
      tableCnt[q * maxT + a]++
      slots[a * 10 + k] = q
      slots[b * 10 + k] = p
    }
  }
}

/**
 * Last, a player still over his table cap (moving whole tables could not help: the groups themselves tie him to a
 * table) changes places with a player of another table in one of those rounds: the exchange that adds the least to
 * Σ meetings² and takes nobody over a cap nor any pair past the most meetings already there; fixed players, spare
 * seats and pairs kept apart are left alone.
 */
function repairCaps(
  job: Job,
  counts: Counts,
  members: Int32Array[],
  tableCnt: Int32Array,
  maxT: number,
  caps: Int32Array,
): void {
  const { P, T } = job
  if (T < 2) return
  const meet = counts.meet.slice()
  const real = (x: number): boolean => x >= 0 && x < P
  const group = (slots: Int32Array, t: number): Int32Array => slots.subarray(t * 10, t * 10 + 10)
  for (const slots of members)
    for (let t = 0; t < T; t++) {
      const g = group(slots, t)
      for (const a of g) for (const b of g) if (a !== b && real(a) && real(b)) meet[a * P + b]++
    }
  const avoid = new Set(job.avoid.flatMap(([a, b]) => [a * P + b, b * P + a]))
  // No exchange may make a pair meet more often than the most any pair meets already.
  let most = 0
  for (const m of meet) most = Math.max(most, m)
  /** Σ meetings² change when `who` leaves group `from` (without `stay`) for group `to` (without `gone`). */
  const delta = (who: number, from: Int32Array, to: Int32Array, gone: number): number => {
    let d = 0
    for (const x of from) if (x !== who && real(x)) d += 1 - 2 * meet[who * P + x]
    for (const y of to)
      if (y !== gone && real(y)) {
        if (avoid.has(who * P + y) || meet[who * P + y] + 1 > most) return Infinity
        d += 1 + 2 * meet[who * P + y]
      }
    return d
  }
  for (const p of job.active) {
    if (job.fixed.has(p)) continue
    for (let t = 0; t < T; t++) {
      while (tableCnt[p * maxT + t] > caps[p]) {
        let best: { r: number; i: number; k: number; cost: number } | null = null
        members.forEach((slots, r) => {
          const i = slots.indexOf(p)
          if (i < 0 || ((i / 10) | 0) !== t) return
          for (let u = 0; u < T; u++) {
            if (u === t || tableCnt[p * maxT + u] + 1 > caps[p]) continue
            for (let k = u * 10; k < u * 10 + 10; k++) {
              const q = slots[k]
              if (!real(q) || job.fixed.has(q) || tableCnt[q * maxT + t] + 1 > caps[q]) continue
              const cost =
                delta(p, group(slots, t), group(slots, u), q) + delta(q, group(slots, u), group(slots, t), p)
              if (cost < (best?.cost ?? Infinity)) best = { r, i, k, cost }
            }
          }
        })
        if (best === null) break
        const { r, i, k } = best
        const slots = members[r]
        const u = (k / 10) | 0
        const q = slots[k]
        const meetAdd = (a: number, b: number, d: number): void => {
          meet[a * P + b] += d
          meet[b * P + a] += d
        }
        for (const x of group(slots, t))
          if (x !== p && real(x)) {
            meetAdd(p, x, -1)
            meetAdd(q, x, 1)
          }
        for (const y of group(slots, u))
          if (y !== q && real(y)) {
            meetAdd(q, y, -1)
            meetAdd(p, y, 1)
          }
        slots[i] = q
        slots[k] = p
        tableCnt[p * maxT + t] -= 1
        tableCnt[p * maxT + u] += 1
        tableCnt[q * maxT + u] -= 1
        tableCnt[q * maxT + t] += 1
      }
    }
  }
}

/**
 * Seats by edge colouring: players (split into blocks of ten games) × (round, table) groups, ten colours = seats.
 * Every block of a player gets ten different seats. Returns seatOf[r][slot] for the members' slots.
 */
function colourSeats(job: Job, members: Int32Array[], rnd: () => number): Int32Array[] {
  const { P, T } = job
  const R = members.length
  // Edges: (player block, group) per player and round.
  const roundsOf = new Map<number, Array<{ r: number; slot: number }>>()
  members.forEach((slots, r) =>
    slots.forEach((p, slot) => {
      if (p < 0 || p >= P) return
      let l = roundsOf.get(p)
      if (l === undefined) roundsOf.set(p, (l = []))
      l.push({ r, slot })
    }),
  )
  const edgeLeft: number[] = []
  const edgeRight: number[] = []
  const edgeSlot: Array<{ r: number; slot: number }> = []
  let blocks = 0
  for (const p of [...roundsOf.keys()].sort((a, b) => a - b)) {
    const list = shuffle(roundsOf.get(p) ?? [], rnd)
    list.forEach((e, i) => {
      edgeLeft.push(blocks + Math.floor(i / 10))
      edgeRight.push(e.r * T + (e.slot - (e.slot % 10)) / 10)
      edgeSlot.push(e)
    })
    blocks += Math.ceil(list.length / 10)
  }
  const E = edgeLeft.length
  const colour = new Int32Array(E).fill(-1)
  const atLeft = new Int32Array(blocks * 10).fill(-1)
  const atRight = new Int32Array(R * T * 10).fill(-1)
  // A vertex is (side, index): left 0..blocks-1, right blocks..blocks+R*T-1.
  const at = (v: number, c: number): number =>
    v < blocks ? atLeft[v * 10 + c] : atRight[(v - blocks) * 10 + c]
  const set = (v: number, c: number, e: number): void => {
    if (v < blocks) atLeft[v * 10 + c] = e
    else atRight[(v - blocks) * 10 + c] = e
  }
  for (const e of shuffle(
    Array.from({ length: E }, (_, i) => i),
    rnd,
  )) {
    const u = edgeLeft[e]
    const v = blocks + edgeRight[e]
    const order = shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], rnd)
    let both = -1
    let a = -1
    let b = -1
    for (const c of order) {
      const fu = at(u, c) === -1
      const fv = at(v, c) === -1
      if (fu && fv) {
        both = c
        break
      }
      if (fu && a === -1) a = c
      if (fv && b === -1) b = c
    }
    if (both === -1) {
      // Flip the a/b alternating path that starts at v with colour a; then a is free at both ends.
      const path: number[] = []
      let cur = v
      let c = a
      for (;;) {
        const f = at(cur, c)
        if (f === -1) break
        path.push(f)
        cur = cur === blocks + edgeRight[f] ? edgeLeft[f] : blocks + edgeRight[f]
        c = c === a ? b : a
      }
      for (const f of path) {
        set(edgeLeft[f], colour[f], -1)
        set(blocks + edgeRight[f], colour[f], -1)
      }
      for (const f of path) {
        colour[f] = colour[f] === a ? b : a
        set(edgeLeft[f], colour[f], f)
        set(blocks + edgeRight[f], colour[f], f)
      }
      both = a
    }
    colour[e] = both
    set(u, both, e)
    set(v, both, e)
  }
  const seatOf = members.map((slots) => new Int32Array(slots.length).fill(-1))
  for (let e = 0; e < E; e++) seatOf[edgeSlot[e].r][edgeSlot[e].slot] = colour[e]
  return seatOf
}

/** Seats when earlier rounds are kept: balance each player's seat counts (key seats weigh more), then swaps. */
function balanceSeats(job: Job, counts: Counts, members: Int32Array[], rnd: () => number): Int32Array[] {
  const { P, T } = job
  const seatCnt = counts.seatCnt.slice()
  const seatOf = members.map((slots) => new Int32Array(slots.length).fill(-1))
  const w = (p: number, s: number, delta: number): number => {
    const c = seatCnt[p * 10 + s] + delta
    return SEAT_WEIGHT[s] * c * c
  }
  members.forEach((slots, r) => {
    for (let t = 0; t < T; t++) {
      const g = Array.from(slots.subarray(t * 10, t * 10 + 10))
      const noise = Array.from({ length: 100 }, () => rnd() * 0.01)
      const perm = assign(
        10,
        (i, s) => (g[i] >= 0 && g[i] < P ? w(g[i], s, 1) - w(g[i], s, 0) : 0) + noise[i * 10 + s],
      )
      g.forEach((p, i) => {
        seatOf[r][t * 10 + i] = perm[i]
        if (p >= 0 && p < P) seatCnt[p * 10 + perm[i]]++
      })
    }
  })
  // Then each table of each round is seated again given all the others, until nothing improves (each step lowers
  // the convex Σ weight·count², so this ends).
  for (let pass = 0; pass < 8; pass++) {
    let changed = false
    members.forEach((slots, r) => {
      for (let t = 0; t < T; t++) {
        const g = Array.from(slots.subarray(t * 10, t * 10 + 10))
        const before = g.map((_, i) => seatOf[r][t * 10 + i])
        g.forEach((p, i) => p >= 0 && p < P && seatCnt[p * 10 + before[i]]--)
        const cost = (i: number, s: number): number =>
          g[i] >= 0 && g[i] < P ? w(g[i], s, 1) - w(g[i], s, 0) : 0
        let perm = assign(10, cost)
        const sum = (x: number[]): number => x.reduce((acc, s, i) => acc + cost(i, s), 0)
        if (sum(perm) >= sum(before) - 1e-9) perm = before
        else changed = true
        g.forEach((p, i) => {
          seatOf[r][t * 10 + i] = perm[i]
          if (p >= 0 && p < P) seatCnt[p * 10 + perm[i]]++
        })
      }
    })
    if (!changed) break
  }
  return seatOf
}

function buildRounds(
  job: Job,
  members: Int32Array[],
  seatOf: Int32Array[],
  benches: number[][],
): SeatingRound[] {
  return members.map((slots, r) => {
    const tables: SeatingTable[] = []
    for (let t = 0; t < job.T; t++) {
      const seats = new Array<number>(10).fill(SPARE_SEAT)
      for (let k = t * 10; k < t * 10 + 10; k++) {
        const p = slots[k]
        seats[seatOf[r][k]] = p >= 0 && p < job.P ? p : SPARE_SEAT
      }
      tables.push({ table: t + 1, seats })
    }
    const round: SeatingRound = { round: job.firstRound + r, tables }
    if (job.bench > 0) round.sittingOut = [...benches[r]].sort((a, b) => a - b)
    return round
  })
}

function badness(r: SeatingReport): number {
  return (
    (r.violations.avoidMet.length + r.violations.fixedTableBroken.length) * 1e6 +
    r.pairs.max * 1000 +
    r.pairs.stdDev * 50 +
    r.pairs.twice * (r.pairs.expected < 1.5 ? 1 : 0) +
    r.seats.maxDeviation * 20 +
    r.seats.stdDev * 5 +
    r.seats.keySeatsMaxDeviation +
    r.tableUse.maxDeviation * 2
  )
}

/**
 * Runs the search; when the best seating leaves a player over his table cap (`tableCap`), runs it again with the
 * tables weighing more during the grouping (a group structure can make the cap unreachable by moving whole tables
 * alone), and keeps the first seating within the cap, else the one with the fewest players over it.
 */
function runJob(
  job: Job,
  seed: number,
  restarts: number,
  finish: (rounds: SeatingRound[]) => SeatingReport,
): { rounds: SeatingRound[]; report: SeatingReport } {
  let best = runOnce(job, seed, restarts, finish)
  for (const weight of TABLE_WEIGHT_STEPS) {
    if (best.report.tableUse.overCap === 0 || weight <= job.tableWeight) continue
    const next = runOnce({ ...job, tableWeight: weight }, seed, restarts, finish)
    if (next.report.tableUse.overCap < best.report.tableUse.overCap) best = next
  }
  return best
}

function runOnce(
  job: Job,
  seed: number,
  restarts: number,
  finish: (rounds: SeatingRound[]) => SeatingReport,
): { rounds: SeatingRound[]; report: SeatingReport } {
  const rnd = makeRng(seed)
  const counts = countHistory(job)
  let best: { rounds: SeatingRound[]; report: SeatingReport } | null = null
  let bestScore = Infinity
  for (let k = 0; k < Math.max(1, restarts); k++) {
    const benches = benchPlan(job, counts, rnd)
    const members = searchTables(job, counts, benches, rnd)
    const seatOf =
      job.history.length === 0 ? colourSeats(job, members, rnd) : balanceSeats(job, counts, members, rnd)
    const rounds = [...job.history, ...buildRounds(job, members, seatOf, benches)]
    const report = finish(rounds)
    const score = badness(report)
    if (score < bestScore) {
      bestScore = score
      best = { rounds, report }
    }
  }
  return best as { rounds: SeatingRound[]; report: SeatingReport }
}

// ───────────────────────────── figures ─────────────────────────────

/** Measures a seating against the ideal of docs/rules.md §16.2 (and checks the constraints when given). */
export function evaluateSeating(
  players: number,
  games: number,
  rounds: SeatingRound[],
  constraints: SeatingConstraints = {},
): SeatingReport {
  const P = players
  const T = Math.max(1, ...rounds.flatMap((r) => r.tables.map((t) => t.table)))
  const meet = new Int32Array(P * P)
  const seatCnt = new Int32Array(P * 10)
  const tableCnt = new Int32Array(P * T)
  const played = new Int32Array(P)
  const avoidSet = new Set((constraints.avoid ?? []).map(([a, b]) => a * P + b))
  const fixed = new Map((constraints.fixedTable ?? []).map((f) => [f.player, f.table]))
  const violations: SeatingReport['violations'] = { avoidMet: [], fixedTableBroken: [] }
  let spareSeats = 0
  for (const r of rounds)
    for (const t of r.tables) {
      t.seats.forEach((p, s) => {
        if (p < 0 || p >= P) {
          spareSeats++
          return
        }
        seatCnt[p * 10 + s]++
        tableCnt[p * T + (t.table - 1)]++
        played[p]++
        const want = fixed.get(p)
        if (want !== undefined && want !== t.table)
          violations.fixedTableBroken.push({ player: p, round: r.round, table: t.table })
        for (const q of t.seats) {
          if (q < 0 || q >= P || q === p) continue
          meet[p * P + q]++
          if (avoidSet.has(p * P + q)) violations.avoidMet.push({ a: p, b: q, round: r.round })
        }
      })
    }
  const active = Array.from({ length: P }, (_, p) => p).filter((p) => played[p] > 0)
  const expectedPair = P > 1 ? (games * 9) / (P - 1) : 0
  let min = Infinity
  let max = -Infinity
  let sq = 0
  let neverMet = 0
  let pairs = 0
  const histogram: number[] = []
  for (let i = 0; i < active.length; i++)
    for (let j = i + 1; j < active.length; j++) {
      const m = meet[active[i] * P + active[j]]
      min = Math.min(min, m)
      max = Math.max(max, m)
      sq += (m - expectedPair) ** 2
      if (m === 0) neverMet++
      histogram[m] = (histogram[m] ?? 0) + 1
      pairs++
    }
  for (let m = 0; m < histogram.length; m++) histogram[m] = histogram[m] ?? 0
  let total = 0
  let sumSquares = 0
  histogram.forEach((n, m) => {
    total += n * m
    sumSquares += n * m * m
  })
  const average = pairs > 0 ? total / pairs : 0
  const low = Math.floor(average + 1e-9)
  const high = Math.ceil(average - 1e-9)
  const outsideBand = histogram.reduce((acc, n, m) => acc + (m < low || m > high ? n : 0), 0)
  const roundsFull = rounds.every(
    (r) =>
      r.tables.every((t) => t.seats.every((p) => p >= 0 && p < P)) &&
      r.tables.reduce((n, t) => n + t.seats.length, 0) === active.length,
  )
  const bound = sumSquaresBound(active.length, total, roundsFull ? rounds.length : null)
  const expectedSeat = games / 10
  let seatMax = 0
  let keyMax = 0
  let seatSq = 0
  for (const p of active)
    for (let s = 0; s < 10; s++) {
      const d = Math.abs(seatCnt[p * 10 + s] - played[p] / 10)
      seatMax = Math.max(seatMax, d)
      if (KEY_SEATS.includes(s)) keyMax = Math.max(keyMax, d)
      seatSq += d * d
    }
  const expectedTable = games / T
  let tableMax = 0
  let atOneTable = 0
  let overCap = 0
  for (const p of active) {
    let most = 0
    for (let t = 0; t < T; t++) {
      tableMax = Math.max(tableMax, Math.abs(tableCnt[p * T + t] - played[p] / T))
      most = Math.max(most, tableCnt[p * T + t])
    }
    // A player fixed to a table (accessibility) sits there by request: not a defect of the balance.
    if (fixed.has(p)) continue
    atOneTable = Math.max(atOneTable, most)
    if (most > tableCap(played[p], T)) overCap++
  }
  const r4 = (x: number): number => Math.round(x * 1e4) / 1e4
  const playedList = active.map((p) => played[p])
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
      twice: histogram[2] ?? 0,
      average: r4(average),
      band: { low, high },
      outsideBand,
      sumSquares,
      sumSquaresBound: bound,
      histogram,
    },
    seats: {
      expected: r4(expectedSeat),
      maxDeviation: r4(seatMax),
      keySeatsMaxDeviation: r4(keyMax),
      stdDev: active.length > 0 ? r4(Math.sqrt(seatSq / (active.length * 10))) : 0,
    },
    tableUse: {
      expected: r4(expectedTable),
      maxDeviation: r4(tableMax),
      maxAtOneTable: atOneTable,
      cap: tableCap(playedList.length > 0 ? Math.max(...playedList) : games, T),
      overCap,
    },
    gamesPlayed: {
      min: playedList.length > 0 ? Math.min(...playedList) : 0,
      max: playedList.length > 0 ? Math.max(...playedList) : 0,
    },
    spareSeats,
    violations,
  }
}

/**
 * The least Σ meetings² over the pairs of `players` that a seating with `meetings` meetings in all can have — the
 * best of three lower bounds:
 * - even: the meetings spread as evenly as integers allow (q or q + 1 per pair);
 * when every round seats all of them at full tables of ten (`fullRounds` = R rounds, T = players/10 tables):
 * - overlap: two rounds' tables overlap in an T×T matrix with rows and columns summing to ten, and every pair of
 *   players in one cell has met twice; Σ C(m, 2) is the sum of Σ C(cell, 2) over the pairs of rounds, least when
 *   the cells are as even as possible (with T < 10 tables a pair of rounds always repeats some meetings);
 * - rank: the meetings matrix N = Σ over rounds of its tables' all-ones blocks has the eigenvalue 10R on the
 *   all-ones vector and rank at most R(T−1) besides, so ‖N‖² ≥ (10R)² + (R(P−10))² / min(R(T−1), P−1).
 * At 100 players × 10 games only the first applies (4500: nobody meets twice), which no seating reaches: it would
 * complete to an affine plane of order 10, which does not exist.
 */
export function sumSquaresBound(players: number, meetings: number, fullRounds: number | null): number {
  const P = players
  const N = (P * (P - 1)) / 2
  if (N === 0) return 0
  const q = Math.floor(meetings / N)
  const rest = meetings - q * N
  const even = (N - rest) * q * q + rest * (q + 1) * (q + 1)
  if (fullRounds === null || fullRounds === 0 || P % 10 !== 0 || P < 20) return even
  const R = fullRounds
  const T = P / 10
  const k = Math.min(R * (T - 1), P - 1)
  const rank = Math.ceil((100 * R * R + (R * R * (P - 10) * (P - 10)) / k - P * R * R) / 2 - 1e-6)
  const cell = Math.floor(10 / T)
  const cellsAbove = 10 * T - cell * T * T
  const perRoundPair =
    (T * T - cellsAbove) * ((cell * (cell - 1)) / 2) + cellsAbove * (((cell + 1) * cell) / 2)
  const overlap = meetings + 2 * ((R * (R - 1)) / 2) * perRoundPair
  return Math.max(even, rank, overlap)
}

// ───────────────────────────── the API ─────────────────────────────

function fail(
  code: string,
  ru: string,
  en: string,
  details?: Record<string, unknown>,
): { ok: false; error: AppErrorData } {
  return { ok: false, error: appError(code, ru, en, details) }
}

function unevenError(P: number, G: number): { ok: false; error: AppErrorData } {
  const shape = seatingShape(P, G)
  const o = shape.kind === 'uneven' ? shape.options : null
  const extra = o?.extraGame
  const spare = o?.spareSeats
  const ruExtra = extra
    ? `${extra.tables} стол(ов), ${extra.rounds} тур(ов), в каждом туре ${extra.sittingOutPerRound} игрок(ов) отдыхают, ${extra.extraGames} игрок(ов) играют лишнюю игру`
    : 'невозможно (меньше 10 игроков)'
  const enExtra = extra
    ? `${extra.tables} table(s), ${extra.rounds} round(s), ${extra.sittingOutPerRound} player(s) sit out each round, ${extra.extraGames} play an extra game`
    : 'impossible (fewer than 10 players)'
  return fail(
    'tournament/players_not_multiple_of_10',
    `${P} игроков не делятся на столы по 10. Выберите: «лишняя игра» — ${ruExtra}; «запасные места» — ${spare?.tables} стол(ов), в каждом туре ${spare?.spareSeatsPerRound} свободных мест для запасных.`,
    `${P} players do not fill tables of 10. Choose: "extra game" — ${enExtra}; "spare seats" — ${spare?.tables} table(s), ${spare?.spareSeatsPerRound} empty seat(s) for substitutes each round.`,
    { players: P, games: G, shape },
  )
}

function checkConstraints(
  P: number,
  tables: number,
  c: SeatingConstraints,
): { ok: false; error: AppErrorData } | null {
  for (const [a, b] of c.avoid ?? []) {
    if (![a, b].every((x) => Number.isInteger(x) && x >= 0 && x < P) || a === b)
      return fail(
        'tournament/bad_avoid_pair',
        `Пара «не должны встречаться» ${a + 1}–${b + 1} указывает не на игроков турнира`,
        `The "should not meet" pair ${a + 1}–${b + 1} does not name two players of the tournament`,
        { a, b },
      )
  }
  const perTable = new Map<number, number>()
  for (const f of c.fixedTable ?? []) {
    if (
      !Number.isInteger(f.player) ||
      f.player < 0 ||
      f.player >= P ||
      !Number.isInteger(f.table) ||
      f.table < 1 ||
      f.table > tables
    )
      return fail(
        'tournament/bad_fixed_table',
        `Игрок ${f.player + 1} закреплён за столом ${f.table}, а столов ${tables}`,
        `Player ${f.player + 1} is fixed to table ${f.table}, but there are ${tables} tables`,
        { player: f.player, table: f.table, tables },
      )
    perTable.set(f.table, (perTable.get(f.table) ?? 0) + 1)
    if ((perTable.get(f.table) ?? 0) > 10)
      return fail(
        'tournament/fixed_table_full',
        `За столом ${f.table} закреплено больше 10 игроков`,
        `More than 10 players are fixed to table ${f.table}`,
        { table: f.table },
      )
  }
  return null
}

interface Shape {
  mode: 'exact' | UnevenMode
  T: number
  rounds: number
  spare: number
  bench: number
}

function shapeFor(A: number, G: number, uneven: UnevenMode | undefined, rounds?: number): Shape | null {
  if (A % 10 === 0) return { mode: 'exact', T: A / 10, rounds: rounds ?? G, spare: 0, bench: 0 }
  if (uneven === 'spareSeats') {
    const T = Math.ceil(A / 10)
    return { mode: 'spareSeats', T, rounds: rounds ?? G, spare: 10 * T - A, bench: 0 }
  }
  if (uneven === 'extraGame' && A >= 10) {
    const T = Math.floor(A / 10)
    return {
      mode: 'extraGame',
      T,
      rounds: rounds ?? Math.ceil((A * G) / (10 * T)),
      spare: 0,
      bench: A - 10 * T,
    }
  }
  return null
}

export function generateSeating(options: SeatingOptions): Result<SeatingPlan> {
  const { players: P, games: G, seed } = options
  if (!Number.isInteger(P) || P < 10 || P > 2000) {
    return fail(
      'tournament/bad_player_count',
      `Нужно от 10 до 2000 игроков (получено ${P})`,
      `The number of players must be 10 to 2000 (got ${P})`,
      { players: P },
    )
  }
  if (!Number.isInteger(G) || G < 1 || G > 100) {
    return fail(
      'tournament/bad_game_count',
      `Число игр должно быть от 1 до 100 (получено ${G})`,
      `The number of games must be 1 to 100 (got ${G})`,
      { games: G },
    )
  }
  const shape = shapeFor(P, G, options.uneven)
  if (shape === null) return unevenError(P, G)
  const constraints: SeatingConstraints = { avoid: options.avoid ?? [], fixedTable: options.fixedTable ?? [] }
  const bad = checkConstraints(P, shape.T, constraints)
  if (bad) return bad
  const job: Job = {
    P,
    active: Array.from({ length: P }, (_, i) => i),
    T: shape.T,
    rounds: shape.rounds,
    firstRound: 1,
    spare: shape.spare,
    bench: shape.bench,
    history: [],
    avoid: constraints.avoid ?? [],
    fixed: new Map((constraints.fixedTable ?? []).map((f) => [f.player, f.table])),
    tableWeight: options.tableWeight ?? DEFAULT_TABLE_WEIGHT,
    effort: options.effort ?? DEFAULT_EFFORT,
    expectedPair: (G * 9) / (P - 1),
  }
  const { rounds, report } = runJob(job, seed, options.restarts ?? 1, (r) =>
    evaluateSeating(P, G, r, constraints),
  )
  return { ok: true, value: { seed, rounds, report, players: P, games: G, mode: shape.mode, constraints } }
}

/** Swaps two players in one round (seats and tables exchanged; with `extraGame` one may be sitting out) and
 * recomputes the figures. Constraints a swap breaks are reported in `report.violations`, not refused: the organiser
 * decides. */
export function swapPlayers(plan: SeatingPlan, round: number, a: number, b: number): Result<SeatingPlan> {
  const r = plan.rounds.find((x) => x.round === round)
  if (r === undefined)
    return fail(
      'tournament/no_such_round',
      `Тура ${round} нет в рассадке`,
      `Round ${round} is not in the seating`,
      {
        round,
      },
    )
  const where = (p: number): { t: number; s: number } | 'out' | null => {
    for (let t = 0; t < r.tables.length; t++) {
      const s = r.tables[t].seats.indexOf(p)
      if (s >= 0) return { t, s }
    }
    return r.sittingOut?.includes(p) ? 'out' : null
  }
  const wa = where(a)
  const wb = where(b)
  if (wa === null || wb === null || a === b)
    return fail(
      'tournament/swap_not_in_round',
      `Игроки ${a + 1} и ${b + 1} должны оба быть в туре ${round}`,
      `Players ${a + 1} and ${b + 1} must both be in round ${round}`,
      { round, a, b },
    )
  const tables = r.tables.map((t) => ({ ...t, seats: [...t.seats] }))
  let sittingOut = r.sittingOut ? [...r.sittingOut] : undefined
  const put = (w: { t: number; s: number } | 'out', p: number, other: number): void => {
    if (w === 'out') sittingOut = (sittingOut ?? []).map((x) => (x === other ? p : x)).sort((x, y) => x - y)
    else tables[w.t].seats[w.s] = p
  }
  put(wa, b, a)
  put(wb, a, b)
  const next: SeatingRound = { ...r, tables, ...(sittingOut ? { sittingOut } : {}) }
  const rounds = plan.rounds.map((x) => (x.round === round ? next : x))
  return {
    ok: true,
    value: { ...plan, rounds, report: evaluateSeating(plan.players, plan.games, rounds, plan.constraints) },
  }
}

export interface RegenerateOptions {
  /** Rounds 1..keep stay as they are (started or locked); the later ones are generated again. */
  keep: number
  /** The new index space (late registrations get indices from the old `players` on). Default: unchanged. */
  players?: number
  /** Players who play no more (their played rounds stay). */
  withdrawn?: number[]
  seed?: number
  /** When the remaining players are not a multiple of ten. Default: the plan's own mode. */
  uneven?: UnevenMode
  avoid?: Array<[number, number]>
  fixedTable?: Array<{ player: number; table: number }>
  restarts?: number
  effort?: number
  tableWeight?: number
}

/**
 * Regenerates the rounds after `keep` (after a withdrawal or a late registration), keeping the earlier rounds
 * exactly: the meetings, tables and seats already played count, so the new rounds even them out.
 */
export function regenerateSeating(plan: SeatingPlan, options: RegenerateOptions): Result<SeatingPlan> {
  const P = options.players ?? plan.players
  const keep = options.keep
  if (!Number.isInteger(keep) || keep < 0 || keep > plan.rounds.length)
    return fail(
      'tournament/bad_keep',
      `Можно сохранить от 0 до ${plan.rounds.length} туров (получено ${keep})`,
      `Keep 0 to ${plan.rounds.length} rounds (got ${keep})`,
      { keep },
    )
  if (!Number.isInteger(P) || P < plan.players)
    return fail(
      'tournament/bad_player_count',
      `Игроков не может стать меньше (${P} < ${plan.players}): выбывшие указываются отдельно`,
      `Players cannot shrink (${P} < ${plan.players}): list withdrawn players instead`,
      { players: P },
    )
  const withdrawn = new Set(options.withdrawn ?? [])
  const active = Array.from({ length: P }, (_, i) => i).filter((p) => !withdrawn.has(p))
  const remaining = plan.rounds.length - keep
  const uneven = options.uneven ?? (plan.mode === 'exact' ? undefined : plan.mode)
  const shape = shapeFor(active.length, plan.games, uneven, remaining)
  if (shape === null) return unevenError(active.length, remaining)
  if (shape.T < 1)
    return fail('tournament/bad_player_count', 'Слишком мало игроков', 'Too few players', {
      players: active.length,
    })
  const constraints: SeatingConstraints = {
    avoid: options.avoid ?? plan.constraints.avoid ?? [],
    fixedTable: (options.fixedTable ?? plan.constraints.fixedTable ?? []).filter(
      (f) => !withdrawn.has(f.player),
    ),
  }
  const bad = checkConstraints(P, shape.T, constraints)
  if (bad) return bad
  const seed = options.seed ?? plan.seed
  const history = plan.rounds.slice(0, keep)
  const job: Job = {
    P,
    active,
    T: shape.T,
    rounds: remaining,
    firstRound: keep + 1,
    spare: shape.spare,
    bench: shape.bench,
    history,
    avoid: constraints.avoid ?? [],
    fixed: new Map((constraints.fixedTable ?? []).map((f) => [f.player, f.table])),
    tableWeight: options.tableWeight ?? DEFAULT_TABLE_WEIGHT,
    effort: options.effort ?? DEFAULT_EFFORT,
    expectedPair: (plan.games * 9) / Math.max(1, active.length - 1),
  }
  const { rounds, report } =
    remaining === 0
      ? { rounds: history, report: evaluateSeating(P, plan.games, history, constraints) }
      : runJob(job, seed, options.restarts ?? 1, (r) => evaluateSeating(P, plan.games, r, constraints))
  return {
    ok: true,
    value: { seed, rounds, report, players: P, games: plan.games, mode: shape.mode, constraints },
  }
}

/** A random seating of the same shape (shuffled rounds, random seats): the figures to compare a generated one with. */
export function randomSeating(
  options: Pick<SeatingOptions, 'players' | 'games' | 'seed' | 'uneven'>,
): Result<SeatingPlan> {
  const { players: P, games: G, seed } = options
  const shape = P >= 10 && Number.isInteger(P) ? shapeFor(P, G, options.uneven) : null
  if (shape === null) return unevenError(P, G)
  const rnd = makeRng(seed)
  const job: Job = {
    P,
    active: Array.from({ length: P }, (_, i) => i),
    T: shape.T,
    rounds: shape.rounds,
    firstRound: 1,
    spare: shape.spare,
    bench: shape.bench,
    history: [],
    avoid: [],
    fixed: new Map(),
    tableWeight: 0,
    effort: 0,
    expectedPair: (G * 9) / (P - 1),
  }
  const counts = countHistory(job)
  const benches = benchPlan(job, counts, rnd)
  const members = benches.map((bench) => {
    const playing = shuffle(
      job.active.filter((p) => !bench.includes(p)),
      rnd,
    )
    const all = shuffle([...playing, ...Array.from({ length: shape.spare }, (_, k) => P + k)], rnd)
    return Int32Array.from(all)
  })
  const seatOf = members.map((slots) => {
    const out = new Int32Array(slots.length)
    for (let t = 0; t < shape.T; t++) {
      const perm = shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], rnd)
      for (let k = 0; k < 10; k++) out[t * 10 + k] = perm[k]
    }
    return out
  })
  const rounds = buildRounds(job, members, seatOf, benches)
  return {
    ok: true,
    value: {
      seed,
      rounds,
      report: evaluateSeating(P, G, rounds),
      players: P,
      games: G,
      mode: shape.mode,
      constraints: {},
    },
  }
}

/**
 * A random seating of exactly the rounds given: in each round the same players (and spare seats) are shuffled over
 * the same tables and seats. The fair thing to compare a stored seating with after withdrawals and late
 * registrations, when no generated shape (P players × G games) describes the rounds any more.
 */
export function shuffledSeating(
  players: number,
  games: number,
  rounds: SeatingRound[],
  seed: number,
): { rounds: SeatingRound[]; report: SeatingReport } {
  const rnd = makeRng(seed)
  const shuffled = rounds.map((r) => {
    const pool = shuffle(
      r.tables.flatMap((t) => t.seats),
      rnd,
    )
    let k = 0
    return {
      ...r,
      tables: r.tables.map((t) => ({ table: t.table, seats: t.seats.map(() => pool[k++]) })),
    }
  })
  return { rounds: shuffled, report: evaluateSeating(players, games, shuffled) }
}

/**
 * How often players sit with the same judge: the most games any player plays with one judge, and how many players
 * go over `tableCap` of their games with one (the judge of round k's table t is `judgeOf(k, t)`; '' = not known, not
 * counted). With every judge at his own table all stage long this is the table figure; judges who change tables
 * between rounds make it differ.
 */
export function judgeSpread(
  rounds: SeatingRound[],
  judgeOf: (roundIndex: number, table: number) => string,
): { maxWithOneJudge: number; overCap: number } {
  const withJudge = new Map<number, Map<string, number>>()
  const played = new Map<number, number>()
  let tables = 1
  rounds.forEach((r, k) => {
    tables = Math.max(tables, r.tables.length)
    for (const t of r.tables) {
      const judge = judgeOf(k, t.table).trim()
      for (const p of t.seats) {
        if (p < 0) continue
        played.set(p, (played.get(p) ?? 0) + 1)
        if (judge === '') continue
        const m = withJudge.get(p) ?? new Map<string, number>()
        m.set(judge, (m.get(judge) ?? 0) + 1)
        withJudge.set(p, m)
      }
    }
  })
  let maxWithOneJudge = 0
  let overCap = 0
  for (const [p, m] of withJudge) {
    const most = Math.max(...m.values())
    maxWithOneJudge = Math.max(maxWithOneJudge, most)
    if (most > tableCap(played.get(p) ?? 0, tables)) overCap++
  }
  return { maxWithOneJudge, overCap }
}
