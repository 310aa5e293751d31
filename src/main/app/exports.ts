/**
 * Protocols and standings from the database: loads the stored games, rebuilds each game record through the
 * engine (the log is the source of truth) and hands it to the exporters. Used by the CLI and the contract.
 */
import { gameRecord, restore, type GameSetup, type LogEntry } from '../engine'
import type { MafiaDb, GameRow } from '../db'
import { exportProtocol, exportStandings, scoringFor, type ExportProtocolOptions } from '../export/commands'
import type { ProtocolHeader } from '../export/protocol'
import type { StageKind } from '../db/types'
import type { StandingsFormat } from '../export/standings-file'
import type { Lang } from '../export/i18n'
import { ciValues } from '../tournament/standings'
import {
  computeAllStandings,
  listedRows,
  unrankedOf,
  type AllStandings,
  type StandingsGame,
  type StandingsOptions,
} from '../tournament/standings'
import type { ScoringSystem, TieBreakKey } from '../tournament/scoring'
import { rulesetOfSetup, standingsGameFromLog } from '../tournament/games'
import { scoresForNobodyIn, substitutionMarks } from './tournament-record'
import type { GameRecord } from '../../shared/game/record'
import { BUILTIN_RULESETS, rulesetSchema, type Ruleset } from '../../shared/game/ruleset'
import { AppError, appError } from '../../shared/errors'
import type { OverlayClassification, OverlayStandings } from '../../shared/contract'
import { tournamentNormaliser } from './standings-normaliser'

export function gameNotFound(gameId: number): AppError {
  return new AppError(
    appError('export/game_not_found', `Игра №${gameId} не найдена`, `Game ${gameId} not found`, { gameId }),
  )
}

export function tournamentNotFound(id: number): AppError {
  return new AppError(
    appError('export/tournament_not_found', `Турнир №${id} не найден`, `Tournament ${id} not found`, {
      tournamentId: id,
    }),
  )
}

export function recordOf(
  db: MafiaDb,
  gameId: number,
): { row: GameRow; record: GameRecord; startedAt: number | null; endedAt: number | null } {
  const loaded = db.games.loadGame(gameId)
  if (!loaded) throw gameNotFound(gameId)
  const log = loaded.log as LogEntry[]
  const game = restore(loaded.game.setup as GameSetup, log)
  const record = gameRecord(game)
  // The game starts with its first command ('start'); it ends with the last one of a finished game.
  const startedAt = log.length > 0 ? log[0].at : null
  const endedAt = record.finished && log.length > 0 ? log[log.length - 1].at : null
  return { row: loaded.game, record, startedAt, endedAt }
}

function stageName(db: MafiaDb, stageId: number | null): string | null {
  return stageId === null ? null : (db.tournaments.getStage(stageId)?.name ?? null)
}

export function protocolHeader(db: MafiaDb, row: GameRow, record: GameRecord): ProtocolHeader {
  const tournament = row.tournamentId === null ? null : db.tournaments.getTournament(row.tournamentId)
  const round = row.roundId === null ? null : db.tournaments.getRound(row.roundId)
  const table = row.tableId === null ? null : db.tournaments.getTable(row.tableId)
  const stageId = row.stageId ?? (round ? round.stageId : null)
  return {
    // A friendly game: the protocol prints «Товарищеская игра» / «Friendly game» in its own language.
    tournament: tournament?.name ?? '',
    stage: stageName(db, stageId),
    stageKind: stageKey(db, stageId),
    round: round?.number ?? null,
    table: table?.number ?? null,
    // A friendly game has no number: the protocol names it by its id («Игра №12»), as every screen does.
    gameNumber: row.number,
    gameId: row.id,
    date: new Date(row.createdAt).toISOString().slice(0, 10),
    judge: row.judge || table?.judge || '',
    rulesetName: record.rulesetName,
  }
}

export async function protocolFile(
  db: MafiaDb,
  gameId: number,
  options: ExportProtocolOptions,
): Promise<{ bytes: Buffer; header: ProtocolHeader }> {
  const { row, record, startedAt, endedAt } = recordOf(db, gameId)
  const header = { ...protocolHeader(db, row, record), gameId: row.id, startedAt, endedAt }
  // A cancelled game (issue 11) says so in its protocol, with the reason.
  if (row.cancelledAt !== null) {
    const note = options.lang === 'en' ? 'GAME CANCELLED' : 'ИГРА ОТМЕНЕНА'
    header.comments = [`${note}: ${row.cancelReason ?? ''}`, ...(header.comments ?? [])]
  }
  // The head judge's substitutions at this table (issue 28): marked at the seat and explained on page 2.
  const marks = substitutionMarks(db, row, options.lang === 'en' ? 'en' : 'ru')
  if (marks.comments.length > 0) {
    header.seatNotes = marks.seatNotes
    header.comments = [...marks.comments, ...(header.comments ?? [])]
  }
  return { bytes: await exportProtocol(record, header, options), header }
}

/**
 * Game records rebuilt from the log, kept per database while the game row is unchanged (same uuid, last seq and
 * update time): recomputing the standings after one result replays that game only.
 */
const recordCache = new WeakMap<MafiaDb, Map<number, { key: string; game: StandingsGame }>>()

/** The stage key the standings group by: its kind ('qualifying' | 'semifinal' | 'final'; Ci's "finals under 4
 * games" rule looks for 'final'). */
function stageKey(db: MafiaDb, stageId: number | null): StageKind | null {
  return stageId === null ? null : (db.tournaments.getStage(stageId)?.kind ?? null)
}

function stageIdOf(db: MafiaDb, row: GameRow): number | null {
  const round = row.roundId === null ? null : db.tournaments.getRound(row.roundId)
  return row.stageId ?? round?.stageId ?? null
}

export function standingsGames(db: MafiaDb, tournamentId: number): StandingsGame[] {
  if (!db.tournaments.getTournament(tournamentId)) throw tournamentNotFound(tournamentId)
  let cache = recordCache.get(db)
  if (cache === undefined) recordCache.set(db, (cache = new Map()))
  const seen = new Set<number>()
  // A spare seat's or a substitute's player scores for nobody (issue 28).
  const nobody = scoresForNobodyIn(db)
  const out = db.games.listGames({ tournamentId }).map((row) => {
    seen.add(row.id)
    const stage = stageKey(db, stageIdOf(db, row))
    const scoresForNobody = nobody(row)
    const key = `${row.uuid}|${row.lastSeq ?? ''}|${row.updatedAt}|${row.status}`
    const hit = cache.get(row.id)
    if (hit !== undefined && hit.key === key) return { ...hit.game, stage, scoresForNobody }
    const loaded = db.games.loadGame(row.id)
    if (!loaded) throw gameNotFound(row.id)
    const game = standingsGameFromLog(row.id, stage, loaded.game.setup as GameSetup, loaded.log as LogEntry[])
    cache.set(row.id, { key, game })
    return { ...game, scoresForNobody }
  })
  for (const id of [...cache.keys()]) if (!seen.has(id) && !db.games.getGame(id)) cache.delete(id)
  return out
}

/**
 * The ruleset the tournament is scored with (Ci's K, the extra points range, the tie-breaks): the copy stored
 * with the tournament; without one, the ruleset its games were played under; FIIM when there is neither. A
 * game's own points always come from its own record.
 */
export function tournamentRuleset(db: MafiaDb, tournamentId: number): Ruleset {
  const stored = db.tournaments.getTournament(tournamentId)?.ruleset
  const own = rulesetSchema.safeParse(stored)
  if (own.success) return own.data
  const id = (stored as { id?: unknown } | null | undefined)?.id
  if (id === 'fiim' || id === 'club' || id === 'city') return BUILTIN_RULESETS[id]
  for (const row of db.games.listGames({ tournamentId })) {
    const r = rulesetOfSetup(row.setup)
    if (r) return r
  }
  return BUILTIN_RULESETS.fiim
}

export function tournamentScoring(db: MafiaDb, tournamentId: number): ScoringSystem {
  return scoringFor(tournamentRuleset(db, tournamentId))
}

/**
 * docs/rules.md §16.3: a stage is finalised when it has rounds and every one of them is finished; its Ci is final
 * then, and provisional before. Games outside any stage count as finalised.
 */
export function isStageFinalised(db: MafiaDb, stageId: number): boolean {
  const rounds = db.tournaments.listRounds(stageId)
  return rounds.length > 0 && rounds.every((r) => r.status === 'finished')
}

/** The stage keys (see standingsGames) whose Ci is final. */
export function finalisedStageKeys(db: MafiaDb, tournamentId: number): Array<string | null> {
  const open = new Set<string>()
  const all = new Set<string>()
  for (const st of db.tournaments.listStages(tournamentId)) {
    all.add(st.kind)
    if (!isStageFinalised(db, st.id)) open.add(st.kind)
  }
  return [null, ...[...all].filter((k) => !open.has(k))]
}

function standingsOptions(db: MafiaDb, tournamentId: number): StandingsOptions {
  return {
    scoring: tournamentScoring(db, tournamentId),
    finalisedStages: finalisedStageKeys(db, tournamentId),
    carryOver: carryOverOf(db, tournamentId),
    normaliser: tournamentNormaliser(db, tournamentId),
  }
}

/** The final classification's carry-over: the tournament's final stage says it (0 when it has none). */
export function carryOverOf(db: MafiaDb, tournamentId: number): number {
  const final = db.tournaments.listStages(tournamentId).find((s) => s.kind === 'final')
  return final?.options.carryOver ?? 0
}

export async function standingsFile(
  db: MafiaDb,
  tournamentId: number,
  format: StandingsFormat,
  lang: Lang = 'ru',
): Promise<Buffer> {
  const games = standingsGames(db, tournamentId)
  const title = db.tournaments.getTournament(tournamentId)?.name
  const awards = db.awards.effectiveAwardRules(tournamentId).settings
  return exportStandings(games, { ...standingsOptions(db, tournamentId), lang, title, awards }, format)
}

export function liveStandings(db: MafiaDb, tournamentId: number): AllStandings {
  const { games, options } = standingsInputs(db, tournamentId)
  return computeAllStandings(games, options)
}

/** What the standings are computed from: the tournament's stored games and its options (system, finalised stages). */
export function standingsInputs(
  db: MafiaDb,
  tournamentId: number,
): { games: StandingsGame[]; options: StandingsOptions } {
  return { games: standingsGames(db, tournamentId), options: standingsOptions(db, tournamentId) }
}

/**
 * Stores the per-seat Ci of a stage's games (`game_results.ci`) — call it when the stage is finalised. Ci is
 * computed over the stage's games (or the whole tournament when the scoring's Ci scope says so). Returns the
 * values stored.
 */
export function storeStageCi(
  db: MafiaDb,
  tournamentId: number,
  stageId: number,
): Array<{ gameId: number; seat: number; ci: number }> {
  const games = standingsGames(db, tournamentId)
  const inStage = new Set(
    db.games
      .listGames({ tournamentId })
      .filter((row) => stageIdOf(db, row) === stageId)
      .map((row) => row.id),
  )
  const values = ciValues(games, tournamentScoring(db, tournamentId)).filter((v) => inStage.has(v.gameId))
  db.games.setCi(values)
  return values
}

/**
 * Call after a round is finished: when that closes its stage (every round finished), the stage's Ci is stored per
 * seat (`game_results.ci`). Returns the values stored, or null when the stage is still open.
 */
export function storeCiIfStageFinalised(
  db: MafiaDb,
  roundId: number,
): Array<{ gameId: number; seat: number; ci: number }> | null {
  const round = db.tournaments.getRound(roundId)
  const stage = round ? db.tournaments.getStage(round.stageId) : null
  if (!stage || !isStageFinalised(db, stage.id)) return null
  return storeStageCi(db, stage.tournamentId, stage.id)
}

/** A standings row in the overlay's shape, with its tie-break values and the criterion that decided its place. */
export interface OverlayStandingsRow {
  /** null: listed apart, unranked (after the ranked rows). */
  place: number | null
  perGame: number | null
  unranked: { reason: 'fewerGames'; minGames: number } | null
  name: string
  playerId: number | null
  points: number
  games: number
  wins: number
  /** Values in the order of `OverlayStandingsWithTieBreaks.tieBreaks`. */
  tieBreaks: number[]
  decidedBy: TieBreakKey | null
  ciProvisional: boolean
}

/** The overlay's standings plus the tie-break columns (a superset of the contract's OverlayStandings). */
export interface OverlayStandingsWithTieBreaks extends OverlayStandings {
  rows: OverlayStandingsRow[]
  tieBreaks: TieBreakKey[]
  ciProvisional: boolean
}

/**
 * The final classification as the stream shows it: present once a later stage places players (a semi-final or a
 * final), final once the final stage is finalised (the same `finalisedStages` the standings and the exports read),
 * else provisional.
 */
export function overlayClassification(
  all: AllStandings,
  finalisedStages: ReadonlyArray<string | null>,
): OverlayClassification | null {
  if (!all.classification.some((r) => r.group !== 'qualifying')) return null
  return {
    final: all.classification.some((r) => r.group === 'final') && finalisedStages.includes('final'),
    rows: all.classification.map((r) => ({
      place: r.place,
      name: r.name,
      playerId: r.playerId,
      group: r.group,
      score: r.score,
    })),
  }
}

/** The overall standings in the overlay's shape (`?layout=standings`), with the final classification when any. */
export function overlayStandings(db: MafiaDb, tournamentId: number): OverlayStandingsWithTieBreaks | null {
  const t = db.tournaments.getTournament(tournamentId)
  if (!t) return null
  const options = standingsOptions(db, tournamentId)
  const all = computeAllStandings(standingsGames(db, tournamentId), options)
  return {
    title: t.name,
    normaliser: all.normaliser,
    classification: overlayClassification(all, options.finalisedStages ?? []),
    tieBreaks: all.tieBreaks.map((tb) => tb.key),
    ciProvisional: all.ciProvisional,
    rows: listedRows({ rows: all.overall, apart: all.apart }).map((r) => ({
      place: r.rank,
      perGame: r.perGame,
      unranked: unrankedOf(r),
      name: r.name,
      playerId: r.playerId,
      points: r.total,
      games: r.games,
      wins: r.wins,
      tieBreaks: r.tieBreaks.map((x) => x.value),
      decidedBy: r.decidedBy,
      ciProvisional: r.ciProvisional,
    })),
  }
}
