import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { APPLICATION_ID, openDatabase, restoreBackup, type MafiaDb } from '../../src/main/db'
import { entry, errorCode, removeDir, setupFor, tempDir } from './helpers'

let dir: string
let file: string
let db: MafiaDb
beforeEach(async () => {
  dir = tempDir()
  file = path.join(dir, 'mafia-desk.sqlite')
  db = await openDatabase(file, { backupsToKeep: 3 })
})
afterEach(() => {
  if (db.isOpen) db.close()
  removeDir(dir)
})

describe('backups', () => {
  it('backupNow writes a self-contained copy with the backup API and lists it', async () => {
    db.players.addPlayer({ nickname: 'Лиса' })
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    const written = await db.backupNow('Ручная копия / manual')
    expect(path.dirname(written)).toBe(path.join(dir, 'backups'))
    expect(path.basename(written)).toMatch(/^mafia-desk-\d{8}-\d{6}-\d{3}-manual\.sqlite$/)
    expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual([path.basename(written)])
    const list = db.listBackups()
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ file: written, reason: 'manual' })
    expect(Math.abs(list[0].createdAt - Date.now())).toBeLessThan(60_000) // not a duration: the stored timestamp is today
    const copy = new Database(written, { readonly: true })
    expect(copy.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(copy.prepare('SELECT count(*) AS n FROM game_events').get()).toEqual({ n: 1 })
    copy.close()
  })

  it('keeps only the newest N backups', async () => {
    const names: string[] = []
    for (let i = 0; i < 5; i++) names.push(path.basename(await db.backupNow(`b${i}`)))
    const kept = db.listBackups().map((b) => b.name)
    expect(kept).toHaveLength(3)
    expect(kept).toEqual(names.slice(2).reverse())
  })

  it('finishRound marks the round finished and takes the end-of-round backup; refuses while a game runs', async () => {
    const ids = db.tournaments.seedDemo()
    if (!ids) throw new Error('seed')
    const g = db.games.createGame({
      roundId: ids.roundId,
      tableId: ids.tableId,
      setup: setupFor(ids.playerIds),
    })
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    expect(await errorCode(() => db.finishRound(ids.roundId))).toBe('db/round_in_progress')
    expect(db.tournaments.getRound(ids.roundId)?.status).toBe('open')
    expect(db.listBackups()).toEqual([])
    db.games.appendEntry(g.id, entry(2), { status: 'finished', winner: 'black' })
    const backup = await db.finishRound(ids.roundId)
    expect(db.tournaments.getRound(ids.roundId)?.status).toBe('finished')
    expect(db.listBackups().map((b) => b.file)).toEqual([backup])
    expect(db.listBackups()[0].reason).toBe('end-of-round-1')
  })

  it('restore refuses over a running game unless forced, and returns a fresh handle on the restored data', async () => {
    const keep = db.players.addPlayer({ nickname: 'Сова' })
    const backup = await db.backupNow('good')
    db.players.addPlayer({ nickname: 'Позже' })
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })

    expect(await errorCode(() => db.restoreBackup(backup))).toBe('db/game_in_progress')
    expect(db.isOpen).toBe(true)
    expect(db.players.listPlayers()).toHaveLength(2)

    const fresh = await db.restoreBackup(path.basename(backup), { force: true })
    expect(db.isOpen).toBe(false)
    expect(await errorCode(() => db.players.listPlayers())).toBe('db/closed')
    db = fresh
    expect(db.players.listPlayers().map((p) => p.id)).toEqual([keep.id])
    expect(db.games.listInProgress()).toEqual([])
    expect(db.integrityCheck()).toEqual([])
    expect(db.connection.pragma('journal_mode', { simple: true })).toBe('wal')
    // The state before the restore was saved first.
    expect(db.listBackups().some((b) => b.reason === 'before-restore')).toBe(true)
    const before = db.listBackups().find((b) => b.reason === 'before-restore')
    const copy = new Database(before?.file ?? '', { readonly: true })
    expect(copy.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 2 })
    copy.close()
  })

  it('restore refuses when a game starts while the backup is being copied, and keeps that game', async () => {
    const backup = await db.backupNow('good')
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    const pending = db.restoreBackup(backup)
    // The restore is now copying asynchronously; the judge starts a game meanwhile.
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    expect(await errorCode(() => pending)).toBe('db/game_in_progress')
    expect(db.isOpen).toBe(true)
    expect(db.games.loadGame(g.id)?.log).toEqual([entry(1)])
    expect(fs.readdirSync(dir).filter((f) => f.includes('restoring'))).toEqual([])
  })

  it('restore validates the backup is ours and leaves the database alone otherwise', async () => {
    db.players.addPlayer({ nickname: 'Лиса' })
    const junk = path.join(dir, 'junk.sqlite')
    fs.writeFileSync(junk, 'not a database at all'.repeat(10))
    expect(await errorCode(() => db.restoreBackup(junk))).toBe('db/backup_invalid')
    const foreign = path.join(dir, 'foreign.sqlite')
    const raw = new Database(foreign)
    raw.exec('CREATE TABLE t (x)')
    raw.close()
    expect(await errorCode(() => db.restoreBackup(foreign))).toBe('db/backup_invalid')
    expect(await errorCode(() => db.restoreBackup(path.join(dir, 'nope.sqlite')))).toBe('db/backup_not_found')
    expect(db.isOpen).toBe(true)
    expect(db.players.listPlayers()).toHaveLength(1)
  })

  it('restoreBackup(dbFile, backupFile) works on a closed database', async () => {
    db.players.addPlayer({ nickname: 'Рысь' })
    const backup = await db.backupNow('x')
    db.players.addPlayer({ nickname: 'Филин' })
    db.close()
    db = await restoreBackup(file, backup)
    expect(db.players.listPlayers().map((p) => p.nickname)).toEqual(['Рысь'])
  })
})
