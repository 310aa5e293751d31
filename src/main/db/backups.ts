/**
 * Backups: `<dataDir>/backups/<database name>-<UTC timestamp>-<reason>.sqlite` (for `mafia-desk.sqlite`:
 * `mafia-desk-20261130-…-manual.sqlite`), written with the SQLite online
 * backup API (better-sqlite3 `db.backup()`), first to a `.partial` file, then renamed, so a half-written backup
 * never looks like a valid one. Only the newest N are kept.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type Database from 'better-sqlite3'
import { openSqlite } from './sqlite'
import type { BackupInfo } from './types'
import { fsyncDir, fsyncFile, removeIfExists } from './fsutil'
import { dbError, toDbError } from './errors'
import { AppError } from '../../shared/errors'
import { inspectFile } from './open'

export const DEFAULT_BACKUPS_TO_KEEP = 20

/**
 * The name a database's backups start with, one per database file name (never shared by two): a plain name
 * (`mafia-desk.sqlite`, `autumn-cup.sqlite`: letters, digits, `_`, single dashes, the `.sqlite` extension) keeps
 * its familiar form (`mafia-desk`); any other name (`Cup A.sqlite`, `cup.db`, `Кубок.SQLITE`) is made readable
 * and gets a short hash of the whole file name (`Cup-A-x1f0c3a`), so `Cup A.sqlite` and `Cup-A.sqlite`, or
 * `cup.sqlite` and `cup.db`, keep their backups apart in the shared `backups/` folder: each lists and rotates only
 * its own.
 */
export function backupPrefixOf(dbFile: string): string {
  const name = path.basename(dbFile)
  const plain = /^([\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*)\.sqlite$/u.exec(name)
  if (plain) return plain[1]
  const base = name.replace(/\.[^.]*$/, '')
  const slug = base.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'mafia-desk'
  return `${slug}-x${createHash('sha256').update(name).digest('hex').slice(0, 6)}`
}

function nameRe(prefix: string): RegExp {
  const p = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `^${p}-(\\d{4})(\\d{2})(\\d{2})-(\\d{2})(\\d{2})(\\d{2})-(\\d{3})-([a-z0-9-]+)\\.sqlite$`,
    'u',
  )
}

export function backupsDirOf(dataDir: string): string {
  return path.join(dataDir, 'backups')
}

/** Reason as it appears in the file name: lower-case latin letters, digits and dashes. */
export function reasonSlug(reason: string): string {
  const slug = reason
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '')
  return slug === '' ? 'backup' : slug
}

function stamp(ms: number): string {
  const d = new Date(ms)
  const p = (n: number, w = 2): string => String(n).padStart(w, '0')
  return (
    `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-` +
    `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}-${p(d.getUTCMilliseconds(), 3)}`
  )
}

export function listBackupsIn(dir: string, prefix: string): BackupInfo[] {
  const NAME_RE = nameRe(prefix)
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return []
  }
  const out: BackupInfo[] = []
  for (const name of names) {
    const m = NAME_RE.exec(name)
    if (!m) continue
    const file = path.join(dir, name)
    let size: number
    try {
      const st = fs.statSync(file)
      if (!st.isFile()) continue
      size = st.size
    } catch {
      continue
    }
    const [, y, mo, d, h, mi, s, ms, reason] = m
    out.push({ file, name, reason, size, createdAt: Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, +ms) })
  }
  // Newest first; names sort chronologically.
  return out.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
}

function uniqueTarget(dir: string, prefix: string, reason: string, now: number): string {
  const base = `${prefix}-${stamp(now)}-${reasonSlug(reason)}`
  let candidate = path.join(dir, `${base}.sqlite`)
  for (let n = 2; fs.existsSync(candidate) || fs.existsSync(`${candidate}.partial`); n++) {
    candidate = path.join(dir, `${base}-${n}.sqlite`)
  }
  return candidate
}

/**
 * Copies the database behind `source` (any open connection, read-only is fine) into `dir` with the backup API.
 * The copy is switched to rollback-journal mode so it is one self-contained file. Returns the backup's path.
 */
export async function writeBackup(
  source: Database.Database,
  dir: string,
  reason: string,
  keep: number,
  prefix: string,
): Promise<string> {
  let partial: string | null = null
  try {
    fs.mkdirSync(dir, { recursive: true })
    const target = uniqueTarget(dir, prefix, reason, Date.now())
    partial = `${target}.partial`
    await source.backup(partial)
    const copy = openSqlite(partial, { fileMustExist: true })
    try {
      copy.pragma('journal_mode = DELETE')
    } finally {
      copy.close()
    }
    fsyncFile(partial)
    fs.renameSync(partial, target)
    partial = null
    fsyncDir(dir)
    rotateBackups(dir, keep, prefix)
    return target
  } catch (err) {
    if (partial !== null) {
      removeIfExists(partial)
      removeIfExists(`${partial}-journal`)
      removeIfExists(`${partial}-wal`)
      removeIfExists(`${partial}-shm`)
    }
    throw toDbError(err)
  }
}

export function rotateBackups(dir: string, keep: number, prefix: string): void {
  const all = listBackupsIn(dir, prefix)
  for (const old of all.slice(Math.max(1, keep))) removeIfExists(old.file)
}

/** Validates that `file` is a readable Mafia Desk database no newer than this app (used for backups). */
export function validateBackupFile(file: string): void {
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
  // A copy cut short (an interrupted copy, a full USB stick): its header says how long it should be.
  const head = fs.readFileSync(file).subarray(0, 100)
  const pageSize = head.readUInt16BE(16) === 1 ? 65536 : head.readUInt16BE(16)
  const pages = head.readUInt32BE(28)
  const size = fs.statSync(file).size
  if (head.readUInt32BE(24) === head.readUInt32BE(92) && pages > 0 && size < pageSize * pages) {
    throw dbError(
      'db/backup_invalid',
      `Резервная копия «${path.basename(file)}» неполная: ${size} из ${pageSize * pages} байт (копирование прервано?). Возьмите другую копию.`,
      `The backup "${path.basename(file)}" is incomplete: ${size} of ${pageSize * pages} bytes (an interrupted copy?). Take another backup.`,
      { file, size, expected: pageSize * pages },
    )
  }
  const damaged = (check: unknown): AppError =>
    dbError(
      'db/backup_invalid',
      `Резервная копия «${path.basename(file)}» повреждена: восстановить из неё нельзя. Возьмите другую копию.`,
      `The backup "${path.basename(file)}" is damaged: it cannot be restored. Take another backup.`,
      { file, check },
    )
  let conn: Database.Database | null = null
  try {
    conn = openSqlite(file, { readonly: true, fileMustExist: true })
    const check = conn.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw damaged(check)
  } catch (err) {
    // Whatever SQLite says of a backup (corrupt, not a database, I/O) is about the backup, not the database.
    if (err instanceof AppError) throw err
    throw damaged(toDbError(err).data)
  } finally {
    conn?.close()
  }
}

/**
 * Copies `source` into `staging` with the backup API (journal mode DELETE, fsynced), the first step of a
 * restore; on failure nothing is left behind.
 */
export async function stageRestoreCopy(source: string, staging: string): Promise<void> {
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
}
