/**
 * Standings per stage and overall (docs/rules.md §13, §16.3), computed from stored games. Pure.
 *
 * One source of truth: a game's points are the engine's per-seat points stored in its record (the signed
 * protocol's numbers). The tournament adds Ci (§13.5) — provisional until its stage is finalised — and any
 * automatic bonuses, and orders the rows by the ruleset's tie-breaks (§13.6).
 */
import { classify, type ClassificationRow } from './classification'
import type { GameRecord, Role } from '../../shared/game/record'
import { applyCi, culpritKey } from './ci'
import { gamePoints, roundScore, seatWon, teamOf } from '../../shared/game/scoring-system'
import { normalise, rankRows } from './ranking'
import type { ScoringSystem, TieBreak, TieBreakKey } from './scoring'
import type { Normaliser } from '../../shared/game/scoring-system'

export interface StandingsGame {
  gameId: number
  stage: string | null
  record: GameRecord
  /**
   * The seat whose team defeat (ППК) ended the game, when known from the log; he gets no Ci for it (he caused
   * his team's loss), even when he had already left the table. Omitted: read from the record (`left.how`).
   */
  teamDefeatBy?: number | null
  /** The extra points range of the game's own ruleset (default: the tournament's, `scoring.extraPoints`). */
  extraRange?: { min: number; max: number }
  /**
   * Seats whose player scores for nobody (issue 28): a spare seat's or a substitute's player, who is not a player
   * of the tournament; they count in no standings row.
   */
  scoresForNobody?: readonly number[]
}

export interface StandingsOptions {
  scoring: ScoringSystem
  /** Only this stage (null = games without a stage); omitted = overall. */
  stage?: string | null
  /** Unfinished games are left out unless this is true. */
  includeUnfinished?: boolean
  /**
   * docs/rules.md §16.3: Ci is applied when a stage is finalised. Ci of the stages listed here is final; in every other
   * stage it is shown but marked provisional (`ciProvisional`). Omitted = every stage is finalised.
   */
  finalisedStages?: Array<string | null>
  /** The final classification's carry-over (see classification.ts); default 0: the final's result alone. */
  carryOver?: number
  /**
   * The tournament's normaliser for unequal game counts (docs/tournament.md «Нормировка»); default `none`. It ranks
   * the overall table and the qualifying tables (the qualifying stage, games without a stage); a semi-final or a
   * final seats its players for every round and ranks by the total.
   */
  normaliser?: Normaliser
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
  /** The stored game points + auto + Ci. */
  total: number
  /** Killed on the first shooting night while red (the `i` of Ci). */
  firstKilled: boolean
  /** Ci of a stage that is not finalised yet (it may still change). */
  ciProvisional: boolean
  /** Extra points outside the ruleset's range: kept as stored, flagged (a warning), never clamped. */
  extraOutOfRange: boolean
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
  /** Some of the player's Ci comes from a stage that is not finalised. */
  ciProvisional: boolean
  /** The tie-break values, in the ruleset's order (`total` left out). */
  tieBreaks: Array<{ key: TieBreakKey; value: number }>
  /**
   * The tie-break that separated this row from a neighbour with the same total (the row above, else the row
   * below); null when the total alone places it, or when it shares its rank (a tie no criterion breaks).
   */
  decidedBy: TieBreakKey | null
  /**
   * Points per game (the total over the games, rounded like every score) where the table is ranked by the «очки за
   * игру» normaliser; null where it is ranked by the total. With it, `decidedBy` compares points per game.
   */
  perGame: number | null
}

/**
 * A player listed apart, unranked («вне зачёта»): he played fewer games than the normaliser's minimum. Listed below
 * the ranked rows by points per game; he takes no place, in the cut nor in the classification.
 */
export type ApartRow = Omit<StandingsRow, 'rank' | 'perGame' | 'decidedBy'> & {
  rank: null
  perGame: number
  decidedBy: null
  /** The minimum he did not reach: «меньше N игр». */
  minGames: number
}

export interface StageStandings {
  stage: string | null
  rows: StandingsRow[]
  /** The players listed apart under the normaliser (empty without one, and in a semi-final or a final). */
  apart: ApartRow[]
}

export type StandingsWarning = {
  code: 'extraOutOfRange'
  gameId: number
  seat: number
  name: string
  extra: number
  min: number
  max: number
}

export interface AllStandings {
  /** The normaliser the tables were ranked with (`none`: by the total). */
  normaliser: Normaliser
  overall: StandingsRow[]
  /** The players listed apart from the overall table (below its minimum of games). */
  apart: ApartRow[]
  stages: StageStandings[]
  games: GameSeatScore[]
  /** The tie-break columns shown next to the total (the ruleset's order). */
  tieBreaks: TieBreak[]
  /** Some Ci is provisional (a stage with Ci is still open). */
  ciProvisional: boolean
  warnings: StandingsWarning[]
  /** The final classification: finalists, then semi-finalists, then the rest by the qualifying. */
  classification: ClassificationRow[]
}

const NO_NORMALISER: Normaliser = { kind: 'none' }

export function playerKeyOf(playerId: number | null, name: string): string {
  return playerId !== null ? `id:${playerId}` : `name:${name}`
}

function resultOf(record: GameRecord, won: boolean): GameResult {
  if (!record.finished || record.winner === null) return 'none'
  if (record.winner === 'draw') return 'draw'
  return won ? 'win' : 'loss'
}

function teamDefeatCulprit(g: StandingsGame): number | null {
  if (g.record.endReason !== 'teamDefeat') return null
  if (g.teamDefeatBy !== undefined) return g.teamDefeatBy
  return g.record.seats.find((s) => s.left?.how === 'teamDefeat')?.seat ?? null
}

interface Scored {
  scores: GameSeatScore[]
  culprits: Set<string>
}

function scoreSeats(games: StandingsGame[], options: StandingsOptions): Scored {
  const config = options.scoring
  const used = games.filter((g) => options.includeUnfinished === true || g.record.finished)
  const finalised = options.finalisedStages
  const scores: GameSeatScore[] = []
  const culprits = new Set<string>()
  for (const g of used) {
    const culprit = teamDefeatCulprit(g)
    if (culprit !== null) culprits.add(culpritKey(g.gameId, culprit))
    const range = g.extraRange ?? config.extraPoints
    const points = new Map(gamePoints(g.record, config).map((p) => [p.seat, p]))
    for (const seat of [...g.record.seats].sort((a, b) => a.seat - b.seat)) {
      if (g.scoresForNobody?.includes(seat.seat)) continue
      const s = points.get(seat.seat)!
      const won = seatWon(g.record.winner, seat.role)
      scores.push({
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
        ciProvisional: config.ci.enabled && finalised !== undefined && !finalised.includes(g.stage),
        extraOutOfRange: roundScore(s.extra - range.max) > 0 || roundScore(range.min - s.extra) > 0,
      })
    }
  }
  return { scores, culprits }
}

/** Every seat of every (finished) game with its points, Ci included; in game order, then seat order. */
export function scoreGames(games: StandingsGame[], options: StandingsOptions): GameSeatScore[] {
  const { scores, culprits } = scoreSeats(games, options)
  applyCi(scores, options.scoring, culprits)
  return scores
}

/**
 * Ci per game and seat (docs/rules.md §13.5) — what the database stores in `game_results.ci` when a stage is
 * finalised. Every seat of every finished game is listed (0 where no Ci), so a re-finalisation also clears.
 */
export function ciValues(
  games: StandingsGame[],
  scoring: ScoringSystem,
): Array<{ gameId: number; seat: number; ci: number }> {
  return scoreGames(games, { scoring }).map((s) => ({ gameId: s.gameId, seat: s.seat, ci: s.ci }))
}

const zeroRoles = (): RoleCounts => ({ civilian: 0, sheriff: 0, mafia: 0, don: 0 })

/** Aggregates per-game seat scores into unranked rows (rank 0, no tie-break values yet). */
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
        ciProvisional: false,
        tieBreaks: [],
        decidedBy: null,
        perGame: null,
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
    if (s.ciProvisional) r.ciProvisional = true
  }
  return [...rows.values()]
}

/**
 * Standings of one stage (options.stage) or overall (stage omitted), ranked by the total. Ci is computed over all
 * games passed in. A tournament's tables with its normaliser come from `computeAllStandings`.
 */
export function computeStandings(
  games: StandingsGame[],
  options: Omit<StandingsOptions, 'normaliser'>,
): StandingsRow[] {
  const scores = scoreGames(games, options)
  const picked = options.stage === undefined ? scores : scores.filter((s) => s.stage === options.stage)
  return rankRows(aggregate(picked), options.scoring.tieBreaks)
}

function warningsOf(
  scores: GameSeatScore[],
  games: StandingsGame[],
  config: ScoringSystem,
): StandingsWarning[] {
  const ranges = new Map(games.map((g) => [g.gameId, g.extraRange ?? config.extraPoints]))
  return scores
    .filter((s) => s.extraOutOfRange)
    .map((s) => {
      const range = ranges.get(s.gameId) ?? config.extraPoints
      return {
        code: 'extraOutOfRange' as const,
        gameId: s.gameId,
        seat: s.seat,
        name: s.name,
        extra: s.extra,
        min: range.min,
        max: range.max,
      }
    })
}

/** Overall standings and one table per stage (stages in order of first appearance). */
export function computeAllStandings(
  games: StandingsGame[],
  options: Omit<StandingsOptions, 'stage'>,
): AllStandings {
  const scores = scoreGames(games, options)
  const tieBreaks = options.scoring.tieBreaks
  const byStage = new Map<string | null, GameSeatScore[]>()
  for (const s of scores) {
    let list = byStage.get(s.stage)
    if (list === undefined) byStage.set(s.stage, (list = []))
    list.push(s)
  }
  const normaliser = options.normaliser ?? NO_NORMALISER
  // The one place the normaliser ranks: every table, view and export reads these rows and these apart lists.
  const table = (list: GameSeatScore[], normalised: boolean): { rows: StandingsRow[]; apart: ApartRow[] } =>
    normalise(aggregate(list), normalised ? normaliser : NO_NORMALISER, tieBreaks)
  const stages = [...byStage].map(([stage, list]) => ({
    stage,
    ...table(list, stage === null || stage === 'qualifying'),
  }))
  const overall = table(scores, true)
  return {
    normaliser,
    overall: overall.rows,
    apart: overall.apart,
    stages,
    classification: classify(stages, { carryOver: options.carryOver ?? 0 }),
    games: scores,
    tieBreaks: tieBreaks.filter((tb) => tb.key !== 'total'),
    ciProvisional: scores.some((s) => s.ciProvisional),
    warnings: warningsOf(scores, games, options.scoring),
  }
}

/** A table as it is shown and exported: the ranked rows, then the players listed apart (unranked). */
export function listedRows(table: {
  rows: StandingsRow[]
  apart: ApartRow[]
}): Array<StandingsRow | ApartRow> {
  return [...table.rows, ...table.apart]
}

/** Why a row is listed apart (fewer games than the minimum), or null for a ranked row. */
export function unrankedOf(row: StandingsRow | ApartRow): { reason: 'fewerGames'; minGames: number } | null {
  return row.rank === null ? { reason: 'fewerGames', minGames: row.minGames } : null
}
