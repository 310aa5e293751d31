/**
 * Issue 29 §1, §4, §7 and issue 28 §5 against a real hub and a real table machine (real SQLite, real HTTP on
 * 127.0.0.1): the hub trusts nothing a table sends. Every hostile push is refused with a typed error (never a 500),
 * logged and kept for the head judge, and nothing the hub acknowledged changes; a closed round or an archived
 * tournament takes no command, push or import until the head judge reopens it with a reason; a table's game that
 * ends reaches the head judge's dashboards (`tournament.changed`); a table's friendly game stays friendly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'
import { execute, restore, type GameSetup, type LogEntry } from '../../src/main/engine'
import type { SyncPush } from '../../src/shared/sync'
import type { PushName } from '../../src/shared/contract'
import { call, codeOf, coreBase, until, tableCode } from './sync-kit'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-hostile-sync-'))
const base = coreBase(dir)
const hubLog: string[] = []

let hub: Core
let table: Core
let tournamentId = 0
let tournamentUuid = ''
let round1 = 0
let round2 = 0
let round3 = 0
let tableA = 0
let tableB = 0
let tableC = 0
let tableD = 0

const tokenOf = (tableId: number): string => tableCode(hub, tableId)

async function post(token: string, body: unknown): Promise<{ status: number; code: string | null }> {
  const res = await fetch(`${hub.server.origin}/sync/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { ok: boolean; error?: { code: string } }
  return { status: res.status, code: json.ok ? null : (json.error?.code ?? '?') }
}

/** What "start round N" makes on the hub for a table: its game with the seating, judge and roles. */
function seat(roundId: number, tableId: number, number: number): { id: number; uuid: string } {
  const env = hub.service.createGame(
    {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: FULL_GAME_ROLES,
      tournamentId,
      roundId,
      tableId,
      number,
    },
    { open: false },
  )
  return { id: env.gameId, uuid: env.game.uuid }
}

async function pulled(uuid: string): Promise<number> {
  const status = await call(table, 'sync.pull', {})
  return status.pulled!.find((g) => g.uuid === uuid)!.gameId
}

async function play(gameId: number, from: number, to: number): Promise<void> {
  for (const command of FULL_GAME.slice(from, to)) await call(table, 'game.command', { gameId, command })
  await until('drain', () => table.db.sync.pendingCount() === 0)
}

/** The hub's stored log of a game, as JSON (to compare before and after a refusal). */
const hubLogOf = (gameId: number): string => JSON.stringify(hub.db.games.loadGame(gameId)!.log)

beforeAll(async () => {
  hub = await startCore({
    ...base,
    port: 0,
    dbFile: join(dir, 'hub', 'db.sqlite'),
    log: (line) => hubLog.push(line),
  })
  table = await startCore({ ...base, port: 0, dbFile: join(dir, 'table', 'db.sqlite') })
  const t = hub.db.tournaments.createTournament({ name: 'Кубок недоверия' })
  tournamentId = t.id
  tournamentUuid = t.uuid
  const stage = hub.db.tournaments.addStage(t.id, { kind: 'qualifying' })
  round1 = hub.db.tournaments.addRound(stage.id).id
  round2 = hub.db.tournaments.addRound(stage.id).id
  round3 = hub.db.tournaments.addRound(stage.id).id
  tableA = hub.db.tournaments.addTable(t.id, { judge: 'Анна' }).id
  tableB = hub.db.tournaments.addTable(t.id, { judge: 'Борис' }).id
  tableC = hub.db.tournaments.addTable(t.id, { judge: 'Вера' }).id
  tableD = hub.db.tournaments.addTable(t.id, { judge: 'Глеб' }).id
  await call(hub, 'sync.createToken', { tableId: tableD })
  await call(hub, 'sync.createToken', { tableId: tableA })
  await call(hub, 'sync.createToken', { tableId: tableB })
  await call(table, 'sync.pair', { hubUrl: `${hub.server.origin}/#${tokenOf(tableA)}` })
})
afterAll(async () => {
  await table?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a hostile push is refused, typed and logged; nothing acknowledged changes', () => {
  let game = { id: 0, uuid: '' }
  let good: LogEntry

  beforeAll(async () => {
    game = seat(round1, tableA, 1)
    await play(await pulled(game.uuid), 0, 3)
    // The entry the table would send next (the engine's own), to be spoilt below.
    const row = hub.db.games.loadGame(game.id)!
    const r = execute(restore(row.game.setup as GameSetup, row.log as LogEntry[]), {
      ...FULL_GAME[3],
      at: Date.now(),
    })
    if (!r.ok) throw new Error(r.error.code)
    good = r.entry
  })

  const spoilt = (): Array<[string, Record<string, unknown>]> => [
    ['an empty command', { ...good, command: {} }],
    ['an unknown command', { ...good, command: { cmd: 'nope' } }],
    ['a prototype key as command', { ...good, command: { cmd: '__proto__' } }],
    ['a seat as a string', { ...good, command: { cmd: 'foul', seat: '5', at: good.at } }],
    [
      'a timer of 1e308 s',
      { ...good, command: { cmd: 'timer', action: 'add', seconds: 1e308, at: good.at } },
    ],
    ['a moment of 1e300', { ...good, command: { ...good.command, at: 1e300 }, at: 1e300 }],
    ['a moment of -1e300', { ...good, command: { ...good.command, at: -1e300 }, at: -1e300 }],
    ['a 200,000-character comment', { ...good, command: { cmd: 'comment', text: 'ы'.repeat(200_000) } }],
    ['a key no command has', { ...good, command: { ...good.command, evil: true } }],
    ['101 events', { ...good, events: Array.from({ length: 101 }, () => ({ type: 'fouled', seat: 1 })) }],
    ['forged events', { ...good, events: [{ type: 'gameDecided', winner: 'black' }] }],
  ]

  it('over HTTP: 4xx with a typed code for each, logged and listed for the head judge; the log stays', async () => {
    const before = hubLogOf(game.id)
    for (const [what, entry] of spoilt()) {
      hubLog.length = 0
      const body = {
        tournament: tournamentUuid,
        gameUuid: game.uuid,
        fromSeq: 4,
        entries: [entry],
        machine: table.sync.sender.machine(),
      }
      const r = await post(tokenOf(tableA), body)
      expect({ what, status: r.status }).toMatchObject({ what, status: expect.any(Number) })
      expect(r.status, what).toBeGreaterThanOrEqual(400)
      expect(r.status, what).toBeLessThan(500)
      expect(r.code, what).toMatch(/^sync\/(malformed|replay_refused|replay_mismatch)$/)
      expect(
        hubLog.some((l) => l.includes(game.uuid) && l.includes(r.code!)),
        what,
      ).toBe(true)
      expect(hub.db.sync.refusals()[0], what).toMatchObject({ tableId: tableA, code: r.code })
      expect(hubLogOf(game.id), what).toBe(before)
    }
  })

  it('straight into the hub (no HTTP schema before it): the hub itself refuses each with a typed code', () => {
    const before = hubLogOf(game.id)
    const grant = hub.db.sync.grant(tokenOf(tableA))!
    for (const [what, entry] of spoilt()) {
      const body = {
        tournament: tournamentUuid,
        gameUuid: game.uuid,
        fromSeq: 4,
        entries: [entry],
        machine: table.sync.sender.machine(),
      }
      const code = codeOf(() => hub.sync.hub.push(grant, body as unknown as SyncPush))
      expect(code, what).toMatch(/^sync\/(malformed|replay_refused|replay_mismatch)$/)
      expect(hubLogOf(game.id), what).toBe(before)
    }
    // The real entry is still taken afterwards.
    expect(
      hub.sync.hub.push(grant, {
        tournament: tournamentUuid,
        gameUuid: game.uuid,
        fromSeq: 4,
        entries: [good] as SyncPush['entries'],
        machine: table.sync.sender.machine(),
      }),
    ).toMatchObject({ acknowledged: 4, stored: 1 })
  })

  it('setups no panel could make (12 players, 1 player, no roles, two dons) are refused; no game is made', async () => {
    const setup = hub.db.games.getGame(game.id)!.setup as GameSetup
    const players = setup.players.map((p) => ({ name: p.name }))
    const bad: Array<[string, unknown]> = [
      ['12 players', { ...setup, players: [...players, { name: 'X' }, { name: 'Y' }] }],
      ['1 player', { ...setup, players: players.slice(0, 1) }],
      ['no roles', { ...setup, players, roles: {} }],
      ['two dons', { ...setup, players, roles: { ...setup.roles, 5: 'don' } }],
    ]
    const grant = hub.db.sync.grant(tokenOf(tableA))!
    const uuid = '11111111-1111-4111-8111-111111111111'
    for (const [what, s] of bad) {
      const body = {
        tournament: tournamentUuid,
        gameUuid: uuid,
        fromSeq: 1,
        entries: [],
        game: { setup: s, number: 1, createdAt: 1 },
      }
      const r = await post(tokenOf(tableA), body)
      expect({ what, status: r.status, code: r.code }).toEqual({ what, status: 400, code: 'sync/malformed' })
      expect(
        codeOf(() => hub.sync.hub.push(grant, body as unknown as SyncPush)),
        what,
      ).toBe('sync/malformed')
    }
    expect(hub.db.games.getGameByUuid(uuid)).toBeNull()
  })
})

describe('a table’s game reaches the head judge’s dashboards', () => {
  it('its entries and its end are announced as tournament.changed, as a judge’s command is', async () => {
    const game = seat(round1, tableB, 1)
    const local = await (async () => {
      await call(table, 'sync.pair', { hubUrl: `${hub.server.origin}/#${tokenOf(tableB)}` })
      return pulled(game.uuid)
    })()
    const pushes: Array<{ channel: PushName; payload: unknown }> = []
    const off = hub.onPush((channel, payload) => pushes.push({ channel, payload }))
    await play(local, 0, FULL_GAME.length)
    await until('the announcement', () =>
      pushes.some(
        (p) => p.channel === 'tournament.changed' && hub.db.games.getGame(game.id)!.status === 'finished',
      ),
    )
    off()
    expect(hub.db.games.getGame(game.id)).toMatchObject({ status: 'finished', winner: 'red' })
    expect(pushes).toContainEqual({ channel: 'tournament.changed', payload: { tournamentId } })
    const standings = await call(hub, 'standings.get', { tournamentId })
    expect(JSON.stringify(standings)).toContain('Ace')
    await call(table, 'sync.pair', { hubUrl: `${hub.server.origin}/#${tokenOf(tableA)}` })
  })
})

describe('a table’s friendly game stays friendly (issue 28 §5)', () => {
  it('a new game on the paired table machine is not sent; a push of it is refused; the next round is untouched', async () => {
    const friendly = await call(table, 'game.create', {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: FULL_GAME_ROLES,
    })
    expect(table.db.sync.isSynced(friendly.gameId)).toBe(false)
    for (const command of FULL_GAME.slice(0, 3))
      await call(table, 'game.command', { gameId: friendly.gameId, command })
    expect(table.db.sync.pendingCount()).toBe(0)
    // A second machine with the same code pushing it anyway: refused, typed, logged; nothing is made on the hub.
    const log = table.db.games.loadGame(friendly.gameId)!.log
    const r = await post(tokenOf(tableA), {
      tournament: tournamentUuid,
      gameUuid: friendly.game.uuid,
      fromSeq: 1,
      entries: log,
      game: {
        setup: table.db.games.getGame(friendly.gameId)!.setup,
        number: null,
        createdAt: friendly.game.updatedAt ? 1 : 1,
      },
    })
    expect(r).toEqual({ status: 404, code: 'sync/unknown_game' })
    expect(hub.db.games.getGameByUuid(friendly.game.uuid)).toBeNull()
    expect(hub.db.games.listGames({ tournamentId }).filter((g) => g.roundId === round2)).toHaveLength(0)
    expect(hub.db.sync.refusals()[0]).toMatchObject({ code: 'sync/unknown_game', tableId: tableA })
  })
})

describe('closed means locked (issue 29 §4)', () => {
  it('a closed round’s games take no table push and no hub command until the head judge reopens it', async () => {
    const game = seat(round2, tableA, 2)
    const local = await pulled(game.uuid)
    await play(local, 0, 4)
    const hubGame = hub.db.games.getGameByUuid(game.uuid)!
    hub.db.tournaments.markRoundFinished(round2, { force: true })
    const before = hubLogOf(hubGame.id)
    // The table plays on; its push is refused (typed, logged), the hub's copy stays as it was.
    for (const command of FULL_GAME.slice(4, 6)) await call(table, 'game.command', { gameId: local, command })
    await until('the refusal', () => hub.db.sync.refusals()[0]?.code === 'sync/locked')
    expect(hubLogOf(hubGame.id)).toBe(before)
    expect(table.db.sync.pendingCount()).toBe(2)
    // The hub's own finished game of a closed round: an undo from a tablet or the panel is refused.
    const own = seat(round1, tableC, 3)
    for (const command of FULL_GAME) await call(hub, 'game.command', { gameId: own.id, command })
    hub.db.tournaments.markRoundFinished(round1, { force: true })
    const standings = JSON.stringify(await call(hub, 'standings.get', { tournamentId }))
    const undo = await hub.router.dispatch(
      'game.command',
      { gameId: own.id, command: { cmd: 'undo' } },
      'control',
    )
    expect(undo).toMatchObject({ ok: false, error: { code: expect.stringMatching(/round_closed$/) } })
    expect(JSON.stringify(await call(hub, 'standings.get', { tournamentId }))).toBe(standings)
    // Reopening needs a reason; then the table's entries go through.
    const noReason = await hub.router.dispatch('rounds.reopen', { roundId: round2, reason: ' ' }, 'control')
    expect(noReason).toMatchObject({ ok: false, error: { code: 'contract/invalid_params' } })
    hubLog.length = 0
    await call(hub, 'rounds.reopen', { roundId: round2, reason: 'протест стола 1 принят' })
    expect(hubLog.some((l) => l.includes('reopened') && l.includes('протест стола 1 принят'))).toBe(true)
    table.sync.sender.kick()
    await until('drain', () => table.db.sync.pendingCount() === 0, 30000)
    expect(hub.db.games.loadGame(hubGame.id)!.log).toHaveLength(6)
  })

  it('an archived tournament takes no push, no import and no new game', async () => {
    const game = seat(round2, tableB, 4)
    hub.db.tournaments.markRoundFinished(round2, { force: true })
    const file = Buffer.from((await call(hub, 'data.export', { gameId: game.id })).base64, 'base64').toString(
      'utf8',
    )
    // The table's grant as it was before the archiving (a push already in flight then)…
    const grant = hub.db.sync.grant(tokenOf(tableB))!
    await call(hub, 'tournaments.archive', { tournamentId, archived: true })
    // …while a new request with its token is not even authenticated: table tokens end with the tournament's archiving.
    expect(hub.db.sync.grant(tokenOf(tableB))).toBeNull()
    const setup = hub.db.games.getGame(game.id)!.setup as GameSetup
    const first = execute(restore(setup, []), { ...FULL_GAME[0], at: 1 })
    if (!first.ok) throw new Error(first.error.code)
    const push = {
      tournament: tournamentUuid,
      gameUuid: game.uuid,
      fromSeq: 1,
      entries: [first.entry] as SyncPush['entries'],
    }
    expect(codeOf(() => hub.sync.hub.push(grant, push))).toBe('sync/locked')
    expect(hub.db.games.loadGame(game.id)!.log).toHaveLength(0)
    // An import of that game, played elsewhere, into the archived tournament.
    const doc = JSON.parse(file) as { games: Array<{ log: unknown[] }> }
    doc.games[0].log = [first.entry]
    const imported = await hub.router.dispatch('data.import', { text: JSON.stringify(doc) }, 'control')
    expect(imported).toMatchObject({ ok: false, error: { code: 'db/tournament_archived' } })
    expect(hub.db.games.loadGame(game.id)!.log).toHaveLength(0)
    await call(hub, 'tournaments.archive', { tournamentId, archived: false })
  })
})

describe('one writer is one machine (issue 29 §2)', () => {
  it('a second machine with the same code is refused; a decision for the table binds the game to its machine', async () => {
    const game = seat(round3, tableD, 5)
    const setup = hub.db.games.getGame(game.id)!.setup as GameSetup
    const grant = hub.db.sync.grant(tokenOf(tableD))!
    const [first, second] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb']
    const entries = (at0: number, n: number): LogEntry[] => {
      let g = restore(setup, [])
      return FULL_GAME.slice(0, n).map((c, i) => {
        const r = execute(g, { ...c, at: at0 + i })
        if (!r.ok) throw new Error(r.error.code)
        g = r.game
        return r.entry
      })
    }
    const push = (machine: string, list: LogEntry[], from: number) =>
      hub.sync.hub.push(grant, {
        tournament: tournamentUuid,
        gameUuid: game.uuid,
        fromSeq: from,
        entries: list.slice(from - 1) as SyncPush['entries'],
        machine,
      })
    const mine = entries(1_000, 5)
    expect(push(first, mine.slice(0, 3), 1)).toMatchObject({ acknowledged: 3 })
    // The second machine, with its own version (other moments): refused, typed and logged; nothing stored.
    const theirs = entries(2_000, 4)
    hubLog.length = 0
    expect(codeOf(() => push(second, theirs, 1))).toBe('sync/other_machine')
    expect(codeOf(() => push(second, [...mine.slice(0, 3), theirs[3]], 4))).toBe('sync/other_machine')
    expect(hubLog.some((l) => l.includes('sync/other_machine'))).toBe(true)
    expect(hub.db.games.loadGame(game.id)!.log).toHaveLength(3)
    expect(hub.db.sync.conflicts().filter((c) => c.gameUuid === game.uuid)).toHaveLength(0)
    // The table's own machine, restored from an old backup, sends another entry 3: a conflict, decided for it.
    const restored = [...mine.slice(0, 2), { ...mine[2], at: mine[2].at + 7 }]
    restored[2] = { ...restored[2], command: { ...restored[2].command, at: restored[2].at } }
    expect(codeOf(() => push(first, restored, 3))).toBe('sync/conflict')
    const conflict = hub.db.sync.conflicts().find((c) => c.gameUuid === game.uuid)!
    await call(hub, 'sync.resolveConflict', {
      conflictId: conflict.id,
      resolution: 'acceptTable',
      reason: 'стол',
    })
    expect(hub.db.sync.machineOf(game.id)).toBe(first)
    expect(push(first, restored, 3)).toMatchObject({ acknowledged: 3 })
    // The second machine's next entry never lands on top of the table's log.
    expect(codeOf(() => push(second, [...restored, theirs[3]], 4))).toBe('sync/other_machine')
    expect(hub.db.games.loadGame(game.id)!.log).toHaveLength(3)
    expect(hub.db.sync.conflicts().filter((c) => c.gameUuid === game.uuid)).toHaveLength(1)
  })
})
