/**
 * Issue 29 §3, the hub at scale, through the real core (real SQLite, real HTTP on 127.0.0.1, real WebSocket):
 * - the hub keeps each table's live status in memory; through pushes, a conflict, a decision, a revoked code, a new
 *   round's game and a restart it equals the status seeded afresh from the database, and is never re-seeded per push;
 * - the dashboard gets each change as a pushed delta of the table's row (no status call needed);
 * - heartbeats with nothing new are coalesced and write nothing to the database;
 * - the hub's stream counts a table game's timer down on the hub's clock, whatever the table machine's clock says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { startCore, type Core } from '../../src/main/core'
import type { GameSetup, LogEntry } from '../../src/main/engine'
import { HubStatusBook } from '../../src/main/sync/status'
import type { SyncChanged } from '../../src/shared/contract'
import type { SyncHubStatus, SyncPush } from '../../src/shared/sync'
import type { Command } from '../../src/shared/game/commands'
import { call, coreBase, until, wsClient, type WsClient, tableCode, tableEntries } from './sync-kit'
import { FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-hub-status-'))
const base = coreBase(dir)
const hubFile = join(dir, 'hub', 'db.sqlite')

let hub: Core
let dash: WsClient
let tournamentId = 0
let tournamentUuid = ''
let roundId = 0
let tableA = 0
let tableB = 0
const games: Record<number, { id: number; uuid: string; setup: GameSetup }> = {}
/** Each simulated table machine's own id. */
const machines: Record<number, string> = {}

function seat(tableId: number, round: number): { id: number; uuid: string; setup: GameSetup } {
  const env = hub.service.createGame(
    {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: FULL_GAME_ROLES,
      tournamentId,
      roundId: round,
      tableId,
      number: 1,
      judge: 'J',
    },
    { open: false },
  )
  return { id: env.gameId, uuid: env.game.uuid, setup: hub.db.games.getGame(env.gameId)!.setup as GameSetup }
}

const tokenOf = (tableId: number): string => tableCode(hub, tableId)

const entriesOf = tableEntries

async function post(path: string, token: string, body: unknown): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${hub.server.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { ok: boolean; error?: { code: string } }
  return { status: res.status, code: json.error?.code }
}

function push(tableId: number, uuid: string, entries: LogEntry[], pending = 0) {
  const body: SyncPush = {
    tournament: tournamentUuid,
    gameUuid: uuid,
    fromSeq: entries[0].seq,
    entries: entries as SyncPush['entries'],
    pending,
    sentAt: Date.now(),
    machine: machines[tableId],
  }
  return post('/sync/push', tokenOf(tableId), body)
}

async function status(): Promise<SyncHubStatus> {
  return call(hub, 'sync.status', { tournamentId })
}

/** Each table's game and open conflicts as a fresh seed from the database gives them (what a restart would see). */
function seeded(): Array<{ tableId: number; game: unknown; conflicts: number }> {
  const book = new HubStatusBook({ db: () => hub.db, now: Date.now, emit: () => {}, log: () => {} })
  return [tableA, tableB].map((id) => {
    const live = book.live(tournamentId, id)
    return { tableId: id, game: live.game, conflicts: live.conflicts }
  })
}

function shown(s: SyncHubStatus): Array<{ tableId: number; game: unknown; conflicts: number }> {
  return s.tables.map((t) => ({ tableId: t.tableId, game: t.game, conflicts: t.conflicts }))
}

function deltas(): SyncChanged[] {
  return dash.pushes.filter((p) => p.channel === 'sync.changed').map((p) => p.payload as SyncChanged)
}

const PLAY: Command[] = [{ cmd: 'start' }, { cmd: 'next' }, { cmd: 'next' }, { cmd: 'next' }]

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, dbFile: hubFile })
  const t = hub.db.tournaments.createTournament({ name: 'Зал' })
  tournamentId = t.id
  tournamentUuid = t.uuid
  roundId = hub.db.tournaments.addRound(hub.db.tournaments.addStage(t.id, { kind: 'qualifying' }).id).id
  tableA = hub.db.tournaments.addTable(t.id, { judge: 'Анна' }).id
  tableB = hub.db.tournaments.addTable(t.id, { judge: 'Борис' }).id
  for (const id of [tableA, tableB]) machines[id] = randomUUID()
  games[tableA] = seat(tableA, roundId)
  games[tableB] = seat(tableB, roundId)
  await call(hub, 'sync.createToken', { tableId: tableA })
  await call(hub, 'sync.createToken', { tableId: tableB })
  dash = await wsClient(hub.server.port, hub.server.token)
})
afterAll(async () => {
  dash?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the hub’s live status of its tables (issue 29 §3)', () => {
  it('follows pushes, a conflict, a decision, a revoked code and a new round’s game; equals a fresh seed; a restarted hub seeds the same', async () => {
    expect(shown(await status())).toEqual(seeded())
    const seedsBefore = hub.sync.hub.book.seedCount

    // Pushes, one entry at a time: each one's delta carries the table's row as the hub has it now.
    const a = entriesOf(games[tableA].setup, PLAY, 1_000)
    for (const [i, e] of a.entries()) {
      expect((await push(tableA, games[tableA].uuid, [e], a.length - i - 1)).status).toBe(200)
      await until(`the delta of entry ${e.seq}`, () =>
        deltas().some((d) => d.tables?.some((t) => t.tableId === tableA && t.game?.lastSeq === e.seq)),
      )
    }
    const afterPushes = await status()
    const rowA = afterPushes.tables.find((t) => t.tableId === tableA)!
    expect(rowA.game).toMatchObject({ id: games[tableA].id, status: 'running', lastSeq: 4 })
    expect(rowA.behind).toBe(0)
    expect(rowA.lastSeenAt).not.toBeNull()
    expect(shown(afterPushes)).toEqual(seeded())
    // The pushes were counted in memory: no seed from the database per push.
    expect(hub.sync.hub.book.seedCount).toBe(seedsBefore)

    // A differing entry 2 from the table: kept aside; the table's row shows it, the delta asks for the list too.
    const other = entriesOf(games[tableA].setup, PLAY.slice(0, 2), 5_000)
    expect(await push(tableA, games[tableA].uuid, [other[1]])).toMatchObject({
      status: 409,
      code: 'sync/conflict',
    })
    await until('the conflict delta', () =>
      deltas().some(
        (d) => d.reload === true && d.tables?.some((t) => t.tableId === tableA && t.conflicts === 1),
      ),
    )
    const withConflict = await status()
    expect(withConflict.tables.find((t) => t.tableId === tableA)!.conflicts).toBe(1)
    expect(withConflict.conflicts).toHaveLength(1)
    expect(shown(withConflict)).toEqual(seeded())

    // The head judge takes the table's version: the hub's log is cut back to entry 1, the conflict is closed.
    await call(hub, 'sync.resolveConflict', {
      conflictId: withConflict.conflicts[0].id,
      resolution: 'acceptTable',
      reason: '',
    })
    const decided = await status()
    expect(decided.tables.find((t) => t.tableId === tableA)).toMatchObject({
      conflicts: 0,
      game: { lastSeq: 1 },
    })
    expect(decided.conflicts).toHaveLength(0)
    expect(shown(decided)).toEqual(seeded())
    // The table's version goes on from there.
    expect((await push(tableA, games[tableA].uuid, other.slice(1))).status).toBe(200)
    expect((await status()).tables.find((t) => t.tableId === tableA)!.game?.lastSeq).toBe(2)

    // A revoked code: the row has no code; the live part is unchanged.
    await call(hub, 'sync.revokeToken', { tableId: tableB })
    const revoked = await status()
    expect(revoked.tables.find((t) => t.tableId === tableB)).toMatchObject({ token: null, pairingUrl: null })
    expect(shown(revoked)).toEqual(seeded())
    await call(hub, 'sync.createToken', { tableId: tableB })

    // A new round started on the hub: table B's newest game is the new one at once (not the one pushed last).
    const round2 = hub.db.tournaments.addRound(hub.db.tournaments.getRound(roundId)!.stageId).id
    games[tableB] = seat(tableB, round2)
    const next = await status()
    expect(next.tables.find((t) => t.tableId === tableB)!.game).toMatchObject({
      id: games[tableB].id,
      lastSeq: 0,
    })
    expect(shown(next)).toEqual(seeded())

    // A heartbeat with a pending count: shown at once.
    expect((await post('/sync/hello', tokenOf(tableB), { pending: 4 })).status).toBe(200)
    await until('the heartbeat delta', () =>
      deltas().some((d) => d.tables?.some((t) => t.tableId === tableB && t.behind === 4)),
    )
    expect((await status()).tables.find((t) => t.tableId === tableB)!.behind).toBe(4)

    // A restart: seeded from the database, the same games and conflicts; nobody heard from yet.
    const before = shown(await status())
    dash.close()
    await hub.close()
    hub = await startCore({ ...base, port: 0, dbFile: hubFile })
    dash = await wsClient(hub.server.port, hub.server.token)
    const restarted = await status()
    expect(shown(restarted)).toEqual(before)
    expect(restarted.tables.every((t) => t.lastSeenAt === null && t.behind === null)).toBe(true)
  })

  it('heartbeats with nothing new are coalesced into one delta and write nothing to the database', async () => {
    const token = tokenOf(tableA)
    expect((await post('/sync/hello', token, { pending: 0 })).status).toBe(200)
    await until('the first contact', () => deltas().some((d) => d.tables?.some((t) => t.tableId === tableA)))
    // Another connection sees every commit of the hub's: `data_version` moves with each.
    const watcher = new Database(hubFile, { readonly: true, fileMustExist: true })
    const version = () => watcher.pragma('data_version', { simple: true }) as number
    const v0 = version()
    const seen = deltas().length
    for (let i = 0; i < 5; i++) expect((await post('/sync/hello', token, { pending: 0 })).status).toBe(200)
    const lastHello = Date.now()
    // Nothing new but the time: no delta at once …
    expect(deltas().length).toBe(seen)
    // … and one for all five within the coalescing window, with the last contact's time.
    await until('the coalesced delta', () => deltas().length > seen, 5000)
    await new Promise((r) => setTimeout(r, 300))
    const later = deltas().slice(seen)
    expect(later).toHaveLength(1)
    const row = later[0].tables!.find((t) => t.tableId === tableA)!
    expect(row.lastSeenAt).toBeGreaterThanOrEqual(lastHello - 1000)
    expect(version()).toBe(v0)
    watcher.close()
  })
})

describe('the hub’s stream of a table game does not depend on the table’s clock (issue 29 §3)', () => {
  const tables: Core[] = []
  afterAll(async () => {
    for (const t of tables) await t.close()
  })

  it('a table 10 minutes ahead and one 10 minutes behind: the hub’s overlay counts down the right seconds', async () => {
    const skews = { [tableA]: 10 * 60_000, [tableB]: -10 * 60_000 }
    // Fresh games for both tables in a new round (the earlier ones are the first test's).
    const round3 = hub.db.tournaments.addRound(hub.db.tournaments.getRound(roundId)!.stageId).id
    for (const id of [tableA, tableB]) games[id] = seat(id, round3)
    for (const [i, id] of [tableA, tableB].entries()) {
      const skew = skews[id]
      const table = await startCore({
        ...base,
        port: 0,
        dbFile: join(dir, `table-${i}`, 'db.sqlite'),
        clock: () => Date.now() + skew,
      })
      tables.push(table)
      const local = await call(table, 'sync.pair', { hubUrl: `${hub.server.origin}/#${tokenOf(id)}` })
      expect(local.pulled?.map((g) => g.uuid)).toContain(games[id].uuid)
      const mine = table.db.games.getGameByUuid(games[id].uuid)!
      // Zero night, then day 1: the first speech's timer runs (60 s) from the table's own (wrong) clock.
      for (const command of PLAY.slice(0, 2)) await call(table, 'game.command', { gameId: mine.id, command })
      await until('drain', () => table.db.sync.pendingCount() === 0)
      const onTable = (await call(table, 'game.view', { gameId: mine.id })).view.timer!
      expect(onTable.runningSince).not.toBeNull()
      // What the table's panel shows, on the table's clock: about 60 s.
      const tableLeft = onTable.remainingMs - (Date.now() + skew - onTable.runningSince!)
      expect(tableLeft).toBeGreaterThan(50_000)

      // The hub's `/overlay?table=N` view, counted down on the hub's clock as the overlay page does.
      const number = hub.db.tournaments.getTable(id)!.number
      const envelope = await call(hub, 'sync.overlay', { table: number })
      expect(envelope.gameId).toBe(games[id].id)
      const timer = envelope.view!.timer!
      const left = timer.remainingMs - (Date.now() - timer.runningSince!)
      expect(left).toBeGreaterThan(50_000)
      expect(left).toBeLessThanOrEqual(60_000)
      // The view pushed to `/overlay?table=N` clients says the same.
      const pushed = dash.pushes
        .filter((p) => p.channel === 'sync.overlay')
        .map((p) => p.payload as { table: number; envelope: typeof envelope })
        .filter((p) => p.table === number && p.envelope.gameId === games[id].id)
        .at(-1)
      expect(pushed?.envelope.view?.timer?.runningSince).toBe(timer.runningSince)
    }
  })
})
