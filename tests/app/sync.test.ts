/**
 * Multi-machine mode (issue 16) through the real core: a hub and a table machine, each with its own SQLite file
 * and HTTP server on 127.0.0.x. Pairing, the transactional outbox, idempotent storage on the hub, every typed
 * refusal (nothing stored, the table keeps its outbox), offline play and the drain, table-token rights, LAN mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { startCore, type Core } from '../../src/main/core'
import type { SyncPush } from '../../src/shared/sync'
import type { TableGrant } from '../../src/main/db'
import { call, codeOf, coreBase, until, tableCode } from './sync-kit'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-sync-'))
const base = coreBase(dir)

let hub: Core
let table: Core
let hubPort = 0
let tournamentId = 0
let tableIds: number[] = []
let tournamentUuid = ''

async function httpPush(token: string, body: unknown): Promise<{ status: number; code: string | null }> {
  const res = await fetch(`${hub.server.origin}/sync/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const json = (await res.json()) as { ok: boolean; error?: { code: string } }
  return { status: res.status, code: json.ok ? null : (json.error?.code ?? '?') }
}

const tokenOf = (tableId: number): string => tableCode(hub, tableId)

function grantOf(tableId: number): TableGrant {
  return hub.db.sync.grant(tokenOf(tableId))!
}

const setup = (n: number) => ({
  rulesetId: 'fiim',
  players: FULL_GAME_PLAYERS.map((name) => ({ name })),
  roles: FULL_GAME_ROLES,
  number: n,
})

/** What "start round N" makes on the hub for table 1; the table machine pulls it (its local game id). */
async function seatAndPull(round: number, n: number): Promise<{ gameId: number; uuid: string }> {
  const roundId = hub.db.tournaments.listRounds(hub.db.tournaments.listStages(tournamentId)[0].id)[round - 1]
    .id
  // The hub seats its registry's players (Ace is registered): those links stay the hub's.
  const players = FULL_GAME_PLAYERS.map((name) => ({
    name,
    playerId: hub.db.players.findPlayerByNickname(name)?.id ?? null,
  }))
  const env = hub.service.createGame(
    { ...setup(n), players, tournamentId, roundId, tableId: tableIds[0] },
    { open: false },
  )
  const status = await call(table, 'sync.pull', {})
  const local = status.pulled!.find((g) => g.uuid === env.game.uuid)!
  return { gameId: local.gameId, uuid: env.game.uuid }
}

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, dbFile: join(dir, 'hub', 'db.sqlite') })
  hubPort = hub.server.port
  table = await startCore({ ...base, port: 0, dbFile: join(dir, 'table', 'db.sqlite') })
  const t = hub.db.tournaments.createTournament({ name: 'Кубок столов' })
  tournamentId = t.id
  tournamentUuid = t.uuid
  const stage = hub.db.tournaments.addStage(t.id, { kind: 'qualifying' })
  hub.db.tournaments.addRound(stage.id)
  hub.db.tournaments.addRound(stage.id)
  tableIds = [
    hub.db.tournaments.addTable(t.id, { judge: 'Судья 1' }).id,
    hub.db.tournaments.addTable(t.id, { judge: 'Судья 2' }).id,
  ]
  hub.db.players.addPlayer({ nickname: 'Ace' })
})
afterAll(async () => {
  await table?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('pairing and the outbox', () => {
  it('a table token is made per table; the table pairs with the code once', async () => {
    await call(hub, 'sync.createToken', { tableId: tableIds[0] })
    const status = await call(hub, 'sync.createToken', { tableId: tableIds[1] })
    expect(status.tables.map((x) => x.token !== null)).toEqual([true, true])
    const code = status.tables[0].pairingUrl!
    expect(code).toContain('#')
    const local = await call(table, 'sync.pair', { hubUrl: code })
    expect(local).toMatchObject({ paired: true, tableNumber: 1, tournamentName: 'Кубок столов' })
  })

  it('every command of a synced game is in the outbox with it; the sender drains it to the hub', async () => {
    const env = await seatAndPull(1, 1)
    expect(table.db.sync.isSynced(env.gameId)).toBe(true)
    for (const command of FULL_GAME) await call(table, 'game.command', { gameId: env.gameId, command })
    await until('drain', () => table.db.sync.pendingCount() === 0)
    const mine = table.db.games.loadGame(env.gameId)!
    const theirs = hub.db.games.getGameByUuid(env.uuid)!
    expect(theirs).toMatchObject({ tournamentId, tableId: tableIds[0], status: 'finished', winner: 'red' })
    expect(theirs.roundId).toBe(
      hub.db.tournaments.listRounds(hub.db.tournaments.listStages(tournamentId)[0].id)[0].id,
    )
    expect(hub.db.games.loadGame(theirs.id)!.log).toEqual(mine.log)
    // The hub's projections come from its own replay: the same per-seat points, Ace linked to the hub's registry.
    const hubResults = hub.db.games.getResults(theirs.id)
    expect(hubResults.map((r) => r.total)).toEqual(table.db.games.getResults(env.gameId).map((r) => r.total))
    expect(hubResults[0].playerId).toBe(hub.db.players.findPlayerByNickname('Ace')!.id)
    const status = await call(hub, 'sync.status', { tournamentId })
    expect(status.tables[0]).toMatchObject({
      behind: 0,
      game: { status: 'finished', lastSeq: mine.log.length },
    })
    expect(status.tables[0].lastSeenAt).not.toBeNull()
  })
})

describe('the hub stores idempotently and refuses bad input with a typed error', () => {
  function batch(): SyncPush {
    const game = table.db.games.listGames({}).find((g) => table.db.sync.isSynced(g.id))!
    const log = table.db.games.loadGame(game.id)!.log
    return {
      tournament: tournamentUuid,
      gameUuid: game.uuid,
      fromSeq: 1,
      entries: log.slice(0, 10) as SyncPush['entries'],
      machine: table.sync.sender.machine(),
      game: {
        setup: game.setup as NonNullable<SyncPush['game']>['setup'],
        number: game.number,
        createdAt: game.createdAt,
      },
    }
  }

  it('the same entries again are accepted again; nothing doubles', () => {
    const before = hub.db.games.loadGame(hub.db.games.getGameByUuid(batch().gameUuid)!.id)!.log.length
    const r = hub.sync.hub.push(grantOf(tableIds[0]), batch())
    expect(r).toMatchObject({ stored: 0, duplicates: 10 })
    expect(hub.db.games.loadGame(hub.db.games.getGameByUuid(batch().gameUuid)!.id)!.log.length).toBe(before)
  })

  it('a different entry at a stored seq is a conflict, kept aside, never merged', () => {
    const b = batch()
    b.entries[2] = { ...b.entries[2], at: b.entries[2].at + 1 }
    const game = hub.db.games.getGameByUuid(b.gameUuid)!
    const before = hub.db.games.loadGame(game.id)!.log
    expect(codeOf(() => hub.sync.hub.push(grantOf(tableIds[0]), b))).toBe('sync/conflict')
    expect(hub.db.games.loadGame(game.id)!.log).toEqual(before)
    expect(hub.db.sync.conflicts(tournamentId)).toMatchObject([{ gameUuid: b.gameUuid, seq: 3 }])
  })

  it('a gap, an engine refusal, another table, an unknown tournament: refused, nothing stored', () => {
    const b = batch()
    const last = hub.db.games.getGameByUuid(b.gameUuid)!.lastSeq!
    expect(
      codeOf(() =>
        hub.sync.hub.push(grantOf(tableIds[0]), {
          ...b,
          fromSeq: last + 3,
          entries: [{ ...b.entries[0], seq: last + 3 }],
        }),
      ),
    ).toBe('sync/gap')
    // A game the hub does not hold (a table's friendly game, a made-up uuid) is never created there.
    const uuid = '00000000-0000-4000-8000-000000000001'
    expect(codeOf(() => hub.sync.hub.push(grantOf(tableIds[1]), { ...b, gameUuid: uuid }))).toBe(
      'sync/unknown_game',
    )
    expect(hub.db.games.getGameByUuid(uuid)).toBeNull()
    // The next entry the engine refuses (a vote after the end), and one whose events it would not make.
    const next = (command: Record<string, unknown>, events: unknown[]): SyncPush => ({
      ...b,
      fromSeq: last + 1,
      entries: [{ seq: last + 1, command, events, at: 5 }] as SyncPush['entries'],
    })
    expect(
      codeOf(() => hub.sync.hub.push(grantOf(tableIds[0]), next({ cmd: 'vote', candidate: 5, at: 5 }, []))),
    ).toBe('sync/replay_refused')
    expect(
      codeOf(() => hub.sync.hub.push(grantOf(tableIds[0]), next({ cmd: 'comment', text: 'x', at: 5 }, []))),
    ).toBe('sync/replay_mismatch')
    expect(hub.db.games.getGameByUuid(b.gameUuid)!.lastSeq).toBe(last)
    expect(codeOf(() => hub.sync.hub.push(grantOf(tableIds[1]), b))).toBe('sync/forbidden')
    expect(codeOf(() => hub.sync.hub.push(grantOf(tableIds[0]), { ...b, tournament: 'nope' }))).toBe(
      'sync/unknown_tournament',
    )
  })

  it('over HTTP: a wrong token (refused and logged), malformed and oversized batches', async () => {
    expect(await httpPush('wrong-token', batch())).toEqual({ status: 401, code: 'sync/bad_token' })
    // Counted in memory; the first of its kind and source is written at once, the rest in aggregate.
    expect(hub.sync.refusals.counts()).toContainEqual({ code: 'sync/bad_token', count: 1 })
    expect(hub.db.sync.refusals()[0]).toMatchObject({ code: 'sync/bad_token', count: 1 })
    expect(await httpPush(tokenOf(tableIds[0]), '{not json')).toEqual({ status: 400, code: 'sync/malformed' })
    expect(await httpPush(tokenOf(tableIds[0]), { ...batch(), fromSeq: 0 })).toMatchObject({
      status: 400,
      code: 'sync/malformed',
    })
    const huge = { ...batch(), padding: 'x'.repeat(3 * 1024 * 1024) }
    expect(await httpPush(tokenOf(tableIds[0]), huge)).toEqual({ status: 413, code: 'sync/too_large' })
    expect(await httpPush(tokenOf(tableIds[0]), batch())).toEqual({ status: 200, code: null })
  })
})

describe('offline is normal', () => {
  it('the table plays on while the hub is down; its outbox drains when the hub is back', async () => {
    const env = await seatAndPull(2, 2)
    // Begun online (the timer runs); the hub restarting mid-game must not add its own entry (one writer).
    for (const command of FULL_GAME.slice(0, 3))
      await call(table, 'game.command', { gameId: env.gameId, command })
    await until('drain', () => table.db.sync.pendingCount() === 0)
    await hub.close()
    for (const command of FULL_GAME.slice(3))
      await call(table, 'game.command', { gameId: env.gameId, command })
    expect(table.db.sync.pendingCount()).toBe(FULL_GAME.length - 3)
    await until(
      'the sender to notice',
      () => table.sync.sender.status().lastError?.code === 'sync/unreachable',
    )
    hub = await startCore({ ...base, port: hubPort, dbFile: join(dir, 'hub', 'db.sqlite') })
    await until('drain', () => table.db.sync.pendingCount() === 0, 30000)
    const theirs = hub.db.games.getGameByUuid(env.uuid)!
    expect(hub.db.games.loadGame(theirs.id)!.log).toEqual(table.db.games.loadGame(env.gameId)!.log)
    // Its round: the one the hub seated it in.
    expect(theirs.roundId).toBe(
      hub.db.tournaments.listRounds(hub.db.tournaments.listStages(tournamentId)[0].id)[1].id,
    )
    expect(table.sync.sender.status()).toMatchObject({ paired: true, pending: 0, lastError: null })
    expect(hub.db.sync.conflicts()).toHaveLength(1) // only the one made on purpose above
    // The head judge cannot write into a table's game either: it has one writer.
    const r = await hub.router.dispatch(
      'game.command',
      { gameId: theirs.id, command: { cmd: 'undo' } },
      'control',
    )
    expect(r).toMatchObject({ ok: false, error: { code: 'app/remote_game' } })
  })
})

describe('the hub serves every table to the stream', () => {
  it('/overlay?table=N reads that table’s current game; the table on stream becomes the active game (OBS)', async () => {
    const newest = hub.db.sync.latestGames(tournamentId).get(tableIds[0])!
    const r = await hub.router.dispatch('sync.overlay', { table: 1 }, 'read')
    expect(r).toMatchObject({ ok: true, value: { gameId: newest.id } })
    expect((await hub.router.dispatch('sync.overlay', { table: 2 }, 'read')) as unknown).toMatchObject({
      ok: true,
      value: { gameId: null },
    })
    await call(hub, 'sync.setOnStream', { tournamentId, tableId: tableIds[0] })
    expect(hub.service.activeGameId()).toBe(newest.id)
    await call(hub, 'sync.setOnStream', { tournamentId, tableId: null })
  })
})

describe('table tokens over the contract, and the LAN mode', () => {
  function connect(url: string): Promise<{
    ws: WebSocket
    call: (method: string, params: unknown) => Promise<{ ok: boolean; code?: string }>
  }> {
    return new Promise((resolve, reject) => {
      // A test client: the hub's self-signed certificate is checked by the tables' pin (sync-tls.test.ts).
      const ws = new WebSocket(url, { rejectUnauthorized: false })
      let id = 0
      const waiting = new Map<number, (v: { ok: boolean; code?: string }) => void>()
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as {
          type: string
          id?: number
          ok?: boolean
          error?: { code: string }
        }
        if (msg.type === 'hello') resolve({ ws, call })
        if (msg.type === 'result' && typeof msg.id === 'number')
          waiting.get(msg.id)?.({ ok: msg.ok!, code: msg.error?.code })
      })
      ws.on('error', reject)
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
      function call(method: string, params: unknown): Promise<{ ok: boolean; code?: string }> {
        id += 1
        const my = id
        return new Promise((r) => {
          waiting.set(my, r)
          ws.send(JSON.stringify({ type: 'call', id: my, method, params }))
        })
      }
    })
  }

  it('a table token reads and commands only its own table’s games, and nothing else', async () => {
    const own = hub.db.games.listGames({ tableId: tableIds[0] })[0]
    const env = await call(hub, 'game.create', { ...setup(3), tournamentId, tableId: tableIds[1] })
    const c = await connect(`ws://127.0.0.1:${hub.server.port}/ws?token=${tokenOf(tableIds[0])}`)
    expect(await c.call('game.view', { gameId: own.id })).toMatchObject({ ok: true })
    expect(await c.call('game.view', { gameId: env.gameId })).toEqual({ ok: false, code: 'sync/forbidden' })
    expect(await c.call('game.command', { gameId: env.gameId, command: { cmd: 'start' } })).toEqual({
      ok: false,
      code: 'sync/forbidden',
    })
    expect(await c.call('backup.restore', { file: 'x' })).toEqual({ ok: false, code: 'contract/forbidden' })
    // Reads: its own table's overlay, never another table's nor the hub's active game (any table's roles).
    expect(await c.call('sync.overlay', { table: 1 })).toMatchObject({ ok: true })
    expect(await c.call('sync.overlay', { table: 2 })).toEqual({ ok: false, code: 'sync/forbidden' })
    expect(await c.call('overlay.view', {})).toEqual({ ok: false, code: 'contract/forbidden' })
    expect(await c.call('sync.createToken', { tableId: tableIds[0] })).toEqual({
      ok: false,
      code: 'contract/forbidden',
    })
    // Revoked: its open connection is closed at once (issue 29 §2).
    const closed = new Promise<void>((r) => c.ws.once('close', () => r()))
    await call(hub, 'sync.revokeToken', { tableId: tableIds[0] })
    await closed
    await call(hub, 'sync.createToken', { tableId: tableIds[0] })
  })

  it('listening beyond 127.0.0.1 only with the flag; there every connection needs a token, also to read', async () => {
    const lan = await startCore({ ...base, port: 0, lan: '127.0.0.2', dbFile: join(dir, 'lan', 'db.sqlite') })
    try {
      // This machine's panel and OBS keep plain HTTP on 127.0.0.1 (issue 29 §2); the hall address is TLS only.
      expect(lan.server.origin).toBe(`http://127.0.0.1:${lan.server.port}`)
      expect(lan.server.lanOrigins()).toEqual([`https://127.0.0.2:${lan.server.port}`])
      // The hall network is TLS only (issue 29 §2): plain ws is refused even with the right token.
      await expect(connect(`ws://127.0.0.2:${lan.server.port}/ws?token=${lan.server.token}`)).rejects.toThrow(
        'HTTP 403',
      )
      await expect(connect(`wss://127.0.0.2:${lan.server.port}/ws`)).rejects.toThrow('HTTP 401')
      await expect(connect(`wss://127.0.0.2:${lan.server.port}/ws?token=wrong`)).rejects.toThrow('HTTP 401')
      const ok = await connect(`wss://127.0.0.2:${lan.server.port}/ws?token=${lan.server.token}`)
      expect(await ok.call('game.active', {})).toMatchObject({ ok: true })
      ok.ws.close()
      // On 127.0.0.1 this machine reads without a token, over plain HTTP (loopback is not the hall network).
      expect((await fetch(`http://127.0.0.1:${lan.server.port}/healthz`)).ok).toBe(true)
    } finally {
      await lan.close()
    }
    // The default stays loopback.
    expect(hub.server.origin).toBe(`http://127.0.0.1:${hub.server.port}`)
  })
})
