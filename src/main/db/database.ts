/**
 * The tournament database (issue 4): one SQLite file per installation, opened with `openDatabase()`.
 * Every method is synchronous except the ones that take a backup (the SQLite online backup API is
 * asynchronous in better-sqlite3): `openDatabase` (backup before a migration), `backupNow`, `finishRound`,
 * `restoreBackup`. Every failure is an AppError with a `db/…` code (see errors.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type Database from 'better-sqlite3'
import { openSqlite } from './sqlite'
import { AppError } from '../../shared/errors'
import { DEFAULT_BACKUPS_TO_KEEP, backupsDirOf, listBackupsIn, writeBackup } from './backups'
import { parsePlayersCsv } from './csv'
import { dbError, invalidInput, notFound, toDbError } from './errors'
import {
  EXCHANGE_FORMAT,
  EXCHANGE_VERSION,
  exchangeDocumentSchema,
  type ExchangeDocument,
  type ExchangeGame,
  type ExchangeTournament,
} from './exchange'
import { fsyncDir, fsyncFile, isRecord, removeIfExists } from './fsutil'
import { configureConnection, inspectFile, migrate } from './open'
import { IMAGE_EXTENSIONS, MAX_PHOTO_BYTES, detectImageType } from './photos'
import { LATEST_VERSION } from './schema'
import { canonicalJson, cleanNickname, foldKey } from './text'
import {
  GAME_STATUSES,
  STAGE_KINDS,
  type BackupInfo,
  type CreateGameInput,
  type CsvImportReport,
  type DemoIds,
  type EntryInput,
  type ExportScope,
  type GameFilter,
  type GameRow,
  type GameStatus,
  type GameWithLog,
  type ImportReport,
  type Player,
  type PlayerInput,
  type PlayerPatch,
  type Projection,
  type ReasonedPoints,
  type Round,
  type SeatResult,
  type SeatResultInput,
  type Stage,
  type StageKind,
  type StoredEntry,
  type TableRow,
  type Tournament,
  type TournamentInput,
  type TournamentStructure,
} from './types'

export interface OpenOptions {
  /** How many backups to keep in `<dataDir>/backups` (default 20). */
  backupsToKeep?: number
  /**
   * Open without write access. Chosen automatically when the file or its folder is not writable; writes then
   * fail with db/readonly. A file that still needs a migration cannot be opened read-only.
   */
  readonly?: boolean
}

// ---------------------------------------------------------------- rows as SQLite returns them

interface PlayerDbRow {
  id: number
  nickname: string
  full_name: string
  club: string
  city: string
  photo: string | null
  created_at: number
  updated_at: number
}

interface TournamentDbRow {
  id: number
  uuid: string
  name: string
  starts_on: string | null
  ends_on: string | null
  ruleset: string | null
  created_at: number
  updated_at: number
}

interface StageDbRow {
  id: number
  tournament_id: number
  kind: StageKind
  name: string
  position: number
}

interface RoundDbRow {
  id: number
  stage_id: number
  number: number
  status: 'open' | 'finished'
  finished_at: number | null
}

interface TableDbRow {
  id: number
  tournament_id: number
  number: number
  name: string
  judge: string
}

interface GameDbRow {
  id: number
  uuid: string
  tournament_id: number | null
  stage_id: number | null
  round_id: number | null
  table_id: number | null
  number: number | null
  judge: string
  status: GameStatus
  ruleset_id: string | null
  setup: string
  winner: string | null
  last_seq: number | null
  created_at: number
  updated_at: number
}

interface EventDbRow {
  seq: number
  command: string
  events: string
  at: number
}

interface ResultDbRow {
  game_id: number
  seat: number
  player_id: number | null
  role: string
  win: number
  best_move: number
  extra: number
  penalty: number
  total: number
  ci: number
  extra_reasons: string
  penalty_reasons: string
}

const PLAYER = { ru: 'Игрок', en: 'Player' }
const GAME = { ru: 'Игра', en: 'Game' }
const TOURNAMENT = { ru: 'Турнир', en: 'Tournament' }
const STAGE = { ru: 'Этап', en: 'Stage' }
const ROUND = { ru: 'Тур', en: 'Round' }
const TABLE = { ru: 'Стол', en: 'Table' }

export const DEMO_TOURNAMENT_NAME = 'Демо-турнир'
export const DEMO_NICKNAMES: readonly string[] = [
  'Лиса',
  'Волк',
  'Медведь',
  'Сова',
  'Ёж',
  'Рысь',
  'Барсук',
  'Ворон',
  'Заяц',
  'Филин',
]

// ---------------------------------------------------------------- mapping helpers

function toPlayer(r: PlayerDbRow): Player {
  return {
    id: r.id,
    nickname: r.nickname,
    fullName: r.full_name,
    club: r.club,
    city: r.city,
    photo: r.photo,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

function toTournament(r: TournamentDbRow): Tournament {
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.name,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    ruleset: r.ruleset === null ? null : (JSON.parse(r.ruleset) as unknown),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

function toStage(r: StageDbRow): Stage {
  return { id: r.id, tournamentId: r.tournament_id, kind: r.kind, name: r.name, position: r.position }
}

function toRound(r: RoundDbRow): Round {
  return { id: r.id, stageId: r.stage_id, number: r.number, status: r.status, finishedAt: r.finished_at }
}

function toTable(r: TableDbRow): TableRow {
  return { id: r.id, tournamentId: r.tournament_id, number: r.number, name: r.name, judge: r.judge }
}

function toGame(r: GameDbRow): GameRow {
  return {
    id: r.id,
    uuid: r.uuid,
    tournamentId: r.tournament_id,
    stageId: r.stage_id,
    roundId: r.round_id,
    tableId: r.table_id,
    number: r.number,
    judge: r.judge,
    status: r.status,
    rulesetId: r.ruleset_id,
    setup: JSON.parse(r.setup) as unknown,
    winner: r.winner,
    lastSeq: r.last_seq,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

function toEntry(r: EventDbRow): StoredEntry {
  return {
    seq: r.seq,
    command: JSON.parse(r.command) as unknown,
    events: JSON.parse(r.events) as unknown[],
    at: r.at,
  }
}

function toResult(r: ResultDbRow): SeatResult {
  return {
    seat: r.seat,
    playerId: r.player_id,
    role: r.role,
    win: r.win,
    bestMove: r.best_move,
    extra: r.extra,
    penalty: r.penalty,
    total: r.total,
    ci: r.ci,
    extraReasons: parseReasons(r.extra_reasons),
    penaltyReasons: parseReasons(r.penalty_reasons),
  }
}

function parseReasons(text: string): ReasonedPoints[] {
  return text === '[]' ? [] : (JSON.parse(text) as ReasonedPoints[])
}

type RawResultRow = [
  number,
  number,
  number | null,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
]

function toJson(value: unknown, what: string): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (err) {
    throw invalidInput(
      `${what}: значение нельзя сохранить как JSON.`,
      `${what}: the value cannot be stored as JSON.`,
      { cause: String(err) },
    )
  }
  if (text === undefined) {
    throw invalidInput(`${what}: значение отсутствует.`, `${what}: the value is missing.`)
  }
  return text
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

function optionalText(value: unknown, field: string, max = 200): string {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string')
    throw invalidInput(`Поле «${field}» должно быть строкой.`, `"${field}" must be a string.`)
  const text = value.trim()
  if (text.length > max) {
    throw invalidInput(
      `Поле «${field}» длиннее ${max} символов.`,
      `"${field}" is longer than ${max} characters.`,
    )
  }
  return text
}

function checkNickname(value: unknown): string {
  if (typeof value !== 'string' || cleanNickname(value) === '') {
    throw invalidInput('Ник игрока не может быть пустым.', "The player's nickname cannot be empty.")
  }
  const nickname = cleanNickname(value)
  if (nickname.length > 100) {
    throw invalidInput('Ник длиннее 100 символов.', 'The nickname is longer than 100 characters.')
  }
  return nickname
}

function checkDate(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalidInput(
      `Поле «${field}» должно быть датой ГГГГ-ММ-ДД.`,
      `"${field}" must be a date YYYY-MM-DD.`,
      { value },
    )
  }
  return value
}

function checkStatus(status: unknown): GameStatus {
  if (!GAME_STATUSES.includes(status as GameStatus)) {
    throw invalidInput(
      `Неизвестный статус игры: ${String(status)}.`,
      `Unknown game status: ${String(status)}.`,
    )
  }
  return status as GameStatus
}

function checkPoints(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidInput(`Результат: «${field}» должно быть числом.`, `Result: "${field}" must be a number.`)
  }
  return value
}

function checkReasons(value: unknown, field: string): ReasonedPoints[] {
  if (value === undefined || value === null) return []
  if (
    !Array.isArray(value) ||
    !value.every((r) => isRecord(r) && typeof r.points === 'number' && typeof r.reason === 'string')
  ) {
    throw invalidInput(
      `Результат: «${field}» должно быть списком {points, reason}.`,
      `Result: "${field}" must be a list of {points, reason}.`,
    )
  }
  return value.map((r: { points: number; reason: string }) => ({ points: r.points, reason: r.reason }))
}

interface ResultParams {
  seat: number
  playerId: number | null
  role: string
  win: number
  bestMove: number
  extra: number
  penalty: number
  total: number
  extraReasons: string
  penaltyReasons: string
}

function checkResults(results: readonly SeatResultInput[]): ResultParams[] {
  if (!Array.isArray(results))
    throw invalidInput('Результаты должны быть списком.', 'Results must be a list.')
  const seats = new Set<number>()
  return results.map((r) => {
    if (!Number.isInteger(r.seat) || r.seat < 1 || r.seat > 10 || seats.has(r.seat)) {
      throw invalidInput(
        `Результат: неверное или повторное место ${String(r.seat)}.`,
        `Result: invalid or repeated seat ${String(r.seat)}.`,
      )
    }
    seats.add(r.seat)
    if (r.playerId !== null && !isId(r.playerId)) {
      throw invalidInput('Результат: неверный id игрока.', 'Result: invalid player id.')
    }
    if (typeof r.role !== 'string' || r.role === '') {
      throw invalidInput('Результат: не указана роль.', 'Result: the role is missing.')
    }
    return {
      seat: r.seat,
      playerId: r.playerId,
      role: r.role,
      win: checkPoints(r.win, 'win'),
      bestMove: checkPoints(r.bestMove, 'bestMove'),
      extra: checkPoints(r.extra, 'extra'),
      penalty: checkPoints(r.penalty, 'penalty'),
      total: checkPoints(r.total, 'total'),
      extraReasons: JSON.stringify(checkReasons(r.extraReasons, 'extraReasons')),
      penaltyReasons: JSON.stringify(checkReasons(r.penaltyReasons, 'penaltyReasons')),
    }
  })
}

/** Seating read from a GameSetup-like JSON: `players[i]` sits at seat i + 1. */
function setupSeats(setup: unknown): Array<{ seat: number; playerId: number | null; name: string }> {
  if (!isRecord(setup) || !Array.isArray(setup.players)) return []
  return setup.players.slice(0, 10).map((p: unknown, i: number) => ({
    seat: i + 1,
    playerId: isRecord(p) && isId(p.playerId) ? p.playerId : null,
    name: isRecord(p) && typeof p.name === 'string' ? p.name : typeof p === 'string' ? p : '',
  }))
}

function rulesetIdOf(setup: unknown): string | null {
  if (!isRecord(setup)) return null
  if (isRecord(setup.ruleset) && typeof setup.ruleset.id === 'string') return setup.ruleset.id
  if (typeof setup.rulesetId === 'string') return setup.rulesetId
  if (typeof setup.ruleset === 'string') return setup.ruleset
  return null
}

/** A copy of the setup with `players[].playerId` rewritten by `map` (ids it does not know become null). */
function remapSetupPlayers(setup: unknown, map: (id: number) => number | null): unknown {
  if (!isRecord(setup) || !Array.isArray(setup.players)) return setup
  return {
    ...setup,
    players: setup.players.map((p: unknown) =>
      isRecord(p) && isId(p.playerId) ? { ...p, playerId: map(p.playerId) } : p,
    ),
  }
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10)
}

// ---------------------------------------------------------------- opening

function isWritable(file: string, dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK)
    if (fs.existsSync(file)) fs.accessSync(file, fs.constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Opens (creating the file and its folder when missing) and migrates a Mafia Desk database.
 * Before any write the file is checked on a read-only connection: db/not_sqlite, db/not_ours, db/too_new leave
 * it byte-identical. When a migration is due on a file with a schema, a backup is taken first.
 */
export async function openDatabase(file: string, opts: OpenOptions = {}): Promise<MafiaDb> {
  const abs = path.resolve(file)
  const dataDir = path.dirname(abs)
  const keep = opts.backupsToKeep ?? DEFAULT_BACKUPS_TO_KEEP
  if (!Number.isInteger(keep) || keep < 1) {
    throw invalidInput('Число хранимых копий должно быть ≥ 1.', 'backupsToKeep must be ≥ 1.')
  }
  const state = inspectFile(abs)
  if (!state.exists) {
    try {
      fs.mkdirSync(dataDir, { recursive: true })
    } catch (err) {
      throw toDbError(err)
    }
  }
  const readonly = opts.readonly === true || (state.exists && !isWritable(abs, dataDir))
  if (readonly) {
    if (!state.exists) {
      throw dbError('db/cannot_open', `Файл «${abs}» не найден.`, `The file "${abs}" does not exist.`, {
        file: abs,
      })
    }
    if (state.version < LATEST_VERSION) {
      throw dbError(
        'db/readonly',
        'Базу данных нужно обновить, но она доступна только для чтения.',
        'The database needs an upgrade but it is read-only.',
        { file: abs, version: state.version },
      )
    }
    let conn: Database.Database | null = null
    try {
      conn = openSqlite(abs, { readonly: true, fileMustExist: true })
      configureConnection(conn, true)
    } catch (err) {
      conn?.close()
      throw toDbError(err)
    }
    return new MafiaDb(conn, abs, { backupsToKeep: keep, readonly: true })
  }
  if (state.version > 0 && state.version < LATEST_VERSION) {
    // Backup before migration, from a read-only connection: the file is not touched before the copy exists.
    const src = openSqlite(abs, { readonly: true, fileMustExist: true })
    try {
      await writeBackup(
        src,
        backupsDirOf(dataDir),
        `before-migration-v${state.version}-to-v${LATEST_VERSION}`,
        keep,
      )
    } finally {
      src.close()
    }
  }
  let conn: Database.Database | null = null
  try {
    conn = openSqlite(abs)
    configureConnection(conn, false)
    migrate(conn)
  } catch (err) {
    conn?.close()
    throw toDbError(err)
  }
  return new MafiaDb(conn, abs, { backupsToKeep: keep, readonly: false })
}

/** Opens `dbFile`, then restores `backupFile` into it (see MafiaDb.restoreBackup). Returns the fresh handle. */
export async function restoreBackup(
  dbFile: string,
  backupFile: string,
  opts: { force?: boolean; backupsToKeep?: number } = {},
): Promise<MafiaDb> {
  const db = await openDatabase(dbFile, { backupsToKeep: opts.backupsToKeep })
  try {
    return await db.restoreBackup(backupFile, { force: opts.force })
  } catch (err) {
    if (db.isOpen) db.close()
    throw err
  }
}

/** Validates that `file` is a readable Mafia Desk database no newer than this app (used for backups). */
function validateBackupFile(file: string): void {
  let state
  try {
    state = inspectFile(file)
  } catch (err) {
    const e = toDbError(err)
    if (e.code === 'db/too_new') throw e
    throw dbError(
      'db/backup_invalid',
      `Файл «${path.basename(file)}» не является резервной копией Mafia Desk.`,
      `The file "${path.basename(file)}" is not a Mafia Desk backup.`,
      { file, cause: e.data },
    )
  }
  if (!state.exists || state.version === 0) {
    throw dbError(
      'db/backup_invalid',
      `Файл «${path.basename(file)}» пуст и не является резервной копией Mafia Desk.`,
      `The file "${path.basename(file)}" is empty, not a Mafia Desk backup.`,
      { file },
    )
  }
  const conn = openSqlite(file, { readonly: true, fileMustExist: true })
  try {
    const check = conn.pragma('quick_check', { simple: true })
    if (check !== 'ok') {
      throw dbError(
        'db/backup_invalid',
        `Резервная копия «${path.basename(file)}» повреждена.`,
        `The backup "${path.basename(file)}" is damaged.`,
        { file, check },
      )
    }
  } catch (err) {
    throw toDbError(err)
  } finally {
    conn.close()
  }
}

type Statement = Database.Statement<unknown[], unknown>

export class MafiaDb {
  readonly file: string
  readonly dataDir: string
  readonly readonly: boolean
  readonly backupsToKeep: number
  private readonly conn: Database.Database
  private readonly statements = new Map<string, Statement>()
  private readonly appendTx: Database.Transaction<
    (gameId: number, entry: EntryRecord, projection: ProjectionRecord) => void
  >

  /** Use openDatabase(). */
  constructor(conn: Database.Database, file: string, opts: { backupsToKeep: number; readonly: boolean }) {
    this.conn = conn
    this.file = file
    this.dataDir = path.dirname(file)
    this.readonly = opts.readonly
    this.backupsToKeep = opts.backupsToKeep
    this.appendTx = conn.transaction((gameId: number, e: EntryRecord, p: ProjectionRecord) => {
      const game = this.stmt('SELECT last_seq FROM games WHERE id = ?').get(gameId) as
        { last_seq: number | null } | undefined
      if (!game) throw notFound(GAME, gameId)
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
      if (p.results) this.writeResults(gameId, p.results)
    })
  }

  get isOpen(): boolean {
    return this.conn.open
  }

  /** The raw better-sqlite3 connection, for diagnostics, benchmarks and tests. Do not write through it. */
  get connection(): Database.Database {
    return this.conn
  }

  close(): void {
    if (!this.conn.open) return
    if (!this.readonly) {
      try {
        this.conn.pragma('optimize')
      } catch {
        // Closing must not fail because the disk is full or read-only.
      }
    }
    this.statements.clear()
    this.conn.close()
  }

  /** PRAGMA quick_check: an empty list when the file is sound. */
  integrityCheck(): string[] {
    return this.guard(() => {
      const rows = this.conn.pragma('quick_check') as Array<{ quick_check: string }>
      return rows.map((r) => r.quick_check).filter((t) => t !== 'ok')
    })
  }

  /** Absolute path of a data-folder-relative path such as a player's `photo`. */
  resolvePath(relative: string): string {
    return path.join(this.dataDir, ...relative.split('/'))
  }

  // ---------------------------------------------------------------- internals

  private stmt(sql: string): Statement {
    let s = this.statements.get(sql)
    if (!s) {
      s = this.conn.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  /** A cached statement returning rows as arrays (faster for bulk reads). */
  private rawStmt(sql: string): Statement {
    const key = `raw:${sql}`
    let s = this.statements.get(key)
    if (!s) {
      s = this.conn.prepare(sql).raw(true)
      this.statements.set(key, s)
    }
    return s
  }

  private guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (err) {
      throw toDbError(err)
    }
  }

  /** Runs fn in one IMMEDIATE write transaction (all or nothing). */
  private write<T>(fn: () => T): T {
    return this.guard(() => this.conn.transaction(fn).immediate())
  }

  private writeResults(gameId: number, results: ResultParams[]): void {
    this.stmt('DELETE FROM game_results WHERE game_id = ?').run(gameId)
    const insert = this.stmt(
      `INSERT INTO game_results (game_id, seat, player_id, role, win, best_move, extra, penalty, total,
         extra_reasons, penalty_reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const r of results) {
      if (r.playerId !== null) this.requirePlayer(r.playerId)
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

  /** The row of `table` with this id, or a clear `…/not_found` error naming what was looked for. */
  private requireRow<T>(
    table: 'players' | 'games' | 'tournaments' | 'stages' | 'rounds' | 'tables',
    what: { ru: string; en: string },
    id: number,
  ): T {
    const row = this.stmt(`SELECT * FROM ${table} WHERE id = ?`).get(id) as T | undefined
    if (!row) throw notFound(what, id)
    return row
  }

  private requirePlayer(id: number): PlayerDbRow {
    return this.requireRow<PlayerDbRow>('players', PLAYER, id)
  }

  private requireGame(id: number): GameDbRow {
    return this.requireRow<GameDbRow>('games', GAME, id)
  }

  private requireTournament(id: number): TournamentDbRow {
    return this.requireRow<TournamentDbRow>('tournaments', TOURNAMENT, id)
  }

  private requireStage(id: number): StageDbRow {
    return this.requireRow<StageDbRow>('stages', STAGE, id)
  }

  private requireRound(id: number): RoundDbRow {
    return this.requireRow<RoundDbRow>('rounds', ROUND, id)
  }

  private requireTable(id: number): TableDbRow {
    return this.requireRow<TableDbRow>('tables', TABLE, id)
  }

  private playerByKey(key: string): PlayerDbRow | undefined {
    return this.stmt('SELECT * FROM players WHERE nickname_key = ?').get(key) as PlayerDbRow | undefined
  }

  private insertPlayer(nickname: string, fullName: string, club: string, city: string): number {
    const now = Date.now()
    const info = this.stmt(
      `INSERT INTO players (nickname, nickname_key, full_name, club, city, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(nickname, foldKey(nickname), fullName, club, city, now, now)
    return Number(info.lastInsertRowid)
  }

  private writeSeats(gameId: number, setup: unknown): void {
    this.stmt('DELETE FROM game_seats WHERE game_id = ?').run(gameId)
    const insert = this.stmt('INSERT INTO game_seats (game_id, seat, player_id, name) VALUES (?, ?, ?, ?)')
    for (const s of setupSeats(setup)) {
      if (s.playerId !== null) this.requirePlayer(s.playerId)
      insert.run(gameId, s.seat, s.playerId, s.name)
    }
  }

  private loadLog(gameId: number): StoredEntry[] {
    return (
      this.stmt('SELECT seq, command, events, at FROM game_events WHERE game_id = ? ORDER BY seq').all(
        gameId,
      ) as EventDbRow[]
    ).map(toEntry)
  }

  // ---------------------------------------------------------------- players

  /** All players, or those whose nickname contains `query` (case-insensitive, Cyrillic included, ё = е). */
  listPlayers(query?: string): Player[] {
    return this.guard(() => {
      const key = query === undefined ? '' : foldKey(query)
      if (key === '') {
        return (this.stmt('SELECT * FROM players ORDER BY nickname_key').all() as PlayerDbRow[]).map(toPlayer)
      }
      const rows = this.stmt(
        `SELECT * FROM players WHERE instr(nickname_key, ?) > 0
         ORDER BY instr(nickname_key, ?) <> 1, nickname_key`,
      ).all(key, key) as PlayerDbRow[]
      return rows.map(toPlayer)
    })
  }

  getPlayer(id: number): Player | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM players WHERE id = ?').get(id) as PlayerDbRow | undefined
      return row ? toPlayer(row) : null
    })
  }

  /** Exact nickname match after folding (case, ё/е, spaces). */
  findPlayerByNickname(nickname: string): Player | null {
    return this.guard(() => {
      const row = this.playerByKey(foldKey(nickname))
      return row ? toPlayer(row) : null
    })
  }

  addPlayer(input: PlayerInput): Player {
    const nickname = checkNickname(input.nickname)
    const fullName = optionalText(input.fullName, 'fullName')
    const club = optionalText(input.club, 'club')
    const city = optionalText(input.city, 'city')
    return this.write(() => {
      const existing = this.playerByKey(foldKey(nickname))
      if (existing) throw playerExists(nickname, existing.id)
      return toPlayer(this.requirePlayer(this.insertPlayer(nickname, fullName, club, city)))
    })
  }

  updatePlayer(id: number, patch: PlayerPatch): Player {
    return this.write(() => {
      const row = this.requirePlayer(id)
      const nickname = patch.nickname === undefined ? row.nickname : checkNickname(patch.nickname)
      const key = foldKey(nickname)
      const other = this.playerByKey(key)
      if (other && other.id !== id) throw playerExists(nickname, other.id)
      this.stmt(
        `UPDATE players SET nickname = ?, nickname_key = ?, full_name = ?, club = ?, city = ?, updated_at = ?
         WHERE id = ?`,
      ).run(
        nickname,
        key,
        patch.fullName === undefined ? row.full_name : optionalText(patch.fullName, 'fullName'),
        patch.club === undefined ? row.club : optionalText(patch.club, 'club'),
        patch.city === undefined ? row.city : optionalText(patch.city, 'city'),
        Date.now(),
        id,
      )
      return toPlayer(this.requirePlayer(id))
    })
  }

  /** Deletes a player who is in no game (db/player_in_use otherwise). */
  deletePlayer(id: number): void {
    let photo: string | null = null
    this.write(() => {
      const row = this.requirePlayer(id)
      const used =
        this.stmt('SELECT 1 FROM game_seats WHERE player_id = ? LIMIT 1').get(id) ??
        this.stmt('SELECT 1 FROM game_results WHERE player_id = ? LIMIT 1').get(id)
      if (used) {
        throw dbError(
          'db/player_in_use',
          `Игрок «${row.nickname}» участвовал в играх: его нельзя удалить (можно объединить с другим).`,
          `Player "${row.nickname}" has played games: they cannot be deleted (merge them instead).`,
          { id },
        )
      }
      photo = row.photo
      this.stmt('DELETE FROM players WHERE id = ?').run(id)
    })
    if (photo !== null) this.removePhotoFileIfUnused(photo)
  }

  /**
   * Merges `dropId` into `keepId` in one transaction: every seating (game_seats and setup JSON
   * `players[].playerId`) and every game result of the dropped player moves to the kept one; the kept player's
   * empty fields (full name, club, city, photo) are filled from the dropped one; the dropped player is deleted.
   */
  mergePlayers(keepId: number, dropId: number): Player {
    if (keepId === dropId) {
      throw invalidInput(
        'Нельзя объединить игрока с самим собой.',
        'A player cannot be merged with themself.',
      )
    }
    let orphanPhoto: string | null = null
    const kept = this.write(() => {
      const keep = this.requirePlayer(keepId)
      const drop = this.requirePlayer(dropId)
      const games = this.stmt('SELECT DISTINCT game_id FROM game_seats WHERE player_id = ?').all(
        dropId,
      ) as Array<{
        game_id: number
      }>
      const updateSetup = this.stmt('UPDATE games SET setup = ?, updated_at = ? WHERE id = ?')
      for (const { game_id } of games) {
        const row = this.requireGame(game_id)
        const setup = remapSetupPlayers(JSON.parse(row.setup) as unknown, (id) =>
          id === dropId ? keepId : id,
        )
        updateSetup.run(JSON.stringify(setup), Date.now(), game_id)
      }
      this.stmt('UPDATE game_seats SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
      this.stmt('UPDATE game_results SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
      const photo = keep.photo ?? drop.photo
      if (drop.photo !== null && drop.photo !== photo) orphanPhoto = drop.photo
      this.stmt(
        'UPDATE players SET full_name = ?, club = ?, city = ?, photo = ?, updated_at = ? WHERE id = ?',
      ).run(
        keep.full_name || drop.full_name,
        keep.club || drop.club,
        keep.city || drop.city,
        photo,
        Date.now(),
        keepId,
      )
      this.stmt('DELETE FROM players WHERE id = ?').run(dropId)
      return toPlayer(this.requirePlayer(keepId))
    })
    if (orphanPhoto !== null) this.removePhotoFileIfUnused(orphanPhoto)
    return kept
  }

  /**
   * Imports players from CSV (see csv.ts for the accepted shape). All or nothing: when any line has an error,
   * nothing is written and every bad line is reported. Nicknames already in the registry are skipped.
   */
  importPlayersCsv(text: string): CsvImportReport {
    const { rows, errors } = parsePlayersCsv(text)
    return this.write(() => {
      const fresh = rows.filter((r) => this.playerByKey(foldKey(r.nickname)) === undefined)
      const skipped = rows.length - fresh.length
      if (errors.length > 0) return { added: 0, skipped, errors }
      for (const r of fresh) {
        this.insertPlayer(r.nickname, r.fullName.slice(0, 200), r.club.slice(0, 200), r.city.slice(0, 200))
      }
      return { added: fresh.length, skipped, errors: [] }
    })
  }

  /**
   * Copies an image into `<dataDir>/photos/` and makes it the player's photo. The type comes from the magic
   * bytes (PNG, JPEG, WebP); at most 5 MB. Returns the stored path relative to the data folder.
   */
  setPhoto(playerId: number, sourcePath: string): string {
    const player = this.getPlayer(playerId)
    if (!player) throw notFound(PLAYER, playerId)
    if (this.readonly) throw this.readonlyError()
    let data: Buffer
    try {
      const st = fs.statSync(sourcePath)
      if (!st.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' })
      if (st.size > MAX_PHOTO_BYTES) throw photoTooLarge(st.size)
      data = fs.readFileSync(sourcePath)
    } catch (err) {
      if (err instanceof AppError) throw err
      const code = (err as { code?: unknown }).code
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
        throw dbError(
          'db/photo_not_found',
          `Файл фотографии не найден: ${sourcePath}.`,
          `The photo file was not found: ${sourcePath}.`,
          { sourcePath },
        )
      }
      throw toDbError(err)
    }
    if (data.length > MAX_PHOTO_BYTES) throw photoTooLarge(data.length)
    const type = detectImageType(data.subarray(0, 12))
    if (type === null) {
      throw dbError(
        'db/photo_bad_type',
        'Фотография должна быть изображением PNG, JPEG или WebP (проверяется содержимое файла, а не его имя).',
        'The photo must be a PNG, JPEG or WebP image (the file content is checked, not its name).',
        { sourcePath },
      )
    }
    const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 12)
    const name = `player-${playerId}-${hash}${IMAGE_EXTENSIONS[type]}`
    const relative = `photos/${name}`
    const dir = path.join(this.dataDir, 'photos')
    const target = path.join(dir, name)
    const partial = `${target}.partial`
    try {
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(partial, data)
      fsyncFile(partial)
      fs.renameSync(partial, target)
      fsyncDir(dir)
    } catch (err) {
      removeIfExists(partial)
      throw toDbError(err)
    }
    const previous = player.photo
    try {
      this.write(() => {
        this.requirePlayer(playerId)
        this.stmt('UPDATE players SET photo = ?, updated_at = ? WHERE id = ?').run(
          relative,
          Date.now(),
          playerId,
        )
      })
    } catch (err) {
      if (previous !== relative) this.removePhotoFileIfUnused(relative)
      throw err
    }
    if (previous !== null && previous !== relative) this.removePhotoFileIfUnused(previous)
    return relative
  }

  /** Removes the player's photo (the file is deleted when no other player uses it). */
  clearPhoto(playerId: number): void {
    let previous: string | null = null
    this.write(() => {
      previous = this.requirePlayer(playerId).photo
      this.stmt('UPDATE players SET photo = NULL, updated_at = ? WHERE id = ?').run(Date.now(), playerId)
    })
    if (previous !== null) this.removePhotoFileIfUnused(previous)
  }

  private removePhotoFileIfUnused(relative: string): void {
    try {
      const used = this.stmt('SELECT 1 FROM players WHERE photo = ? LIMIT 1').get(relative)
      if (!used && relative.startsWith('photos/')) removeIfExists(this.resolvePath(relative))
    } catch {
      // A leftover file is harmless.
    }
  }

  private readonlyError(): AppError {
    return dbError(
      'db/readonly',
      'База данных открыта только для чтения: изменение не сохранено.',
      'The database is read-only: the change was not saved.',
      { file: this.file },
    )
  }

  // ---------------------------------------------------------------- tournaments

  createTournament(input: TournamentInput): Tournament {
    const name = optionalText(input.name, 'name')
    if (name === '')
      throw invalidInput('Название турнира не может быть пустым.', 'The tournament name cannot be empty.')
    const startsOn = checkDate(input.startsOn, 'startsOn')
    const endsOn = checkDate(input.endsOn, 'endsOn')
    const ruleset =
      input.ruleset === undefined || input.ruleset === null ? null : toJson(input.ruleset, 'ruleset')
    const uuid = input.uuid ?? crypto.randomUUID()
    return this.write(() => {
      const now = Date.now()
      const info = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(uuid, name, startsOn, endsOn, ruleset, now, now)
      return toTournament(this.requireTournament(Number(info.lastInsertRowid)))
    })
  }

  updateTournament(id: number, patch: Partial<Omit<TournamentInput, 'uuid'>>): Tournament {
    return this.write(() => {
      const row = this.requireTournament(id)
      const name = patch.name === undefined ? row.name : optionalText(patch.name, 'name')
      if (name === '') {
        throw invalidInput('Название турнира не может быть пустым.', 'The tournament name cannot be empty.')
      }
      this.stmt(
        'UPDATE tournaments SET name = ?, starts_on = ?, ends_on = ?, ruleset = ?, updated_at = ? WHERE id = ?',
      ).run(
        name,
        patch.startsOn === undefined ? row.starts_on : checkDate(patch.startsOn, 'startsOn'),
        patch.endsOn === undefined ? row.ends_on : checkDate(patch.endsOn, 'endsOn'),
        patch.ruleset === undefined
          ? row.ruleset
          : patch.ruleset === null
            ? null
            : toJson(patch.ruleset, 'ruleset'),
        Date.now(),
        id,
      )
      return toTournament(this.requireTournament(id))
    })
  }

  /** Newest first. */
  listTournaments(): Tournament[] {
    return this.guard(() =>
      (
        this.stmt(
          "SELECT * FROM tournaments ORDER BY coalesce(starts_on, '') DESC, id DESC",
        ).all() as TournamentDbRow[]
      ).map(toTournament),
    )
  }

  getTournament(id: number): Tournament | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM tournaments WHERE id = ?').get(id) as TournamentDbRow | undefined
      return row ? toTournament(row) : null
    })
  }

  /** The tournament with its stages (and their rounds) and tables, in order. */
  getStructure(tournamentId: number): TournamentStructure | null {
    return this.guard(() => {
      const t = this.stmt('SELECT * FROM tournaments WHERE id = ?').get(tournamentId) as
        TournamentDbRow | undefined
      if (!t) return null
      const stages = this.listStages(tournamentId).map((s) => ({ ...s, rounds: this.listRounds(s.id) }))
      return { tournament: toTournament(t), stages, tables: this.listTables(tournamentId) }
    })
  }

  addStage(tournamentId: number, input: { kind: StageKind; name?: string }): Stage {
    if (!STAGE_KINDS.includes(input.kind)) {
      throw invalidInput(
        `Неизвестный вид этапа: ${String(input.kind)}.`,
        `Unknown stage kind: ${String(input.kind)}.`,
      )
    }
    const name = optionalText(input.name, 'name')
    return this.write(() => {
      this.requireTournament(tournamentId)
      const { next } = this.stmt(
        'SELECT coalesce(max(position), 0) + 1 AS next FROM stages WHERE tournament_id = ?',
      ).get(tournamentId) as { next: number }
      const info = this.stmt(
        'INSERT INTO stages (tournament_id, kind, name, position) VALUES (?, ?, ?, ?)',
      ).run(tournamentId, input.kind, name, next)
      return toStage(this.requireStage(Number(info.lastInsertRowid)))
    })
  }

  listStages(tournamentId: number): Stage[] {
    return this.guard(() =>
      (
        this.stmt('SELECT * FROM stages WHERE tournament_id = ? ORDER BY position').all(
          tournamentId,
        ) as StageDbRow[]
      ).map(toStage),
    )
  }

  getStage(id: number): Stage | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM stages WHERE id = ?').get(id) as StageDbRow | undefined
      return row ? toStage(row) : null
    })
  }

  /** Adds a round to a stage; `number` defaults to the next free one. */
  addRound(stageId: number, input: { number?: number } = {}): Round {
    return this.write(() => {
      this.requireStage(stageId)
      let number = input.number
      if (number === undefined) {
        number = (
          this.stmt('SELECT coalesce(max(number), 0) + 1 AS next FROM rounds WHERE stage_id = ?').get(
            stageId,
          ) as {
            next: number
          }
        ).next
      } else if (!isId(number)) {
        throw invalidInput('Номер тура должен быть целым > 0.', 'The round number must be an integer > 0.')
      }
      const info = this.stmt("INSERT INTO rounds (stage_id, number, status) VALUES (?, ?, 'open')").run(
        stageId,
        number,
      )
      return toRound(this.requireRound(Number(info.lastInsertRowid)))
    })
  }

  listRounds(stageId: number): Round[] {
    return this.guard(() =>
      (this.stmt('SELECT * FROM rounds WHERE stage_id = ? ORDER BY number').all(stageId) as RoundDbRow[]).map(
        toRound,
      ),
    )
  }

  getRound(id: number): Round | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM rounds WHERE id = ?').get(id) as RoundDbRow | undefined
      return row ? toRound(row) : null
    })
  }

  /** Adds a table to a tournament; `number` defaults to the next free one. */
  addTable(tournamentId: number, input: { number?: number; name?: string; judge?: string } = {}): TableRow {
    const name = optionalText(input.name, 'name')
    const judge = optionalText(input.judge, 'judge')
    return this.write(() => {
      this.requireTournament(tournamentId)
      let number = input.number
      if (number === undefined) {
        number = (
          this.stmt('SELECT coalesce(max(number), 0) + 1 AS next FROM tables WHERE tournament_id = ?').get(
            tournamentId,
          ) as { next: number }
        ).next
      } else if (!isId(number)) {
        throw invalidInput('Номер стола должен быть целым > 0.', 'The table number must be an integer > 0.')
      }
      const info = this.stmt(
        'INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, ?, ?, ?)',
      ).run(tournamentId, number, name, judge)
      return toTable(this.requireTable(Number(info.lastInsertRowid)))
    })
  }

  updateTable(tableId: number, patch: { name?: string; judge?: string }): TableRow {
    return this.write(() => {
      const row = this.requireTable(tableId)
      this.stmt('UPDATE tables SET name = ?, judge = ? WHERE id = ?').run(
        patch.name === undefined ? row.name : optionalText(patch.name, 'name'),
        patch.judge === undefined ? row.judge : optionalText(patch.judge, 'judge'),
        tableId,
      )
      return toTable(this.requireTable(tableId))
    })
  }

  listTables(tournamentId: number): TableRow[] {
    return this.guard(() =>
      (
        this.stmt('SELECT * FROM tables WHERE tournament_id = ? ORDER BY number').all(
          tournamentId,
        ) as TableDbRow[]
      ).map(toTable),
    )
  }

  getTable(id: number): TableRow | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM tables WHERE id = ?').get(id) as TableDbRow | undefined
      return row ? toTable(row) : null
    })
  }

  /**
   * Marks the round finished and takes the end-of-round backup. Refuses with db/round_in_progress while a game
   * of the round is running, unless `force`. Returns the backup's path.
   */
  async finishRound(roundId: number, opts: { force?: boolean } = {}): Promise<string> {
    const round = this.write(() => {
      const r = this.requireRound(roundId)
      const running = this.stmt("SELECT id, number FROM games WHERE round_id = ? AND status = 'running'").all(
        roundId,
      ) as Array<{ id: number; number: number | null }>
      if (running.length > 0 && opts.force !== true) {
        throw dbError(
          'db/round_in_progress',
          `В туре ${r.number} ещё идут игры (${running.length}). Завершите их или подтвердите.`,
          `Round ${r.number} still has ${running.length} game(s) in progress. Finish them or confirm.`,
          { roundId, games: running.map((g) => g.id) },
        )
      }
      this.stmt(
        "UPDATE rounds SET status = 'finished', finished_at = coalesce(finished_at, ?) WHERE id = ?",
      ).run(Date.now(), roundId)
      return r
    })
    return this.backupNow(`end-of-round-${round.number}`)
  }

  /** Creates the demo tournament (ten players, qualifying stage, round 1, table 1) when there is no tournament. */
  seedDemo(opts: { ruleset?: unknown } = {}): DemoIds | null {
    return this.write(() => {
      const { n } = this.stmt('SELECT count(*) AS n FROM tournaments').get() as { n: number }
      if (n > 0) return null
      const now = Date.now()
      const t = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, created_at, updated_at)
         VALUES (?, ?, ?, NULL, ?, ?, ?)`,
      ).run(
        crypto.randomUUID(),
        DEMO_TOURNAMENT_NAME,
        todayIso(),
        opts.ruleset === undefined || opts.ruleset === null ? null : toJson(opts.ruleset, 'ruleset'),
        now,
        now,
      )
      const tournamentId = Number(t.lastInsertRowid)
      const stageId = Number(
        this.stmt(
          "INSERT INTO stages (tournament_id, kind, name, position) VALUES (?, 'qualifying', ?, 1)",
        ).run(tournamentId, 'Отборочный этап').lastInsertRowid,
      )
      const roundId = Number(
        this.stmt("INSERT INTO rounds (stage_id, number, status) VALUES (?, 1, 'open')").run(stageId)
          .lastInsertRowid,
      )
      const tableId = Number(
        this.stmt('INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, 1, ?, ?)').run(
          tournamentId,
          'Стол 1',
          '',
        ).lastInsertRowid,
      )
      const playerIds = DEMO_NICKNAMES.map((nick) => {
        const existing = this.playerByKey(foldKey(nick))
        return existing ? existing.id : this.insertPlayer(nick, '', 'Демо-клуб', '')
      })
      return { tournamentId, stageId, roundId, tableId, playerIds }
    })
  }

  // ---------------------------------------------------------------- games

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
      if (tournamentId !== null) this.requireTournament(tournamentId)
      const now = Date.now()
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
      this.writeSeats(id, setup)
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
      this.writeSeats(gameId, parsed)
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
      this.writeResults(gameId, checked)
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
      return row ? { game: toGame(row), log: this.loadLog(gameId) } : null
    })
  }

  /** Resume: every game in status 'running', with setup and full log, oldest first. */
  listInProgress(): GameWithLog[] {
    return this.guard(() => {
      const rows = this.stmt("SELECT * FROM games WHERE status = 'running' ORDER BY id").all() as GameDbRow[]
      return rows.map((r) => ({ game: toGame(r), log: this.loadLog(r.id) }))
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

  // ---------------------------------------------------------------- settings

  getSetting<T>(key: string): T | null {
    return this.guard(() => {
      const row = this.stmt('SELECT value FROM settings WHERE key = ?').get(key) as
        { value: string } | undefined
      return row ? (JSON.parse(row.value) as T) : null
    })
  }

  /** Stores any JSON value; `null` removes the key. */
  setSetting(key: string, value: unknown): void {
    if (typeof key !== 'string' || key === '')
      throw invalidInput('Пустой ключ настройки.', 'Empty setting key.')
    const json = value === null ? null : toJson(value, key)
    this.write(() => {
      if (json === null) this.stmt('DELETE FROM settings WHERE key = ?').run(key)
      else
        this.stmt(
          'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        ).run(key, json)
    })
  }

  // ---------------------------------------------------------------- backups

  get backupsDir(): string {
    return backupsDirOf(this.dataDir)
  }

  /**
   * Writes `<dataDir>/backups/mafia-desk-<timestamp>-<reason>.sqlite` with the SQLite backup API and keeps the
   * newest `backupsToKeep`. Returns the backup's absolute path.
   */
  async backupNow(reason: string): Promise<string> {
    if (!this.conn.open) throw toDbError(new TypeError('The database connection is not open'))
    return writeBackup(this.conn, this.backupsDir, reason, this.backupsToKeep)
  }

  /** Newest first. */
  listBackups(): BackupInfo[] {
    return listBackupsIn(this.backupsDir)
  }

  /**
   * Replaces this database with a backup (a path, or a name from listBackups()). Refuses with
   * db/game_in_progress while a game is running unless `force`; validates that the backup is a sound Mafia Desk
   * database (db/backup_invalid, db/too_new). Takes a `before-restore` backup, copies the backup into a temporary
   * file next to the database with the backup API, closes this handle, renames the copy over the file and
   * returns a NEW handle. This handle is closed afterwards (db/closed on use).
   */
  async restoreBackup(backupFile: string, opts: { force?: boolean } = {}): Promise<MafiaDb> {
    let source = path.resolve(this.backupsDir, backupFile)
    if (!fs.existsSync(source)) source = path.resolve(backupFile)
    if (!fs.existsSync(source)) {
      throw dbError(
        'db/backup_not_found',
        `Резервная копия не найдена: ${backupFile}.`,
        `The backup was not found: ${backupFile}.`,
        { backupFile },
      )
    }
    if (this.readonly) throw this.readonlyError()
    validateBackupFile(source)
    if (opts.force !== true) this.refuseIfRunning()
    const staging = `${this.file}.restoring`
    removeIfExists(staging)
    const src = openSqlite(source, { readonly: true, fileMustExist: true })
    try {
      await src.backup(staging)
      const copy = openSqlite(staging, { fileMustExist: true })
      try {
        copy.pragma('journal_mode = DELETE')
      } finally {
        copy.close()
      }
      fsyncFile(staging)
    } catch (err) {
      removeIfExists(staging)
      removeIfExists(`${staging}-journal`)
      throw toDbError(err)
    } finally {
      src.close()
    }
    try {
      // The safety copy comes last: writes made on this connection while it runs are included (the backup API
      // follows same-connection writes), and from its end to the close below everything is synchronous, so no
      // command can slip in between.
      await this.backupNow('before-restore')
      if (opts.force !== true) this.refuseIfRunning()
    } catch (err) {
      removeIfExists(staging)
      throw err
    }
    this.close()
    try {
      // After a clean close SQLite has checkpointed and removed the WAL; stale companions must not be applied
      // to the restored file.
      removeIfExists(`${this.file}-wal`)
      removeIfExists(`${this.file}-shm`)
      fs.renameSync(staging, this.file)
      fsyncDir(this.dataDir)
    } catch (err) {
      throw toDbError(err)
    }
    return openDatabase(this.file, { backupsToKeep: this.backupsToKeep })
  }

  private refuseIfRunning(): void {
    const running = this.guard(
      () =>
        this.stmt("SELECT id, uuid, number FROM games WHERE status = 'running' ORDER BY id").all() as Array<{
          id: number
          uuid: string
          number: number | null
        }>,
    )
    if (running.length > 0) {
      throw dbError(
        'db/game_in_progress',
        `Идёт игра (${running.length}): восстановление копии её сотрёт. Завершите игру или подтвердите восстановление.`,
        `A game is in progress (${running.length}): restoring the backup would erase it. Finish the game or confirm the restore.`,
        { games: running },
      )
    }
  }

  // ---------------------------------------------------------------- exchange (docs/data-format.md)

  /** Exports one game, a round's games or a tournament's games as a `mafia-desk/games` v1 JSON document. */
  exportJson(scope: ExportScope): string {
    return this.guard(() => {
      let games: GameDbRow[]
      let tournamentId: number | null
      if ('gameId' in scope) {
        const g = this.requireGame(scope.gameId)
        games = [g]
        tournamentId = g.tournament_id
      } else if ('roundId' in scope) {
        const r = this.requireRound(scope.roundId)
        tournamentId = this.requireStage(r.stage_id).tournament_id
        games = this.stmt('SELECT * FROM games WHERE round_id = ? ORDER BY table_id, number, id').all(
          scope.roundId,
        ) as GameDbRow[]
      } else {
        tournamentId = this.requireTournament(scope.tournamentId).id
        games = this.stmt('SELECT * FROM games WHERE tournament_id = ? ORDER BY id').all(
          scope.tournamentId,
        ) as GameDbRow[]
      }
      const doc: ExchangeDocument = {
        format: EXCHANGE_FORMAT,
        version: EXCHANGE_VERSION,
        exportedAt: new Date().toISOString(),
        app: 'Mafia Desk',
        players: [],
        games: [],
      }
      const stagePos = new Map<number, number>()
      const roundNum = new Map<number, number>()
      const tableNum = new Map<number, number>()
      if (tournamentId !== null) {
        const structure = this.getStructure(tournamentId)
        if (structure) {
          const t = structure.tournament
          const exported: ExchangeTournament = {
            uuid: t.uuid,
            name: t.name,
            startsOn: t.startsOn,
            endsOn: t.endsOn,
            ruleset: t.ruleset ?? undefined,
            stages: structure.stages.map((s) => {
              stagePos.set(s.id, s.position)
              return {
                position: s.position,
                kind: s.kind,
                name: s.name,
                rounds: s.rounds.map((r) => {
                  roundNum.set(r.id, r.number)
                  return { number: r.number, status: r.status, finishedAt: r.finishedAt }
                }),
              }
            }),
            tables: structure.tables.map((tb) => {
              tableNum.set(tb.id, tb.number)
              return { number: tb.number, name: tb.name, judge: tb.judge }
            }),
          }
          doc.tournament = exported
        }
      }
      const playerIds = new Set<number>()
      for (const g of games) {
        const results = this.getResults(g.id)
        const seats = this.stmt(
          'SELECT player_id FROM game_seats WHERE game_id = ? AND player_id IS NOT NULL',
        ).all(g.id) as Array<{ player_id: number }>
        for (const s of seats) playerIds.add(s.player_id)
        for (const r of results) if (r.playerId !== null) playerIds.add(r.playerId)
        const game: ExchangeGame = {
          uuid: g.uuid,
          stage: g.stage_id === null ? null : (stagePos.get(g.stage_id) ?? null),
          round: g.round_id === null ? null : (roundNum.get(g.round_id) ?? null),
          table: g.table_id === null ? null : (tableNum.get(g.table_id) ?? null),
          number: g.number,
          judge: g.judge,
          status: g.status,
          rulesetId: g.ruleset_id,
          winner: g.winner,
          createdAt: g.created_at,
          updatedAt: g.updated_at,
          setup: JSON.parse(g.setup) as unknown,
          log: this.loadLog(g.id),
          results,
        }
        doc.games.push(game)
      }
      for (const id of [...playerIds].sort((a, b) => a - b)) {
        const p = this.requirePlayer(id)
        doc.players.push({
          id: p.id,
          nickname: p.nickname,
          fullName: p.full_name,
          club: p.club,
          city: p.city,
        })
      }
      return JSON.stringify(doc)
    })
  }

  /**
   * Imports a `mafia-desk/games` document in one transaction. Refuses (changing nothing) malformed JSON
   * (db/import_malformed), another format (db/import_wrong_format), another version
   * (db/import_unsupported_version), a game whose uuid is present with the same log (db/import_duplicate) or
   * with a different log (db/import_conflict). Players are matched by nickname and created when missing; the
   * tournament by uuid, stages by position, rounds by number, tables by number (created when missing).
   */
  importJson(text: string): ImportReport {
    const doc = parseExchange(text)
    return this.write(() => {
      // 1. Refuse duplicates and conflicts before writing anything.
      const duplicates: string[] = []
      const conflicts: string[] = []
      for (const g of doc.games) {
        const existing = this.stmt('SELECT id FROM games WHERE uuid = ?').get(g.uuid) as
          { id: number } | undefined
        if (!existing) continue
        const stored = this.loadLog(existing.id)
        const same =
          stored.length === g.log.length &&
          stored.every((e, i) => canonicalJson(e) === canonicalJson({ ...g.log[i] }))
        ;(same ? duplicates : conflicts).push(g.uuid)
      }
      if (conflicts.length > 0) {
        throw dbError(
          'db/import_conflict',
          `Импорт отменён: ${conflicts.length} игр(а) с тем же идентификатором уже есть в базе, но с другим журналом. Ничего не изменено.`,
          `Import refused: ${conflicts.length} game(s) with the same id are already in the database with a different log. Nothing was changed.`,
          { conflicts, duplicates },
        )
      }
      if (duplicates.length > 0) {
        throw dbError(
          'db/import_duplicate',
          `Импорт отменён: ${duplicates.length} игр(а) уже импортирована ранее. Ничего не изменено.`,
          `Import refused: ${duplicates.length} game(s) were already imported. Nothing was changed.`,
          { duplicates },
        )
      }
      // 2. Tournament structure.
      let tournamentId: number | null = null
      const stageIds = new Map<number, number>()
      const roundIds = new Map<string, number>()
      const tableIds = new Map<number, number>()
      if (doc.tournament) {
        tournamentId = this.importTournament(doc.tournament, stageIds, roundIds, tableIds)
      }
      // 3. Players by nickname.
      const playerMap = new Map<number, number>()
      let created = 0
      let matched = 0
      for (const p of doc.players) {
        const nickname = cleanNickname(p.nickname)
        const existing = this.playerByKey(foldKey(nickname))
        if (existing) {
          playerMap.set(p.id, existing.id)
          matched++
        } else {
          playerMap.set(p.id, this.insertPlayer(nickname, p.fullName, p.club, p.city))
          created++
        }
      }
      const mapPlayer = (id: number): number | null => playerMap.get(id) ?? null
      // 4. Games.
      const insertGame = this.stmt(
        `INSERT INTO games (uuid, tournament_id, stage_id, round_id, table_id, number, judge, status, ruleset_id,
           setup, winner, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      const insertEvent = this.stmt(
        'INSERT INTO game_events (game_id, seq, command, events, at) VALUES (?, ?, ?, ?, ?)',
      )
      const insertResult = this.stmt(
        `INSERT INTO game_results (game_id, seat, player_id, role, win, best_move, extra, penalty, total, ci,
           extra_reasons, penalty_reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      for (const g of doc.games) {
        const setup = remapSetupPlayers(g.setup, mapPlayer)
        const stageId = g.stage === null ? null : (stageIds.get(g.stage) ?? null)
        const roundId =
          g.round === null || g.stage === null ? null : (roundIds.get(`${g.stage}/${g.round}`) ?? null)
        const tableId = g.table === null ? null : (tableIds.get(g.table) ?? null)
        const info = insertGame.run(
          g.uuid,
          tournamentId,
          stageId,
          roundId,
          tableId,
          g.number,
          g.judge,
          g.status,
          g.rulesetId ?? rulesetIdOf(setup),
          JSON.stringify(setup),
          g.winner,
          g.log.length > 0 ? g.log[g.log.length - 1].seq : null,
          g.createdAt,
          g.updatedAt,
        )
        const gameId = Number(info.lastInsertRowid)
        this.writeSeats(gameId, setup)
        for (const e of g.log) {
          insertEvent.run(gameId, e.seq, toJson(e.command, 'command'), JSON.stringify(e.events), e.at)
        }
        for (const r of g.results) {
          insertResult.run(
            gameId,
            r.seat,
            r.playerId === null ? null : mapPlayer(r.playerId),
            r.role,
            r.win,
            r.bestMove,
            r.extra,
            r.penalty,
            r.total,
            r.ci,
            JSON.stringify(r.extraReasons),
            JSON.stringify(r.penaltyReasons),
          )
        }
      }
      return { games: doc.games.length, players: created, playersMatched: matched, tournamentId }
    })
  }

  private importTournament(
    t: ExchangeTournament,
    stageIds: Map<number, number>,
    roundIds: Map<string, number>,
    tableIds: Map<number, number>,
  ): number {
    const now = Date.now()
    let row = this.stmt('SELECT * FROM tournaments WHERE uuid = ?').get(t.uuid) as TournamentDbRow | undefined
    if (!row) {
      const info = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        t.uuid,
        t.name.trim(),
        t.startsOn,
        t.endsOn,
        t.ruleset === undefined || t.ruleset === null ? null : toJson(t.ruleset, 'ruleset'),
        now,
        now,
      )
      row = this.requireTournament(Number(info.lastInsertRowid))
    }
    const tournamentId = row.id
    for (const s of t.stages) {
      let stage = this.stmt('SELECT * FROM stages WHERE tournament_id = ? AND position = ?').get(
        tournamentId,
        s.position,
      ) as StageDbRow | undefined
      if (!stage) {
        const info = this.stmt(
          'INSERT INTO stages (tournament_id, kind, name, position) VALUES (?, ?, ?, ?)',
        ).run(tournamentId, s.kind, s.name, s.position)
        stage = this.requireStage(Number(info.lastInsertRowid))
      } else if (stage.kind !== s.kind) {
        throw dbError(
          'db/import_conflict',
          `Импорт отменён: этап ${s.position} турнира «${t.name}» в файле — «${s.kind}», а в базе — «${stage.kind}». Ничего не изменено.`,
          `Import refused: stage ${s.position} of "${t.name}" is "${s.kind}" in the file but "${stage.kind}" in the database. Nothing was changed.`,
          { stage: s.position },
        )
      }
      stageIds.set(s.position, stage.id)
      for (const r of s.rounds) {
        let round = this.stmt('SELECT * FROM rounds WHERE stage_id = ? AND number = ?').get(
          stage.id,
          r.number,
        ) as RoundDbRow | undefined
        if (!round) {
          const info = this.stmt(
            'INSERT INTO rounds (stage_id, number, status, finished_at) VALUES (?, ?, ?, ?)',
          ).run(stage.id, r.number, r.status, r.finishedAt)
          round = this.requireRound(Number(info.lastInsertRowid))
        }
        roundIds.set(`${s.position}/${r.number}`, round.id)
      }
    }
    for (const tb of t.tables) {
      let table = this.stmt('SELECT * FROM tables WHERE tournament_id = ? AND number = ?').get(
        tournamentId,
        tb.number,
      ) as TableDbRow | undefined
      if (!table) {
        const info = this.stmt(
          'INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, ?, ?, ?)',
        ).run(tournamentId, tb.number, tb.name, tb.judge)
        table = this.requireTable(Number(info.lastInsertRowid))
      }
      tableIds.set(tb.number, table.id)
    }
    return tournamentId
  }
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

function playerExists(nickname: string, id: number): AppError {
  return dbError(
    'db/player_exists',
    `Игрок с ником «${nickname}» уже есть в списке.`,
    `A player with the nickname "${nickname}" already exists.`,
    { id, nickname },
  )
}

function gameStarted(gameId: number): AppError {
  return dbError(
    'db/game_started',
    'Игра уже началась: её нельзя изменить или удалить.',
    'The game has already started: it cannot be changed or deleted.',
    { gameId },
  )
}

function photoTooLarge(size: number): AppError {
  return dbError(
    'db/photo_too_large',
    `Фотография слишком большая: ${(size / 1048576).toFixed(1)} МБ, допустимо не более 5 МБ.`,
    `The photo is too large: ${(size / 1048576).toFixed(1)} MB; at most 5 MB is allowed.`,
    { size, max: MAX_PHOTO_BYTES },
  )
}

/** JSON text → validated exchange document, or the matching db/import_* error. */
export function parseExchange(text: string): ExchangeDocument {
  let raw: unknown
  try {
    raw = JSON.parse(typeof text === 'string' && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (err) {
    throw dbError(
      'db/import_malformed',
      'Файл импорта повреждён: это не корректный JSON. Ничего не изменено.',
      'The import file is damaged: it is not valid JSON. Nothing was changed.',
      { cause: err instanceof Error ? err.message : String(err) },
    )
  }
  if (!isRecord(raw) || raw.format !== EXCHANGE_FORMAT) {
    throw dbError(
      'db/import_wrong_format',
      `Это не файл игр Mafia Desk (ожидается формат «${EXCHANGE_FORMAT}»). Ничего не изменено.`,
      `This is not a Mafia Desk games file (expected format "${EXCHANGE_FORMAT}"). Nothing was changed.`,
      { format: isRecord(raw) ? raw.format : null },
    )
  }
  if (raw.version !== EXCHANGE_VERSION) {
    throw dbError(
      'db/import_unsupported_version',
      `Версия файла ${String(raw.version)} не поддерживается (поддерживается ${EXCHANGE_VERSION}). Обновите программу. Ничего не изменено.`,
      `File version ${String(raw.version)} is not supported (this app reads version ${EXCHANGE_VERSION}). Update the app. Nothing was changed.`,
      { version: raw.version },
    )
  }
  const parsed = exchangeDocumentSchema.safeParse(raw)
  const malformed = (issues: Array<{ path: string; message: string }>): AppError => {
    const first = issues[0]
    return dbError(
      'db/import_malformed',
      `Файл импорта повреждён: ${first.path || 'документ'} — ${first.message}. Ничего не изменено.`,
      `The import file is damaged: ${first.path || 'document'}: ${first.message}. Nothing was changed.`,
      { issues: issues.slice(0, 20) },
    )
  }
  if (!parsed.success) {
    throw malformed(
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    )
  }
  const doc = parsed.data
  const issues: Array<{ path: string; message: string }> = []
  const ids = new Set<number>()
  const keys = new Set<string>()
  doc.players.forEach((p, i) => {
    if (ids.has(p.id)) issues.push({ path: `players.${i}.id`, message: `duplicate player id ${p.id}` })
    const key = foldKey(p.nickname)
    if (keys.has(key))
      issues.push({ path: `players.${i}.nickname`, message: `duplicate nickname ${p.nickname}` })
    ids.add(p.id)
    keys.add(key)
  })
  const uuids = new Set<string>()
  const stages = new Map<number, Set<number>>()
  for (const s of doc.tournament?.stages ?? []) stages.set(s.position, new Set(s.rounds.map((r) => r.number)))
  const tables = new Set((doc.tournament?.tables ?? []).map((t) => t.number))
  doc.games.forEach((g, i) => {
    if (uuids.has(g.uuid)) issues.push({ path: `games.${i}.uuid`, message: `duplicate game uuid ${g.uuid}` })
    uuids.add(g.uuid)
    if (g.stage !== null && !stages.has(g.stage)) {
      issues.push({ path: `games.${i}.stage`, message: `stage ${g.stage} is not in the tournament` })
    }
    if (g.stage !== null && g.round !== null && !stages.get(g.stage)?.has(g.round)) {
      issues.push({ path: `games.${i}.round`, message: `round ${g.round} is not in stage ${g.stage}` })
    }
    if (g.table !== null && !tables.has(g.table)) {
      issues.push({ path: `games.${i}.table`, message: `table ${g.table} is not in the tournament` })
    }
    setupSeats(g.setup).forEach((s) => {
      if (s.playerId !== null && !ids.has(s.playerId)) {
        issues.push({
          path: `games.${i}.setup.players.${s.seat - 1}.playerId`,
          message: `unknown player ${s.playerId}`,
        })
      }
    })
    g.results.forEach((r, j) => {
      if (r.playerId !== null && !ids.has(r.playerId)) {
        issues.push({ path: `games.${i}.results.${j}.playerId`, message: `unknown player ${r.playerId}` })
      }
    })
    if (new Set(g.results.map((r) => r.seat)).size !== g.results.length) {
      issues.push({ path: `games.${i}.results`, message: 'a seat appears twice' })
    }
  })
  if (issues.length > 0) throw malformed(issues)
  return doc
}
