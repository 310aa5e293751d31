/**
 * The tournament database (issue 4): one SQLite file per installation, opened with `openDatabase()`.
 * `MafiaDb` is the connection's owner (transactions, backups, restore, closing); it exposes each aggregate's
 * repository with its own statements, called as `db.<repository>.<method>`: `db.players` (the registry),
 * `db.registrations`, `db.tournaments` (tournaments with stages, rounds and tables), `db.seatings`, `db.games`
 * (games, their log, seats and results), `db.settings` (settings, OBS maps), `db.transfer` (JSON export/import),
 * `db.sync` (multi-machine mode); backups.ts holds the backup files. Every method is synchronous except the ones that take a backup (the SQLite online backup API
 * is asynchronous in better-sqlite3): `openDatabase` (backup before a migration), `backupNow`, `finishRound`,
 * `restoreBackup`. Every failure is an AppError with a `db/…` code (see errors.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type Database from 'better-sqlite3'
import { openSqlite } from './sqlite'
import {
  DEFAULT_BACKUPS_TO_KEEP,
  backupsDirOf,
  backupPrefixOf,
  listBackupsIn,
  stageRestoreCopy,
  validateBackupFile,
  writeBackup,
} from './backups'
import { DbCore, damagedError, type Damage } from './core'
import { dbError, invalidInput, toDbError } from './errors'
import { fsyncDir, removeIfExists } from './fsutil'
import { AwardsRepo } from './awards'
import { GamesRepo } from './games'
import { AppealsRepo } from './appeals'
import { configureConnection, inspectFile, migrate, scanWal, walProblems } from './open'
import { PlayersRepo } from './players'
import { RegistrationsRepo } from './registrations'
import { SeatingsRepo } from './seatings'
import { LATEST_VERSION } from './schema'
import { SettingsRepo } from './settings'
import { SeasonsRepo } from './seasons'
import { SyncRepo } from './sync'
import { TournamentsRepo, type UnfinishedGames } from './tournaments'
import { TransferRepo } from './transfer'
import type { BackupInfo } from './types'

export { DEMO_NICKNAMES, DEMO_TOURNAMENT_NAME } from './tournaments'
export { parseExchange } from './transfer'

export interface OpenOptions {
  /** How many backups to keep in `<dataDir>/backups` (default 20). */
  backupsToKeep?: number
  /**
   * Open without write access. Chosen automatically when the file or its folder is not writable; writes then
   * fail with db/readonly. A file that still needs a migration cannot be opened read-only.
   */
  readonly?: boolean
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
 * A read-only connection. A WAL-mode file on a read-only file system cannot be opened in place when its -shm
 * file is missing (SQLite needs to create it; better-sqlite3 has no `immutable` URI): then the connection reads a
 * private snapshot copy in the temp folder, which is the same data, since nothing can write the original there.
 */
function openReadonlyConnection(abs: string, dataDir: string): Database.Database {
  let conn: Database.Database | null = null
  try {
    conn = openSqlite(abs, { readonly: true, fileMustExist: true })
    conn.pragma('schema_version') // SQLite opens the file (and its WAL) lazily: make it fail here
    return conn
  } catch (err) {
    conn?.close()
    if (!String((err as { code?: string }).code).startsWith('SQLITE_CANTOPEN') || isDirWritable(dataDir))
      throw err
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mafia-desk-readonly-'))
    const copy = path.join(dir, path.basename(abs))
    fs.copyFileSync(abs, copy)
    for (const ext of ['-wal']) if (fs.existsSync(abs + ext)) fs.copyFileSync(abs + ext, copy + ext)
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
    return openSqlite(copy, { readonly: true, fileMustExist: true })
  }
}

function isDirWritable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK)
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
      conn = openReadonlyConnection(abs, dataDir)
      configureConnection(conn, true)
    } catch (err) {
      conn?.close()
      throw toDbError(err)
    }
    const walDamage = walProblems(abs)
    const damage = walDamage.length > 0 ? damageOf(abs, dataDir, walDamage) : undefined
    return new MafiaDb(conn, abs, { backupsToKeep: keep, readonly: true, damage })
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
        backupPrefixOf(abs),
      )
    } finally {
      src.close()
    }
  }
  let conn: Database.Database | null = null
  // Every check before the first write (docs/reliability.md): the write-ahead log read as SQLite's recovery
  // would read it (a damaged frame silently drops the committed transactions behind it), then quick_check on a
  // read-only connection — a damaged file is never switched to WAL, recovered or checkpointed.
  let problems: string[] = state.exists ? [...walProblems(abs), ...readonlyQuickCheck(abs, dataDir)] : []
  try {
    if (problems.length === 0) {
      conn = openSqlite(abs)
      configureConnection(conn, false)
      migrate(conn)
      return new MafiaDb(conn, abs, { backupsToKeep: keep, readonly: false })
    }
  } catch (err) {
    const e = toDbError(err)
    if (e.code !== 'db/corrupt') {
      conn?.close()
      throw e
    }
    problems = [e.message]
  }
  // A damaged file is never written: opened read-only, it says what is wrong and which backup to restore.
  conn?.close()
  const damage = damageOf(abs, dataDir, problems)
  try {
    conn = openReadonlyConnection(abs, dataDir)
    configureConnection(conn, true)
    // What can be read must be a whole schema (a damaged log may hide even the tables): else nothing can be shown.
    if (conn.pragma('user_version', { simple: true }) !== LATEST_VERSION)
      throw new Error('schema not readable')
  } catch {
    conn?.close()
    throw damagedError(abs, damage) // too damaged even to read: the error names the backup to restore
  }
  return new MafiaDb(conn, abs, { backupsToKeep: keep, readonly: true, damage })
}

function damageOf(abs: string, dataDir: string, problems: string[]): Damage {
  const wal = scanWal(abs)
  return {
    problems,
    newestGoodBackup: newestGoodBackup(backupsDirOf(dataDir), backupPrefixOf(abs)),
    ...(wal && wal.lost > 0
      ? { wal: { lost: wal.lost, readable: wal.readable, headerDamaged: wal.headerDamaged } }
      : {}),
  }
}

/** quick_check on a read-only connection (nothing written, not even the WAL switch); an unopenable file is a problem. */
function readonlyQuickCheck(abs: string, dataDir: string): string[] {
  let conn: Database.Database | null = null
  try {
    conn = openReadonlyConnection(abs, dataDir)
    return quickCheck(conn)
  } catch (err) {
    const e = toDbError(err)
    if (e.code === 'db/corrupt') return [e.data.message.en]
    throw e
  } finally {
    conn?.close()
  }
}

/** PRAGMA quick_check (its cost on a 1,000-game file is in bench:db): the problems found. */
function quickCheck(conn: Database.Database): string[] {
  try {
    const rows = conn.pragma('quick_check') as Array<{ quick_check: string }>
    return rows.map((r) => r.quick_check).filter((t) => t !== 'ok')
  } catch (err) {
    return [String((err as Error).message ?? err)]
  }
}

function newestGoodBackup(dir: string, prefix: string): string | null {
  for (const b of listBackupsIn(dir, prefix)) {
    try {
      validateBackupFile(b.file)
      return b.file
    } catch {
      // a damaged backup: try the next older one
    }
  }
  return null
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

export class MafiaDb {
  readonly file: string
  readonly dataDir: string
  readonly readonly: boolean
  readonly backupsToKeep: number
  private readonly core: DbCore
  readonly players: PlayersRepo
  readonly tournaments: TournamentsRepo
  readonly registrations: RegistrationsRepo
  readonly seatings: SeatingsRepo
  readonly games: GamesRepo
  readonly settings: SettingsRepo
  readonly transfer: TransferRepo
  /** Multi-machine mode: the outbox (table machine), table tokens and conflicts (hub). */
  readonly sync: SyncRepo
  /** A tournament's award rules (issue 31 §1). */
  readonly awards: AwardsRepo
  /** Appeals on games and their logged steps (issue 31 §1). */
  readonly appeals: AppealsRepo
  /** The club's seasons and the registry's pair policies (migration 13). */
  readonly seasons: SeasonsRepo

  /** Use openDatabase(). */
  constructor(
    conn: Database.Database,
    file: string,
    opts: { backupsToKeep: number; readonly: boolean; damage?: Damage },
  ) {
    this.core = new DbCore(conn, file, opts.readonly, opts.damage ?? null)
    this.file = file
    this.dataDir = path.dirname(file)
    this.readonly = this.core.readonly
    this.backupsToKeep = opts.backupsToKeep
    this.players = new PlayersRepo(this.core)
    this.tournaments = new TournamentsRepo(this.core)
    this.registrations = new RegistrationsRepo(this.core)
    this.seatings = new SeatingsRepo(this.core)
    this.games = new GamesRepo(this.core)
    this.settings = new SettingsRepo(this.core)
    this.appeals = new AppealsRepo(this.core)
    this.seasons = new SeasonsRepo(this.core)
    this.transfer = new TransferRepo(
      this.core,
      this.games,
      this.tournaments,
      this.appeals,
      this.seasons,
      this.settings,
    )
    this.sync = new SyncRepo(this.core)
    this.awards = new AwardsRepo(this.core)
  }

  get isOpen(): boolean {
    return this.core.conn.open
  }

  /** The raw better-sqlite3 connection, for diagnostics, benchmarks and tests. Do not write through it. */
  get connection(): Database.Database {
    return this.core.conn
  }

  close(): void {
    const conn = this.core.conn
    if (!conn.open) return
    if (!this.readonly) {
      try {
        conn.pragma('optimize')
      } catch {
        // Closing must not fail because the disk is full or read-only.
      }
    }
    this.core.clearStatements()
    conn.close()
  }

  /** PRAGMA quick_check: an empty list when the file is sound. */
  integrityCheck(): string[] {
    return this.core.guard(() => {
      const rows = this.core.conn.pragma('quick_check') as Array<{ quick_check: string }>
      return rows.map((r) => r.quick_check).filter((t) => t !== 'ok')
    })
  }

  /** Runs fn in one write transaction: every change it makes through this handle is kept, or none. */
  transaction<T>(fn: () => T): T {
    return this.core.write(fn)
  }

  /** Absolute path of a data-folder-relative path such as a player's `photo`. */
  resolvePath(relative: string): string {
    return this.core.resolvePath(relative)
  }

  /**
   * Marks the round finished, runs `afterMark` (the app stores the stage's Ci there when this closes the stage),
   * then takes the end-of-round backup, so the backup holds what the round's end wrote.
   */
  async finishRound(
    roundId: number,
    opts: { force?: boolean; unfinished?: UnfinishedGames; afterMark?: (roundId: number) => void } = {},
  ): Promise<string> {
    const round = this.tournaments.markRoundFinished(roundId, opts)
    opts.afterMark?.(roundId)
    return this.backupNow(`end-of-round-${round.number}`)
  }

  // ---------------------------------------------------------------- backups (backups.ts)

  get backupsDir(): string {
    return backupsDirOf(this.dataDir)
  }

  /**
   * Writes `<dataDir>/backups/mafia-desk-<timestamp>-<reason>.sqlite` with the SQLite backup API and keeps the
   * newest `backupsToKeep`. Returns the backup's absolute path.
   */
  /** Set when the file failed PRAGMA quick_check at open: what is wrong and which backup to restore. */
  get damage(): Damage | null {
    return this.core.damage
  }

  async backupNow(reason: string): Promise<string> {
    if (!this.core.conn.open) throw toDbError(new TypeError('The database connection is not open'))
    // A backup of a damaged file would be refused later, at the worst moment: check before writing one.
    const problems = this.core.damage?.problems ?? this.integrityCheck()
    if (problems.length > 0)
      throw damagedError(this.file, {
        problems,
        newestGoodBackup: newestGoodBackup(this.backupsDir, backupPrefixOf(this.file)),
      })
    return writeBackup(this.core.conn, this.backupsDir, reason, this.backupsToKeep, backupPrefixOf(this.file))
  }

  /** Newest first. */
  listBackups(): BackupInfo[] {
    return listBackupsIn(this.backupsDir, backupPrefixOf(this.file))
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
    // A damaged database is read-only for everything except being replaced by a good backup.
    const damaged = this.core.damage !== null
    if (this.readonly && !damaged) throw this.core.readonlyError()
    validateBackupFile(source)
    if (opts.force !== true) this.refuseIfRunning()
    const staging = `${this.file}.restoring`
    await stageRestoreCopy(source, staging)
    try {
      // The safety copy comes last: writes made on this connection while it runs are included (the backup API
      // follows same-connection writes), and from its end to the close below everything is synchronous, so no
      // command can slip in between.
      if (damaged)
        fs.copyFileSync(this.file, `${this.file}.damaged-${Date.now()}`) // kept, never deleted
      else await this.backupNow('before-restore')
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
    const running = this.games.runningGames()
    if (running.length > 0) {
      throw dbError(
        'db/game_in_progress',
        `Идёт игра (${running.length}): восстановление копии её сотрёт. Завершите игру или подтвердите восстановление.`,
        `A game is in progress (${running.length}): restoring the backup would erase it. Finish the game or confirm the restore.`,
        { games: running },
      )
    }
  }
}
