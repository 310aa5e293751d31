/**
 * Multi-machine mode (issue 16), the hub's tablets and judges, through the real core (real SQLite, real WebSocket
 * and HTTP on 127.0.0.1):
 * - every tablet of a table (its table token) follows that table's game live: a command from one tablet, or an
 *   entry a table machine sends, is pushed to the others; another table's tablet and the head judge's panel get
 *   nothing of it; a revoked token gets nothing more;
 * - the hub's tables view, a table's pull and a tablet's session name the judge set for that round (not the
 *   table's usual one), through the dashboard's one resolver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'
import type { GameEnvelope } from '../../src/shared/contract'
import type { SyncPull, SyncTableSession } from '../../src/shared/sync'
import type { TournamentDetail } from '../../src/shared/tournament-ops'
import { call, coreBase, until, wsClient, type WsClient } from './sync-kit'
import { FULL_GAME } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-tables-tablets-'))
const base = coreBase(dir)

let hub: Core
let machine: Core
let t: TournamentDetail
/** Table 1's and table 2's games of round 1 on the hub. */
let game1 = 0
let game2 = 0
const open: WsClient[] = []

function tokenOf(tableNumber: number): string {
  const row = hub.db.sync.tableTokens(t.id).find((x) => x.number === tableNumber)
  const code = row ? hub.sync.codeOf(row.tableId) : null
  if (!code) throw new Error('no token')
  return code
}

async function tablet(token: string): Promise<WsClient> {
  const c = await wsClient(hub.server.port, token)
  open.push(c)
  return c
}

/** The game views a client was pushed about one game. */
const viewsOf = (c: WsClient, gameId: number): GameEnvelope[] =>
  c.pushes
    .filter((p) => p.channel === 'game.view')
    .map((p) => p.payload as GameEnvelope)
    .filter((e) => e.gameId === gameId)

/** A round trip on the client's own socket: every push sent to it before is in `pushes` after this. */
async function settled(c: WsClient): Promise<void> {
  expect((await c.call('app.info', {})).ok).toBe(true)
}

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, dbFile: join(dir, 'hub', 'db.sqlite') })
  machine = await startCore({ ...base, port: 0, dbFile: join(dir, 'table', 'db.sqlite') })
  t = await call(hub, 'tournaments.create', {
    name: 'Кубок планшетов',
    rulesetId: 'fiim',
    tables: 2,
    judges: ['Анна', 'Борис'],
  })
  const csv = Array.from({ length: 20 }, (_, i) => `Игрок ${i + 1};Клуб`).join('\n')
  await call(hub, 'tournaments.importPlayers', { tournamentId: t.id, csv: `nickname;club\n${csv}\n` })
  t = await call(hub, 'stages.create', { tournamentId: t.id, kind: 'qualifying', name: 'Отбор', games: 2 })
  t = await call(hub, 'seating.generate', { stageId: t.stages[0].id, seed: 3 })
  for (const tb of t.tables) await call(hub, 'sync.createToken', { tableId: tb.id })
})
afterAll(async () => {
  for (const c of open) c.close()
  await machine?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the judge set for one round', () => {
  it('is the one the hub’s tables view, the pull and the tablet’s session name', async () => {
    const r1 = t.stages[0].rounds[0]
    const table2 = t.tables.find((x) => x.number === 2)!
    t = await call(hub, 'tournaments.setJudge', { tableId: table2.id, judge: 'Вера', roundId: r1.id })
    t = await call(hub, 'rounds.start', { roundId: r1.id })
    const tables = t.stages[0].rounds[0].tables
    game1 = tables.find((x) => x.table === 1)!.game!.id
    game2 = tables.find((x) => x.table === 2)!.game!.id
    expect(tables.map((x) => [x.table, x.judge])).toEqual([
      [1, 'Анна'],
      [2, 'Вера'],
    ])

    // The head judge's «Столы по сети».
    const status = await call(hub, 'sync.status', { tournamentId: t.id })
    expect(status.tables.map((x) => [x.number, x.judge])).toEqual([
      [1, 'Анна'],
      [2, 'Вера'],
    ])
    // Table 2's machine pulls its game with that round's judge.
    const res = await fetch(`${hub.server.origin}/sync/pull`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokenOf(2)}` },
      body: '{}',
    })
    const pull = ((await res.json()) as { value: SyncPull }).value
    expect(pull.games.map((g) => [g.table, g.round, g.judge])).toEqual([[2, 1, 'Вера']])
    // A tablet of table 2 sees him too.
    const session = (await (await tablet(tokenOf(2))).call('sync.table', {})).value as SyncTableSession
    expect(session.games.map((g) => [g.gameId, g.judge])).toEqual([[game2, 'Вера']])

    // A judge changed for the started round: the prepared game, the tables view and the pull follow.
    const table1 = t.tables.find((x) => x.number === 1)!
    await call(hub, 'tournaments.setJudge', { tableId: table1.id, judge: 'Глеб', roundId: r1.id })
    const again = await call(hub, 'sync.status', { tournamentId: t.id })
    expect(again.tables.find((x) => x.number === 1)?.judge).toBe('Глеб')
    const local = await call(machine, 'sync.pair', { hubUrl: `${hub.server.origin}/#${tokenOf(1)}` })
    expect(local.pulled!.map((g) => [g.table, g.judge])).toEqual([[1, 'Глеб']])
    // Back to the table's usual judge for that round ('' = the usual one).
    await call(hub, 'tournaments.setJudge', { tableId: table1.id, judge: '', roundId: r1.id })
    expect((await call(hub, 'sync.status', { tournamentId: t.id })).tables[0].judge).toBe('Анна')
  })
})

describe('the tablets of a table', () => {
  it('follow their table’s game live; another table’s tablet and the judge’s panel get nothing of it', async () => {
    const a1 = await tablet(tokenOf(2))
    const a2 = await tablet(tokenOf(2))
    const other = await tablet(tokenOf(1))
    const panel = await tablet(hub.server.token)
    expect(hub.service.activeGameId()).not.toBe(game2) // not the stream's game: pushed for its tablets only

    const r = await a2.call('game.command', { gameId: game2, command: FULL_GAME[0] })
    expect(r.ok).toBe(true)
    await until('the push to the other tablet', () => viewsOf(a1, game2).length === 1)
    expect(viewsOf(a1, game2)[0].view).toEqual((r.value as GameEnvelope).view)
    expect(viewsOf(a1, game2)[0].game.tableId).toBe(t.tables.find((x) => x.number === 2)!.id)
    // The commanding tablet has it in its reply, once.
    await settled(a2)
    expect(viewsOf(a2, game2)).toEqual([])
    for (const c of [other, panel]) {
      await settled(c)
      expect(viewsOf(c, game2)).toEqual([])
    }

    // The head judge commands it from his panel: both tablets follow.
    await call(hub, 'game.command', { gameId: game2, command: FULL_GAME[1] })
    await until('both tablets', () => viewsOf(a1, game2).length === 2 && viewsOf(a2, game2).length === 1)
    await settled(other)
    expect(viewsOf(other, game2)).toEqual([])
  })

  it('follow a game its table machine sends, as the hub stores it', async () => {
    const mine = await tablet(tokenOf(1))
    const other = await tablet(tokenOf(2))
    const uuid = hub.db.games.getGame(game1)!.uuid
    const local = machine.db.games.getGameByUuid(uuid)!.id
    await call(machine, 'game.command', { gameId: local, command: FULL_GAME[0] })
    await until('the hub stored it', () => hub.db.games.loadGame(game1)!.log.length === 1)
    await until('the tablet’s push', () => viewsOf(mine, game1).length === 1)
    expect(viewsOf(mine, game1)[0].view.phase).not.toBe('setup')
    await settled(other)
    expect(viewsOf(other, game1)).toEqual([])
  })

  it('the hub’s stream game is pushed to its own table’s tablets only', async () => {
    const mine = await tablet(tokenOf(2))
    const other = await tablet(tokenOf(1))
    await call(hub, 'game.open', { gameId: game2 })
    await call(hub, 'game.command', { gameId: game2, command: FULL_GAME[2] })
    await until('the tablet’s push', () => viewsOf(mine, game2).length >= 1)
    await settled(other)
    expect(other.pushes.map((p) => p.channel)).not.toContain('game.view')
    expect(other.pushes.map((p) => p.channel)).not.toContain('overlay.view')
    expect(mine.pushes.map((p) => p.channel)).not.toContain('overlay.view')
  })

  it('a revoked token gets nothing more', async () => {
    const gone = await tablet(tokenOf(2))
    const token = tokenOf(2)
    await call(hub, 'sync.revokeToken', { tableId: t.tables.find((x) => x.number === 2)!.id })
    await call(hub, 'game.command', { gameId: game2, command: FULL_GAME[3] })
    expect(hub.db.games.loadGame(game2)!.log).toHaveLength(4)
    // Its open connection was closed at once (issue 29 §2); a new one with the revoked token reads nothing.
    expect(viewsOf(gone, game2)).toEqual([])
    expect(hub.sync.grantFor(token)).toBeNull()
  })
})
