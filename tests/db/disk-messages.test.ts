/**
 * The disk's faults in plain words: a file-size limit is not «Disk input/output error», a backup cut short is
 * not «the database is corrupt», and a pairing code with a control character is named as such.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { openDatabase } from '../../src/main/db'
import { parsePairingCode as parsePairing } from '../../src/main/sync/pairing'
import { AppError } from '../../src/shared/errors'

const root = join(__dirname, '..', '..')
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'md-disk-msg-'))
  dirs.push(d)
  return d
}

function thrown(f: () => unknown): AppError {
  try {
    f()
  } catch (e) {
    if (e instanceof AppError) return e
    throw new Error(`not an AppError: ${String(e)}`, { cause: e })
  }
  throw new Error('nothing was thrown')
}

describe('disk messages', () => {
  it.skipIf(process.platform !== 'linux')(
    'a file-size limit (ulimit -f) is named as such, not as a disk input/output error',
    () => {
      const file = join(temp(), 'db.sqlite')
      const tsx = join(root, 'node_modules', '.bin', 'tsx')
      // 2,000 blocks of 512 bytes (dash) or 1 KB (bash): 1–2 MB, far below the free space.
      const r = spawnSync(
        'sh',
        ['-c', `ulimit -f 2000 && exec "$0" "$1" "$2"`, tsx, join(__dirname, 'size-limit-child.ts'), file],
        { cwd: root, encoding: 'utf8', timeout: 120_000 },
      )
      const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as {
        code: string
        en: string
        ru: string
      }
      expect(out.code, r.stderr).toBe('db/size_limit')
      expect(out.en).toContain('file-size limit')
      expect(out.en).not.toContain('input/output')
      expect(out.ru).toContain('предела размера файла')
    },
  )

  it('a backup cut short is reported as an incomplete backup, never as a corrupt database', async () => {
    const dir = temp()
    const db = await openDatabase(join(dir, 'db.sqlite'))
    for (let i = 0; i < 200; i++) db.players.addPlayer({ nickname: `Игрок ${i}`, club: 'Клуб '.repeat(20) })
    const backup = await db.backupNow('manual')
    const size = readFileSync(backup).length
    truncateSync(backup, Math.floor(size / 2))
    let err: unknown = null
    try {
      await db.restoreBackup(backup)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(AppError)
    const e = err as AppError
    expect(e.code).toBe('db/backup_invalid')
    expect(e.data.message.en).toContain(`The backup "${basename(backup)}" is incomplete`)
    expect(e.data.message.ru).toContain('неполная')
    expect(db.damage).toBeNull()
    db.close()
  })

  it('a damaged backup (not cut short) is a damaged backup, not a corrupt database', async () => {
    const dir = temp()
    const db = await openDatabase(join(dir, 'db.sqlite'))
    for (let i = 0; i < 300; i++) db.players.addPlayer({ nickname: `Игрок ${i}`, club: 'Клуб '.repeat(20) })
    const backup = await db.backupNow('manual')
    const bytes = readFileSync(backup)
    const page = bytes.readUInt16BE(16) || 65536
    const pages = Math.floor(bytes.length / page)
    for (const n of [pages - 4, pages - 3]) bytes.fill(0x5a, n * page + 8, (n + 1) * page - 8)
    writeFileSync(backup, bytes)
    let code = ''
    try {
      await db.restoreBackup(backup)
    } catch (e) {
      code = (e as AppError).code
    }
    expect(code).toBe('db/backup_invalid')
    db.close()
  })

  it('a pairing code whose token holds a control character or a broken escape is named as damaged', () => {
    for (const code of ['http://192.168.1.10:4800/#ab%0Acd', 'http://192.168.1.10:4800/#ab%E0%A4%A']) {
      const e = thrown(() => parsePairing(code))
      expect(e.code).toBe('sync/not_paired')
      expect(e.data.message.en).toContain('The pairing code is damaged')
    }
    const e = thrown(() => parsePairing('http://192.168.1.10:4800', 'abc\u0007def'))
    expect(e.data.message.en).toContain('character 4')
    // A clean code on this machine (plain HTTP is for loopback only) reads as usual.
    expect(parsePairing('http://127.0.0.1:4800/#t=abcdefgh').token).toBe('abcdefgh')
  })
})
