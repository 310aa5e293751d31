/**
 * An independent FIIM tournament calculator for the e2e tests: written from docs/rules.md §13, §16 and
 * docs/tournament.md §6 alone, never importing the app's scoring, standings or classification code, so a test
 * can check every figure the app shows against it.
 *
 * Per game and seat (§13.1–13.4): a win 1, a loss 0; the best move of the red killed on night 1 scores 0.5 for
 * three blacks, 0.3 for two (void when two or more left by day 1's vote — a removal that day is not the vote); the judge's extra points; penalties
 * (removal −0.5, the culprit of a team defeat −0.7).
 * Per stage (§13.5): n games, i times killed on night 1 as a red, B = round(0.4·n), Ci = min(K·i/B, K), added in
 * every game he was killed first and his team lost (never to the culprit of the team defeat that lost it); none in
 * a final of fewer than 4 games.
 * Order (§13.6): total, then extra points, wins, wins as sheriff, wins as don, times killed first (all more is
 * better); equal on all: a shared place.
 * Final classification: the finalists by their final total plus carry × their earlier points, the final's own
 * place breaking a tie; then everyone else by the qualifying.
 */

export type Role = 'civilian' | 'sheriff' | 'mafia' | 'don'
export type Team = 'red' | 'black'
export type Stage = 'qualifying' | 'final'

export const FIIM = {
  win: 1,
  bestMove3: 0.5,
  bestMove2: 0.3,
  removalPenalty: -0.5,
  teamDefeatPenalty: -0.7,
  ciK: 0.4,
  ciRatio: 0.4,
  ciMinFinalGames: 4,
  bestMoveVoidAt: 2,
} as const

/** What happened in one game, as the test's game generator knows it (not as the app recorded it). */
export interface GameFacts {
  stage: Stage
  /** Seat 1..10 → player name (index 0 = seat 1). */
  players: string[]
  roles: Role[]
  winner: Team
  /** The seat killed on night 1, or null (a miss, or the game never reached a kill). */
  firstKilled: number | null
  bestMove: number[] | null
  /** Players who left by day 1's vote (a lift-all of two counts two; a removal is not the vote). */
  day1VotedOut: number
  /** Seat → the sum of the judge's extra points. */
  extra: Record<number, number>
  /** Seat → the sum of penalties (negative). */
  penalties: Record<number, number>
  /** The seat whose team defeat (ППК) ended the game. */
  teamDefeatBy: number | null
  /** Seat → fouls given in the game. */
  fouls: Record<number, number>
}

export interface SeatLine {
  name: string
  fouls: number
  role: Role
  win: number
  bestMove: number
  extra: number
  penalty: number
  ci: number
  total: number
  firstKilledRed: boolean
  won: boolean
}

export interface Row {
  rank: number
  name: string
  games: number
  wins: number
  points: number
  bestMove: number
  extra: number
  penalties: number
  ci: number
  total: number
  winsAsSheriff: number
  winsAsDon: number
  firstKilled: number
  /**
   * The tie-break that parted him from a neighbour with the same total (the row above, else the one below); null
   * when the total alone places him, or when he shares the place.
   */
  decidedBy: string | null
}

export interface ClassRow {
  place: number
  name: string
  group: 'final' | 'qualifying'
  stageTotal: number
  carried: number
  score: number
}

/** Sums of tenths: rounded so 0.1 + 0.2 equals 0.3. */
export const r6 = (x: number): number => {
  const v = Math.round(x * 1e6) / 1e6
  return v === 0 ? 0 : v
}

export const teamOf = (role: Role): Team => (role === 'mafia' || role === 'don' ? 'black' : 'red')

/** The points of each seat of one game, without Ci. */
export function gameLines(g: GameFacts): SeatLine[] {
  const blacksNamed = g.bestMove?.filter((s) => teamOf(g.roles[s - 1]) === 'black').length ?? 0
  return g.players.map((name, i) => {
    const seat = i + 1
    const role = g.roles[i]
    const won = teamOf(role) === g.winner
    const firstKilledRed = g.firstKilled === seat && teamOf(role) === 'red'
    const bestMoveCounts = firstKilledRed && g.bestMove !== null && g.day1VotedOut < FIIM.bestMoveVoidAt
    const bestMove = !bestMoveCounts
      ? 0
      : blacksNamed === 3
        ? FIIM.bestMove3
        : blacksNamed === 2
          ? FIIM.bestMove2
          : 0
    const extra = r6(g.extra[seat] ?? 0)
    const penalty = r6(g.penalties[seat] ?? 0)
    const win = won ? FIIM.win : 0
    return {
      name,
      fouls: g.fouls[seat] ?? 0,
      role,
      win,
      bestMove,
      extra,
      penalty,
      ci: 0,
      total: r6(win + bestMove + extra + penalty),
      firstKilledRed,
      won,
    }
  })
}

/** Ci of n games with i first kills (§13.5). */
export function ciOf(n: number, i: number): number {
  const b = Math.round(FIIM.ciRatio * n)
  return b === 0 ? 0 : Math.min((FIIM.ciK * i) / b, FIIM.ciK)
}

/** Every seat of the stage's games with its Ci added (n and i counted within the stage). */
export function stageLines(games: GameFacts[]): SeatLine[][] {
  const lines = games.map(gameLines)
  const n = new Map<string, number>()
  const i = new Map<string, number>()
  for (const game of lines)
    for (const l of game) {
      n.set(l.name, (n.get(l.name) ?? 0) + 1)
      if (l.firstKilledRed) i.set(l.name, (i.get(l.name) ?? 0) + 1)
    }
  const finalTooShort = games.length > 0 && games[0].stage === 'final' && games.length < FIIM.ciMinFinalGames
  games.forEach((g, k) =>
    lines[k].forEach((l, seatIndex) => {
      if (!l.firstKilledRed || l.won || finalTooShort) return
      if (g.teamDefeatBy === seatIndex + 1) return
      l.ci = r6(ciOf(n.get(l.name)!, i.get(l.name) ?? 0))
      l.total = r6(l.total + l.ci)
    }),
  )
  return lines
}

const CRITERIA: Array<keyof Row> = ['total', 'extra', 'wins', 'winsAsSheriff', 'winsAsDon', 'firstKilled']

/** Rows of a list of seat lines, ranked (§13.6); a tie on every criterion shares a place. */
export function rank(lines: SeatLine[]): Row[] {
  const rows = new Map<string, Row>()
  for (const l of lines) {
    const r = rows.get(l.name) ?? {
      rank: 0,
      name: l.name,
      games: 0,
      wins: 0,
      points: 0,
      bestMove: 0,
      extra: 0,
      penalties: 0,
      ci: 0,
      total: 0,
      winsAsSheriff: 0,
      winsAsDon: 0,
      firstKilled: 0,
      decidedBy: null,
    }
    r.games++
    if (l.won) {
      r.wins++
      if (l.role === 'sheriff') r.winsAsSheriff++
      if (l.role === 'don') r.winsAsDon++
    }
    if (l.firstKilledRed) r.firstKilled++
    r.points = r6(r.points + l.win)
    r.bestMove = r6(r.bestMove + l.bestMove)
    r.extra = r6(r.extra + l.extra)
    r.penalties = r6(r.penalties + l.penalty)
    r.ci = r6(r.ci + l.ci)
    r.total = r6(r.total + l.total)
    rows.set(l.name, r)
  }
  const cmp = (a: Row, b: Row): number => {
    for (const k of CRITERIA) {
      const d = r6((b[k] as number) - (a[k] as number))
      if (d !== 0) return d
    }
    return 0
  }
  const sorted = [...rows.values()].sort(cmp)
  /** The first tie-break on which a and b differ when their totals are equal. */
  const parting = (a: Row | undefined, b: Row | undefined): string | null => {
    if (a === undefined || b === undefined || r6(a.total - b.total) !== 0) return null
    return CRITERIA.slice(1).find((k) => r6((a[k] as number) - (b[k] as number)) !== 0) ?? null
  }
  sorted.forEach((r, idx) => {
    const shared = idx > 0 && cmp(sorted[idx - 1], r) === 0
    r.rank = shared ? sorted[idx - 1].rank : idx + 1
    r.decidedBy = shared ? null : (parting(sorted[idx - 1], r) ?? parting(r, sorted[idx + 1]))
  })
  return sorted
}

export interface Standings {
  qualifying: Row[]
  final: Row[]
  overall: Row[]
  classification: ClassRow[]
  /** Every game's seat lines (Ci included), in the order of `games`. */
  lines: SeatLine[][]
}

/** The whole tournament: per-stage tables, the overall table (Ci per stage), the classification. */
export function standings(games: GameFacts[], carryOver: number): Standings {
  const q = games.filter((g) => g.stage === 'qualifying')
  const f = games.filter((g) => g.stage === 'final')
  const qLines = stageLines(q)
  const fLines = stageLines(f)
  const qualifying = rank(qLines.flat())
  const final = rank(fLines.flat())
  const overall = rank([...qLines, ...fLines].flat())
  const qTotal = new Map(qualifying.map((r) => [r.name, r.total]))
  const finalists = final
    .map((r) => {
      const carried = r6(carryOver * (qTotal.get(r.name) ?? 0))
      return { r, carried, score: r6(r.total + carried) }
    })
    .sort((a, b) => b.score - a.score || a.r.rank - b.r.rank || a.r.name.localeCompare(b.r.name))
  const classification: ClassRow[] = []
  finalists.forEach((e, idx) => {
    const prev = finalists[idx - 1]
    const shared = prev !== undefined && prev.score === e.score && prev.r.rank === e.r.rank
    classification.push({
      place: shared ? classification[idx - 1].place : idx + 1,
      name: e.r.name,
      group: 'final',
      stageTotal: e.r.total,
      carried: e.carried,
      score: e.score,
    })
  })
  const inFinal = new Set(final.map((r) => r.name))
  let prevQ: Row | null = null
  for (const r of qualifying) {
    if (inFinal.has(r.name)) continue
    const place: number =
      prevQ !== null && prevQ.rank === r.rank ? classification.at(-1)!.place : classification.length + 1
    classification.push({
      place,
      name: r.name,
      group: 'qualifying',
      stageTotal: r.total,
      carried: 0,
      score: r.total,
    })
    prevQ = r
  }
  const byGame = new Map<GameFacts, SeatLine[]>()
  q.forEach((g, k) => byGame.set(g, qLines[k]))
  f.forEach((g, k) => byGame.set(g, fLines[k]))
  return { qualifying, final, overall, classification, lines: games.map((g) => byGame.get(g)!) }
}

/** The top `size` of a ranked table, and the players tied on every criterion across the cut (if any). */
export function cut(rows: Row[], size: number): { through: string[]; tied: string[] } {
  const boundary = rows[size - 1]
  const next = rows[size]
  if (next === undefined || next.rank !== boundary.rank)
    return { through: rows.slice(0, size).map((r) => r.name), tied: [] }
  const tied = rows.filter((r) => r.rank === boundary.rank).map((r) => r.name)
  return { through: rows.filter((r) => r.rank < boundary.rank).map((r) => r.name), tied }
}

/** An award's rule, as the awards' shipped defaults define it (issue 31: five awards by points in the roles). */
export interface AwardRule {
  id: string
  roles: Role[]
  minGames: number
}

export interface AwardEntry {
  name: string
  games: number
  wins: number
  points: number
  ci: number
  bestMoveHits: number
  fouls: number
  rank: number
}

/**
 * An award's winners: the players with at least `minGames` games in the roles, by total points in those roles
 * (Ci included), then more games, more wins, more Ci, more scoring best moves, fewer fouls, a better overall
 * place; those equal on all share the award.
 */
export function awardWinners(s: Standings, rule: AwardRule): AwardEntry[] {
  const ranks = new Map(s.overall.map((r) => [r.name, r.rank]))
  const entries = new Map<string, AwardEntry>()
  for (const l of s.lines.flat()) {
    if (!rule.roles.includes(l.role)) continue
    const e = entries.get(l.name) ?? {
      name: l.name,
      games: 0,
      wins: 0,
      points: 0,
      ci: 0,
      bestMoveHits: 0,
      fouls: 0,
      rank: ranks.get(l.name)!,
    }
    e.games++
    if (l.won) e.wins++
    e.points = r6(e.points + l.total)
    e.ci = r6(e.ci + l.ci)
    if (l.bestMove > 0) e.bestMoveHits++
    e.fouls += l.fouls
    entries.set(l.name, e)
  }
  const key = (e: AwardEntry): number[] => [
    e.points,
    e.games,
    e.wins,
    e.ci,
    e.bestMoveHits,
    -e.fouls,
    -e.rank,
  ]
  const cmp = (a: AwardEntry, b: AwardEntry): number => {
    const ka = key(a)
    const kb = key(b)
    for (let k = 0; k < ka.length; k++) if (r6(kb[k] - ka[k]) !== 0) return kb[k] - ka[k]
    return 0
  }
  const sorted = [...entries.values()].filter((e) => e.games >= rule.minGames).sort(cmp)
  return sorted.filter((e) => cmp(sorted[0], e) === 0)
}

/** One tournament of a season: its final classification and its weight. */
export interface SeasonEntry {
  id: number
  weight: number
  classification: ClassRow[]
}

export interface SeasonRow {
  name: string
  total: number
  tournaments: number
  wins: number
  bestPlace: number
  results: Array<{ tournamentId: number; place: number; points: number }>
}

const r2 = (x: number): number => Math.round(x * 100) / 100

/**
 * The season's series table (issue 31 §4): each tournament's final place earns the points table's value for that
 * place (0 past its end; a shared place earns that place's points) times the tournament's weight. Ordered by
 * the series points, then tournament wins, then the better places by countback (more 2nd places, then 3rd, …);
 * the rating that breaks what is left is the app's OpenSkill, not recomputed here, so such rows stay in a group.
 */
export function seasonTable(entries: SeasonEntry[], table: readonly number[]): SeasonRow[] {
  const rows = new Map<string, SeasonRow>()
  for (const t of entries)
    for (const c of t.classification) {
      const row = rows.get(c.name) ?? {
        name: c.name,
        total: 0,
        tournaments: 0,
        wins: 0,
        bestPlace: Infinity,
        results: [],
      }
      const points = r2((table[c.place - 1] ?? 0) * t.weight)
      row.results.push({ tournamentId: t.id, place: c.place, points })
      row.total = r2(row.total + points)
      row.tournaments++
      if (c.place === 1) row.wins++
      row.bestPlace = Math.min(row.bestPlace, c.place)
      rows.set(c.name, row)
    }
  return [...rows.values()].sort((a, b) => seasonCompare(a, b))
}

/** Negative when a goes first by points, wins and countback; 0 when only the rating could part them. */
export function seasonCompare(a: SeasonRow, b: SeasonRow): number {
  if (r2(b.total - a.total) !== 0) return b.total - a.total
  if (b.wins !== a.wins) return b.wins - a.wins
  const count = (r: SeasonRow, place: number): number => r.results.filter((x) => x.place === place).length
  const last = Math.max(...a.results.map((x) => x.place), ...b.results.map((x) => x.place))
  for (let p = 2; p <= last; p++) if (count(b, p) !== count(a, p)) return count(b, p) - count(a, p)
  return 0
}
