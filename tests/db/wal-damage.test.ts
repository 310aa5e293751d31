/**
 * Damage in the write-ahead log: SQLite's recovery stops at the first invalid frame and silently drops every
 * committed transaction behind it. Opening finds it before anything is written, opens read-only, says how many
 * acknowledged changes are hidden and names the newest good backup; a whole log and a torn tail (the last,
 * unacknowledged transaction of a crash) are not damage. A damaged file is left byte-identical by the open.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { scanWal } from '../../src/main/db/open'
import { openSqlite } from '../../src/main/db/sqlite'
import { sha256 } from './helpers'
import { AppService } from '../../src/main/app/service'
import { overlayStandings } from '../../src/main/app/exports'

const dirs: string[] = []
const open: MafiaDb[] = []
afterEach(() => {
  for (const db of open.splice(0)) if (db.isOpen) db.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/**
 * A database with a good backup, then 40 acknowledged commands still in the WAL, left as a crash leaves it (the
 * main file and its -wal copied while the connection was open).
 */
async function crashedWithWal(
  opts: { checkpoint?: boolean } = {},
): Promise<{ file: string; backup: string; pageSize: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'md-wal-'))
  dirs.push(dir)
  const file = join(dir, 'mafia-desk.sqlite')
  const db = await openDatabase(file)
  const backup = await db.backupNow('manual')
  if (opts.checkpoint !== false) {
    // The schema and the demo data into the main file, as SQLite's automatic checkpoints do in a long session.
    const other = openSqlite(file, { fileMustExist: true })
    other.pragma('wal_checkpoint(TRUNCATE)')
    other.close()
  }
  for (let i = 0; i < 40; i++) db.players.addPlayer({ nickname: `Игрок ${i}` })
  copyFileSync(file, `${file}.crash`)
  copyFileSync(`${file}-wal`, `${file}-wal.crash`)
  db.close() // checkpoints and removes the WAL: put the crash copy back
  copyFileSync(`${file}.crash`, file)
  copyFileSync(`${file}-wal.crash`, `${file}-wal`)
  rmSync(`${file}.crash`)
  rmSync(`${file}-wal.crash`)
  const pageSize = readFileSync(`${file}-wal`).readUInt32BE(8)
  return { file, backup, pageSize }
}

function errorOf(f: () => unknown): { code: string; message: { ru: string; en: string } } {
  try {
    f()
  } catch (e) {
    return (e as { data: { code: string; message: { ru: string; en: string } } }).data
  }
  throw new Error('expected an error')
}

function frameOffset(pageSize: number, frame: number): number {
  return 32 + frame * (24 + pageSize)
}

describe('damage in the write-ahead log', () => {
  it('a whole log is read in full: all 40 acknowledged commands, no warning', async () => {
    const { file } = await crashedWithWal()
    const scan = scanWal(file)!
    expect(scan.lost).toBe(0)
    expect(scan.readable).toBeGreaterThanOrEqual(40)
    const db = await openDatabase(file)
    open.push(db)
    expect(db.damage).toBeNull()
    expect(db.readonly).toBe(false)
    expect(db.players.listPlayers().filter((p) => p.nickname.startsWith('Игрок ')).length).toBe(40)
  })

  it('a damaged frame in the middle: found at open, read-only, the hidden commands counted, the good backup named', async () => {
    const { file, backup, pageSize } = await crashedWithWal()
    const wal = readFileSync(`${file}-wal`)
    // A byte of page data in an early frame: SQLite would read only what comes before it.
    const at = frameOffset(pageSize, 4) + 24 + 100
    wal[at] ^= 0xff
    writeFileSync(`${file}-wal`, wal)
    const before = { main: sha256(file), wal: sha256(`${file}-wal`) }

    const db = await openDatabase(file)
    open.push(db)
    expect(db.readonly).toBe(true)
    expect(db.damage?.wal?.lost).toBeGreaterThan(30)
    expect(db.damage?.newestGoodBackup).toBe(backup)
    const err = errorOf(() => db.players.addPlayer({ nickname: 'Новый' }))
    expect(err.code).toBe('db/corrupt')
    expect(err.message.en).toMatch(/journal .*-wal\) is damaged: \d+ acknowledged change/)
    expect(err.message.en).toContain(basename(backup))
    expect(err.message.ru).toContain('подтверждённых изменений')
    db.close()
    // Nothing was written: neither the main file (no WAL switch, no checkpoint) nor the log.
    expect({ main: sha256(file), wal: sha256(`${file}-wal`) }).toEqual(before)
  })

  it('the app still starts on it: nothing is written (no demo game, no timer pause), changes are refused', async () => {
    const { file, pageSize } = await crashedWithWal()
    const wal = readFileSync(`${file}-wal`)
    const frames = Math.floor((wal.length - 32) / (24 + pageSize))
    wal[frameOffset(pageSize, frames - 20) + 24 + 10] ^= 0xff
    writeFileSync(`${file}-wal`, wal)
    const db = await openDatabase(file)
    open.push(db)
    expect(db.damage).not.toBeNull()
    const service = new AppService(db, {
      clock: () => 1_000_000,
      standings: (id) => overlayStandings(db, id),
    })
    expect(() => service.init()).not.toThrow()
    expect(errorOf(() => db.players.addPlayer({ nickname: 'Новый' })).code).toBe('db/corrupt')
  })

  it('damage that hides even the tables: a clear db/corrupt naming the good backup, never "no such table"', async () => {
    const { file, backup, pageSize } = await crashedWithWal({ checkpoint: false })
    const wal = readFileSync(`${file}-wal`)
    wal[frameOffset(pageSize, 0) + 24 + 10] ^= 0xff
    writeFileSync(`${file}-wal`, wal)
    let code = ''
    let message = ''
    try {
      open.push(await openDatabase(file))
    } catch (e) {
      const data = (e as { data: { code: string; message: { en: string } } }).data
      code = data.code
      message = data.message.en
    }
    expect(code).toBe('db/corrupt')
    expect(message).toContain(basename(backup))
  })

  it('a damaged log header hides the whole log: found at open', async () => {
    const { file } = await crashedWithWal()
    const wal = readFileSync(`${file}-wal`)
    wal[17] ^= 0x01 // the first salt: the header's checksum no longer matches
    writeFileSync(`${file}-wal`, wal)
    const db = await openDatabase(file)
    open.push(db)
    expect(db.damage?.wal?.headerDamaged).toBe(true)
    expect(db.readonly).toBe(true)
  })

  it('a torn tail (the last frame half written by a crash) is not damage', async () => {
    const { file, pageSize } = await crashedWithWal()
    const size = readFileSync(`${file}-wal`).length
    const frames = Math.floor((size - 32) / (24 + pageSize))
    truncateSync(`${file}-wal`, frameOffset(pageSize, frames - 1) + 24 + pageSize / 2)
    const db = await openDatabase(file)
    open.push(db)
    expect(db.damage).toBeNull()
    expect(db.readonly).toBe(false)
  })

  it('a damaged rollback-journal file is checked before any write: left byte-identical, never switched to WAL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-rollback-'))
    dirs.push(dir)
    const target = join(dir, 'mafia-desk.sqlite')
    const db0 = await openDatabase(target)
    for (let i = 0; i < 300; i++) db0.players.addPlayer({ nickname: `Игрок ${i}`, club: 'Клуб '.repeat(20) })
    db0.close()
    const conn = openSqlite(target, { fileMustExist: true })
    expect(conn.pragma('journal_mode = DELETE', { simple: true })).toBe('delete')
    conn.close()
    const bytes = readFileSync(target)
    const page = bytes.readUInt16BE(16) || 65536
    const pages = Math.floor(bytes.length / page)
    for (const n of [pages - 4, pages - 3]) bytes.fill(0x5a, n * page + 8, (n + 1) * page - 8)
    writeFileSync(target, bytes)
    expect(bytes[18]).toBe(1)
    const before = sha256(target)
    const db = await openDatabase(target)
    open.push(db)
    expect(db.readonly).toBe(true)
    expect(db.damage?.problems.length).toBeGreaterThan(0)
    db.close()
    expect(sha256(target)).toBe(before)
    expect(readFileSync(target)[18]).toBe(1) // still a rollback-journal file: never switched to WAL
  })
})
