/**
 * Issue 13 §5: an imported game is never trusted. Every game of an exchange file is checked through the
 * contract's data.import on a real core (real SQLite): its setup must be a valid game, its log is played again by
 * the engine, and its results are the engine's — crafted points, events for absent seats, impossible setups and
 * commands the rules refuse are all refused whole, naming the game and the entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'
import type { CallName } from '../../src/shared/contract'
import { openDatabase } from '../../src/main/db'
import { BUILTIN_RULESETS } from '../../src/shared/game/ruleset'
import { FULL_GAME_PLAYERS } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-import-check-'))
let source: Core
let target: Core

const base = {
  staticDir: join(dir, 'none'),
  resourcesDir: join(dir, 'none'),
  version: 'test',
  port: 0,
} as const

interface Doc {
  games: Array<{
    uuid: string
    setup: { players: unknown[] }
    log: Array<{ seq: number; command: Record<string, unknown>; events: Array<Record<string, unknown>> }>
    results: Array<{ seat: number; extra: number; total: number }>
  }>
}

let original = ''

async function dispatch(core: Core, name: CallName, params: unknown) {
  return core.router.dispatch(name, params, 'control')
}

async function importDoc(doc: Doc) {
  return dispatch(target, 'data.import', { text: JSON.stringify(doc) })
}

const fresh = (): Doc => JSON.parse(original) as Doc

beforeAll(async () => {
  source = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'source', 'db.sqlite') })
  // The target machine has a game of its own, so it seeds no demo: the source's demo game is a new game there (the
  // same game under another uuid would be recognised as a duplicate).
  const pre = await openDatabase(join(dir, 'target', 'db.sqlite'))
  pre.games.createGame({
    setup: {
      ruleset: BUILTIN_RULESETS.fiim,
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: {
        1: 'civilian',
        2: 'civilian',
        3: 'don',
        4: 'civilian',
        5: 'mafia',
        6: 'civilian',
        7: 'civilian',
        8: 'mafia',
        9: 'civilian',
        10: 'sheriff',
      },
    },
  })
  pre.close()
  target = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'target', 'db.sqlite') })
  // The first finished demo game of the source machine.
  const finished = source.db.games.listGames({}).find((g) => g.status === 'finished')!
  const out = await dispatch(source, 'data.export', { gameId: finished.id })
  if (!out.ok) throw new Error(out.error.code)
  original = Buffer.from((out.value as { base64: string }).base64, 'base64').toString('utf8')
})
afterAll(async () => {
  await source?.close()
  await target?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('data.import checks every game against the engine', () => {
  it('refuses an event for a seat that does not exist, naming the entry', async () => {
    const doc = fresh()
    const entry = doc.games[0].log.find((e) => e.events.some((ev) => typeof ev.seat === 'number'))!
    const ev = entry.events.find((x) => typeof x.seat === 'number')!
    ev.seat = 99
    const r = await importDoc(doc)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('db/import_invalid_game')
    expect(r.error.details).toMatchObject({ uuid: doc.games[0].uuid, seq: entry.seq })
    expect(r.error.message.ru).toContain(`записи ${entry.seq}`)
  })

  it('refuses a setup with one player and no roles', async () => {
    const doc = fresh()
    doc.games[0].setup = { players: doc.games[0].setup.players.slice(0, 1) }
    const r = await importDoc(doc)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('db/import_invalid_game')
    expect(r.error.message.en).toMatch(/invalid setup/)
  })

  it('refuses a command the rules refuse, with the engine’s reason', async () => {
    const doc = fresh()
    // Entry 2 opens day 1 after the zero night; a vote there is not in its phase.
    doc.games[0].log[1].command = { cmd: 'vote', candidate: 5, voters: [1], at: 1 }
    const r = await importDoc(doc)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('db/import_invalid_game')
    expect(r.error.details).toMatchObject({ seq: 2, error: { code: 'engine/not_in_phase' } })
  })

  it('stores the engine’s results, never crafted points', async () => {
    const doc = fresh()
    const honest = doc.games[0].results.map((x) => x.total)
    doc.games[0].results[0].extra = 1000
    doc.games[0].results[0].total += 1000
    const r = await importDoc(doc)
    expect(r.ok).toBe(true)
    const stored = target.db.games.listGames({}).find((g) => g.uuid === doc.games[0].uuid)!
    expect(stored.status).toBe('finished')
    expect(target.db.games.getResults(stored.id).map((x) => x.total)).toEqual(honest)
  })
})
