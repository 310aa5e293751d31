/**
 * The tournament aggregate on a real SQLite file: tournaments (venue, archive), tables by count, registration,
 * stage players, stored round seatings (swap, lock), round judges, one live game per round and table, cancelled
 * games, and a v2 file migrated to the new schema with its data kept.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { APPLICATION_ID, MIGRATIONS, openDatabase, type MafiaDb } from '../../src/main/db'
import { entry, errorCode, removeDir, setupFor, tempDir } from './helpers'

let dir: string
let db: MafiaDb

beforeEach(async () => {
  dir = tempDir()
  db = await openDatabase(path.join(dir, 'db.sqlite'))
})
afterEach(() => {
  if (db.isOpen) db.close()
  removeDir(dir)
})

function tenPlayers(prefix: string): number[] {
  return Array.from({ length: 10 }, (_, i) => db.players.addPlayer({ nickname: `${prefix} ${i}` }).id)
}

describe('tournaments, tables and registration', () => {
  it('stores venue and club, archives, keeps dates in order and follows a table count', async () => {
    const t = db.tournaments.createTournament({
      name: 'Кубок',
      venue: 'Зал',
      club: 'Ночь',
      startsOn: '2026-12-01',
    })
    expect(t).toMatchObject({ venue: 'Зал', club: 'Ночь', archivedAt: null })
    expect(await errorCode(() => db.tournaments.updateTournament(t.id, { endsOn: '2026-11-01' }))).toBe(
      'db/invalid_input',
    )
    expect(db.tournaments.archiveTournament(t.id, true).archivedAt).not.toBeNull()
    expect(db.tournaments.archiveTournament(t.id, false).archivedAt).toBeNull()
    expect(db.tournaments.setTableCount(t.id, 3).map((x) => x.number)).toEqual([1, 2, 3])
    expect(db.tournaments.setTableCount(t.id, 1).map((x) => x.number)).toEqual([1])
  })

  it('registers, withdraws and brings back a player; CSV registration is all or nothing', async () => {
    const t = db.tournaments.createTournament({ name: 'Рег' })
    const [p] = tenPlayers('Рег')
    db.registrations.registerPlayers(t.id, [p])
    db.registrations.withdrawPlayer(t.id, p)
    expect(db.registrations.activePlayerIds(t.id)).toEqual([])
    expect(db.registrations.listRegistrations(t.id)[0].withdrawnAt).not.toBeNull()
    db.registrations.registerPlayers(t.id, [p])
    expect(db.registrations.activePlayerIds(t.id)).toEqual([p])
    expect(await errorCode(() => db.registrations.withdrawPlayer(t.id, 9999))).toBe('db/not_registered')
    const bad = db.registrations.importTournamentCsv(t.id, 'nickname;club\nНовый;X\n;Y\n')
    expect(bad.added).toBe(0)
    expect(db.players.findPlayerByNickname('Новый')).toBeNull()
    const good = db.registrations.importTournamentCsv(t.id, 'nickname\nНовый\nРег 0\n')
    expect(good).toMatchObject({ added: 1, skipped: 1 })
    expect(db.registrations.activePlayerIds(t.id)).toHaveLength(2)
  })
})

describe('stored seatings and rounds', () => {
  it('stores, swaps and locks a round seating; round judges override the table judge', async () => {
    const t = db.tournaments.createTournament({ name: 'Рассадка' })
    const [table] = db.tournaments.setTableCount(t.id, 1)
    db.tournaments.updateTable(table.id, { judge: 'Главный' })
    const stage = db.tournaments.addStage(t.id, { kind: 'qualifying', games: 1 })
    const round = db.tournaments.addRound(stage.id)
    const ids = tenPlayers('Р')
    const seats: Array<number | null> = [...ids.slice(0, 9), null]
    db.seatings.saveRoundSeating(round.id, [{ tableId: table.id, seats }])
    expect(db.seatings.roundSeating(round.id).tables[0].seats).toEqual(seats)
    db.seatings.swapSeats(round.id, ids[0], ids[8])
    expect(db.seatings.roundSeating(round.id).tables[0].seats.slice(0, 1)).toEqual([ids[8]])
    expect(
      await errorCode(() =>
        db.seatings.saveRoundSeating(round.id, [{ tableId: table.id, seats: [...ids.slice(0, 9), ids[0]] }]),
      ),
    ).toBe('db/invalid_input')
    expect(db.tournaments.roundJudges(round.id).get(table.id)).toBe('Главный')
    db.tournaments.setRoundJudge(round.id, table.id, 'Сменный')
    expect(db.tournaments.roundJudges(round.id).get(table.id)).toBe('Сменный')
    db.tournaments.markRoundStarted(round.id)
    expect(await errorCode(() => db.seatings.swapSeats(round.id, ids[0], ids[1]))).toBe('db/round_started')
    expect(await errorCode(() => db.tournaments.deleteRound(round.id))).toBe('db/round_started')
  })

  it('one live game per round and table; a cancelled one frees it and leaves every list but the full one', async () => {
    const ids = db.tournaments.seedDemo()!
    const g = db.games.createGame({
      roundId: ids.roundId,
      tableId: ids.tableId,
      setup: setupFor(ids.playerIds),
    })
    expect(db.games.liveGameAt(ids.roundId, ids.tableId)?.id).toBe(g.id)
    expect(
      await errorCode(() =>
        db.games.createGame({ roundId: ids.roundId, tableId: ids.tableId, setup: setupFor(ids.playerIds) }),
      ),
    ).toBe('db/table_busy')
    db.games.appendEntry(g.id, entry(1), { status: 'running', winner: null })
    expect(await errorCode(() => db.games.cancelGame(g.id, '  '))).toBe('db/invalid_input')
    const c = db.games.cancelGame(g.id, 'Пожарная тревога')
    expect(c).toMatchObject({ cancelReason: 'Пожарная тревога' })
    expect(await errorCode(() => db.games.cancelGame(g.id, 'ещё раз'))).toBe('db/game_cancelled')
    expect(db.games.listInProgress()).toEqual([])
    expect(db.games.listGames({ tournamentId: ids.tournamentId })).toEqual([])
    expect(db.games.listGames({ tournamentId: ids.tournamentId, includeCancelled: true })).toHaveLength(1)
    expect(db.games.loadGame(g.id)?.log).toHaveLength(1)
    const replay = db.games.createGame({
      roundId: ids.roundId,
      tableId: ids.tableId,
      setup: setupFor(ids.playerIds),
    })
    expect(db.games.liveGameAt(ids.roundId, ids.tableId)?.id).toBe(replay.id)
    // The round closes only when every game is finished or cancelled.
    expect(await errorCode(() => db.finishRound(ids.roundId))).toBe('db/round_in_progress')
    db.games.cancelGame(replay.id, 'Не сыграна')
    expect(await db.finishRound(ids.roundId)).toMatch(/end-of-round-1/)
  })
})

describe('rounds, judges and the archive: the rules the database keeps', () => {
  it('a game in a round locks it, takes the round judge, is refused once the round is closed', async () => {
    const t = db.tournaments.createTournament({ name: 'Правила' })
    const [table] = db.tournaments.setTableCount(t.id, 1)
    db.tournaments.updateTable(table.id, { judge: 'Обычный' })
    const stage = db.tournaments.addStage(t.id, { kind: 'qualifying', games: 1 })
    const round = db.tournaments.addRound(stage.id)
    const ids = tenPlayers('П')
    db.seatings.saveRoundSeating(round.id, [{ tableId: table.id, seats: ids }])
    db.tournaments.setRoundJudge(round.id, table.id, 'Тура')
    // Closing a round not started is refused.
    expect(await errorCode(() => db.finishRound(round.id))).toBe('db/round_not_started')
    const g = db.games.createGame({ roundId: round.id, tableId: table.id, setup: setupFor(ids) })
    expect(g.judge).toBe('Тура')
    expect(db.tournaments.getRound(round.id)?.startedAt).not.toBeNull()
    expect(
      await errorCode(() => db.seatings.saveRoundSeating(round.id, [{ tableId: table.id, seats: ids }])),
    ).toBe('db/round_started')
    // The judge of a game not finished changes; a finished one keeps its signed judge.
    expect(db.games.setGameJudge(g.id, 'Новый').judge).toBe('Новый')
    db.games.appendEntry(g.id, entry(1), { status: 'finished', winner: 'red' })
    expect(await errorCode(() => db.games.setGameJudge(g.id, 'Другой'))).toBe('db/game_finished')
    expect(db.games.getGame(g.id)?.judge).toBe('Новый')
    await db.finishRound(round.id)
    expect(await errorCode(() => db.finishRound(round.id))).toBe('db/round_finished')
    expect(
      await errorCode(() =>
        db.games.createGame({ roundId: round.id, tableId: table.id, setup: setupFor(ids) }),
      ),
    ).toBe('db/round_closed')
  })

  it('a round with a seated table never played is not closed unless confirmed', async () => {
    const t = db.tournaments.createTournament({ name: 'Пустой стол' })
    const [t1, t2] = db.tournaments.setTableCount(t.id, 2)
    const stage = db.tournaments.addStage(t.id, { kind: 'qualifying', games: 1 })
    const round = db.tournaments.addRound(stage.id)
    const ids = Array.from({ length: 20 }, (_, i) => db.players.addPlayer({ nickname: `Стол ${i}` }).id)
    db.seatings.saveRoundSeating(round.id, [
      { tableId: t1.id, seats: ids.slice(0, 10) },
      { tableId: t2.id, seats: ids.slice(10) },
    ])
    const g = db.games.createGame({ roundId: round.id, tableId: t1.id, setup: setupFor(ids.slice(0, 10)) })
    db.games.appendEntry(g.id, entry(1), { status: 'finished', winner: 'red' })
    expect(await errorCode(() => db.finishRound(round.id))).toBe('db/round_in_progress')
    expect(await db.finishRound(round.id, { force: true })).toMatch(/end-of-round-1/)
  })

  it('a round judge needs a table of the same tournament; an archived tournament takes no game, cancel or close', async () => {
    const a = db.tournaments.createTournament({ name: 'А' })
    const b = db.tournaments.createTournament({ name: 'Б' })
    const [ta] = db.tournaments.setTableCount(a.id, 1)
    const [tb] = db.tournaments.setTableCount(b.id, 1)
    const round = db.tournaments.addRound(db.tournaments.addStage(a.id, { kind: 'qualifying', games: 1 }).id)
    expect(await errorCode(() => db.tournaments.setRoundJudge(round.id, tb.id, 'X'))).toBe('db/invalid_input')
    const ids = tenPlayers('А')
    db.seatings.saveRoundSeating(round.id, [{ tableId: ta.id, seats: ids }])
    const g = db.games.createGame({ roundId: round.id, tableId: ta.id, setup: setupFor(ids) })
    db.tournaments.archiveTournament(a.id, true)
    expect(await errorCode(() => db.games.cancelGame(g.id, 'Причина'))).toBe('db/tournament_archived')
    expect(await errorCode(() => db.finishRound(round.id, { force: true }))).toBe('db/tournament_archived')
    expect(await errorCode(() => db.games.createGame({ tournamentId: a.id, setup: setupFor(ids) }))).toBe(
      'db/tournament_archived',
    )
    // A second withdrawal is refused too.
    db.registrations.registerPlayers(a.id, [ids[0]])
    db.registrations.withdrawPlayer(a.id, ids[0])
    expect(await errorCode(() => db.registrations.withdrawPlayer(a.id, ids[0]))).toBe('db/already_withdrawn')
  })
})

describe('the demo tournament', () => {
  it('uses the whole model: registered players, a stored and started seating', () => {
    const ids = db.tournaments.seedDemo()!
    expect([...db.registrations.activePlayerIds(ids.tournamentId)].sort((x, y) => x - y)).toEqual(
      ids.playerIds,
    )
    expect(db.seatings.roundSeating(ids.roundId).tables).toEqual([
      { tableId: ids.tableId, table: 1, seats: ids.playerIds },
    ])
    expect(db.tournaments.getRound(ids.roundId)?.startedAt).not.toBeNull()
    expect(db.tournaments.getStage(ids.stageId)).toMatchObject({ games: 1, seed: 1 })
  })
})

describe('migration', () => {
  it('a version-2 file with a tournament and a game opens at the latest version with its data', async () => {
    const file = path.join(dir, 'v2.sqlite')
    const raw = new Database(file)
    raw.exec(MIGRATIONS[0].sql)
    raw.exec(MIGRATIONS[1].sql)
    raw.pragma(`application_id = ${APPLICATION_ID}`)
    raw.pragma('user_version = 2')
    raw
      .prepare("INSERT INTO tournaments (uuid, name, created_at, updated_at) VALUES ('u-1', 'Старый', 1, 1)")
      .run()
    raw
      .prepare(
        "INSERT INTO games (uuid, tournament_id, status, setup, created_at, updated_at) VALUES ('g-1', 1, 'finished', '{}', 1, 1)",
      )
      .run()
    raw.close()
    const old = await openDatabase(file)
    expect(old.tournaments.getTournament(1)).toMatchObject({
      name: 'Старый',
      venue: '',
      club: '',
      archivedAt: null,
    })
    expect(old.games.getGameByUuid('g-1')).toMatchObject({ cancelledAt: null, cancelReason: null })
    expect(old.registrations.listRegistrations(1)).toEqual([])
    old.close()
  })
})
