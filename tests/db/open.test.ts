import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { APPLICATION_ID, LATEST_VERSION, MIGRATIONS, openDatabase } from '../../src/main/db'
import { entry, errorCode, removeDir, setupFor, sha256, tempDir } from './helpers'

let dir: string
beforeEach(() => {
  dir = tempDir()
})
afterEach(() => removeDir(dir))

describe('opening and migrations', () => {
  it('creates the file and its folder, migrates from empty, sets our ids and the durable pragmas', async () => {
    const file = path.join(dir, 'nested', 'deeper', 'mafia-desk.sqlite')
    const db = await openDatabase(file)
    expect(fs.existsSync(file)).toBe(true)
    expect(db.dataDir).toBe(path.dirname(file))
    const c = db.connection
    expect(c.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(c.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    expect(c.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(c.pragma('synchronous', { simple: true })).toBe(2) // FULL
    expect(c.pragma('foreign_keys', { simple: true })).toBe(1)
    const tables = (
      c.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
        name: string
      }>
    ).map((t) => t.name)
    expect(tables).toEqual(
      expect.arrayContaining([
        'players',
        'tournaments',
        'stages',
        'rounds',
        'tables',
        'games',
        'game_events',
        'game_results',
        'game_seats',
        'settings',
      ]),
    )
    // A fresh file needs no backup.
    expect(db.listBackups()).toEqual([])
    db.close()
  })

  it('reopening is idempotent and keeps the data', async () => {
    const file = path.join(dir, 'db.sqlite')
    const db = await openDatabase(file)
    const p = db.players.addPlayer({ nickname: 'Лиса' })
    db.settings.setSetting('ui.language', 'ru')
    db.close()
    const again = await openDatabase(file)
    expect(again.connection.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(again.players.getPlayer(p.id)?.nickname).toBe('Лиса')
    expect(again.settings.getSetting<string>('ui.language')).toBe('ru')
    expect(again.listBackups()).toEqual([])
    expect(again.integrityCheck()).toEqual([])
    again.close()
  })

  it('takes a backup before migrating a file that has data, and the backup holds the old version', async () => {
    // Build a version-1 file by hand with the shipped first migration, then put data in it.
    const file = path.join(dir, 'old.sqlite')
    const raw = new Database(file)
    raw.exec(MIGRATIONS[0].sql)
    raw.pragma(`application_id = ${APPLICATION_ID}`)
    raw.pragma('user_version = 1')
    raw
      .prepare(
        "INSERT INTO players (nickname, nickname_key, created_at, updated_at) VALUES ('Сова', 'сова', 1, 1)",
      )
      .run()
    raw.close()
    expect(LATEST_VERSION).toBeGreaterThan(1)

    const db = await openDatabase(file)
    expect(db.connection.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(db.players.listPlayers('сов').map((p) => p.nickname)).toEqual(['Сова'])
    const backups = db.listBackups()
    expect(backups).toHaveLength(1)
    expect(backups[0].reason).toBe(`before-migration-v1-to-v${LATEST_VERSION}`)
    const copy = new Database(backups[0].file, { readonly: true })
    expect(copy.pragma('user_version', { simple: true })).toBe(1)
    expect(copy.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    expect(copy.prepare('SELECT nickname FROM players').all()).toEqual([{ nickname: 'Сова' }])
    copy.close()
    db.close()
  })
})

describe('bad files are refused and left byte-identical', () => {
  it('a file that is not SQLite: db/not_sqlite', async () => {
    const file = path.join(dir, 'notes.sqlite')
    fs.writeFileSync(file, 'Это не база данных, а список покупок.\n'.repeat(20))
    const before = sha256(file)
    expect(await errorCode(() => openDatabase(file))).toBe('db/not_sqlite')
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dir)).toEqual(['notes.sqlite'])
  })

  it('a short non-empty file: db/not_sqlite', async () => {
    const file = path.join(dir, 'short.sqlite')
    fs.writeFileSync(file, 'SQLite')
    const before = sha256(file)
    expect(await errorCode(() => openDatabase(file))).toBe('db/not_sqlite')
    expect(sha256(file)).toBe(before)
  })

  it('an SQLite file of another program: db/not_ours', async () => {
    const file = path.join(dir, 'foreign.sqlite')
    const raw = new Database(file)
    raw.exec(
      'CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices (total) VALUES (9.5)',
    )
    raw.close()
    const before = sha256(file)
    expect(await errorCode(() => openDatabase(file))).toBe('db/not_ours')
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dir)).toEqual(['foreign.sqlite'])
  })

  it('a WAL-mode SQLite file of another program: db/not_ours, and no -wal/-shm files appear', async () => {
    const file = path.join(dir, 'foreign-wal.sqlite')
    const raw = new Database(file)
    raw.pragma('journal_mode = WAL')
    raw.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)')
    raw.close()
    const before = sha256(file)
    expect(await errorCode(() => openDatabase(file))).toBe('db/not_ours')
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dir)).toEqual(['foreign-wal.sqlite'])
  })

  it('an SQLite file with another application_id and no tables: db/not_ours', async () => {
    const file = path.join(dir, 'other-app.sqlite')
    const raw = new Database(file)
    raw.pragma('application_id = 12345')
    raw.close()
    const before = sha256(file)
    expect(await errorCode(() => openDatabase(file))).toBe('db/not_ours')
    expect(sha256(file)).toBe(before)
  })

  it('a file from a newer app version: db/too_new', async () => {
    const file = path.join(dir, 'future.sqlite')
    const db = await openDatabase(file)
    db.players.addPlayer({ nickname: 'Волк' })
    db.close()
    const raw = new Database(file)
    raw.pragma(`user_version = ${LATEST_VERSION + 5}`)
    raw.close() // still in WAL mode, as our files are
    const before = sha256(file)
    const listing = fs.readdirSync(dir).sort()
    expect(await errorCode(() => openDatabase(file))).toBe('db/too_new')
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dir).sort()).toEqual(listing)
  })
})

describe('write failures are clear and leave the stored state intact', () => {
  it('a read-only database gives db/readonly on append and the log is unchanged', async () => {
    const file = path.join(dir, 'ro.sqlite')
    const db = await openDatabase(file)
    const game = db.games.createGame({
      setup: setupFor([null, null, null, null, null, null, null, null, null, null]),
    })
    db.games.appendEntry(game.id, entry(1), { status: 'running', winner: null })
    db.close()
    fs.chmodSync(file, 0o444)
    // Tests run as root, which ignores file modes, so chmod alone cannot make the file read-only here. We open
    // the connection with SQLite's read-only flag (what openDatabase does by itself when access(W_OK) fails for
    // a normal user, see the next test) — every write is then refused by SQLite with SQLITE_READONLY.
    const ro = await openDatabase(file, { readonly: true })
    expect(ro.readonly).toBe(true)
    expect(
      await errorCode(() => ro.games.appendEntry(game.id, entry(2), { status: 'running', winner: null })),
    ).toBe('db/readonly')
    expect(await errorCode(() => ro.players.addPlayer({ nickname: 'Ёж' }))).toBe('db/readonly')
    expect(ro.games.loadGame(game.id)?.log.map((e) => e.seq)).toEqual([1])
    ro.close()
    fs.chmodSync(file, 0o644)
    const rw = await openDatabase(file)
    expect(rw.games.loadGame(game.id)?.log).toHaveLength(1)
    rw.close()
  })

  it.skipIf(process.getuid?.() === 0)(
    'a chmod 0444 file is opened read-only by itself (non-root only)',
    async () => {
      const file = path.join(dir, 'ro2.sqlite')
      const db = await openDatabase(file)
      const game = db.games.createGame({
        setup: setupFor([null, null, null, null, null, null, null, null, null, null]),
      })
      db.close()
      fs.chmodSync(file, 0o444)
      const ro = await openDatabase(file)
      expect(ro.readonly).toBe(true)
      expect(
        await errorCode(() => ro.games.appendEntry(game.id, entry(1), { status: 'running', winner: null })),
      ).toBe('db/readonly')
      ro.close()
    },
  )

  it('a write refused by SQLite on a live connection (query_only) gives db/readonly', async () => {
    const db = await openDatabase(path.join(dir, 'qo.sqlite'))
    const game = db.games.createGame({
      setup: setupFor([null, null, null, null, null, null, null, null, null, null]),
    })
    db.connection.pragma('query_only = 1')
    expect(
      await errorCode(() => db.games.appendEntry(game.id, entry(1), { status: 'running', winner: null })),
    ).toBe('db/readonly')
    db.connection.pragma('query_only = 0')
    expect(db.games.loadGame(game.id)?.log).toEqual([])
    expect(db.games.getGame(game.id)?.status).toBe('setup')
    db.close()
  })

  it('a full disk (SQLite max_page_count reached) gives db/full and nothing is half-written', async () => {
    const db = await openDatabase(path.join(dir, 'full.sqlite'))
    const game = db.games.createGame({
      setup: setupFor([null, null, null, null, null, null, null, null, null, null]),
    })
    db.games.appendEntry(game.id, entry(1), { status: 'running', winner: null })
    const c = db.connection
    c.pragma(`max_page_count = ${c.pragma('page_count', { simple: true }) as number}`)
    const big = { ...entry(2), events: [{ type: 'note', text: 'x'.repeat(200_000) }] }
    expect(
      await errorCode(() => db.games.appendEntry(game.id, big, { status: 'finished', winner: 'red' })),
    ).toBe('db/full')
    const loaded = db.games.loadGame(game.id)
    expect(loaded?.log.map((e) => e.seq)).toEqual([1])
    expect(loaded?.game.status).toBe('running')
    expect(loaded?.game.winner).toBeNull()
    // Space again: the next append works and continues the log.
    c.pragma('max_page_count = 1073741823')
    db.games.appendEntry(game.id, entry(2), { status: 'running', winner: null })
    expect(db.games.loadGame(game.id)?.log.map((e) => e.seq)).toEqual([1, 2])
    db.close()
  })

  it('a database locked by another writer gives db/locked', async () => {
    const file = path.join(dir, 'locked.sqlite')
    const db = await openDatabase(file)
    const game = db.games.createGame({
      setup: setupFor([null, null, null, null, null, null, null, null, null, null]),
    })
    db.connection.pragma('busy_timeout = 50')
    const other = new Database(file)
    other.prepare('BEGIN IMMEDIATE').run()
    expect(
      await errorCode(() => db.games.appendEntry(game.id, entry(1), { status: 'running', winner: null })),
    ).toBe('db/locked')
    other.prepare('ROLLBACK').run()
    other.close()
    db.games.appendEntry(game.id, entry(1), { status: 'running', winner: null })
    expect(db.games.loadGame(game.id)?.log).toHaveLength(1)
    db.close()
  })

  it('a closed handle gives db/closed', async () => {
    const db = await openDatabase(path.join(dir, 'closed.sqlite'))
    db.close()
    expect(await errorCode(() => db.players.listPlayers())).toBe('db/closed')
  })
})
