/**
 * Database-layer errors: every failure leaves this layer as an AppError with a `db/…` code and a message in
 * Russian and English. SQLite result codes are mapped here so the panel can show one clear message.
 */
import fs from 'node:fs'
import path from 'node:path'
import { AppError, appError } from '../../shared/errors'

export type DbErrorCode =
  | 'db/size_limit'
  | 'db/not_sqlite'
  | 'db/not_ours'
  | 'db/too_new'
  | 'db/corrupt'
  | 'db/cannot_open'
  | 'db/readonly'
  | 'db/full'
  | 'db/io'
  | 'db/locked'
  | 'db/closed'
  | 'db/constraint'
  | 'db/internal'
  | 'db/not_found'
  | 'db/invalid_input'
  | 'db/player_exists'
  | 'db/player_in_use'
  | 'db/merge_conflict'
  | 'db/bad_season'
  | 'db/bad_scoring_systems'
  | 'db/seq_conflict'
  | 'db/game_started'
  | 'db/game_in_progress'
  | 'db/round_in_progress'
  | 'db/photo_not_found'
  | 'db/photo_bad_type'
  | 'db/photo_too_large'
  | 'db/backup_not_found'
  | 'db/backup_invalid'
  | 'db/import_malformed'
  | 'db/import_invalid_game'
  | 'db/import_wrong_format'
  | 'db/import_unsupported_version'
  | 'db/import_duplicate'
  | 'db/import_conflict'
  | 'db/table_in_use'
  | 'db/round_started'
  | 'db/seat_taken'
  | 'db/table_busy'
  | 'db/game_cancelled'
  | 'db/appeal_answered'
  | 'db/not_registered'
  | 'db/game_finished'
  | 'db/round_closed'
  | 'db/round_not_started'
  | 'db/round_finished'
  | 'db/tournament_archived'
  | 'db/already_withdrawn'
  | 'db/round_order'
  | 'db/seat_substituted'

export function dbError(
  code: DbErrorCode,
  ru: string,
  en: string,
  details?: Record<string, unknown>,
): AppError {
  return new AppError(appError(code, ru, en, details))
}

interface SqliteLikeError {
  code?: unknown
  message?: unknown
}

function sqliteCode(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null
  const code = (err as SqliteLikeError).code
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null
}

/**
 * Maps anything thrown by better-sqlite3 (SqliteError with `code` = SQLITE_xxx[_yyy]) to an AppError.
 * AppErrors pass through unchanged.
 */
export function toDbError(err: unknown): AppError {
  if (err instanceof AppError) return err
  const code = sqliteCode(err)
  const text = err instanceof Error ? err.message : String(err)
  const details = code === null ? { cause: text } : { sqlite: code, cause: text }
  if (code === null) {
    if (err instanceof TypeError && /database connection is not open/i.test(text)) {
      return dbError('db/closed', 'База данных закрыта.', 'The database is closed.', details)
    }
    const fsCode = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined
    if (fsCode === 'ENOSPC') {
      return dbError(
        'db/full',
        'Диск заполнен: запись не выполнена.',
        'The disk is full: nothing was written.',
        details,
      )
    }
    if (fsCode === 'EFBIG') return sizeLimitError(null, details)
    if (fsCode === 'EROFS' || fsCode === 'EACCES' || fsCode === 'EPERM') {
      return dbError(
        'db/readonly',
        'Нет доступа на запись: файл или папка только для чтения.',
        'No write access: the file or folder is read-only.',
        details,
      )
    }
    return dbError('db/internal', `Ошибка базы данных: ${text}`, `Database error: ${text}`, details)
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return dbError(
      'db/readonly',
      'База данных открыта только для чтения: изменение не сохранено.',
      'The database is read-only: the change was not saved.',
      details,
    )
  }
  if (code.startsWith('SQLITE_FULL')) {
    return dbError(
      'db/full',
      'Диск заполнен: изменение не сохранено. Освободите место и повторите.',
      'The disk is full: the change was not saved. Free some space and try again.',
      details,
    )
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return dbError(
      'db/io',
      'Ошибка ввода-вывода диска: изменение не сохранено.',
      'Disk input/output error: the change was not saved.',
      details,
    )
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return dbError(
      'db/locked',
      'База данных занята другой программой: изменение не сохранено.',
      'The database is locked by another program: the change was not saved.',
      details,
    )
  }
  if (code === 'SQLITE_NOTADB') {
    return dbError(
      'db/not_sqlite',
      'Файл не является базой данных SQLite.',
      'The file is not an SQLite database.',
      details,
    )
  }
  if (code.startsWith('SQLITE_CORRUPT')) {
    return dbError('db/corrupt', 'Файл базы данных повреждён.', 'The database file is corrupt.', details)
  }
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_PERM') ||
    code.startsWith('SQLITE_AUTH')
  ) {
    return dbError(
      'db/cannot_open',
      'Не удалось открыть файл базы данных.',
      'The database file cannot be opened.',
      details,
    )
  }
  if (code.startsWith('SQLITE_CONSTRAINT')) {
    return dbError(
      'db/constraint',
      'Данные нарушают ограничения базы (ссылка на несуществующую запись или повтор).',
      'The data violates a database constraint (a missing reference or a duplicate).',
      details,
    )
  }
  return dbError('db/internal', `Ошибка базы данных: ${text}`, `Database error: ${text}`, details)
}

/** The process's file-size limit in bytes (`ulimit -f`, RLIMIT_FSIZE), or null when unlimited or unknown. */
export function fileSizeLimit(): number | null {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max file size'))
    const soft = line?.split(/\s{2,}/)[1]
    return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : null
  } catch {
    return null // not Linux: the limit is not known, the I/O error stays as it is
  }
}

function sizeLimitError(limit: number | null, details: Record<string, unknown>): AppError {
  const n = limit === null ? '' : ` (${limit} B)`
  return dbError(
    'db/size_limit',
    `Файл базы данных достиг предела размера файла для этой программы${n}, ulimit -f: изменение не сохранено. Снимите ограничение и запустите программу снова.`,
    `The database file reached this process's file-size limit${n}, ulimit -f: the change was not saved. Lift the limit and start the app again.`,
    { ...details, limit },
  )
}

/**
 * What is behind a disk input/output error (SQLite reports a failed write as SQLITE_IOERR whatever the cause):
 * the database file, its journal or its folder turned read-only (db/readonly), or the file reached the process's
 * file-size limit (db/size_limit). Anything else stays the I/O error, with the file named.
 */
export function diagnoseWriteError(e: AppError, file: string): AppError {
  if (e.code !== 'db/io' && e.code !== 'db/full') return e
  const details = { ...(e.data.details ?? {}), file }
  for (const p of [file, `${file}-wal`, path.dirname(file)]) {
    try {
      fs.accessSync(p, fs.constants.W_OK)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'ENOENT') continue
      return dbError(
        'db/readonly',
        `Нет доступа на запись к «${p}» (файл или папка только для чтения): изменение не сохранено. Верните права на запись — игра продолжится с того же места.`,
        `No write access to "${p}" (the file or folder is read-only): the change was not saved. Give the write access back and the game goes on where it was.`,
        { ...details, path: p, errno: code },
      )
    }
  }
  const limit = fileSizeLimit()
  if (limit !== null) {
    const size = (f: string): number => {
      try {
        return fs.statSync(f).size
      } catch {
        return 0
      }
    }
    // Within a page (64 KB at most) of the limit: the failed write was one that would have crossed it.
    if (Math.max(size(file), size(`${file}-wal`)) + 65536 >= limit) return sizeLimitError(limit, details)
  }
  if (e.code === 'db/io')
    return dbError(
      'db/io',
      `Ошибка ввода-вывода диска при записи «${file}»: изменение не сохранено. Проверьте диск.`,
      `Disk input/output error writing "${file}": the change was not saved. Check the disk.`,
      details,
    )
  return e
}

export function notFound(what: { ru: string; en: string }, id: unknown): AppError {
  return dbError(
    'db/not_found',
    `${what.ru} не найден(а): ${String(id)}.`,
    `${what.en} not found: ${String(id)}.`,
    {
      id,
    },
  )
}

export function invalidInput(ru: string, en: string, details?: Record<string, unknown>): AppError {
  return dbError('db/invalid_input', ru, en, details)
}

/** A write into an archived tournament (read-only until brought back from the archive). */
export function tournamentArchived(name: string, tournamentId: number) {
  return dbError(
    'db/tournament_archived',
    `Турнир «${name}» в архиве: он только для просмотра. Чтобы что-то изменить, верните его из архива.`,
    `The tournament "${name}" is archived: it is read-only. Bring it back from the archive to change anything.`,
    { tournamentId },
  )
}
