/**
 * Opening a file safely: every check happens on a read-only connection before anything is written, so a file
 * that is not SQLite, not ours or too new is left byte-identical.
 */
import fs from 'node:fs'
import type Database from 'better-sqlite3'
import { openSqlite } from './sqlite'
import { APPLICATION_ID, LATEST_VERSION, MIGRATIONS } from './schema'
import { dbError, toDbError } from './errors'

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

export interface FileState {
  exists: boolean
  /** PRAGMA user_version; 0 for a new or empty file. */
  version: number
}

function readHead(file: string, bytes: number): Buffer {
  const fd = fs.openSync(file, 'r')
  try {
    const buf = Buffer.alloc(bytes)
    const n = fs.readSync(fd, buf, 0, bytes, 0)
    return buf.subarray(0, n)
  } finally {
    fs.closeSync(fd)
  }
}

function notSqlite(file: string): Error {
  return dbError(
    'db/not_sqlite',
    `Файл «${file}» не является базой данных SQLite. Он не изменён.`,
    `The file "${file}" is not an SQLite database. It was left unchanged.`,
    { file },
  )
}

/** Checks a file before any write. Throws db/not_sqlite, db/not_ours, db/too_new, db/corrupt, db/cannot_open. */
export function inspectFile(file: string): FileState {
  let st: fs.Stats
  try {
    st = fs.statSync(file)
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return { exists: false, version: 0 }
    throw toDbError(err)
  }
  if (!st.isFile()) {
    throw dbError('db/cannot_open', `«${file}» — не файл.`, `"${file}" is not a file.`, { file })
  }
  if (st.size === 0) return { exists: true, version: 0 }
  let head: Buffer
  try {
    head = readHead(file, 100)
  } catch (err) {
    throw toDbError(err)
  }
  if (head.length < 100 || !head.subarray(0, 16).equals(SQLITE_MAGIC)) throw notSqlite(file)

  // Without a WAL file the main file is complete: decide from its header alone, so that nothing at all is
  // created next to a foreign or too-new file (even a read-only SQLite connection to a WAL-mode file leaves
  // -shm/-wal files behind). With a WAL file the header may be stale: ask SQLite on a read-only connection.
  if (!hasWal(file)) {
    const appId = head.readInt32BE(68)
    const version = head.readInt32BE(60)
    verdict(file, appId, version, schemaIsEmpty(file) ? 0 : 1)
    // Decided without SQLite: this also lets a file on a read-only file system be inspected.
    return { exists: true, version }
  }
  let conn: Database.Database | null = null
  try {
    conn = openSqlite(file, { readonly: true, fileMustExist: true })
    const appId = conn.pragma('application_id', { simple: true }) as number
    const version = conn.pragma('user_version', { simple: true }) as number
    const objects = (conn.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n
    verdict(file, appId, version, objects)
    return { exists: true, version }
  } catch (err) {
    const e = toDbError(err)
    if (e.code === 'db/not_sqlite') throw notSqlite(file)
    throw e
  } finally {
    conn?.close()
  }
}

function hasWal(file: string): boolean {
  try {
    return fs.statSync(`${file}-wal`).size > 0
  } catch {
    return false
  }
}

/** Page 1 holds the schema table's root: an empty leaf page (type 0x0D, 0 cells) means no tables at all. */
function schemaIsEmpty(file: string): boolean {
  const head = readHead(file, 108)
  if (head.length < 108) return true
  return head[100] === 0x0d && head.readUInt16BE(103) === 0
}

function verdict(file: string, appId: number, version: number, objects: number): void {
  if (appId !== APPLICATION_ID && (appId !== 0 || objects > 0 || version !== 0)) {
    throw dbError(
      'db/not_ours',
      `Файл «${file}» — база данных SQLite другой программы, а не Mafia Desk. Он не изменён.`,
      `The file "${file}" is an SQLite database of another program, not Mafia Desk. It was left unchanged.`,
      { file, applicationId: appId },
    )
  }
  if (version > LATEST_VERSION) {
    throw dbError(
      'db/too_new',
      `Файл «${file}» создан более новой версией Mafia Desk (схема ${version}, эта версия знает до ${LATEST_VERSION}). Обновите программу. Файл не изменён.`,
      `The file "${file}" was written by a newer Mafia Desk (schema ${version}; this version knows up to ${LATEST_VERSION}). Update the app. The file was left unchanged.`,
      { file, version, latest: LATEST_VERSION },
    )
  }
}

/**
 * Connection settings of the judge's database.
 * - journal_mode = WAL: readers (lists, exports, backups) never block the judge's writes.
 * - synchronous = FULL: in WAL mode FULL fsyncs the WAL at every commit, so a committed command survives a
 *   power cut or an OS crash. NORMAL only syncs at checkpoints: it survives an app crash but may lose the last
 *   commits on a power loss — not acceptable for a judge's data. (better-sqlite3 compiles with
 *   SQLITE_DEFAULT_WAL_SYNCHRONOUS=1, i.e. NORMAL, so FULL must be set explicitly.) Measured with bench/db.ts on
 *   this machine (ext4): FULL p50 ≈ 0.2–0.3 ms per command vs NORMAL ≈ 0.03 ms; FULL's p99 is one fsync's p99 of
 *   the disk (sub-millisecond when the disk is idle, several ms when other processes flush at the same time).
 * - foreign_keys = ON; a 2 s busy timeout, after which SQLITE_BUSY becomes db/locked.
 * - journal_size_limit keeps the WAL file from growing past 8 MB after checkpoints.
 */
export function configureConnection(conn: Database.Database, readonly: boolean): void {
  if (!readonly) {
    const mode = conn.pragma('journal_mode = WAL', { simple: true })
    if (mode !== 'wal') {
      throw dbError(
        'db/io',
        'Не удалось включить журнал WAL для базы данных.',
        'Could not switch the database to WAL journal mode.',
        { mode },
      )
    }
    conn.pragma('journal_size_limit = 8388608')
  }
  conn.pragma('synchronous = FULL')
  conn.pragma('foreign_keys = ON')
  conn.pragma('busy_timeout = 2000')
}

/** Applies the pending migrations, each in its own transaction with its user_version bump. */
export function migrate(conn: Database.Database): { from: number; to: number } {
  const from = conn.pragma('user_version', { simple: true }) as number
  if (from > LATEST_VERSION) {
    throw dbError(
      'db/too_new',
      'База данных создана более новой версией Mafia Desk.',
      'The database was written by a newer Mafia Desk.',
      { version: from, latest: LATEST_VERSION },
    )
  }
  for (const m of MIGRATIONS) {
    if (m.version <= from) continue
    conn
      .transaction(() => {
        conn.exec(m.sql)
        m.run?.(conn)
        conn.pragma(`application_id = ${APPLICATION_ID}`)
        conn.pragma(`user_version = ${m.version}`)
      })
      .immediate()
  }
  return { from, to: LATEST_VERSION }
}

/** What a scan of the write-ahead log found: how many committed transactions SQLite would read, and lose. */
export interface WalScan {
  /** Commit frames SQLite reads (the log up to its first invalid frame). */
  readable: number
  /** Commit frames of this log generation after the first invalid frame: acknowledged, and lost to SQLite. */
  lost: number
  /** The header itself is unreadable: SQLite ignores the whole log. */
  headerDamaged: boolean
  /** Bytes of the log. */
  size: number
}

const WAL_HEADER = 32
const FRAME_HEADER = 24

/**
 * Reads `<file>-wal` the way SQLite's recovery does (the header's magic, version, page size and checksum; each
 * frame's salts and cumulative checksum) without opening it in SQLite. SQLite stops at the first invalid frame and
 * silently drops every later one — also the committed transactions behind a damaged frame. A later commit frame
 * of the same log generation (same salts) is such an acknowledged transaction: `lost` counts them. A torn tail
 * (the last, unacknowledged transaction of a crash) has no valid commit frame after it and is not damage.
 * Returns null when there is no log.
 */
export function scanWal(file: string): WalScan | null {
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(`${file}-wal`)
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return null
    throw toDbError(err)
  }
  if (bytes.length === 0) return null
  const size = bytes.length
  const magic = bytes.length >= WAL_HEADER ? bytes.readUInt32BE(0) : 0
  const pageSize = bytes.length >= WAL_HEADER ? bytes.readUInt32BE(8) : 0
  const bigEndian = magic === 0x377f0683
  const word = (off: number): number => (bigEndian ? bytes.readUInt32BE(off) : bytes.readUInt32LE(off))
  const checksum = (start: number, end: number, s: [number, number]): [number, number] => {
    let [s0, s1] = s
    for (let i = start; i < end; i += 8) {
      s0 = (s0 + word(i) + s1) >>> 0
      s1 = (s1 + word(i + 4) + s0) >>> 0
    }
    return [s0, s1]
  }
  const sane =
    (magic === 0x377f0682 || magic === 0x377f0683) &&
    bytes.readUInt32BE(4) === 3007000 &&
    pageSize >= 512 &&
    pageSize <= 65536 &&
    (pageSize & (pageSize - 1)) === 0
  const headerSum = sane ? checksum(0, 24, [0, 0]) : [0, 0]
  if (!sane || headerSum[0] !== bytes.readUInt32BE(24) || headerSum[1] !== bytes.readUInt32BE(28)) {
    // A log with frames always has a valid header (SQLite writes it with the first frame): an unreadable one in
    // front of frame data means the whole log — every change since the last checkpoint — is dropped.
    return { readable: 0, lost: size > WAL_HEADER + FRAME_HEADER ? 1 : 0, headerDamaged: true, size }
  }
  const salt1 = bytes.readUInt32BE(16)
  const salt2 = bytes.readUInt32BE(20)
  const frameSize = FRAME_HEADER + pageSize
  let sum: [number, number] = [headerSum[0], headerSum[1]]
  let readable = 0
  let lost = 0
  let broken = false
  for (let off = WAL_HEADER; off + frameSize <= size; off += frameSize) {
    const sameGeneration = bytes.readUInt32BE(off + 8) === salt1 && bytes.readUInt32BE(off + 12) === salt2
    const commit = bytes.readUInt32BE(off + 4) !== 0
    if (!broken) {
      const next = checksum(off + FRAME_HEADER, off + frameSize, checksum(off, off + 8, sum))
      const valid =
        sameGeneration &&
        bytes.readUInt32BE(off) !== 0 &&
        next[0] === bytes.readUInt32BE(off + 16) &&
        next[1] === bytes.readUInt32BE(off + 20)
      if (valid) {
        sum = next
        if (commit) readable++
        continue
      }
      broken = true
      continue
    }
    if (sameGeneration && commit) lost++
  }
  return { readable, lost, headerDamaged: false, size }
}

/** The WAL scan's verdict as the problems of a damaged database (empty when the log is whole). */
export function walProblems(file: string): string[] {
  const scan = scanWal(file)
  if (!scan) return []
  if (scan.headerDamaged && scan.lost > 0)
    return [
      `wal: the header of the write-ahead log is damaged; its ${scan.size} bytes of changes cannot be read`,
    ]
  if (scan.lost > 0)
    return [
      `wal: a damaged frame in the write-ahead log hides ${scan.lost} committed transaction(s) after the ${scan.readable} readable one(s)`,
    ]
  return []
}
