import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EXCHANGE_FORMAT, EXCHANGE_VERSION, openDatabase, type MafiaDb } from '../../src/main/db'
import { entry, errorCode, removeDir, results, setupFor, tempDir } from './helpers'

let dir: string
let source: MafiaDb
let target: MafiaDb

/** Everything a refused import must leave unchanged. */
function snapshot(db: MafiaDb): unknown {
  const c = db.connection
  return [
    'players',
    'tournaments',
    'stages',
    'rounds',
    'tables',
    'games',
    'game_seats',
    'game_events',
    'game_results',
  ].map((t) => c.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all())
}

async function tableMachine(): Promise<{
  tournamentId: number
  roundId: number
  gameIds: number[]
  players: number[]
}> {
  const ids = source.tournaments.seedDemo({ ruleset: { id: 'fiim', name: 'ФИИМ' } })
  if (!ids) throw new Error('seed')
  const t2 = source.tournaments.addTable(ids.tournamentId, { judge: 'Мария' })
  const a = source.games.createGame({
    roundId: ids.roundId,
    tableId: ids.tableId,
    number: 1,
    setup: setupFor(ids.playerIds),
  })
  const b = source.games.createGame({
    roundId: ids.roundId,
    tableId: t2.id,
    number: 2,
    setup: setupFor([...ids.playerIds].reverse()),
  })
  for (let s = 1; s <= 20; s++) source.games.appendEntry(a.id, entry(s), { status: 'running', winner: null })
  source.games.appendEntry(a.id, entry(21), {
    status: 'finished',
    winner: 'red',
    results: results(ids.playerIds),
  })
  for (let s = 1; s <= 7; s++) source.games.appendEntry(b.id, entry(s), { status: 'running', winner: null })
  return {
    tournamentId: ids.tournamentId,
    roundId: ids.roundId,
    gameIds: [a.id, b.id],
    players: ids.playerIds,
  }
}

beforeEach(async () => {
  dir = tempDir()
  source = await openDatabase(path.join(dir, 'table-1', 'mafia-desk.sqlite'))
  target = await openDatabase(path.join(dir, 'head', 'mafia-desk.sqlite'))
})
afterEach(() => {
  source.close()
  target.close()
  removeDir(dir)
})

describe('export → import between machines', () => {
  it('moves a round with its tournament, players (matched by nickname), setup, log and results', async () => {
    const src = await tableMachine()
    // The head judge's machine already knows two of the players, under other ids.
    target.players.addPlayer({ nickname: 'Посторонний' })
    const knownFox = target.players.addPlayer({ nickname: 'ЛИСА', club: 'Свой клуб' })
    target.players.addPlayer({ nickname: 'Волк' })

    const text = source.transfer.exportJson({ roundId: src.roundId })
    const doc = JSON.parse(text) as { format: string; version: number; games: unknown[]; players: unknown[] }
    expect(doc.format).toBe(EXCHANGE_FORMAT)
    expect(doc.version).toBe(EXCHANGE_VERSION)
    expect(doc.games).toHaveLength(2)
    expect(doc.players).toHaveLength(10)

    const report = target.transfer.importJson(text)
    expect(report).toMatchObject({ games: 2, players: 8, playersMatched: 2 })
    const srcGames = source.games.listGames({ tournamentId: src.tournamentId })
    const dstGames = target.games.listGames({ tournamentId: report.tournamentId ?? -1 })
    expect(dstGames.map((g) => g.uuid)).toEqual(srcGames.map((g) => g.uuid))
    const nick = (db: MafiaDb, id: number | null): string | undefined =>
      id === null ? undefined : db.players.getPlayer(id)?.nickname
    for (let i = 0; i < 2; i++) {
      const s = source.games.loadGame(srcGames[i].id)
      const d = target.games.loadGame(dstGames[i].id)
      expect(d?.log).toEqual(s?.log)
      expect(d?.game).toMatchObject({
        status: s?.game.status,
        winner: s?.game.winner,
        number: s?.game.number,
        judge: s?.game.judge,
        rulesetId: 'fiim',
      })
      const sp = (s?.game.setup as { players: Array<{ playerId: number; name: string }> }).players
      const dp = (d?.game.setup as { players: Array<{ playerId: number; name: string }> }).players
      expect(dp.map((p) => nick(target, p.playerId)?.toLowerCase())).toEqual(
        sp.map((p) => nick(source, p.playerId)?.toLowerCase()),
      )
      expect(dstGames[i].results.map((r) => nick(target, r.playerId)?.toLowerCase())).toEqual(
        srcGames[i].results.map((r) => nick(source, r.playerId)?.toLowerCase()),
      )
    }
    // Matched by nickname: the head judge's "ЛИСА" is reused, not duplicated.
    expect(target.players.listPlayers('лиса').map((p) => p.id)).toEqual([knownFox.id])
    expect(dstGames[0].results.map((r) => r.playerId)).toContain(knownFox.id)
    const structure = target.tournaments.getStructure(report.tournamentId ?? -1)
    expect(structure?.tournament.ruleset).toEqual({ id: 'fiim', name: 'ФИИМ' })
    expect(structure?.tables.map((t) => [t.number, t.judge])).toEqual([
      [1, ''],
      [2, 'Мария'],
    ])
    // The running game can be resumed on the head judge's machine too.
    expect(target.games.listInProgress().map((g) => g.game.uuid)).toEqual([srcGames[1].uuid])
  })

  it('hands an empty tournament’s structure to a table machine, then collects its game back', async () => {
    const t = target.tournaments.createTournament({ name: 'Открытый кубок', startsOn: '2026-12-05' })
    const stage = target.tournaments.addStage(t.id, { kind: 'final', name: 'Финал' })
    target.tournaments.addRound(stage.id)
    target.tournaments.addTable(t.id, { judge: 'Главный' })
    const handed = source.transfer.importJson(target.transfer.exportJson({ tournamentId: t.id }))
    expect(handed).toMatchObject({ games: 0, players: 0 })
    const local = source.tournaments.getStructure(handed.tournamentId ?? -1)
    expect(local?.tournament.uuid).toBe(t.uuid)
    expect(local?.stages.map((s) => [s.kind, s.name, s.rounds.map((r) => r.number)])).toEqual([
      ['final', 'Финал', [1]],
    ])
    const p = Array.from(
      { length: 10 },
      (_, i) => source.players.addPlayer({ nickname: `Финалист ${i + 1}` }).id,
    )
    const g = source.games.createGame({
      roundId: local?.stages[0].rounds[0].id,
      tableId: local?.tables[0].id,
      setup: setupFor(p),
    })
    source.games.appendEntry(g.id, entry(1), { status: 'finished', winner: 'draw', results: results(p) })
    const back = target.transfer.importJson(source.transfer.exportJson({ gameId: g.id }))
    expect(back).toMatchObject({ games: 1, players: 10, tournamentId: t.id })
    expect(target.games.listGames({ tournamentId: t.id }).map((x) => [x.uuid, x.judge, x.winner])).toEqual([
      [g.uuid, 'Главный', 'draw'],
    ])
    expect(target.tournaments.listStages(t.id)).toHaveLength(1)
  })

  it('a second table’s games land in the same tournament (matched by uuid)', async () => {
    const src = await tableMachine()
    const first = target.transfer.importJson(source.transfer.exportJson({ gameId: src.gameIds[0] }))
    const second = target.transfer.importJson(source.transfer.exportJson({ gameId: src.gameIds[1] }))
    expect(second.tournamentId).toBe(first.tournamentId)
    expect(second.players).toBe(0)
    expect(target.tournaments.listTournaments()).toHaveLength(1)
    expect(target.games.listGames({ tournamentId: first.tournamentId ?? -1 })).toHaveLength(2)
  })

  it('exports a whole tournament and a friendly game', async () => {
    const src = await tableMachine()
    const friendly = source.games.createGame({ setup: setupFor(Array(10).fill(null)) })
    const all = JSON.parse(source.transfer.exportJson({ tournamentId: src.tournamentId })) as {
      games: unknown[]
      tournament: unknown
    }
    expect(all.games).toHaveLength(2)
    const one = JSON.parse(source.transfer.exportJson({ gameId: friendly.id })) as {
      games: unknown[]
      tournament?: unknown
    }
    expect(one.tournament).toBeUndefined()
    const report = target.transfer.importJson(JSON.stringify(one))
    expect(report).toMatchObject({ games: 1, players: 0, tournamentId: null })
    expect(target.games.listGames({ friendly: true })).toHaveLength(1)
    expect(await errorCode(() => source.transfer.exportJson({ gameId: 98765 }))).toBe('db/not_found')
  })
})

describe('per-round judges travel with the tournament', () => {
  /** Round number → table number → the round's own judge, as stored in `db`. */
  function judges(db: MafiaDb): Array<{ round: number; table: number; judge: string }> {
    return db.connection
      .prepare(
        `SELECT r.number AS round, t.number AS "table", rj.judge FROM round_judges rj
         JOIN rounds r ON r.id = rj.round_id JOIN tables t ON t.id = rj.table_id ORDER BY r.number, t.number`,
      )
      .all() as Array<{ round: number; table: number; judge: string }>
  }

  it('export → import into a fresh database gives the same judge per round and table', async () => {
    const src = await tableMachine()
    const tables = source.tournaments.getStructure(src.tournamentId)!.tables
    source.tournaments.setRoundJudge(src.roundId, tables[0].id, 'Судья на замену')
    source.tournaments.setRoundJudge(src.roundId, tables[1].id, 'Пётр')
    const before = judges(source)
    expect(before).toHaveLength(2)
    target.transfer.importJson(source.transfer.exportJson({ tournamentId: src.tournamentId }))
    expect(judges(target)).toEqual(before)
    // Resolved as the dashboard reads them: the round's own judge over the table's usual one.
    const round = target.connection.prepare('SELECT id FROM rounds').get() as { id: number }
    expect([...target.tournaments.roundJudges(round.id).values()].sort()).toEqual(['Пётр', 'Судья на замену'])
  })

  it('the receiving database keeps its own per-round judge; an unknown table is refused', async () => {
    const src = await tableMachine()
    const tables = source.tournaments.getStructure(src.tournamentId)!.tables
    source.tournaments.setRoundJudge(src.roundId, tables[0].id, 'С первой машины')
    // The head judge's machine got the tournament's structure earlier and chose its own judge for table 1.
    const structure = JSON.parse(source.transfer.exportJson({ tournamentId: src.tournamentId })) as Record<
      string,
      unknown
    >
    target.transfer.importJson(JSON.stringify({ ...structure, games: [], players: [] }))
    const round = target.connection.prepare('SELECT id FROM rounds').get() as { id: number }
    const table1 = target.connection.prepare('SELECT id FROM tables WHERE number = 1').get() as { id: number }
    target.tournaments.setRoundJudge(round.id, table1.id, 'Решение главного судьи')
    target.transfer.importJson(source.transfer.exportJson({ roundId: src.roundId }))
    expect(judges(target)).toEqual([{ round: 1, table: 1, judge: 'Решение главного судьи' }])

    const doc = JSON.parse(source.transfer.exportJson({ tournamentId: src.tournamentId })) as {
      tournament: { stages: Array<{ rounds: Array<{ judges: Array<{ table: number; judge: string }> }> }> }
    }
    doc.tournament.stages[0].rounds[0].judges.push({ table: 9, judge: 'Никто' })
    expect(await errorCode(() => target.transfer.importJson(JSON.stringify(doc)))).toBe('db/import_malformed')
  })
})

describe('versions', () => {
  it('a version 1 file (no tournament per game, no appeals, seasons or pairs) still imports; the file written is version 2', async () => {
    const src = await tableMachine()
    const doc = JSON.parse(source.transfer.exportJson({ roundId: src.roundId })) as {
      version: number
      games: Array<Record<string, unknown>>
    }
    expect(doc.version).toBe(2)
    expect(doc.games.every((g) => typeof g.tournament === 'string' && g.cancelled === null)).toBe(true)
    const v1 = { ...doc, version: 1, games: doc.games.map(({ tournament: _t, cancelled: _c, ...g }) => g) }
    const report = target.transfer.importJson(JSON.stringify(v1))
    expect(report).toMatchObject({ games: 2, appeals: 0, seasons: 0, pairs: 0 })
    expect(report.tournamentId).not.toBeNull()
    // Its games went into the file's tournament, as a version 1 file means.
    expect(target.games.listGames({}).filter((g) => g.tournamentId === report.tournamentId)).toHaveLength(2)
  })
})

describe('refused imports change nothing', () => {
  it('the same game twice: db/import_duplicate', async () => {
    const src = await tableMachine()
    const text = source.transfer.exportJson({ roundId: src.roundId })
    target.transfer.importJson(text)
    const before = snapshot(target)
    expect(await errorCode(() => target.transfer.importJson(text))).toBe('db/import_duplicate')
    expect(snapshot(target)).toEqual(before)
  })

  it('the same uuid with a different log: db/import_conflict', async () => {
    const src = await tableMachine()
    target.transfer.importJson(source.transfer.exportJson({ gameId: src.gameIds[1] }))
    source.games.appendEntry(src.gameIds[1], entry(8), { status: 'running', winner: null })
    const before = snapshot(target)
    let err: unknown
    try {
      target.transfer.importJson(source.transfer.exportJson({ roundId: src.roundId }))
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ code: 'db/import_conflict' })
    expect((err as { data: { message: { ru: string; en: string } } }).data.message.en).toMatch(
      /different log/,
    )
    expect(snapshot(target)).toEqual(before)
    // The first game of the round was new, but nothing of it was written either.
    expect(target.games.listGames({})).toHaveLength(1)
  })

  it('malformed JSON, another format, another version and an invalid document are refused', async () => {
    await tableMachine()
    target.players.addPlayer({ nickname: 'Лиса' })
    const before = snapshot(target)
    expect(
      await errorCode(() => target.transfer.importJson('{"format": "mafia-desk/games", "version": 1, ')),
    ).toBe('db/import_malformed')
    expect(await errorCode(() => target.transfer.importJson(''))).toBe('db/import_malformed')
    expect(await errorCode(() => target.transfer.importJson('{"name": "my spreadsheet", "rows": []}'))).toBe(
      'db/import_wrong_format',
    )
    expect(await errorCode(() => target.transfer.importJson('[1, 2, 3]'))).toBe('db/import_wrong_format')
    expect(
      await errorCode(() =>
        target.transfer.importJson(JSON.stringify({ format: EXCHANGE_FORMAT, version: 3 })),
      ),
    ).toBe('db/import_unsupported_version')
    const good = JSON.parse(source.transfer.exportJson({ tournamentId: 1 })) as {
      games: Array<{ log: Array<{ seq: number }>; results: Array<{ playerId: number | null }> }>
    }
    const badSeq = structuredClone(good)
    badSeq.games[0].log[3].seq = 1
    expect(await errorCode(() => target.transfer.importJson(JSON.stringify(badSeq)))).toBe(
      'db/import_malformed',
    )
    const badPlayer = structuredClone(good)
    badPlayer.games[0].results[0].playerId = 5555
    expect(await errorCode(() => target.transfer.importJson(JSON.stringify(badPlayer)))).toBe(
      'db/import_malformed',
    )
    const missing = structuredClone(good) as unknown as { games: Array<Record<string, unknown>> }
    delete missing.games[1].setup
    expect(await errorCode(() => target.transfer.importJson(JSON.stringify(missing)))).toBe(
      'db/import_malformed',
    )
    expect(snapshot(target)).toEqual(before)
  })
})
