/**
 * The contract end to end through the real core (SQLite in a temp folder, the router the transports use):
 * registry, photos, CSV, merge, data exchange between two machines, backups, exports and standings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { startCore, type Core } from '../../src/main/core'
import type { CallName, CallOutput } from '../../src/shared/contract'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-contract-'))
let a: Core
let b: Core

async function call<K extends CallName>(core: Core, name: K, params: unknown): Promise<CallOutput<K>> {
  const r = await core.router.dispatch(name, params, 'control')
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message.en}`)
  return r.value as CallOutput<K>
}
async function fails(core: Core, name: CallName, params: unknown): Promise<string> {
  const r = await core.router.dispatch(name, params, 'control')
  if (r.ok) throw new Error(`${name} should have failed`)
  return r.error.code
}

/** A real 1×1 PNG. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const c = Buffer.alloc(4)
    c.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, c])
  }
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const base = {
  staticDir: join(dir, 'none'),
  resourcesDir: join(dir, 'none'),
  version: 'test',
  port: 0,
} as const

beforeAll(async () => {
  a = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'a', 'db.sqlite') })
  b = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'b', 'db.sqlite') })
})
afterAll(async () => {
  await a?.close()
  await b?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('registry through the contract', () => {
  it('adds, edits, searches (Cyrillic), imports CSV, sets a photo, merges', async () => {
    const lisa = await call(a, 'players.add', { nickname: 'Лисица', city: 'Москва' })
    expect((await call(a, 'players.list', { query: 'лисиц' })).map((p) => p.nickname)).toContain('Лисица')
    const edited = await call(a, 'players.update', { id: lisa.id, club: 'Первая столица' })
    expect(edited.club).toBe('Первая столица')
    const report = await call(a, 'players.importCsv', {
      text: '\ufeffnickname;full name;club;city\nКот;Иван Котов;Клуб;Тверь\nЛисица 2;;;\n',
    })
    expect(report).toMatchObject({ added: 2, errors: [] })
    const photo = await call(a, 'players.setPhoto', { id: lisa.id, base64: png().toString('base64') })
    expect(photo.photo).toMatch(/^\/photos\/.+\.png$/)
    const res = await fetch(`${a.server.origin}${photo.photo}`)
    expect(res.status).toBe(200)
    expect(
      await fails(a, 'players.setPhoto', {
        id: lisa.id,
        base64: Buffer.from('not an image').toString('base64'),
      }),
    ).toMatch(/^db\//)
    const dup = (await call(a, 'players.list', { query: 'Лисица 2' }))[0]
    const kept = await call(a, 'players.merge', { keepId: lisa.id, dropId: dup.id })
    expect(kept.id).toBe(lisa.id)
    expect((await call(a, 'players.list', { query: 'Лисица 2' })).length).toBe(0)
  })
})

describe('games between machines, backups, exports', () => {
  it('a finished game goes from machine A to B once; the second import is refused and changes nothing', async () => {
    const tournamentId = (await call(a, 'tournaments.list', {}))[0].id
    // A friendly game: a tournament game's players are its table's seating (issue 28), not any ten names.
    const env = await call(a, 'game.create', {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: { ...FULL_GAME_ROLES },
    })
    for (const command of FULL_GAME) await call(a, 'game.command', { gameId: env.gameId, command })
    const file = await call(a, 'data.export', { gameId: env.gameId })
    const text = Buffer.from(file.base64, 'base64').toString()
    expect(JSON.parse(text)).toMatchObject({ format: 'mafia-desk/games', version: 2 })
    const before = (await call(b, 'game.list', {})).length
    expect(await call(b, 'data.import', { text })).toMatchObject({ games: 1 })
    expect((await call(b, 'game.list', {})).length).toBe(before + 1)
    expect(await fails(b, 'data.import', { text })).toBe('db/import_duplicate')
    expect(await fails(b, 'data.import', { text: '{"format":"something-else"}' })).toBe(
      'db/import_wrong_format',
    )
    expect(await fails(b, 'data.import', { text: '{oops' })).toBe('db/import_malformed')
    expect((await call(b, 'game.list', {})).length).toBe(before + 1)

    const pdf = await call(a, 'export.protocol', { gameId: env.gameId, format: 'pdf' })
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString()).toBe('%PDF')
    const xlsx = await call(a, 'export.standings', { tournamentId, format: 'xlsx' })
    expect(Buffer.from(xlsx.base64, 'base64').subarray(0, 2).toString()).toBe('PK')
    const standings = await a.router.dispatch('standings.get', {}, 'read')
    // The ten demo players of the demo games: the friendly game counts in no tournament.
    expect(standings.ok && (standings.value as { overall: unknown[] }).overall.length).toBe(10)
    expect(await fails(a, 'export.protocol', { gameId: 9999, format: 'pdf' })).toBe('export/game_not_found')
  })

  it('takes a backup on demand and lists it; a restore over a running game needs force', async () => {
    const { file } = await call(a, 'backup.now', {})
    expect((await call(a, 'backup.list', {})).map((x) => x.file)).toContain(file)
    const active = (await call(a, 'game.active', {}))!
    await call(a, 'game.create', {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: { ...FULL_GAME_ROLES },
    }).then((g) => call(a, 'game.command', { gameId: g.gameId, command: { cmd: 'start' } }))
    expect(await fails(a, 'backup.restore', { file })).toBe('db/game_in_progress')
    await call(a, 'backup.restore', { file, force: true })
    expect((await call(a, 'game.list', { status: 'running' })).length).toBe(0)
    expect(active.gameId).toBeGreaterThan(0)
    expect((await call(a, 'players.list', { query: 'Кот' })).length).toBe(1)
  })
})
