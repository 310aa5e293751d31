/**
 * Issue 31 §1 on the multi-machine mode: the head judge answers an appeal on the hub for a game its table machine
 * still sends (real hub, real table machine, real HTTP on 127.0.0.1, real SQLite):
 * - accepted with an amendment: the table's next entry meets the amendment at its seq. The push is refused with
 *   `sync/appeal_amended`, naming the appeal (not the generic `sync/conflict`); the table's entry is kept in the
 *   conflict record; the hub's log keeps the amendment; «Столы по сети» (sync.conflicts) names the appeal; the
 *   table's version cannot be taken over it; the head judge keeps the hub's version and the table stops sending;
 * - cancelled for a replay: the push is refused with `sync/appeal_replayed`, naming the appeal; the table's entry
 *   is kept for the head judge; the table marks the game cancelled and pulls the replay as a new game;
 * - an older conflict's «take the table's version» never cuts the hub's log through an appeal's amendment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'
import type { TournamentDetail } from '../../src/shared/tournament-ops'
import Database from 'better-sqlite3'
import { AppError } from '../../src/shared/errors'
import { call, coreBase, until } from './sync-kit'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-sync-appeal-'))
const base = coreBase(dir)

let hub: Core
let table: Core
let t: TournamentDetail

const notices = () => table.sync.sender.status().games ?? []

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, dbFile: join(dir, 'hub', 'db.sqlite') })
  table = await startCore({ ...base, port: 0, dbFile: join(dir, 'table', 'db.sqlite') })
  t = await call(hub, 'tournaments.create', { name: 'Кубок апелляций', rulesetId: 'fiim', tables: 1 })
  const csv = Array.from({ length: 10 }, (_, i) => `Игрок ${i + 1}`).join('\n')
  await call(hub, 'tournaments.importPlayers', { tournamentId: t.id, csv: `nickname\n${csv}\n` })
  t = await call(hub, 'stages.create', { tournamentId: t.id, kind: 'qualifying', games: 3 })
  t = await call(hub, 'seating.generate', { stageId: t.stages[0].id, seed: 5 })
  await call(hub, 'sync.createToken', { tableId: t.tables[0].id })
  const code = hub.sync.codeOf(t.tables[0].id)!
  await call(table, 'sync.pair', { hubUrl: `${hub.server.origin}/#${code}` })
})
afterAll(async () => {
  await table?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Starts a round on the hub; the table machine pulls its game and plays it to the end; the hub holds it all. */
async function playedRound(index: number): Promise<{ hubGame: number; local: number; uuid: string }> {
  // The round's game at the table, seated by the hub with the script's roles (as tables-decisions.test.ts does).
  const round = t.stages[0].rounds[index]
  const seats = round.tables[0].seats
  const env = hub.service.createGame(
    {
      rulesetId: 'fiim',
      players: seats.map((p, i) => ({ name: p?.nickname ?? `Запасной ${i + 1}`, playerId: p?.id ?? null })),
      roles: { ...FULL_GAME_ROLES },
      tournamentId: t.id,
      roundId: round.id,
      tableId: t.tables[0].id,
      number: 1,
      judge: 'Анна',
    },
    { open: false },
  )
  const hubGame = env.gameId
  const uuid = env.game.uuid
  const pulled = await call(table, 'sync.pull', {})
  const local = pulled.pulled!.find((g) => g.uuid === uuid)!.gameId
  for (const command of FULL_GAME) await call(table, 'game.command', { gameId: local, command })
  await until('drain', () => table.db.sync.pendingCount() === 0)
  expect(hub.db.games.getGame(hubGame)!.status).toBe('finished')
  return { hubGame, local, uuid }
}

/** The table judge's entry after the game's end (extra points, as a table gives them while filling the protocol). */
const lateEntry = { cmd: 'extraPoints', seat: 2, points: 0.2, reason: 'за протокол' }
const secondEntry = { cmd: 'extraPoints', seat: 3, points: 0.1, reason: 'за протокол' }

async function fileAppeal(gameId: number): Promise<{ id: number; number: number }> {
  return call(hub, 'appeals.file', {
    gameId,
    filer: { role: 'captain', name: 'Капитан красных' },
    text: 'Неверно записан лучший ход',
    by: 'Главный судья',
  })
}

describe('an appeal answered on the hub for a game its table machine still sends', () => {
  it('amended: the table’s next entry is refused as «corrected by appeal №N», kept for the head judge, shown so', async () => {
    const { hubGame, local, uuid } = await playedRound(0)
    const before = hub.db.games.loadGame(hubGame)!.log.length
    const appeal = await fileAppeal(hubGame)
    await call(hub, 'appeals.accept', {
      id: appeal.id,
      answer: 'Доп. баллы по протесту',
      by: 'Главный судья',
      amendment: { extraPoints: [{ seat: 1, points: 0.3 }] },
    })
    const amendSeq = before + 1
    expect(hub.db.games.loadGame(hubGame)!.log).toHaveLength(amendSeq)

    // The table's judge, not yet aware, enters something after the game's end: it goes to the hub at amendSeq.
    await call(table, 'game.command', { gameId: local, command: lateEntry })
    await until('the refusal', () => notices().some((n) => n.gameId === local && n.state === 'conflict'))
    const status = table.sync.sender.status()
    expect(status.lastError?.code).toBe('sync/appeal_amended')
    expect(status.lastError?.message.ru).toContain(`по апелляции №${appeal.number}`)
    expect(status.lastError?.message.en).toContain(`by appeal No. ${appeal.number}`)
    expect(notices()).toContainEqual(
      expect.objectContaining({ gameId: local, state: 'conflict', seq: amendSeq, appeal: appeal.number }),
    )
    // The hub keeps its amendment; the table's entry is in the conflict record, with the appeal named.
    const log = hub.db.games.loadGame(hubGame)!.log
    expect(log).toHaveLength(amendSeq)
    expect(log[amendSeq - 1].command).toMatchObject({ cmd: 'amend', appealId: appeal.number })
    const conflicts = await call(hub, 'sync.conflicts', { tournamentId: t.id })
    const mine = conflicts.filter((c) => c.gameUuid === uuid)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      seq: amendSeq,
      resolution: null,
      appeal: { number: appeal.number, kind: 'amended' },
      hubEntry: { command: { cmd: 'amend' } },
      tableEntry: { command: lateEntry },
    })
    // Nothing the table sent before is lost; the table keeps its own entry too.
    expect(table.db.games.loadGame(local)!.log.at(-1)!.command).toMatchObject(lateEntry)
    // The table's judge goes on; its next push (after a pull) brings the branch: every entry of it is kept.
    await call(table, 'game.command', { gameId: local, command: secondEntry })
    await call(table, 'sync.pull', {})
    table.sync.sender.kick()
    await until(
      'the branch kept',
      () => hub.db.sync.conflicts().filter((c) => c.gameUuid === uuid).length === 2,
    )
    const branch = (await call(hub, 'sync.conflicts', { tournamentId: t.id })).filter(
      (c) => c.gameUuid === uuid,
    )
    expect(branch.map((c) => [c.seq, c.appeal, c.hubEntry === null])).toEqual([
      [amendSeq + 1, { number: appeal.number, kind: 'amended' }, true],
      [amendSeq, { number: appeal.number, kind: 'amended' }, false],
    ])
    expect(branch[0].tableEntry?.command).toMatchObject(secondEntry)
    expect((await call(hub, 'sync.status', { tournamentId: t.id })).tables[0].conflicts).toBe(2)

    // Over HTTP, the same answer, typed (409) with the appeal's number; nothing more stored, no second record.
    const res = await fetch(`${hub.server.origin}/sync/push`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${hub.sync.codeOf(t.tables[0].id)}`,
      },
      body: JSON.stringify({
        tournament: t.uuid,
        gameUuid: uuid,
        machine: table.sync.sender.machine(),
        fromSeq: amendSeq,
        entries: table.db.games.loadGame(local)!.log.slice(amendSeq - 1),
      }),
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      ok: false,
      error: { code: 'sync/appeal_amended', details: { seq: amendSeq, appeal: appeal.number } },
    })
    expect(hub.db.games.loadGame(hubGame)!.log).toHaveLength(amendSeq)
    expect(
      (await call(hub, 'sync.conflicts', { tournamentId: t.id })).filter((c) => c.gameUuid === uuid),
    ).toHaveLength(2)
    expect((await call(hub, 'sync.status', { tournamentId: t.id })).tables[0].conflicts).toBe(2)

    // The table's version cannot replace the head judge's answer to the appeal.
    let refused: AppError | null = null
    try {
      await call(hub, 'sync.resolveConflict', { conflictId: mine[0].id, resolution: 'acceptTable' })
    } catch (err) {
      refused = err as AppError
    }
    expect(refused?.code).toBe('sync/appeal_amended')
    expect(refused?.data.message.ru).toContain(`по апелляции №${appeal.number}`)
    expect(hub.db.games.loadGame(hubGame)!.log).toHaveLength(amendSeq)
    // Kept: one decision decides the table's whole branch; the table learns it and stops sending that game.
    await call(hub, 'sync.resolveConflict', { conflictId: mine[0].id, resolution: 'keepHub' })
    const decided = (await call(hub, 'sync.conflicts', { tournamentId: t.id })).filter(
      (c) => c.gameUuid === uuid,
    )
    expect(decided.map((c) => c.resolution)).toEqual(['keepHub', 'keepHub'])
    expect((await call(hub, 'sync.status', { tournamentId: t.id })).tables[0].conflicts).toBe(0)
    await call(table, 'sync.pull', {})
    expect(notices()).toContainEqual(
      expect.objectContaining({ gameId: local, state: 'closed', seq: amendSeq }),
    )
    expect(table.db.sync.isSynced(local)).toBe(false)
  })

  it('cancelled for a replay: the push is refused as «cancelled by appeal №N», its entry kept, the game cancelled on the table', async () => {
    const { hubGame, local, uuid } = await playedRound(1)
    const last = hub.db.games.loadGame(hubGame)!.log.length
    const appeal = await fileAppeal(hubGame)
    await call(hub, 'appeals.replay', { id: appeal.id, answer: 'Перепутаны роли', by: 'Главный судья' })
    expect(hub.db.games.getGame(hubGame)!.cancelledAt).not.toBeNull()

    await call(table, 'game.command', { gameId: local, command: lateEntry })
    await until('the cancellation learnt', () => table.db.games.getGame(local)!.cancelledAt !== null)
    const status = table.sync.sender.status()
    expect(status.lastError?.code).toBe('sync/appeal_replayed')
    expect(status.lastError?.message.ru).toContain(`по апелляции №${appeal.number}`)
    expect(status.lastError?.message.en).toContain(`by appeal No. ${appeal.number}`)
    expect(notices()).toContainEqual(expect.objectContaining({ gameId: local, state: 'cancelled' }))
    expect(table.db.sync.pendingCount()).toBe(0)
    // Nothing stored in the cancelled game; the table's entry is kept in the conflict record, the appeal named.
    expect(hub.db.games.loadGame(hubGame)!.log).toHaveLength(last)
    const kept = (await call(hub, 'sync.conflicts', { tournamentId: t.id })).filter(
      (c) => c.gameUuid === uuid,
    )
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({
      seq: last + 1,
      hubEntry: null,
      tableEntry: { command: lateEntry },
      appeal: { number: appeal.number, kind: 'replayed' },
    })
    let refused: AppError | null = null
    try {
      await call(hub, 'sync.resolveConflict', { conflictId: kept[0].id, resolution: 'acceptTable' })
    } catch (err) {
      refused = err as AppError
    }
    expect(refused?.code).toBe('sync/appeal_replayed')
    await call(hub, 'sync.resolveConflict', {
      conflictId: kept[0].id,
      resolution: 'dismiss',
      reason: 'переиграно',
    })
    // The replay comes to the table as a new game of the same round and table.
    const pulled = await call(table, 'sync.pull', {})
    const fresh = pulled.pulled!.filter((g) => g.uuid !== uuid && g.round === 2)
    expect(fresh).toHaveLength(1)
    expect(table.db.sync.isSynced(fresh[0].gameId)).toBe(true)
  })

  it('an older conflict’s table version is never taken through an appeal’s amendment', async () => {
    const { hubGame, local, uuid } = await playedRound(2)
    // The hub's copy of entry 2 differs from the table's (as after a table restored from an old backup).
    const raw = new Database(join(dir, 'hub', 'db.sqlite'))
    raw.prepare('UPDATE game_events SET at = at + 1 WHERE game_id = ? AND seq = 2').run(hubGame)
    raw.close()
    table.db.sync.requeue(local, 2)
    table.sync.sender.kick()
    await until('the conflict', () => hub.db.sync.conflicts().some((c) => c.gameUuid === uuid))
    const conflict = (await call(hub, 'sync.conflicts', { tournamentId: t.id })).find(
      (c) => c.gameUuid === uuid,
    )!
    expect(conflict).toMatchObject({ seq: 2, appeal: null })
    // The head judge then answers an appeal on the game with an amendment at the log's end.
    const appeal = await fileAppeal(hubGame)
    await call(hub, 'appeals.accept', {
      id: appeal.id,
      answer: 'Доп. баллы',
      by: 'Главный судья',
      amendment: { extraPoints: [{ seat: 4, points: 0.2 }] },
    })
    const length = hub.db.games.loadGame(hubGame)!.log.length
    let refused: AppError | null = null
    try {
      await call(hub, 'sync.resolveConflict', { conflictId: conflict.id, resolution: 'acceptTable' })
    } catch (err) {
      refused = err as AppError
    }
    expect(refused?.code).toBe('sync/appeal_amended')
    expect(refused?.data.message.en).toContain(`appeal No. ${appeal.number} (entry ${length})`)
    // Nothing cut: the amendment stands.
    expect(hub.db.games.loadGame(hubGame)!.log).toHaveLength(length)
    expect(hub.db.games.loadGame(hubGame)!.log.at(-1)!.command).toMatchObject({ cmd: 'amend' })
  })
})
