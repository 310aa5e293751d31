/**
 * Protocols and standings from the database: loads the stored games, rebuilds each game record through the
 * engine (the log is the source of truth) and hands it to the exporters. Used by the CLI and the contract.
 */
import { gameRecord, restore, type GameSetup, type LogEntry } from '../engine'
import type { MafiaDb, GameRow } from '../db'
import { exportProtocol, exportStandings, scoringFor, type ExportProtocolOptions } from '../export/commands'
import type { ProtocolHeader } from '../export/protocol'
import type { StandingsFormat } from '../export/standings'
import type { Lang } from '../export/i18n'
import { computeAllStandings, type StandingsGame } from '../tournament/standings'
import type { GameRecord } from '../../shared/game/record'
import { AppError, appError } from '../../shared/errors'
import type { OverlayStandings } from '../../shared/contract'

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

export function recordOf(db: MafiaDb, gameId: number): { row: GameRow; record: GameRecord } {
  const loaded = db.loadGame(gameId)
  if (!loaded) throw gameNotFound(gameId)
  const game = restore(loaded.game.setup as GameSetup, loaded.log as LogEntry[])
  return { row: loaded.game, record: gameRecord(game) }
}

function stageName(db: MafiaDb, stageId: number | null): string | null {
  return stageId === null ? null : (db.getStage(stageId)?.name ?? null)
}

export function protocolHeader(db: MafiaDb, row: GameRow, record: GameRecord): ProtocolHeader {
  const tournament = row.tournamentId === null ? null : db.getTournament(row.tournamentId)
  const round = row.roundId === null ? null : db.getRound(row.roundId)
  const table = row.tableId === null ? null : db.getTable(row.tableId)
  const stageId = row.stageId ?? (round ? round.stageId : null)
  return {
    tournament: tournament?.name ?? 'Товарищеская игра',
    stage: stageName(db, stageId),
    round: round?.number ?? null,
    table: table?.number ?? null,
    gameNumber: row.number ?? row.id,
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
  const { row, record } = recordOf(db, gameId)
  const header = protocolHeader(db, row, record)
  return { bytes: await exportProtocol(record, header, options), header }
}

export function standingsGames(db: MafiaDb, tournamentId: number): StandingsGame[] {
  if (!db.getTournament(tournamentId)) throw tournamentNotFound(tournamentId)
  return db.listGames({ tournamentId }).map((row) => {
    const round = row.roundId === null ? null : db.getRound(row.roundId)
    const stageId = row.stageId ?? round?.stageId ?? null
    return {
      gameId: row.id,
      // The stage kind ('qualifying' | 'semifinal' | 'final'): Ci's "finals under 4 games" rule looks for 'final'.
      stage: stageId === null ? null : (db.getStage(stageId)?.kind ?? null),
      record: recordOf(db, row.id).record,
    }
  })
}

function tournamentRuleset(db: MafiaDb, tournamentId: number): string {
  const r = db.getTournament(tournamentId)?.ruleset as { id?: unknown } | null | undefined
  return typeof r?.id === 'string' ? r.id : 'fiim'
}

export async function standingsFile(
  db: MafiaDb,
  tournamentId: number,
  format: StandingsFormat,
  lang: Lang = 'ru',
): Promise<Buffer> {
  const games = standingsGames(db, tournamentId)
  return exportStandings(games, { scoring: scoringFor(tournamentRuleset(db, tournamentId)), lang }, format)
}

export function liveStandings(db: MafiaDb, tournamentId: number) {
  const games = standingsGames(db, tournamentId)
  return computeAllStandings(games, { scoring: scoringFor(tournamentRuleset(db, tournamentId)) })
}

/** The overall standings in the overlay's shape (`?layout=standings`). */
export function overlayStandings(db: MafiaDb, tournamentId: number): OverlayStandings | null {
  const t = db.getTournament(tournamentId)
  if (!t) return null
  return {
    title: t.name,
    rows: liveStandings(db, tournamentId).overall.map((r) => ({
      place: r.rank,
      name: r.name,
      points: r.total,
      games: r.games,
      wins: r.wins,
    })),
  }
}
