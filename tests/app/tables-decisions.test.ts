/**
 * Multi-machine mode (issue 16): what the head judge decides on the hub reaches the table machine, once, through
 * the real core (real SQLite, real HTTP on 127.0.0.1):
 * - a game he cancels after the table pulled it is cancelled on the table too (with his reason) and no longer
 *   sent; the replacement he prepares for that round and table is pulled as a new game;
 * - a conflict he decides for the hub's version stops the table sending that game, shown on it, with no further
 *   push attempts however long the table plays on;
 * - every new refusal of /sync/push and /sync/pull is typed and stores nothing;
 * - a tablet with a table token on the hub opens its own table's game, and may command only a game no table
 *   machine sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { startCore, type Core } from '../../src/main/core'
import type { SyncPull, SyncTableSession } from '../../src/shared/sync'
import { call, coreBase, until, wsCalls, tableCode } from './sync-kit'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-tables-decisions-'))
const base = coreBase(dir)

let hub: Core
let table: Core
let tournamentId = 0
let tournamentUuid = ''
let roundId = 0
let tableA = 0
let tableB = 0

const tokenOf = (tableId: number): string => tableCode(hub, tableId)

/** What "start round 1" (or the head judge's replacement game) makes on the hub for a table. */
function seat(tableId: number, judge: string): { id: number; uuid: string } {
  const env = hub.service.createGame(
    {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: FULL_GAME_ROLES,
      tournamentId,
      roundId,
      tableId,
      number: 1,
      judge,
    },
    { open: false },
  )
  return { id: env.gameId, uuid: env.game.uuid }
}

async function play(core: Core, gameId: number, from: number, to: number): Promise<void> {
  for (const command of FULL_GAME.slice(from, to)) await call(core, 'game.command', { gameId, command })
}

async function post(path: string, token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${hub.server.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}

const notices = () => table.sync.sender.status().games ?? []

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, dbFile: join(dir, 'hub', 'db.sqlite') })
  table = await startCore({ ...base, port: 0, dbFile: join(dir, 'table', 'db.sqlite') })
  const t = hub.db.tournaments.createTournament({ name: 'Кубок решений' })
  tournamentId = t.id
  tournamentUuid = t.uuid
  roundId = hub.db.tournaments.addRound(hub.db.tournaments.addStage(t.id, { kind: 'qualifying' }).id).id
  tableA = hub.db.tournaments.addTable(t.id, { judge: 'Анна' }).id
  tableB = hub.db.tournaments.addTable(t.id, { judge: 'Борис' }).id
  await call(hub, 'sync.createToken', { tableId: tableA })
  await call(hub, 'sync.createToken', { tableId: tableB })
  await call(table, 'sync.pair', { hubUrl: `${hub.server.origin}/#${tokenOf(tableA)}` })
})
afterAll(async () => {
  await table?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a game the head judge cancels on the hub', () => {
  let first = { id: 0, uuid: '' }
  let local = 0

  it('is cancelled on the table with his reason; its unsent entries stop cleanly; nothing more is stored', async () => {
    first = seat(tableA, 'Анна')
    const pulled = await call(table, 'sync.pull', {})
    local = pulled.pulled!.find((g) => g.uuid === first.uuid)!.gameId
    await play(table, local, 0, 3)
    await until('drain', () => table.db.sync.pendingCount() === 0)
    expect(hub.db.games.loadGame(first.id)!.log).toHaveLength(3)

    await call(hub, 'games.cancel', { gameId: first.id, reason: 'перепутаны роли' })
    // The table plays on before it hears of it: the push brings the cancellation.
    await play(table, local, 3, 5)
    await until('the cancellation learnt', () => table.db.games.getGame(local)!.cancelledAt !== null)
    expect(table.db.games.getGame(local)!.cancelReason).toBe('перепутаны роли')
    expect(table.db.sync.pendingCount()).toBe(0)
    expect(table.db.sync.isSynced(local)).toBe(false)
    expect(notices()).toContainEqual(
      expect.objectContaining({ gameId: local, state: 'cancelled', reason: 'перепутаны роли' }),
    )
    expect(hub.db.games.loadGame(first.id)!.log).toHaveLength(3)
    // The table's judge cannot go on with it: a clear, translated refusal.
    const r = await table.router.dispatch('game.command', { gameId: local, command: FULL_GAME[5] }, 'control')
    expect(r.ok ? 'ok' : r.error.code).toBe('app/game_cancelled')
    // Still in the picker's list, said to be cancelled.
    expect(table.sync.sender.status().pulled!.map((g) => g.uuid)).toContain(first.uuid)
  })

  it('the replacement prepared for the same round and table comes as a new game and syncs', async () => {
    const second = seat(tableA, 'Анна')
    expect(second.uuid).not.toBe(first.uuid)
    const status = await call(table, 'sync.pull', {})
    const mine = status.pulled!.find((g) => g.uuid === second.uuid)!
    expect(mine).toMatchObject({ round: 1, table: 1 })
    expect(table.db.sync.isSynced(mine.gameId)).toBe(true)
    await play(table, mine.gameId, 0, 2)
    await until('drain', () => table.db.sync.pendingCount() === 0)
    expect(hub.db.games.loadGame(second.id)!.log).toHaveLength(2)
    // A cancellation with nothing to send is learnt from the pull alone.
    await call(hub, 'games.cancel', { gameId: second.id, reason: 'стол переехал' })
    await call(table, 'sync.pull', {})
    expect(table.db.games.getGame(mine.gameId)).toMatchObject({ cancelReason: 'стол переехал' })
    expect(table.db.sync.isSynced(mine.gameId)).toBe(false)
    // Learnt once: asking again changes nothing and fails nothing.
    await call(table, 'sync.pull', {})
    expect(notices().filter((n) => n.gameId === mine.gameId)).toHaveLength(1)
  })

  it('a push for a cancelled game is refused, typed, over HTTP; nothing is stored', async () => {
    const res = await post('/sync/push', tokenOf(tableA), {
      tournament: tournamentUuid,
      gameUuid: first.uuid,
      fromSeq: 4,
      entries: table.db.games.loadGame(local)!.log.slice(3, 5),
    })
    expect(res.status).toBe(409)
    expect(res.json).toMatchObject({
      ok: false,
      error: { code: 'sync/game_cancelled', details: { reason: 'перепутаны роли' } },
    })
    expect(hub.db.games.loadGame(first.id)!.log).toHaveLength(3)
    const pull = (await post('/sync/pull', tokenOf(tableA), {})).json as { ok: true; value: SyncPull }
    expect(pull.value.games.map((g) => g.uuid)).not.toContain(first.uuid)
    expect(pull.value.cancelled!.map((g) => g.uuid)).toContain(first.uuid)
    // Table 2's pull names none of table 1's games.
    const other = (await post('/sync/pull', tokenOf(tableB), {})).json as { ok: true; value: SyncPull }
    expect(other.value.cancelled).toEqual([])
  })
})

describe('a conflict the head judge decides for the hub’s version', () => {
  it('the table learns it once, shows it on the game and never pushes that game again', async () => {
    const created = { game: seat(tableA, 'Анна') }
    const local = (await call(table, 'sync.pull', {})).pulled!.find(
      (g) => g.uuid === created.game.uuid,
    )!.gameId
    await play(table, local, 0, 4)
    await until('drain', () => table.db.sync.pendingCount() === 0)
    const onHub = hub.db.sync.gameByUuid(created.game.uuid)!
    expect(onHub.lastSeq).toBe(4)
    // The hub's copy of entry 2 differs from the table's (as after a table restored from an old backup).
    const raw = new Database(join(dir, 'hub', 'db.sqlite'))
    raw.prepare('UPDATE game_events SET at = at + 1 WHERE game_id = ? AND seq = 2').run(onHub.gameId)
    raw.close()
    table.db.sync.requeue(local, 2)
    table.sync.sender.kick()
    await until('the conflict', () => notices().some((n) => n.gameId === local && n.state === 'conflict'))
    const conflict = hub.db.sync.conflicts().find((c) => c.gameUuid === created.game.uuid)!
    expect(conflict.seq).toBe(2)
    await call(hub, 'sync.resolveConflict', { conflictId: conflict.id, resolution: 'keepHub' })
    await until('the decision learnt', () =>
      notices().some((n) => n.gameId === local && n.state === 'closed'),
    )
    expect(table.db.sync.isSynced(local)).toBe(false)
    expect(table.db.sync.pendingCount()).toBe(0)

    // The table judge plays on: every command is stored here, none is queued for the hub (so never pushed).
    for (const command of FULL_GAME.slice(4, 12)) {
      await call(table, 'game.command', { gameId: local, command })
      expect(table.db.sync.pendingCount()).toBe(0)
    }
    expect(table.db.games.loadGame(local)!.log).toHaveLength(12)
    await new Promise((r) => setTimeout(r, 600)) // a few sender turns
    expect(hub.db.games.loadGame(onHub.gameId)!.log).toHaveLength(4)
    expect(hub.db.sync.conflicts().filter((c) => c.gameUuid === created.game.uuid)).toHaveLength(1)
    expect(notices().filter((n) => n.gameId === local)).toEqual([
      expect.objectContaining({ state: 'closed', seq: 2 }),
    ])

    // Over HTTP: the table's later entries are refused (typed) — even those the engine would accept on the hub's
    // log: that would merge two versions of one game — and the pull names the game as closed.
    const res = await post('/sync/push', tokenOf(tableA), {
      tournament: tournamentUuid,
      gameUuid: created.game.uuid,
      machine: table.sync.sender.machine(),
      fromSeq: 5,
      entries: table.db.games.loadGame(local)!.log.slice(4, 6),
    })
    expect(res.status).toBe(409)
    expect(res.json).toMatchObject({ error: { code: 'sync/conflict_closed', details: { seq: 2 } } })
    const pull = (await post('/sync/pull', tokenOf(tableA), {})).json as { ok: true; value: SyncPull }
    expect(pull.value.closed).toContainEqual(
      expect.objectContaining({ uuid: created.game.uuid, seq: 2, resolution: 'keepHub' }),
    )
    expect(hub.db.games.loadGame(onHub.gameId)!.log).toHaveLength(4)
  })
})

describe('a tablet with a table token on the hub', () => {
  it('gets its own table’s game to open, never the stream’s; commands a hub-played game; not a table machine’s', async () => {
    const mine = seat(tableB, 'Борис')
    const [session, active, none] = await wsCalls(hub.server.port, tokenOf(tableB), [
      { method: 'sync.table', params: {} },
      { method: 'game.active', params: {} },
      { method: 'sync.table', params: { tableId: tableA } },
    ])
    expect(session.ok).toBe(true)
    const s = session.value as SyncTableSession
    expect(s).toMatchObject({ tableNumber: 2, tournamentName: 'Кубок решений', gameId: mine.id })
    expect(s.games.map((g) => g.gameId)).toEqual([mine.id])
    expect(s.games[0]).toMatchObject({ writer: 'hub', round: 1, judge: 'Борис' })
    expect(active.error?.code).toBe('contract/forbidden')
    expect(none.error?.code).toBe('contract/invalid_params') // it cannot ask for another table
    expect(await call(hub, 'sync.table', {})).toBeNull() // the control token is no table

    const [cmd] = await wsCalls(hub.server.port, tokenOf(tableB), [
      { method: 'game.command', params: { gameId: mine.id, command: FULL_GAME[0] } },
    ])
    expect(cmd.ok).toBe(true)
    expect(hub.db.games.loadGame(mine.id)!.log).toHaveLength(1)
    // Two games still to play (round 2 started too): no guess, the tablet shows its table's list.
    const round2 = hub.db.tournaments.addRound(hub.db.tournaments.getRound(roundId)!.stageId).id
    const next = hub.service.createGame(
      {
        rulesetId: 'fiim',
        players: FULL_GAME_PLAYERS.map((name) => ({ name })),
        roles: FULL_GAME_ROLES,
        tournamentId,
        roundId: round2,
        tableId: tableB,
        number: 2,
        judge: 'Борис',
      },
      { open: false },
    )
    const [two] = await wsCalls(hub.server.port, tokenOf(tableB), [{ method: 'sync.table', params: {} }])
    expect(two.value).toMatchObject({ gameId: null })
    expect((two.value as SyncTableSession).games.map((g) => [g.gameId, g.round])).toEqual([
      [mine.id, 1],
      [next.gameId, 2],
    ])
    // A game a tablet plays on the hub has the hub as its one writer: a table machine's pull does not get it.
    const pull = (await post('/sync/pull', tokenOf(tableB), {})).json as { ok: true; value: SyncPull }
    expect(pull.value.games.map((g) => g.uuid)).not.toContain(mine.uuid)

    // Table 1's game its table machine sends: the tablet with table 1's token may look, not command — told why.
    const theirs = hub.db.sync.gameByUuid(
      table.db.games.listGames({}).find((g) => hub.db.sync.gameByUuid(g.uuid)?.cancelled === null)!.uuid,
    )!
    expect(hub.db.sync.isRemote(theirs.gameId)).toBe(true)
    const [view, refused] = await wsCalls(hub.server.port, tokenOf(tableA), [
      { method: 'game.view', params: { gameId: theirs.gameId } },
      { method: 'game.command', params: { gameId: theirs.gameId, command: FULL_GAME[4] } },
    ])
    expect(view.ok).toBe(true)
    expect(refused.error?.code).toBe('sync/table_machine_game')
    expect(refused.error?.message.ru).toContain('компьютер стола 1')
    expect(refused.error?.message.en).toContain("Table 1's machine")
  })
})
