/** Games, their append-only event log, their seating projection (game_seats) and per-seat results. */
import crypto from 'node:crypto'
import type Database from 'better-sqlite3'
import type { AppError } from '../../shared/errors'
import { DbCore, GAME, Repo } from './core'
import { dbError, invalidInput, notFound, tournamentArchived } from './errors'
import { requirePlayer } from './players'
import {
  parseReasons,
  toEntry,
  toGame,
  toResult,
  type EventDbRow,
  type GameDbRow,
  type RawResultRow,
  type ResultDbRow,
} from './rows'
import type {
  CreateGameInput,
  EntryInput,
  GameFilter,
  GameRow,
  GameStatus,
  GameWithLog,
  Projection,
  SeatResult,
  SeatResultInput,
  StoredEntry,
} from './types'
import {
  checkPoints,
  checkResults,
  checkStatus,
  optionalText,
  rulesetIdOf,
  setupSeats,
  toJson,
  type ResultParams,
} from './validate'

export function writeResults(core: DbCore, gameId: number, results: ResultParams[]): void {
  core.stmt('DELETE FROM game_results WHERE game_id = ?').run(gameId)
  const insert = core.stmt(
    `INSERT INTO game_results (game_id, seat, player_id, role, win, best_move, extra, penalty, total,
       extra_reasons, penalty_reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const r of results) {
    if (r.playerId !== null) requirePlayer(core, r.playerId)
    insert.run(
      gameId,
      r.seat,
      r.playerId,
      r.role,
      r.win,
      r.bestMove,
      r.extra,
      r.penalty,
      r.total,
      r.extraReasons,
      r.penaltyReasons,
    )
  }
}

export function writeSeats(core: DbCore, gameId: number, setup: unknown): void {
  core.stmt('DELETE FROM game_seats WHERE game_id = ?').run(gameId)
  const insert = core.stmt('INSERT INTO game_seats (game_id, seat, player_id, name) VALUES (?, ?, ?, ?)')
  for (const s of setupSeats(setup)) {
    if (s.playerId !== null) requirePlayer(core, s.playerId)
    insert.run(gameId, s.seat, s.playerId, s.name)
  }
}

export function loadLog(core: DbCore, gameId: number): StoredEntry[] {
  return (
    core
      .stmt('SELECT seq, command, events, at FROM game_events WHERE game_id = ? ORDER BY seq')
      .all(gameId) as EventDbRow[]
  ).map(toEntry)
}

interface EntryRecord {
  seq: number
  command: string
  events: string
  at: number
}

interface ProjectionRecord {
  status: GameStatus
  winner: string | null
  results: ResultParams[] | null
}

export class GamesRepo extends Repo {
  private readonly appendTx: Database.Transaction<
    (gameId: number, entry: EntryRecord, projection: ProjectionRecord) => void
  >

  constructor(core: DbCore) {
    super(core)
    this.appendTx = core.conn.transaction((gameId: number, e: EntryRecord, p: ProjectionRecord) => {
      // Closed means locked (issue 29 §4): no entry of a closed round's game or an archived tournament's game,
      // whichever door it comes through, until the head judge reopens the round or brings the tournament back.
      const game = this.stmt(
        `SELECT g.last_seq, r.status AS round_status, r.number AS round_number, t.id AS tournament_id,
           t.name AS tournament_name, t.archived_at
         FROM games g LEFT JOIN rounds r ON r.id = g.round_id LEFT JOIN tournaments t ON t.id = g.tournament_id
         WHERE g.id = ?`,
      ).get(gameId) as
        | {
            last_seq: number | null
            round_status: string | null
            round_number: number | null
            tournament_id: number | null
            tournament_name: string | null
            archived_at: number | null
          }
        | undefined
      if (!game) throw notFound(GAME, gameId)
      if (game.tournament_id !== null && game.archived_at !== null)
        throw tournamentArchived(game.tournament_name ?? '', game.tournament_id)
      if (game.round_status === 'finished' && !this.appealPasses(gameId, e))
        throw roundLocked(game.round_number ?? 0, gameId)
      if (game.last_seq !== null && e.seq <= game.last_seq) {
        throw dbError(
          'db/seq_conflict',
          `Запись ${e.seq} уже есть в журнале игры (последняя — ${game.last_seq}).`,
          `Entry ${e.seq} is already in the game log (the last one is ${game.last_seq}).`,
          { gameId, seq: e.seq, lastSeq: game.last_seq },
        )
      }
      this.stmt('INSERT INTO game_events (game_id, seq, command, events, at) VALUES (?, ?, ?, ?, ?)').run(
        gameId,
        e.seq,
        e.command,
        e.events,
        e.at,
      )
      this.stmt('UPDATE games SET status = ?, winner = ?, last_seq = ?, updated_at = ? WHERE id = ?').run(
        p.status,
        p.winner,
        e.seq,
        Date.now(),
        gameId,
      )
      if (p.results) writeResults(this.core, gameId, p.results)
      // The transactional outbox (issue 16): a synced game's entry is queued for the hub in this same
      // transaction, so an acknowledged command can never be missing from the outbox.
      this.stmt(
        'INSERT INTO sync_outbox (game_id, seq, queued_at) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM sync_games WHERE game_id = ?)',
      ).run(gameId, e.seq, e.at, gameId)
    })
  }

  /**
   * Creates a game in status 'setup'. Parents may be given partially: a round implies its stage and tournament,
   * a stage its tournament; inconsistent parents are refused. Without any parent it is a friendly game.
   */
  createGame(input: CreateGameInput): GameRow {
    const setupJson = toJson(input.setup, 'setup')
    const setup = JSON.parse(setupJson) as unknown
    const judgeGiven = input.judge !== undefined
    const judge = optionalText(input.judge, 'judge')
    if (input.number !== undefined && input.number !== null && !Number.isSafeInteger(input.number)) {
      throw invalidInput('Номер игры должен быть целым.', 'The game number must be an integer.')
    }
    const uuid = input.uuid ?? crypto.randomUUID()
    return this.write(() => {
      let tournamentId = input.tournamentId ?? null
      let stageId = input.stageId ?? null
      const roundId = input.roundId ?? null
      const tableId = input.tableId ?? null
      const mismatch = (): AppError =>
        invalidInput(
          'Тур, этап, стол и турнир игры не согласованы.',
          "The game's round, stage, table and tournament do not match.",
          { tournamentId: input.tournamentId, stageId: input.stageId, roundId, tableId },
        )
      if (roundId !== null) {
        const r = this.requireRound(roundId)
        if (stageId !== null && stageId !== r.stage_id) throw mismatch()
        stageId = r.stage_id
      }
      if (stageId !== null) {
        const s = this.requireStage(stageId)
        if (tournamentId !== null && tournamentId !== s.tournament_id) throw mismatch()
        tournamentId = s.tournament_id
      }
      let tableJudge = ''
      if (tableId !== null) {
        const t = this.requireTable(tableId)
        if (tournamentId !== null && tournamentId !== t.tournament_id) throw mismatch()
        tournamentId = t.tournament_id
        tableJudge = t.judge
      }
      if (tournamentId !== null) {
        const t = this.requireTournament(tournamentId)
        if (t.archived_at !== null) throw tournamentArchived(t.name, t.id)
      }
      const now = Date.now()
      if (roundId !== null && input.uuid === undefined) {
        // A game made here in a round: refused in a closed round, and it locks the round's seating (a seating
        // regenerated under a game being played would no longer be the one at the table).
        const r = this.requireRound(roundId)
        if (r.status === 'finished') throw roundClosed(r.number)
        if (tableId !== null) this.refuseIfTableBusy(roundId, tableId)
        this.stmt('UPDATE rounds SET started_at = coalesce(started_at, ?) WHERE id = ?').run(now, roundId)
      } else if (roundId !== null && tableId !== null) this.refuseIfTableBusy(roundId, tableId)
      if (roundId !== null && tableId !== null) {
        // The judge of this table in this round (a per-round judge overrides the table's usual one).
        const own = this.stmt('SELECT judge FROM round_judges WHERE round_id = ? AND table_id = ?').get(
          roundId,
          tableId,
        ) as { judge: string } | undefined
        if (own) tableJudge = own.judge
      }
      const info = this.stmt(
        `INSERT INTO games (uuid, tournament_id, stage_id, round_id, table_id, number, judge, status, ruleset_id,
           setup, winner, last_seq, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'setup', ?, ?, NULL, NULL, ?, ?)`,
      ).run(
        uuid,
        tournamentId,
        stageId,
        roundId,
        tableId,
        input.number ?? null,
        judgeGiven ? judge : tableJudge,
        rulesetIdOf(setup),
        setupJson,
        now,
        now,
      )
      const id = Number(info.lastInsertRowid)
      writeSeats(this.core, id, setup)
      // A game made on a table machine stays its own friendly game, paired or not: only the round's game pulled
      // from the hub is sent to it (issue 28 §5); the sender registers those.
      return toGame(this.requireGame(id))
    })
  }

  /** Replaces the setup of a game whose log is still empty (db/game_started otherwise). */
  updateGameSetup(gameId: number, setup: unknown): GameRow {
    const setupJson = toJson(setup, 'setup')
    const parsed = JSON.parse(setupJson) as unknown
    return this.write(() => {
      const row = this.requireGame(gameId)
      if (row.last_seq !== null) throw gameStarted(gameId)
      this.stmt('UPDATE games SET setup = ?, ruleset_id = ?, updated_at = ? WHERE id = ?').run(
        setupJson,
        rulesetIdOf(parsed),
        Date.now(),
        gameId,
      )
      writeSeats(this.core, gameId, parsed)
      return toGame(this.requireGame(gameId))
    })
  }

  /**
   * The game of this round and table that is not cancelled (at most one: a second one is refused by
   * createGame with db/table_busy), or null.
   */
  liveGameAt(roundId: number, tableId: number): GameRow | null {
    return this.guard(() => {
      const row = this.stmt(
        'SELECT * FROM games WHERE round_id = ? AND table_id = ? AND cancelled_at IS NULL ORDER BY id LIMIT 1',
      ).get(roundId, tableId) as GameDbRow | undefined
      return row ? toGame(row) : null
    })
  }

  refuseIfTableBusy(roundId: number, tableId: number): void {
    const busy = this.liveGameAt(roundId, tableId)
    if (!busy) return
    const where = this.stmt(
      'SELECT r.number AS round, t.number AS tbl FROM rounds r, tables t WHERE r.id = ? AND t.id = ?',
    ).get(roundId, tableId) as { round: number; tbl: number }
    throw dbError(
      'db/table_busy',
      `За столом ${where.tbl} в туре ${where.round} уже есть игра (№${busy.id}). Чтобы переиграть, сначала отмените её с указанием причины.`,
      `Table ${where.tbl} in round ${where.round} already has a game (#${busy.id}). To replay it, first cancel that game with a reason.`,
      { roundId, tableId, gameId: busy.id },
    )
  }

  /**
   * Cancels a game with a reason (required): its log and protocol stay, it counts in no standings, leaves
   * the games in progress and frees its round and table for a replay.
   */
  cancelGame(gameId: number, reason: string): GameRow {
    const text = optionalText(reason, 'reason', 500)
    if (text === '') {
      throw invalidInput('Укажите причину отмены игры.', 'Give the reason for cancelling the game.')
    }
    return this.write(() => {
      const row = this.requireGame(gameId)
      if (row.tournament_id !== null) {
        const t = this.requireTournament(row.tournament_id)
        if (t.archived_at !== null) throw tournamentArchived(t.name, t.id)
      }
      if (row.cancelled_at !== null) {
        throw dbError(
          'db/game_cancelled',
          `Игра №${gameId} уже отменена: ${row.cancel_reason ?? ''}`,
          `Game ${gameId} is already cancelled: ${row.cancel_reason ?? ''}`,
          { gameId },
        )
      }
      const now = Date.now()
      this.stmt('UPDATE games SET cancelled_at = ?, cancel_reason = ?, updated_at = ? WHERE id = ?').run(
        now,
        text,
        now,
        gameId,
      )
      return toGame(this.requireGame(gameId))
    })
  }

  /**
   * Changes the judge of a game that is not finished (db/game_finished otherwise: a finished game's protocol
   * keeps the judge who signed it; a cancelled one keeps the judge it was cancelled under).
   */
  setGameJudge(gameId: number, judge: string): GameRow {
    const name = optionalText(judge, 'judge', 80)
    return this.write(() => {
      const row = this.requireGame(gameId)
      if (row.status === 'finished' || row.cancelled_at !== null) {
        throw dbError(
          'db/game_finished',
          row.cancelled_at !== null
            ? `Игра №${gameId} отменена: её протокол остаётся с судьёй «${row.judge}».`
            : `Игра №${gameId} уже завершена: её протокол подписан судьёй «${row.judge}» и не меняется.`,
          row.cancelled_at !== null
            ? `Game ${gameId} is cancelled: its protocol keeps the judge "${row.judge}".`
            : `Game ${gameId} is already finished: its protocol was signed by the judge "${row.judge}" and stays so.`,
          { gameId, judge: row.judge },
        )
      }
      this.stmt('UPDATE games SET judge = ?, updated_at = ? WHERE id = ?').run(name, Date.now(), gameId)
      return toGame(this.requireGame(gameId))
    })
  }

  /** Deletes a game whose log is still empty (db/game_started otherwise). */
  deleteGame(gameId: number): void {
    this.write(() => {
      const row = this.requireGame(gameId)
      if (row.last_seq !== null) throw gameStarted(gameId)
      this.stmt('DELETE FROM games WHERE id = ?').run(gameId)
    })
  }

  /**
   * Issue 31 §1: the head judge's amendment on an appeal may reach a closed round's game — only an `amend` entry
   * naming an open appeal filed on this very game (its number in the tournament) passes the lock; nothing else does.
   */
  private appealPasses(gameId: number, e: EntryRecord): boolean {
    const command = JSON.parse(e.command) as { cmd?: unknown; appealId?: unknown }
    if (command.cmd !== 'amend' || typeof command.appealId !== 'number') return false
    return (
      this.stmt(
        `SELECT 1 FROM appeals a JOIN games g ON g.id = a.game_id AND g.tournament_id = a.tournament_id
         WHERE a.game_id = ? AND a.number = ? AND a.status = 'open'`,
      ).get(gameId, command.appealId) !== undefined
    )
  }

  /**
   * The write path: appends one accepted command with its events and updates the game's projections (status,
   * winner, updated_at and, when given, every per-seat result) in ONE transaction, committed durably
   * (synchronous = FULL) before this returns. `entry.seq` must be greater than every stored seq
   * (db/seq_conflict otherwise). Any failure (db/readonly, db/full, db/io, db/locked) leaves nothing written.
   */
  appendEntry(gameId: number, entry: EntryInput, projection: Projection): void {
    if (!Number.isSafeInteger(entry.seq) || entry.seq < 0) {
      throw invalidInput(
        'Номер записи журнала должен быть целым ≥ 0.',
        'The log entry seq must be an integer ≥ 0.',
      )
    }
    if (!Array.isArray(entry.events)) {
      throw invalidInput('События записи должны быть списком.', "The entry's events must be a list.")
    }
    if (typeof entry.at !== 'number' || !Number.isFinite(entry.at)) {
      throw invalidInput('Время записи должно быть числом (мс).', "The entry's time must be a number (ms).")
    }
    if (projection.winner !== null && typeof projection.winner !== 'string') {
      throw invalidInput('Победитель должен быть строкой или null.', 'The winner must be a string or null.')
    }
    const record: EntryRecord = {
      seq: entry.seq,
      command: toJson(entry.command, 'command'),
      events: toJson(entry.events, 'events'),
      at: Math.round(entry.at),
    }
    const proj: ProjectionRecord = {
      status: checkStatus(projection.status),
      winner: projection.winner,
      results: projection.results === undefined ? null : checkResults(projection.results),
    }
    this.guard(() => this.appendTx.immediate(gameId, record, proj))
  }

  /** Replaces the per-seat results of a game without a log entry (e.g. the judge edits extra points). */
  setResults(gameId: number, results: SeatResultInput[]): void {
    const checked = checkResults(results)
    this.write(() => {
      this.requireGame(gameId)
      writeResults(this.core, gameId, checked)
      this.stmt('UPDATE games SET updated_at = ? WHERE id = ?').run(Date.now(), gameId)
    })
  }

  /** Stores Ci (first-kill compensation) per game and seat, as computed by the tournament layer. */
  setCi(values: Array<{ gameId: number; seat: number; ci: number }>): void {
    for (const v of values) checkPoints(v.ci, 'ci')
    this.write(() => {
      const update = this.stmt('UPDATE game_results SET ci = ? WHERE game_id = ? AND seat = ?')
      for (const v of values) {
        if (update.run(v.ci, v.gameId, v.seat).changes !== 1) {
          throw notFound({ ru: 'Результат', en: 'Result' }, `${v.gameId}/${v.seat}`)
        }
      }
    })
  }

  getGame(gameId: number): GameRow | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM games WHERE id = ?').get(gameId) as GameDbRow | undefined
      return row ? toGame(row) : null
    })
  }

  getGameByUuid(uuid: string): GameRow | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM games WHERE uuid = ?').get(uuid) as GameDbRow | undefined
      return row ? toGame(row) : null
    })
  }

  /** The game with its full log, in seq order. */
  loadGame(gameId: number): GameWithLog | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM games WHERE id = ?').get(gameId) as GameDbRow | undefined
      return row ? { game: toGame(row), log: loadLog(this.core, gameId) } : null
    })
  }

  /** Resume: every game in status 'running' (not cancelled), with setup and full log, oldest first. */
  listInProgress(): GameWithLog[] {
    return this.guard(() => {
      const rows = this.stmt(
        "SELECT * FROM games WHERE status = 'running' AND cancelled_at IS NULL ORDER BY id",
      ).all() as GameDbRow[]
      return rows.map((r) => ({ game: toGame(r), log: loadLog(this.core, r.id) }))
    })
  }

  getResults(gameId: number): SeatResult[] {
    return this.guard(() =>
      (
        this.stmt('SELECT * FROM game_results WHERE game_id = ? ORDER BY seat').all(gameId) as ResultDbRow[]
      ).map(toResult),
    )
  }

  /** Games (ordered by stage, round, table, number, id) with their per-seat results. */
  listGames(filter: GameFilter = {}): Array<GameRow & { results: SeatResult[] }> {
    return this.guard(() => {
      const where: string[] = []
      const params: unknown[] = []
      const add = (column: string, value: unknown): void => {
        if (value !== undefined) {
          where.push(`g.${column} = ?`)
          params.push(value)
        }
      }
      add('tournament_id', filter.tournamentId)
      add('stage_id', filter.stageId)
      add('round_id', filter.roundId)
      add('table_id', filter.tableId)
      if (filter.status !== undefined) add('status', checkStatus(filter.status))
      if (filter.friendly === true) where.push('g.tournament_id IS NULL')
      if (filter.friendly === false) where.push('g.tournament_id IS NOT NULL')
      if (filter.includeCancelled !== true) where.push('g.cancelled_at IS NULL')
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
      const games = this.stmt(
        `SELECT g.* FROM games g LEFT JOIN stages s ON s.id = g.stage_id LEFT JOIN rounds r ON r.id = g.round_id
         LEFT JOIN tables t ON t.id = g.table_id ${clause}
         ORDER BY s.position, r.number, t.number, g.number, g.id`,
      ).all(...params) as GameDbRow[]
      // Raw rows (arrays) and no ORDER BY: 10 results per game, so object creation and a temp B-tree sort are the
      // main costs of listing a whole tournament (bench/db.ts). Seats are sorted per game below.
      const results = this.rawStmt(
        `SELECT res.game_id, res.seat, res.player_id, res.role, res.win, res.best_move, res.extra, res.penalty,
           res.total, res.ci, res.extra_reasons, res.penalty_reasons
         FROM games g JOIN game_results res ON res.game_id = g.id ${clause}`,
      ).all(...params) as RawResultRow[]
      const byGame = new Map<number, SeatResult[]>()
      for (const r of results) {
        let list = byGame.get(r[0])
        if (!list) byGame.set(r[0], (list = []))
        list.push({
          seat: r[1],
          playerId: r[2],
          role: r[3],
          win: r[4],
          bestMove: r[5],
          extra: r[6],
          penalty: r[7],
          total: r[8],
          ci: r[9],
          extraReasons: parseReasons(r[10]),
          penaltyReasons: parseReasons(r[11]),
        })
      }
      for (const list of byGame.values()) list.sort((a, b) => a.seat - b.seat)
      return games.map((g) => ({ ...toGame(g), results: byGame.get(g.id) ?? [] }))
    })
  }

  /** Games in status 'running' (id order). */
  runningGames(): Array<{ id: number; uuid: string; number: number | null }> {
    return this.guard(
      () =>
        this.stmt(
          "SELECT id, uuid, number FROM games WHERE status = 'running' AND cancelled_at IS NULL ORDER BY id",
        ).all() as Array<{
          id: number
          uuid: string
          number: number | null
        }>,
    )
  }
}

function gameStarted(gameId: number): AppError {
  return dbError(
    'db/game_started',
    'Игра уже началась: её нельзя изменить или удалить.',
    'The game has already started: it cannot be changed or deleted.',
    { gameId },
  )
}

/** An entry for a game of a closed round: its results stand until the head judge reopens the round. */
export function roundLocked(number: number, gameId: number): AppError {
  return dbError(
    'db/round_closed',
    `Тур ${number} закрыт: его игры не меняются, пока главный судья не откроет тур снова (с указанием причины).`,
    `Round ${number} is closed: its games do not change until the head judge reopens it (with a reason).`,
    { round: number, gameId },
  )
}

function roundClosed(number: number): AppError {
  return dbError(
    'db/round_closed',
    `Тур ${number} уже завершён: новые игры в нём не создаются.`,
    `Round ${number} is already closed: no new game can be created in it.`,
    { round: number },
  )
}
