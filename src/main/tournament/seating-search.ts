/**
 * The group search of the seating generator (docs/rules.md §16.2): which players sit together in each round.
 *
 * The quantity minimised is Σ cost(m) over the pairs of players, m = how often the pair meets (history included),
 * with cost(m) = m² plus a steep extra above the ideal band: for a fixed total of meetings, Σ m² is smallest exactly
 * when every pair meets ⌊λ⌋ or ⌈λ⌉ times (λ = average meetings per pair), so the search evens the meetings out
 * rather than chasing one count. Pairs that should not meet add a prohibitive cost per meeting; a player's repeated
 * table adds a small tie-break cost (the tables are evened out afterwards anyway).
 *
 * 1. Construction, round by round: each player (in a random order) joins the group where he adds the least cost.
 * 2. Simulated annealing over swaps of two players of one round between groups, with the cost change computed
 *    incrementally from the meetings matrix (18 look-ups per swap), a geometric cooling and a fixed number of
 *    swap proposals — a work budget, not a clock, so the same seed always gives the same seating. Most proposals
 *    are targeted: player a goes to the group where he adds the least meeting cost, swapped with the player of
 *    that group whose swap costs least; the others are two players at random. Each is accepted by the Metropolis
 *    rule. In the last tenth, meeting two or more times above the band becomes prohibitive (the end repairs it).
 *
 * Pure; the random source is injected.
 */

export interface GroupProblem {
  /** Index space: players 0..P-1; a value ≥ P in a slot is a spare seat (no player). */
  P: number
  /** Groups (tables) per round. */
  T: number
  /**
   * Per new round: T·10 slots, group t = slots t·10..t·10+9. Filled slots are pinned (a spare seat, a player fixed
   * to that table); -1 slots are free and get the round's `players`.
   */
  templates: Int32Array[]
  /** Per new round: the players to place in its free slots (as many as free slots). */
  players: number[][]
  /** Meetings already played (P·P, symmetric): the history counts. Not modified. */
  meet: Int32Array
  /** Table use already played (P·T). Not modified. */
  tableCnt: Int32Array
  /** Meetings per pair the whole seating should have on average (history and new rounds). */
  lambda: number
  /** Pairs that should not meet (P·P mask, symmetric), or null. */
  avoid: Uint8Array | null
  /** Weight of a repeated table (a tie-break: small against a repeated meeting). */
  tableWeight: number
  /** Swap proposals of the annealing. */
  iterations: number
  rnd: () => number
}

export interface GroupResult {
  /** Per new round: T·10 slots (players, or values ≥ P for spare seats). */
  slots: Int32Array[]
  /** Meetings (history and new rounds) and table use, as the result leaves them. */
  meet: Int32Array
  tableCnt: Int32Array
}

/** Cost of one meeting of a pair that should not meet: above any achievable gain elsewhere. */
const AVOID_COST = 10_000
/** Extra weight per squared meeting above the ideal band ⌈λ⌉. */
const OVER_BAND = 2

/** Extra weight when a pair meets two or more times above the band (e.g. three times at 100 players × 10 games). */
const FAR_OVER = 200

/** The share of the annealing after which meeting far above the band becomes prohibitive (the end repairs it). */
const HARD_FROM = 0.9

/** The share of targeted swaps (the rest pick both players at random, which keeps the search moving). */
const TARGETED_SHARE = 0.75

/** cost(m) for m = 0..max: m² + OVER_BAND·(m − ⌈λ⌉)² above the band. */
export function pairCosts(lambda: number, max: number, farOver: number): Float64Array {
  const hi = Math.max(1, Math.ceil(lambda - 1e-9))
  const c = new Float64Array(max + 2)
  for (let m = 0; m < c.length; m++) {
    const over = Math.max(0, m - hi)
    c[m] = m * m + OVER_BAND * over * over + (over >= 2 ? farOver * (over - 1) * (over - 1) : 0)
  }
  return c
}

/** Look-ups of the meetings matrix one proposal costs on average with T groups (a random swap reads 2 × 18;
 * a targeted one reads every group once, then ten candidate swaps): the unit of the work budget. */
export function proposalCost(T: number): number {
  return TARGETED_SHARE * (10 * T + 10 * 36) + (1 - TARGETED_SHARE) * 36
}

export function searchGroups(pb: GroupProblem): GroupResult {
  const { P, T, rnd } = pb
  const R = pb.templates.length
  const meet = pb.meet.slice()
  const tableCnt = pb.tableCnt.slice()
  let maxM = 0
  for (let i = 0; i < meet.length; i++) if (meet[i] > maxM) maxM = meet[i]
  const increments = (farOver: number): [Float64Array, Float64Array] => {
    const cost = pairCosts(pb.lambda, maxM + R + 1, farOver)
    // up[m] = cost(m+1) − cost(m); down[m] = cost(m−1) − cost(m).
    const u = new Float64Array(cost.length)
    const d = new Float64Array(cost.length)
    for (let m = 0; m < cost.length; m++) {
      u[m] = m + 1 < cost.length ? cost[m + 1] - cost[m] : 1e9
      d[m] = m > 0 ? cost[m - 1] - cost[m] : 0
    }
    return [u, d]
  }
  let [up, down] = increments(0)
  const avoid = pb.avoid
  const tw = pb.tableWeight

  // 1. Construction.
  const slots: Int32Array[] = []
  const movable: Int32Array[] = []
  for (let r = 0; r < R; r++) {
    const s = pb.templates[r].slice()
    const free: number[] = []
    for (let k = 0; k < s.length; k++) if (s[k] === -1) free.push(k)
    const order = shuffled(pb.players[r], rnd)
    const room = new Int32Array(T)
    for (const k of free) room[(k / 10) | 0]++
    for (const p of order) {
      let best = -1
      let bestCost = Infinity
      for (let t = 0; t < T; t++) {
        if (room[t] === 0) continue
        let c = tw * (2 * tableCnt[p * T + t] + 1) + rnd() * 1e-3
        for (let k = t * 10; k < t * 10 + 10; k++) {
          const q = s[k]
          if (q < 0 || q >= P) continue
          c += up[meet[p * P + q]]
          if (avoid !== null && avoid[p * P + q] === 1) c += AVOID_COST
        }
        if (c < bestCost) {
          bestCost = c
          best = t
        }
      }
      let k = best * 10
      while (s[k] !== -1) k++
      s[k] = p
      room[best]--
      for (let j = best * 10; j < best * 10 + 10; j++) {
        const q = s[j]
        if (q < 0 || q >= P || q === p) continue
        meet[p * P + q]++
        meet[q * P + p]++
      }
      tableCnt[p * T + best]++
    }
    slots.push(s)
    movable.push(Int32Array.from(free))
  }

  // 2. Annealing.
  const rounds: number[] = []
  for (let r = 0; r < R; r++) {
    const groups = new Set(Array.from(movable[r], (k) => (k / 10) | 0))
    if (groups.size >= 2) rounds.push(r)
  }
  if (rounds.length === 0 || pb.iterations <= 0) return { slots, meet, tableCnt }
  const N = pb.iterations
  const t0 = 3
  const t1 = 0.15
  const cool = Math.pow(t1 / t0, 1 / N)
  let temp = t0
  /** Cost change of the pairs of group t when player `out` leaves it and player `into` takes his place. */
  const exchangeCost = (s: Int32Array, t: number, out: number, into: number): number => {
    let d = 0
    for (let k = t * 10; k < t * 10 + 10; k++) {
      const q = s[k]
      if (q >= P || q === out) continue
      d += down[meet[out * P + q]] + up[meet[into * P + q]]
      if (avoid !== null) d += AVOID_COST * (avoid[into * P + q] - avoid[out * P + q])
    }
    return d
  }
  const exchange = (s: Int32Array, t: number, out: number, into: number): void => {
    for (let k = t * 10; k < t * 10 + 10; k++) {
      const q = s[k]
      if (q >= P || q === out) continue
      meet[out * P + q]--
      meet[q * P + out]--
      meet[into * P + q]++
      meet[q * P + into]++
    }
  }
  /** Cost change of swapping the players of slots sa and sb (different groups) of round slots s. */
  const delta = (s: Int32Array, sa: number, sb: number): number => {
    const ta = (sa / 10) | 0
    const tb = (sb / 10) | 0
    const a = s[sa]
    const b = s[sb]
    const tables =
      tw *
      (2 * (tableCnt[a * T + tb] - tableCnt[a * T + ta] + tableCnt[b * T + ta] - tableCnt[b * T + tb]) + 4)
    return tables + exchangeCost(s, ta, a, b) + exchangeCost(s, tb, b, a)
  }
  const apply = (s: Int32Array, sa: number, sb: number): void => {
    const ta = (sa / 10) | 0
    const tb = (sb / 10) | 0
    const a = s[sa]
    const b = s[sb]
    exchange(s, ta, a, b)
    exchange(s, tb, b, a)
    tableCnt[a * T + ta]--
    tableCnt[a * T + tb]++
    tableCnt[b * T + tb]--
    tableCnt[b * T + ta]++
    s[sa] = b
    s[sb] = a
  }
  const isMovable = movable.map((mv) => {
    const x = new Uint8Array(T * 10)
    for (const k of mv) x[k] = 1
    return x
  })
  const split = Math.floor(N * HARD_FROM)
  for (let it = 0; it < N; it++, temp *= cool) {
    if (it === split) [up, down] = increments(FAR_OVER)
    const r = rounds[(rnd() * rounds.length) | 0]
    const mv = movable[r]
    const s = slots[r]
    const sa = mv[(rnd() * mv.length) | 0]
    const ta = (sa / 10) | 0
    let sb = -1
    let d = Infinity
    if (rnd() < TARGETED_SHARE) {
      // Targeted: the group where a adds the least meeting cost (ties at random), then his best partner there.
      const a = s[sa]
      let bestG = -1
      let bestU = Infinity
      for (let g = 0; g < T; g++) {
        if (g === ta) continue
        let u = rnd() * 0.5
        for (let k = g * 10; k < g * 10 + 10; k++) {
          const q = s[k]
          if (q >= P) continue
          u += up[meet[a * P + q]]
          if (avoid !== null) u += AVOID_COST * avoid[a * P + q]
        }
        if (u < bestU) {
          bestU = u
          bestG = g
        }
      }
      for (let k = bestG * 10; k < bestG * 10 + 10; k++) {
        if (!isMovable[r][k]) continue
        const dc = delta(s, sa, k)
        if (dc < d) {
          d = dc
          sb = k
        }
      }
      if (sb < 0) continue
    } else {
      sb = mv[(rnd() * mv.length) | 0]
      if (((sb / 10) | 0) === ta) continue
      d = delta(s, sa, sb)
    }
    if (d > 0 && rnd() >= Math.exp(-d / temp)) continue
    apply(s, sa, sb)
  }
  return { slots, meet, tableCnt }
}

function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}
