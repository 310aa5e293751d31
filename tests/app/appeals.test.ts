/**
 * Appeals (issue 31 §1) through the contract on the real core with SQLite in a temp folder: filed on a finished
 * tournament game, answered by the head judge — accepted with an amendment entry in the game's log (the standings
 * move by exactly the correction), rejected (nothing moves), cancelled and replayed (the game cancelled, its table's
 * replay prepared); every step logged with who and when; a closed round's game takes the head judge's amendment
 * and nothing else.
 */
import { describe, expect, it } from 'vitest'
import type { Appeal } from '../../src/shared/appeals'
import type { StandingsPublic } from '../../src/shared/contract'
import type { TournamentDetail } from '../../src/shared/tournament-ops'
import { playAt } from './tournament-play'
import { tournamentCore } from './tournament-core'

const h = tournamentCore('md-appeals-', 'Апелляции', 'А')
const { call, refusal, tournament } = h

/** A tournament of 10 with one round played at table 1 (FULL_GAME: reds win, seat 10 killed first). */
async function played(games = 2): Promise<{ t: TournamentDetail; gameId: number; ids: number[] }> {
  let t = await tournament(10, games)
  t = await call('seating.generate', { stageId: t.stages[0].id, seed: 5 })
  const round = t.stages[0].rounds[0]
  const gameId = await playAt(call, t, round, 1)
  const ids = round.tables[0].seats.map((p) => p!.id)
  return { t, gameId, ids }
}

async function totals(tournamentId: number): Promise<Map<number, number>> {
  const s: StandingsPublic = await call('standings.get', { tournamentId })
  return new Map(s.overall.map((r) => [r.playerId!, r.total]))
}

const logLength = async (gameId: number): Promise<number> => h.core().db.games.loadGame(gameId)!.log.length

describe('appeals: filed, answered, logged, and the standings follow', () => {
  it('accept: the amendment entry changes extra points and the standings by exactly that; the log keeps who and when', async () => {
    const { t, gameId, ids } = await played()
    const before = await totals(t.id)
    const entries = await logLength(gameId)
    const a: Appeal = await call('appeals.file', {
      gameId,
      filer: { role: 'player', playerId: ids[0] },
      text: 'Судья не засчитал мой голос\nво втором дне.',
      by: 'Главный судья',
    })
    expect(a).toMatchObject({
      number: 1,
      status: 'open',
      round: 1,
      table: 1,
      filer: { role: 'player', playerId: ids[0] },
    })
    expect(await call('appeals.list', { tournamentId: t.id, status: 'open' })).toHaveLength(1)
    const done: Appeal = await call('appeals.accept', {
      id: a.id,
      answer: 'Голос засчитан: доп. баллы',
      by: 'Иванов (ГС)',
      amendment: {
        extraPoints: [
          { seat: 1, points: 0.4 },
          { seat: 2, points: -0.2 },
        ],
      },
    })
    expect(done.status).toBe('accepted')
    expect(done.amendSeq).toBe(entries + 1)
    expect(done.history.map((x) => [x.step, x.who])).toEqual([
      ['filed', 'Главный судья'],
      ['accepted', 'Иванов (ГС)'],
    ])
    for (const x of done.history) expect(Date.parse(x.at)).toBeGreaterThan(Date.now() - 60_000)
    // The amendment is an entry appended to the log, never a rewrite.
    const log = h.core().db.games.loadGame(gameId)!.log
    expect(log).toHaveLength(entries + 1)
    expect(log[entries].command).toMatchObject({
      cmd: 'amend',
      appealId: 1,
      reason: 'Голос засчитан: доп. баллы',
    })
    const after = await totals(t.id)
    expect(after.get(ids[0])! - before.get(ids[0])!).toBeCloseTo(0.4, 9)
    expect(after.get(ids[1])! - before.get(ids[1])!).toBeCloseTo(-0.2, 9)
    for (const id of ids.slice(2)) expect(after.get(id)).toBe(before.get(id))
    expect(await call('appeals.list', { tournamentId: t.id, status: 'open' })).toEqual([])
    // The stored game's protocol prints the mark with the changes.
    const html = await call('export.protocol', { gameId, format: 'html' })
    const text = Buffer.from(html.base64, 'base64').toString('utf8')
    expect(text).toContain('Исправлен по апелляции №1')
    expect(text).toContain('доп. баллы №1: +0,4')
    // The answer stands: a second answer is refused.
    expect((await refusal('appeals.reject', { id: a.id, answer: 'нет', by: 'ГС' })).code).toBe(
      'appeals/answered',
    )
  })

  it('accept: a result correction changes the winner; every player moves by one win; an out-of-range one is refused and changes nothing', async () => {
    const { t, gameId, ids } = await played()
    const before = await totals(t.id)
    const a: Appeal = await call('appeals.file', {
      gameId,
      filer: { role: 'captain', name: 'Капитан чёрных' },
      text: 'Голоса третьего дня подсчитаны неверно',
      by: 'ГС',
    })
    const entries = await logLength(gameId)
    const tooMuch = await refusal('appeals.accept', {
      id: a.id,
      answer: 'слишком много',
      by: 'ГС',
      amendment: { extraPoints: [{ seat: 4, points: 1.7 }] },
    })
    expect(tooMuch.code).toBe('engine/extra_points_range')
    expect(tooMuch.ru).toContain('1,6')
    expect(await logLength(gameId)).toBe(entries)
    expect((await call('appeals.list', { tournamentId: t.id }))[0].status).toBe('open')
    await call('appeals.accept', {
      id: a.id,
      answer: 'Победа чёрных',
      by: 'ГС',
      amendment: { winner: 'black' },
    })
    const after = await totals(t.id)
    ids.forEach((id, i) => {
      const black = [3, 5, 8].includes(i + 1)
      expect(after.get(id)! - before.get(id)!).toBeCloseTo(black ? 1 : -1, 9)
    })
    const dash: TournamentDetail = await call('tournaments.get', { tournamentId: t.id })
    expect(dash.stages[0].rounds[0].tables[0].game?.winner).toBe('black')
  })

  it('reject: nothing in the game or the standings changes; the step is logged', async () => {
    const { t, gameId, ids } = await played()
    const before = await totals(t.id)
    const entries = await logLength(gameId)
    const a: Appeal = await call('appeals.file', {
      gameId,
      filer: { role: 'player', playerId: ids[4] },
      text: 'Протест',
      by: 'Секретарь',
    })
    const r: Appeal = await call('appeals.reject', { id: a.id, answer: 'Оснований нет', by: 'ГС' })
    expect(r).toMatchObject({ status: 'rejected', answer: 'Оснований нет', amendSeq: null })
    expect(r.history.map((x) => x.step)).toEqual(['filed', 'rejected'])
    expect(await logLength(gameId)).toBe(entries)
    expect(await totals(t.id)).toEqual(before)
    // A merge of the registry keeps the filer: the appeal names the kept entry.
    const keep = await call('players.add', { nickname: 'Апеллянт-двойник' })
    await call('players.merge', { keepId: keep.id, dropId: ids[4] })
    const [after] = await call('appeals.list', { tournamentId: t.id })
    expect(after.filer.playerId).toBe(keep.id)
  })

  it('replay: the game is cancelled with the appeal in its reason and the table gets a prepared replay (also in a closed round)', async () => {
    const { t, gameId, ids } = await played()
    const a: Appeal = await call('appeals.file', {
      gameId,
      filer: { role: 'player', playerId: ids[1] },
      text: 'Игроку показали роль',
      by: 'ГС',
    })
    const roundId = t.stages[0].rounds[0].id
    await call('rounds.finish', { roundId })
    const r: Appeal = await call('appeals.replay', { id: a.id, answer: 'Переиграть', by: 'ГС' })
    expect(r.status).toBe('replayed')
    expect(r.history.map((x) => x.step)).toEqual(['filed', 'replayed'])
    const dash: TournamentDetail = await call('tournaments.get', { tournamentId: t.id })
    const round = dash.stages[0].rounds[0]
    const table = round.tables[0]
    expect(table.cancelled.map((g) => g.id)).toEqual([gameId])
    expect(table.cancelled[0].cancelReason).toContain('№1')
    expect(table.game).not.toBeNull()
    expect(table.game!.id).not.toBe(gameId)
    expect(table.game!.status).toBe('setup')
    // The cancelled game counts nowhere.
    const s: StandingsPublic = await call('standings.get', { tournamentId: t.id })
    expect(s.overall.every((row) => row.games === 0)).toBe(true)
  })

  it("a closed round's game takes the head judge's amendment and nothing else", async () => {
    const { t, gameId, ids } = await played()
    await call('rounds.finish', { roundId: t.stages[0].rounds[0].id })
    // The table's panel: a command on the closed round's game is refused; an amendment never comes this way.
    expect(
      (
        await refusal('game.command', {
          gameId,
          command: { cmd: 'extraPoints', seat: 1, points: 0.1, reason: 'x' },
        })
      ).code,
    ).toBe('tournament/round_closed')
    const before = await totals(t.id)
    const a: Appeal = await call('appeals.file', {
      gameId,
      filer: { role: 'player', playerId: ids[9] },
      text: 'Лучший ход записан неверно',
      by: 'ГС',
    })
    const done: Appeal = await call('appeals.accept', {
      id: a.id,
      answer: 'ЛХ исправлен: 3, 5, 8',
      by: 'ГС',
      amendment: { bestMove: [3, 5, 8], penalties: [{ seat: 7, kind: 'removal', action: 'give' }] },
    })
    expect(done.history[1].note).toContain('closed round')
    const after = await totals(t.id)
    expect(after.get(ids[9])! - before.get(ids[9])!).toBeCloseTo(0.2, 9) // 3 blacks 0.5 instead of 2 blacks 0.3
    expect(after.get(ids[6])! - before.get(ids[6])!).toBeCloseTo(-0.5, 9)
    // The database's lock lets an amendment through only while its appeal is open on this very game: not again.
    const db = h.core().db
    const seq = db.games.loadGame(gameId)!.log.length + 1
    expect(() =>
      db.games.appendEntry(
        gameId,
        {
          seq,
          command: { cmd: 'amend', appealId: a.number, reason: 'again', winner: 'black' },
          events: [],
          at: 1,
        },
        { status: 'finished', winner: 'black' },
      ),
    ).toThrow(expect.objectContaining({ code: 'db/round_closed' }))
    // The round is still closed and still locked for everything else.
    const round = (await call('tournaments.get', { tournamentId: t.id })).stages[0].rounds[0]
    expect(round.finished).toBe(true)
    expect(
      (
        await refusal('game.command', {
          gameId,
          command: { cmd: 'extraPoints', seat: 1, points: 0.1, reason: 'x' },
        })
      ).code,
    ).toBe('tournament/round_closed')
  })

  it('refusals: an unfinished game, a player who did not play it, a friendly game, control characters, an amendment from the panel', async () => {
    let t = await tournament(10, 2)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 9 })
    const tb = t.stages[0].rounds[0].tables[0]
    const env = await call('game.create', {
      rulesetId: 'fiim',
      players: tb.seats.map((p) => ({ name: p!.nickname, playerId: p!.id })),
      tournamentId: t.id,
      roundId: t.stages[0].rounds[0].id,
      tableId: tb.tableId,
    })
    const running = await refusal('appeals.file', {
      gameId: env.gameId,
      filer: { role: 'captain', name: 'К' },
      text: 'рано',
      by: 'ГС',
    })
    expect(running.code).toBe('appeals/game_not_finished')
    expect(running.ru).toContain('не окончена')
    const { gameId } = await played()
    const stranger = await refusal('appeals.file', {
      gameId,
      filer: { role: 'player', playerId: tb.seats[0]!.id },
      text: 'не мой стол',
      by: 'ГС',
    })
    expect(stranger.code).toBe('appeals/filer_not_at_table')
    const nul = await refusal('appeals.file', {
      gameId,
      filer: { role: 'captain', name: 'К' },
      text: 'текст\u0000с NUL',
      by: 'ГС',
    })
    expect(nul.en).toMatch(/control characters \(such as NUL\) are not allowed/)
    expect(nul.ru).toMatch(/управляющие символы/)
    const long = await refusal('appeals.file', {
      gameId,
      filer: { role: 'captain', name: 'К' },
      text: 'я'.repeat(2001),
      by: 'ГС',
    })
    expect(long.code).toMatch(/invalid/)
    const friendly = await call('game.create', {
      rulesetId: 'fiim',
      players: 'ABCDEFGHIJ'.split('').map((n) => ({ name: n })),
    })
    expect(
      (
        await refusal('appeals.file', {
          gameId: friendly.gameId,
          filer: { role: 'captain', name: 'К' },
          text: 'x',
          by: 'ГС',
        })
      ).code,
    ).toBe('appeals/not_tournament_game')
    // The judge's panel never writes an amendment, even with an appeal's number.
    const fromPanel = await refusal('game.command', {
      gameId,
      command: { cmd: 'amend', appealId: 1, reason: 'сам', winner: 'black' },
    })
    expect(fromPanel.code).toBe('app/amend_needs_appeal')
  })
})
