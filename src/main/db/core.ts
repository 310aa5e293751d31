/**
 * The connection every aggregate module shares: cached statements, error mapping, write transactions and the
 * "row or a clear not-found error" lookups. `Repo` is the base of the aggregate modules (players.ts, games.ts,
 * tournaments.ts, settings.ts, transfer.ts); MafiaDb (database.ts) composes them behind one face.
 */
import path from 'node:path'
import type Database from 'better-sqlite3'
import type { AppError } from '../../shared/errors'
import { dbError, diagnoseWriteError, notFound, toDbError } from './errors'
import type { GameDbRow, PlayerDbRow, RoundDbRow, StageDbRow, TableDbRow, TournamentDbRow } from './rows'

export type Statement = Database.Statement<unknown[], unknown>

export const PLAYER = { ru: 'Игрок', en: 'Player' }
export const GAME = { ru: 'Игра', en: 'Game' }
export const TOURNAMENT = { ru: 'Турнир', en: 'Tournament' }
export const STAGE = { ru: 'Этап', en: 'Stage' }
export const ROUND = { ru: 'Тур', en: 'Round' }
export const TABLE = { ru: 'Стол', en: 'Table' }

/** What quick_check reported, and the newest backup that passed its own check (the one to restore). */
export interface Damage {
  problems: string[]
  newestGoodBackup: string | null
  /** The write-ahead log hides committed transactions behind a damaged frame (or a damaged header). */
  wal?: { lost: number; readable: number; headerDamaged: boolean }
}

export function damagedError(file: string, damage: Damage): AppError {
  const backup = damage.newestGoodBackup ? path.basename(damage.newestGoodBackup) : null
  const wal = damage.wal
  const what = !wal
    ? {
        ru: 'Файл базы данных повреждён (проверка SQLite)',
        en: 'The database file is damaged (SQLite check)',
      }
    : wal.headerDamaged
      ? {
          ru: `Журнал базы данных (${path.basename(file)}-wal) повреждён в заголовке: все изменения после последней контрольной точки не читаются`,
          en: `The database's journal (${path.basename(file)}-wal) has a damaged header: every change since the last checkpoint cannot be read`,
        }
      : {
          ru: `Журнал базы данных (${path.basename(file)}-wal) повреждён: подтверждённых изменений за повреждённым местом — ${wal.lost}, они не читаются (читаются ${wal.readable})`,
          en: `The database's journal (${path.basename(file)}-wal) is damaged: ${wal.lost} acknowledged change(s) behind the damage cannot be read (${wal.readable} can)`,
        }
  return dbError(
    'db/corrupt',
    `${what.ru}: изменения не сохраняются, чтобы не испортить его дальше. ` +
      (backup ? `Восстановите последнюю исправную копию: ${backup}.` : 'Исправных резервных копий нет.'),
    `${what.en}: changes are refused so as not to damage it further. ` +
      (backup ? `Restore the newest good backup: ${backup}.` : 'There is no good backup.'),
    { file, problems: damage.problems.slice(0, 10), newestGoodBackup: damage.newestGoodBackup },
  )
}

export class DbCore {
  readonly file: string
  readonly dataDir: string
  readonly readonly: boolean
  readonly conn: Database.Database
  /** Set when PRAGMA quick_check found damage at open: every write is refused with db/corrupt. */
  readonly damage: Damage | null
  private readonly statements = new Map<string, Statement>()

  constructor(conn: Database.Database, file: string, readonly: boolean, damage: Damage | null = null) {
    this.conn = conn
    this.file = file
    this.dataDir = path.dirname(file)
    this.readonly = readonly || damage !== null
    this.damage = damage
  }

  stmt(sql: string): Statement {
    let s = this.statements.get(sql)
    if (!s) {
      s = this.conn.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  /** A cached statement returning rows as arrays (faster for bulk reads). */
  rawStmt(sql: string): Statement {
    const key = `raw:${sql}`
    let s = this.statements.get(key)
    if (!s) {
      s = this.conn.prepare(sql).raw(true)
      this.statements.set(key, s)
    }
    return s
  }

  clearStatements(): void {
    this.statements.clear()
  }

  guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (err) {
      const e = diagnoseWriteError(toDbError(err), this.file)
      // On a damaged file "read-only" is not the whole story: say it is damaged and which backup to restore.
      throw this.damage && e.code === 'db/readonly' ? this.readonlyError() : e
    }
  }

  /** Runs fn in one IMMEDIATE write transaction (all or nothing). */
  write<T>(fn: () => T): T {
    if (this.damage) throw this.readonlyError()
    return this.guard(() => this.conn.transaction(fn).immediate())
  }

  /** The row of `table` with this id, or a clear `…/not_found` error naming what was looked for. */
  requireRow<T>(
    table: 'players' | 'games' | 'tournaments' | 'stages' | 'rounds' | 'tables',
    what: { ru: string; en: string },
    id: number,
  ): T {
    const row = this.stmt(`SELECT * FROM ${table} WHERE id = ?`).get(id) as T | undefined
    if (!row) throw notFound(what, id)
    return row
  }

  /** Absolute path of a data-folder-relative path such as a player's `photo`. */
  resolvePath(relative: string): string {
    return path.join(this.dataDir, ...relative.split('/'))
  }

  readonlyError(): AppError {
    if (this.damage) return damagedError(this.file, this.damage)
    return dbError(
      'db/readonly',
      'База данных открыта только для чтения: изменение не сохранено.',
      'The database is read-only: the change was not saved.',
      { file: this.file },
    )
  }
}

/** Base of an aggregate module: the shared connection's helpers under short names. */
export abstract class Repo {
  constructor(protected readonly core: DbCore) {}

  protected stmt(sql: string): Statement {
    return this.core.stmt(sql)
  }

  protected rawStmt(sql: string): Statement {
    return this.core.rawStmt(sql)
  }

  protected guard<T>(fn: () => T): T {
    return this.core.guard(fn)
  }

  protected write<T>(fn: () => T): T {
    return this.core.write(fn)
  }

  protected requirePlayer(id: number): PlayerDbRow {
    return this.core.requireRow<PlayerDbRow>('players', PLAYER, id)
  }

  protected requireGame(id: number): GameDbRow {
    return this.core.requireRow<GameDbRow>('games', GAME, id)
  }

  protected requireTournament(id: number): TournamentDbRow {
    return this.core.requireRow<TournamentDbRow>('tournaments', TOURNAMENT, id)
  }

  protected requireStage(id: number): StageDbRow {
    return this.core.requireRow<StageDbRow>('stages', STAGE, id)
  }

  protected requireRound(id: number): RoundDbRow {
    return this.core.requireRow<RoundDbRow>('rounds', ROUND, id)
  }

  protected requireTable(id: number): TableDbRow {
    return this.core.requireRow<TableDbRow>('tables', TABLE, id)
  }
}
