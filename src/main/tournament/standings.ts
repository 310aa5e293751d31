/**
 * Standings per stage and overall (RULES.md §13, §16.3), computed from stored games. Pure.
 */
import type { GameRecord, Role } from '../../shared/game/record'
import {
  ciApplies,
  computeCi,
  recordedSeatScore,
  roundScore,
  scoreSeat,
  seatWon,
  teamOf,
  type ScoringConfig,
  type TieBreak,
  type TieBreakKey,
} from './scoring'

export interface StandingsGame {
  gameId: number
  stage: string | null
  record: GameRecord
}

export interface StandingsOptions {
  scoring: ScoringConfig
  /** Only this stage (null = games without a stage); omitted = overall. */
  stage?: string | null
  /** `config` (default): recompute per-game points from the record with `scoring`; `record`: use the points stored in it. */
  pointsSource?: 'config' | 'record'
  /** Unfinished games are left out unless this is true. */
  includeUnfinished?: boolean
  /**
   * RULES.md §16.3: Ci is applied when a stage is finalised. When given, Ci is added only in games of these stages
   * (live standings of a running stage then show no Ci yet); omitted = every stage.
   */
  ciStages?: Array<string | null>
}

export type GameResult = 'win' | 'loss' | 'draw' | 'none'

/** One seat of one game with its points (the "games" sheet of the exports). */
export interface GameSeatScore {
  gameId: number
  stage: string | null
  seat: number
  playerKey: string
  playerId: number | null
  name: string
  role: Role
  result: GameResult
  win: number
  bestMove: number
  extra: number
  penalty: number
  auto: number
  ci: number
  total: number
  /** Killed on the first shooting night while red (the `i` of Ci). */
  firstKilled: boolean
}

export type RoleCounts = Record<Role, number>

export interface StandingsRow {
  rank: number
  playerKey: string
  playerId: number | null
  name: string
  games: number
  wins: number
  gamesByRole: RoleCounts
  winsByRole: RoleCounts
  /** Points for wins (and draws). */
  points: number
  bestMove: number
  extra: number
  /** Sum of penalties (≤ 0). */
  penalties: number
  auto: number
  ci: number
  total: number
  /** Times killed on the first shooting night while red. */
  firstKilled: number
}

export interface StageStandings {
  stage: string | null
  rows: StandingsRow[]
}

export function playerKeyOf(playerId: number | null, name: string): string {
  return playerId !== null ? `id:${playerId}` : `name:${name}`
}

function resultOf(record: GameRecord, won: boolean): GameResult {
  if (!record.finished || record.winner === null) return 'none'
  if (record.winner === 'draw') return 'draw'
  return won ? 'win' : 'loss'
}

/** Every seat of every (finished) game with its points, Ci included; in game order, then seat order. */
export function scoreGames(games: StandingsGame[], options: StandingsOptions): GameSeatScore[] {
  const config = options.scoring
  const used = games.filter((g) => options.includeUnfinished === true || g.record.finished)
  const out: GameSeatScore[] = []
  for (const g of used) {
    for (const seat of [...g.record.seats].sort((a, b) => a.seat - b.seat)) {
      const s =
        options.pointsSource === 'record' ? recordedSeatScore(seat) : scoreSeat(g.record, seat, config)
      const won = seatWon(g.record, seat)
      out.push({
        gameId: g.gameId,
        stage: g.stage,
        seat: seat.seat,
        playerKey: playerKeyOf(seat.playerId, seat.name),
        playerId: seat.playerId,
        name: seat.name,
        role: seat.role,
        result: resultOf(g.record, won),
        win: s.win,
        bestMove: s.bestMove,
        extra: s.extra,
        penalty: s.penalty,
        auto: s.auto,
        ci: 0,
        total: s.total,
        firstKilled: g.record.firstKilled === seat.seat && teamOf(seat.role) === 'red',
      })
    }
  }
  applyCi(out, config, options.ciStages)
  return out
}

function applyCi(
  scores: GameSeatScore[],
  config: ScoringConfig,
  ciStages: Array<string | null> | undefined,
): void {
  if (!config.ci.enabled) return
  const stageGames = new Map<string | null, Set<number>>()
  for (const s of scores) {
    let set = stageGames.get(s.stage)
    if (set === undefined) stageGames.set(s.stage, (set = new Set()))
    set.add(s.gameId)
  }
  // Scope groups: each stage, or the whole tournament.
  const groups = new Map<string, GameSeatScore[]>()
  for (const s of scores) {
    const key = config.ci.scope === 'stage' ? `stage:${s.stage ?? ''}:${s.stage === null ? 0 : 1}` : 'all'
    let list = groups.get(key)
    if (list === undefined) groups.set(key, (list = []))
    list.push(s)
  }
  for (const list of groups.values()) {
    const n = new Map<string, number>()
    const i = new Map<string, number>()
    for (const s of list) {
      n.set(s.playerKey, (n.get(s.playerKey) ?? 0) + 1)
      if (s.firstKilled) i.set(s.playerKey, (i.get(s.playerKey) ?? 0) + 1)
    }
    for (const s of list) {
      if (!s.firstKilled || s.result !== 'loss') continue
      if (ciStages !== undefined && !ciStages.includes(s.stage)) continue
      if (!ciApplies(config, s.stage, stageGames.get(s.stage)?.size ?? 0)) continue
      const ci = computeCi(n.get(s.playerKey) ?? 0, i.get(s.playerKey) ?? 0, config.ci.k, config.ci.ratio)
      s.ci = roundScore(ci)
      s.total = roundScore(s.total + ci)
    }
  }
}

const zeroRoles = (): RoleCounts => ({ civilian: 0, sheriff: 0, mafia: 0, don: 0 })

/** Aggregates per-game seat scores into unranked rows (rank 0). */
export function aggregate(scores: GameSeatScore[]): StandingsRow[] {
  const rows = new Map<string, StandingsRow>()
  for (const s of scores) {
    let r = rows.get(s.playerKey)
    if (r === undefined) {
      r = {
        rank: 0,
        playerKey: s.playerKey,
        playerId: s.playerId,
        name: s.name,
        games: 0,
        wins: 0,
        gamesByRole: zeroRoles(),
        winsByRole: zeroRoles(),
        points: 0,
        bestMove: 0,
        extra: 0,
        penalties: 0,
        auto: 0,
        ci: 0,
        total: 0,
        firstKilled: 0,
      }
      rows.set(s.playerKey, r)
    }
    r.games++
    r.gamesByRole[s.role]++
    if (s.result === 'win') {
      r.wins++
      r.winsByRole[s.role]++
    }
    r.points = roundScore(r.points + s.win)
    r.bestMove = roundScore(r.bestMove + s.bestMove)
    r.extra = roundScore(r.extra + s.extra)
    r.penalties = roundScore(r.penalties + s.penalty)
    r.auto = roundScore(r.auto + s.auto)
    r.ci = roundScore(r.ci + s.ci)
    r.total = roundScore(r.total + s.total)
    if (s.firstKilled) r.firstKilled++
  }
  return [...rows.values()]
}

function criterionValue(row: StandingsRow, key: TieBreakKey): number {
  switch (key) {
    case 'total':
      return row.total
    case 'extra':
      return row.extra
    case 'wins':
      return row.wins
    case 'winsAsSheriff':
      return row.winsByRole.sheriff
    case 'winsAsDon':
      return row.winsByRole.don
    case 'winsAsCivilian':
      return row.winsByRole.civilian
    case 'winsAsMafia':
      return row.winsByRole.mafia
    case 'firstKilled':
      return row.firstKilled
    case 'bestMove':
      return row.bestMove
    case 'ci':
      return row.ci
    case 'penalties':
      return row.penalties
    case 'games':
      return row.games
  }
}

/** Compares by the criteria in order: negative when `a` ranks above `b`, 0 when they tie on every criterion. */
export function compareRows(a: StandingsRow, b: StandingsRow, tieBreaks: TieBreak[]): number {
  for (const tb of tieBreaks) {
    const d = roundScore(criterionValue(a, tb.key) - criterionValue(b, tb.key))
    if (d !== 0) return tb.order === 'desc' ? -d : d
  }
  return 0
}

/** Sorts rows by the criteria and gives ranks; rows equal on every criterion share a rank (1, 2, 2, 4). */
export function rankRows(rows: StandingsRow[], tieBreaks: TieBreak[]): StandingsRow[] {
  const sorted = [...rows].sort(
    (a, b) =>
      compareRows(a, b, tieBreaks) || a.name.localeCompare(b.name) || a.playerKey.localeCompare(b.playerKey),
  )
  const out: StandingsRow[] = []
  sorted.forEach((row, idx) => {
    const prev = out[idx - 1]
    const shared = prev !== undefined && compareRows(sorted[idx - 1], row, tieBreaks) === 0
    out.push({ ...row, rank: shared ? prev.rank : idx + 1 })
  })
  return out
}

/** Standings of one stage (options.stage) or overall (stage omitted). Ci is computed over all games passed in. */
export function computeStandings(games: StandingsGame[], options: StandingsOptions): StandingsRow[] {
  const scores = scoreGames(games, options)
  const picked = options.stage === undefined ? scores : scores.filter((s) => s.stage === options.stage)
  return rankRows(aggregate(picked), options.scoring.tieBreaks)
}

/** Overall standings and one table per stage (stages in order of first appearance). */
export function computeAllStandings(
  games: StandingsGame[],
  options: Omit<StandingsOptions, 'stage'>,
): { overall: StandingsRow[]; stages: StageStandings[]; games: GameSeatScore[] } {
  const scores = scoreGames(games, options)
  const stageOrder: Array<string | null> = []
  for (const s of scores) if (!stageOrder.includes(s.stage)) stageOrder.push(s.stage)
  return {
    overall: rankRows(aggregate(scores), options.scoring.tieBreaks),
    stages: stageOrder.map((stage) => ({
      stage,
      rows: rankRows(aggregate(scores.filter((s) => s.stage === stage)), options.scoring.tieBreaks),
    })),
    games: scores,
  }
}
