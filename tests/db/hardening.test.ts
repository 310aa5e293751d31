/**
 * Issue 13, item 9 (data part): NUL and other control characters never get into a player's name, through any
 * door — the registry, the CSV import, the contract.
 */
import { describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { openDatabase } from '../../src/main/db'
import { calls } from '../../src/shared/contract'

async function fresh() {
  return openDatabase(join(mkdtempSync(join(tmpdir(), 'md-hard-')), 'db.sqlite'))
}

async function codeOf(f: () => unknown): Promise<string> {
  try {
    await f()
    return 'ok'
  } catch (e) {
    return (e as { code?: string }).code ?? String(e)
  }
}

describe('control characters in names', () => {
  it('the registry refuses NUL in a nickname or a club, and keeps nothing', async () => {
    const db = await fresh()
    expect(await codeOf(() => db.players.addPlayer({ nickname: 'Ли\u0000са' }))).toBe('db/invalid_input')
    expect(await codeOf(() => db.players.addPlayer({ nickname: 'Лиса', club: 'a\u0007b' }))).toBe(
      'db/invalid_input',
    )
    expect(db.players.listPlayers()).toHaveLength(0)
    expect(await codeOf(() => db.players.addPlayer({ nickname: 'Лиса\tРыжая' }))).toBe('ok')
    db.close()
  })

  it('a CSV import with a NUL in a nickname is refused whole', async () => {
    const db = await fresh()
    const r = db.players.importPlayersCsv('nickname;club\nAce;X\nB\u0000ee;Y\n')
    expect(JSON.stringify(r)).toContain('NUL')
    expect(db.players.listPlayers()).toHaveLength(0)
    db.close()
  })

  it('the contract refuses NUL in game player names and nicknames', () => {
    const create = calls['players.add'].input.safeParse({ nickname: 'x\u0000y' })
    expect(create.success).toBe(false)
    const game = calls['game.create'].input.safeParse({
      rulesetId: 'fiim',
      players: Array.from({ length: 10 }, (_, i) => ({ name: i === 3 ? 'N\u0000' : `P${i}` })),
    })
    expect(game.success).toBe(false)
  })
})

describe('backups per database (issue 13, item 7)', () => {
  it('two databases in one folder: backups named by each, listed and rotated separately', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-two-'))
    const a = await openDatabase(join(dir, 'autumn.sqlite'), { backupsToKeep: 2 })
    const b = await openDatabase(join(dir, 'spring.sqlite'), { backupsToKeep: 2 })
    const bFiles = [await b.backupNow('manual'), await b.backupNow('manual')]
    for (let i = 0; i < 4; i++) await a.backupNow('manual')
    expect(a.listBackups()).toHaveLength(2)
    expect(a.listBackups().every((x) => x.name.startsWith('autumn-'))).toBe(true)
    // a's rotation deleted none of b's backups, and b lists only its own
    expect(
      b
        .listBackups()
        .map((x) => x.file)
        .sort(),
    ).toEqual(bFiles.sort())
    a.close()
    b.close()
  })

  it('the default database keeps its familiar backup names', async () => {
    const db = await openDatabase(join(mkdtempSync(join(tmpdir(), 'md-def-')), 'mafia-desk.sqlite'))
    expect(await db.backupNow('manual')).toMatch(/mafia-desk-\d{8}-\d{6}-\d{3}-manual\.sqlite$/)
    db.close()
  })
})

describe('a damaged database (issue 13, item 6)', () => {
  it('is found by quick_check at open: writes and backups refused with db/corrupt naming the newest good backup; restoring it works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-damaged-'))
    const file = join(dir, 'mafia-desk.sqlite')
    const db = await openDatabase(file)
    for (let i = 0; i < 300; i++) db.players.addPlayer({ nickname: `Игрок ${i}`, club: 'Клуб '.repeat(20) })
    const good = await db.backupNow('manual')
    db.close()
    // Damage two pages near the end of the file (players' data), not the header or the schema.
    const bytes = readFileSync(file)
    const page = bytes.readUInt16BE(16) || 65536
    const pages = Math.floor(bytes.length / page)
    for (const n of [pages - 4, pages - 3]) bytes.fill(0x5a, n * page + 8, (n + 1) * page - 8)
    writeFileSync(file, bytes)

    const damaged = await openDatabase(file)
    expect(damaged.damage?.problems.length).toBeGreaterThan(0)
    expect(damaged.damage?.newestGoodBackup).toBe(good)
    expect(damaged.readonly).toBe(true)
    const err = await errorOf(() => damaged.players.addPlayer({ nickname: 'Новый' }))
    expect(err.code).toBe('db/corrupt')
    expect(err.message.en).toContain(basename(good))
    expect((await errorOf(() => damaged.backupNow('manual'))).code).toBe('db/corrupt')
    const restored = await damaged.restoreBackup(good)
    expect(restored.damage).toBeNull()
    expect(restored.integrityCheck()).toEqual([])
    expect(restored.players.listPlayers().some((p) => p.nickname === 'Игрок 7')).toBe(true)
    restored.close()
  })
})

async function errorOf(f: () => unknown): Promise<{ code: string; message: { en: string } }> {
  try {
    await f()
  } catch (e) {
    return (e as { data: { code: string; message: { en: string } } }).data
  }
  throw new Error('expected an error')
}

describe('backups of databases whose names differ only in spelling', () => {
  for (const [one, other] of [
    ['Cup A.sqlite', 'Cup-A.sqlite'],
    ['cup.sqlite', 'cup.db'],
    ['cup.db', 'cup.sqlite3'],
    ['Кубок 1.sqlite', 'Кубок_1.sqlite'],
  ]) {
    it(`${one} and ${other} in one folder never list or rotate each other's backups`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'md-names-'))
      const a = await openDatabase(join(dir, one), { backupsToKeep: 1 })
      const b = await openDatabase(join(dir, other), { backupsToKeep: 1 })
      const bFile = await b.backupNow('manual')
      for (let i = 0; i < 3; i++) await a.backupNow('manual')
      expect(a.listBackups()).toHaveLength(1)
      expect(a.listBackups()[0].file).not.toBe(bFile)
      expect(b.listBackups().map((x) => x.file)).toEqual([bFile])
      a.close()
      b.close()
    })
  }
})
