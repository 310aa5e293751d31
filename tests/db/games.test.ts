import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_NICKNAMES, DEMO_TOURNAMENT_NAME, openDatabase, type MafiaDb } from '../../src/main/db'
import { entry, errorCode, removeDir, results, setupFor, tempDir } from './helpers'

let dir: string
let db: MafiaDb
beforeEach(async () => {
  dir = tempDir()
  db = await openDatabase(path.join(dir, 'data', 'mafia-desk.sqlite'))
})
afterEach(() => {
  if (db.isOpen) db.close()
  removeDir(dir)
})

describe('demo seed', () => {
  it('creates the demo tournament once, with ten players, a qualifying stage, round 1 and table 1', () => {
    const ids = db.tournaments.seedDemo({ ruleset: { id: 'fiim', name: 'ФИИМ' } })
    expect(ids).not.toBeNull()
    if (!ids) return
    expect(ids.playerIds).toHaveLength(10)
    const structure = db.tournaments.getStructure(ids.tournamentId)
    expect(structure?.tournament.name).toBe(DEMO_TOURNAMENT_NAME)
    expect(structure?.tournament.ruleset).toEqual({ id: 'fiim', name: 'ФИИМ' })
    expect(structure?.stages.map((s) => [s.id, s.kind, s.rounds.map((r) => [r.id, r.number])])).toEqual([
      [ids.stageId, 'qualifying', [[ids.roundId, 1]]],
    ])
    expect(structure?.tables.map((t) => [t.id, t.number])).toEqual([[ids.tableId, 1]])
    expect(
      db.players
        .listPlayers()
        .map((p) => p.nickname)
        .sort(),
    ).toEqual([...DEMO_NICKNAMES].sort())
    expect(db.tournaments.seedDemo()).toBeNull()
    expect(db.tournaments.listTournaments()).toHaveLength(1)
    expect(db.players.listPlayers()).toHaveLength(10)
  })
})

describe('the write path and resume', () => {
  it('appends entries with projections and reloads them identically, also after reopening', async () => {
    const ids = db.tournaments.seedDemo()
    if (!ids) throw new Error('seed')
    const game = db.games.createGame({
      roundId: ids.roundId,
      tableId: ids.tableId,
      number: 1,
      setup: setupFor(ids.playerIds),
    })
    expect(game.tournamentId).toBe(ids.tournamentId)
    expect(game.stageId).toBe(ids.stageId)
    expect(game.status).toBe('setup')
    expect(game.rulesetId).toBe('fiim')
    const written = Array.from({ length: 30 }, (_, i) => entry(i + 1))
    for (const e of written) db.games.appendEntry(game.id, e, { status: 'running', winner: null })
    db.games.appendEntry(game.id, entry(31), {
      status: 'finished',
      winner: 'red',
      results: results(ids.playerIds),
    })
    written.push(entry(31))
    db.close()

    db = await openDatabase(path.join(dir, 'data', 'mafia-desk.sqlite'))
    const loaded = db.games.loadGame(game.id)
    expect(loaded?.log).toEqual(written)
    expect(loaded?.game.status).toBe('finished')
    expect(loaded?.game.winner).toBe('red')
    expect(loaded?.game.lastSeq).toBe(31)
    expect(loaded?.game.setup).toEqual(setupFor(ids.playerIds))
    const res = db.games.getResults(game.id)
    expect(res).toHaveLength(10)
    expect(res[6]).toMatchObject({ seat: 7, role: 'sheriff', win: 1, extra: 0.3, total: 1.3, ci: 0 })
    expect(res[6].extraReasons).toEqual([{ points: 0.3, reason: 'нашёл дона' }])
    expect(db.games.listInProgress()).toEqual([])
  })

  it('listInProgress returns only running games, with setup and full log', () => {
    const a = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    const b = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    db.games.createGame({ setup: setupFor(Array(10).fill(null)) }) // stays in setup
    for (let s = 0; s < 5; s++) db.games.appendEntry(a.id, entry(s), { status: 'running', winner: null })
    db.games.appendEntry(b.id, entry(0), { status: 'running', winner: null })
    db.games.appendEntry(b.id, entry(1), { status: 'finished', winner: 'black' })
    const running = db.games.listInProgress()
    expect(running.map((g) => g.game.id)).toEqual([a.id])
    expect(running[0].log.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4])
    expect(running[0].log[2]).toEqual(entry(2))
    expect(running[0].game.setup).toEqual(setupFor(Array(10).fill(null)))
  })

  it('refuses a repeated or older seq (db/seq_conflict) and an unknown game, writing nothing', async () => {
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    db.games.appendEntry(g.id, entry(2), { status: 'running', winner: null })
    expect(
      await errorCode(() => db.games.appendEntry(g.id, entry(2), { status: 'finished', winner: 'red' })),
    ).toBe('db/seq_conflict')
    expect(
      await errorCode(() => db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })),
    ).toBe('db/seq_conflict')
    expect(
      await errorCode(() => db.games.appendEntry(9999, entry(1), { status: 'running', winner: null })),
    ).toBe('db/not_found')
    const after = db.games.loadGame(g.id)
    expect(after?.log.map((e) => e.seq)).toEqual([1, 2])
    expect(after?.game.status).toBe('running')
  })

  it('is one transaction: a bad result (unknown player) rolls back the entry and the status', async () => {
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    const bad = results(Array(10).fill(null))
    bad[3] = { ...bad[3], playerId: 424242 }
    expect(
      await errorCode(() =>
        db.games.appendEntry(g.id, entry(2), { status: 'finished', winner: 'red', results: bad }),
      ),
    ).toBe('db/not_found')
    const after = db.games.loadGame(g.id)
    expect(after?.log.map((e) => e.seq)).toEqual([1])
    expect(after?.game.status).toBe('running')
    expect(db.games.getResults(g.id)).toEqual([])
  })

  it('validates inputs with clear errors', async () => {
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    expect(
      await errorCode(() =>
        db.games.appendEntry(g.id, entry(1), { status: 'paused' as never, winner: null }),
      ),
    ).toBe('db/invalid_input')
    expect(
      await errorCode(() =>
        db.games.appendEntry(g.id, { ...entry(1), seq: 1.5 }, { status: 'running', winner: null }),
      ),
    ).toBe('db/invalid_input')
    expect(await errorCode(() => db.games.createGame({ setup: undefined }))).toBe('db/invalid_input')
    expect(
      await errorCode(() =>
        db.games.createGame({
          setup: setupFor([77777, null, null, null, null, null, null, null, null, null]),
        }),
      ),
    ).toBe('db/not_found')
    const t1 = db.tournaments.createTournament({ name: 'Кубок' })
    const t2 = db.tournaments.createTournament({ name: 'Лига' })
    const s1 = db.tournaments.addStage(t1.id, { kind: 'qualifying' })
    expect(
      await errorCode(() => db.games.createGame({ tournamentId: t2.id, stageId: s1.id, setup: {} })),
    ).toBe('db/invalid_input')
    expect(db.games.loadGame(g.id)?.log).toEqual([])
  })

  it('lists a tournament’s games in order with their results', () => {
    const t = db.tournaments.createTournament({ name: 'Кубок города', startsOn: '2026-11-28' })
    const stage = db.tournaments.addStage(t.id, { kind: 'qualifying' })
    const r1 = db.tournaments.addRound(stage.id)
    const r2 = db.tournaments.addRound(stage.id)
    expect([r1.number, r2.number]).toEqual([1, 2])
    const tb1 = db.tournaments.addTable(t.id, { judge: 'Иван' })
    const tb2 = db.tournaments.addTable(t.id)
    const players = Array.from(
      { length: 10 },
      (_, i) => db.players.addPlayer({ nickname: `Игрок ${i + 1}` }).id,
    )
    const made = [
      db.games.createGame({ roundId: r2.id, tableId: tb1.id, number: 3, setup: setupFor(players) }),
      db.games.createGame({ roundId: r1.id, tableId: tb2.id, number: 2, setup: setupFor(players) }),
      db.games.createGame({ roundId: r1.id, tableId: tb1.id, number: 1, setup: setupFor(players) }),
    ]
    expect(made[0].judge).toBe('Иван')
    for (const g of made)
      db.games.appendEntry(g.id, entry(1), { status: 'finished', winner: 'red', results: results(players) })
    db.games.createGame({ setup: setupFor(Array(10).fill(null)) }) // a friendly game, not in the list
    const list = db.games.listGames({ tournamentId: t.id })
    expect(list.map((g) => g.number)).toEqual([1, 2, 3])
    expect(list.every((g) => g.results.length === 10)).toBe(true)
    expect(list[0].results.map((r) => r.playerId)).toEqual(players)
    expect(db.games.listGames({ roundId: r1.id }).map((g) => g.number)).toEqual([1, 2])
    expect(db.games.listGames({ friendly: true })).toHaveLength(1)
    expect(db.games.listGames({ status: 'setup' })).toHaveLength(1)
    db.games.setCi([{ gameId: made[2].id, seat: 1, ci: 0.2 }])
    expect(db.games.getResults(made[2].id)[0].ci).toBe(0.2)
  })

  it('updates or deletes a game only while its log is empty', async () => {
    const g = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    const p = db.players.addPlayer({ nickname: 'Рысь' })
    const updated = db.games.updateGameSetup(
      g.id,
      setupFor([p.id, null, null, null, null, null, null, null, null, null]),
    )
    expect((updated.setup as { players: Array<{ playerId: number | null }> }).players[0].playerId).toBe(p.id)
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    expect(await errorCode(() => db.games.updateGameSetup(g.id, {}))).toBe('db/game_started')
    expect(await errorCode(() => db.games.deleteGame(g.id))).toBe('db/game_started')
    const other = db.games.createGame({ setup: {} })
    db.games.deleteGame(other.id)
    expect(db.games.getGame(other.id)).toBeNull()
  })

  it('settings store JSON values', () => {
    expect(db.settings.getSetting('obs')).toBeNull()
    db.settings.setSetting('obs', { url: 'ws://127.0.0.1:4455', scenes: ['Игра', 'Ночь'] })
    expect(db.settings.getSetting('obs')).toEqual({ url: 'ws://127.0.0.1:4455', scenes: ['Игра', 'Ночь'] })
    db.settings.setSetting('obs', null)
    expect(db.settings.getSetting('obs')).toBeNull()
  })
})
