/**
 * The tournament's record (issue 28 §5), through the contract on the real core with SQLite in a temp folder: a
 * tournament game's players are its table's seating at every game.create (a new game, the prepared game's setup);
 * a spare seat's or a substitute's player scores for nobody; a substitution is the head judge's logged act that
 * the dashboard and the protocol show; rounds start in order; a forced close freezes or cancels the unfinished
 * games, and a frozen game takes no command until the head judge opens the round again.
 */
import { describe, expect, it } from 'vitest'
import type { GameEnvelope } from '../../src/shared/contract'
import type { DashboardRound, TournamentDetail } from '../../src/shared/tournament-ops'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'
import { playAt } from './tournament-play'
import { tournamentCore } from './tournament-core'

const h = tournamentCore('md-tournament-record-', 'Запись', 'З')
const { call, refusal, tournament } = h

type Seat = { name: string; playerId: number | null }

/** The seats the panel sends after «Загрузить рассадку» (a spare seat: «Запасной N», no registry link). */
function seatsOf(round: DashboardRound, table: number): Seat[] {
  const tb = round.tables.find((x) => x.table === table)!
  return tb.seats.map((p, i) => ({ name: p?.nickname ?? `Запасной ${i + 1}`, playerId: p?.id ?? null }))
}

function setupAt(t: TournamentDetail, round: DashboardRound, table: number, players: Seat[]) {
  return {
    rulesetId: t.rulesetId,
    players,
    roles: { ...FULL_GAME_ROLES },
    tournamentId: t.id,
    roundId: round.id,
    tableId: round.tables.find((x) => x.table === table)!.tableId,
  }
}

function setupPlayers(gameId: number): Seat[] {
  const row = h.core().db.games.getGame(gameId)!
  return (row.setup as { players: Seat[] }).players.map((p) => ({ name: p.name, playerId: p.playerId }))
}

describe('a tournament game takes the seating of its table, at every game.create', () => {
  it('refuses an outsider, a name under a seated id, a moved player and a game without a table', async () => {
    let t = await tournament(10, 2)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 5 })
    t = await call('rounds.start', { roundId: t.stages[0].rounds[0].id })
    const round = t.stages[0].rounds[0]
    const prepared = round.tables[0].game!.id
    const seating = seatsOf(round, 1)
    const outsider = await call('players.add', { nickname: 'Чужак с улицы' })

    // The case: the judge types a registry player who is not in the tournament over seat 3.
    const cases: Array<[string, Seat[]]> = [
      [
        'outsider from the registry',
        seating.map((s, i) => (i === 2 ? { name: outsider.nickname, playerId: outsider.id } : s)),
      ],
      ['outsider by name only', seating.map((s, i) => (i === 2 ? { name: 'Кто-то', playerId: null } : s))],
      [
        'another name under the seated id',
        seating.map((s, i) => (i === 2 ? { name: 'Кто-то', playerId: s.playerId } : s)),
      ],
      [
        'two seated players swapped',
        seating.map((s, i) => (i === 2 ? seating[3] : i === 3 ? seating[2] : s)),
      ],
    ]
    for (const [what, players] of cases) {
      const r = await refusal('game.create', setupAt(t, round, 1, players))
      expect(r.code, what).toBe('tournament/not_the_seating')
      expect(r.ru, what).toMatch(/место 3: по рассадке «З\d+-\d+»/)
      expect(r.en, what).toMatch(/seat 3: the seating has "?«?З\d+-\d+/)
    }
    // Nothing changed: the prepared game still seats the seating.
    expect(setupPlayers(prepared)).toEqual(seating)

    // A tournament game without its round and table is refused too (its players would be nobody's seating).
    const bare = await refusal('game.create', {
      ...setupAt(t, round, 1, seating),
      roundId: null,
      tableId: null,
    })
    expect(bare.code).toBe('tournament/game_needs_table')

    // The seating itself goes through, into the prepared game (not a second one).
    const env = await call('game.create', setupAt(t, round, 1, seating))
    expect(env.gameId).toBe(prepared)
    // The prepared game's setup can be sent again, but never with another player.
    const again = await refusal(
      'game.create',
      setupAt(
        t,
        round,
        1,
        seating.map((s, i) => (i === 0 ? { name: outsider.nickname, playerId: outsider.id } : s)),
      ),
    )
    expect(again.code).toBe('tournament/not_the_seating')

    // The standings never rank the outsider.
    const gameId = await playAt(call, t, round, 1)
    expect(gameId).toBe(prepared)
    const standings = await call('standings.get', { tournamentId: t.id })
    expect(standings.overall.map((r) => r.playerId).sort()).toEqual(seating.map((s) => s.playerId).sort())
  })
})

describe('spare seats and substitutions score for nobody', () => {
  it("a spare seat's player is in no standings row", async () => {
    let t = await tournament(19, 1, 2)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 3, uneven: 'spareSeats' })
    t = await call('rounds.start', { roundId: t.stages[0].rounds[0].id })
    const round = t.stages[0].rounds[0]
    const withSpare = round.tables.find((tb) => tb.seats.includes(null))!
    const spareSeat = withSpare.seats.indexOf(null) + 1
    // A registry player in the spare seat is refused: the spare seat's player has no registry link.
    const someone = await call('players.add', { nickname: 'Подменный Игрок' })
    const linked = await refusal(
      'game.create',
      setupAt(
        t,
        round,
        withSpare.table,
        seatsOf(round, withSpare.table).map((s, i) =>
          i === spareSeat - 1 ? { name: someone.nickname, playerId: someone.id } : s,
        ),
      ),
    )
    expect(linked.code).toBe('tournament/not_the_seating')
    expect(linked.ru).toContain(`место ${spareSeat}: по рассадке запасное место`)

    await playAt(call, t, round, withSpare.table)
    const standings = await call('standings.get', { tournamentId: t.id })
    expect(standings.overall.map((r) => r.name)).not.toContain(`Запасной ${spareSeat}`)
    expect(standings.overall).toHaveLength(9)
    expect(standings.overall.every((r) => r.playerId !== null)).toBe(true)
  })

  it("is the head judge's logged act: the prepared game, the dashboard and the protocol show it", async () => {
    let t = await tournament(10, 1)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 4 })
    const r1 = t.stages[0].rounds[0]
    const tableId = r1.tables[0].tableId
    // Before the round starts the seating is changed by a swap or a move, not a substitution.
    const early = await refusal('seating.substitute', {
      roundId: r1.id,
      tableId,
      seat: 3,
      name: 'Гость',
      reason: 'заболел',
      headJudge: 'Главный',
    })
    expect(early.code).toBe('tournament/round_not_started')
    t = await call('rounds.start', { roundId: r1.id })
    let round = t.stages[0].rounds[0]
    const replaced = round.tables[0].seats[2]!
    const gameId = round.tables[0].game!.id
    // A player of the tournament cannot be the substitute (he scores only in his own seat).
    const player = await refusal('seating.substitute', {
      roundId: r1.id,
      tableId,
      seat: 3,
      name: round.tables[0].seats[5]!.nickname,
      reason: 'заболел',
      headJudge: 'Главный',
    })
    expect(player.code).toBe('tournament/substitute_is_player')

    t = await call('seating.substitute', {
      roundId: r1.id,
      tableId,
      seat: 3,
      name: 'Гость',
      reason: 'заболел',
      headJudge: 'Главный',
    })
    round = t.stages[0].rounds[0]
    expect(round.tables[0].substitutions).toEqual([
      expect.objectContaining({
        seat: 3,
        name: 'Гость',
        replaced: expect.objectContaining({ id: replaced.id }),
        reason: 'заболел',
        headJudge: 'Главный',
        byTable: false,
      }),
    ])
    // The prepared game's seat takes the substitute, without a registry link; the seating the panel loads
    // has no registry player there any more.
    expect(setupPlayers(gameId)[2]).toEqual({ name: 'Гость', playerId: null })
    const loaded = await call('tournaments.seating', { tournamentId: t.id, roundId: r1.id, tableId })
    expect(loaded[2]).toBeNull()
    expect(loaded.filter((p) => p !== null)).toHaveLength(9)
    // The seated player is no longer the seat's: the panel's old seating is refused.
    const old = seatsOf(round, 1).map((s, i) =>
      i === 2 ? { name: replaced.nickname, playerId: replaced.id } : s,
    )
    expect((await refusal('game.create', setupAt(t, round, 1, old))).code).toBe('tournament/not_the_seating')
    // A second substitution in the same seat is refused, not silently replaced.
    const twice = await refusal('seating.substitute', {
      roundId: r1.id,
      tableId,
      seat: 3,
      name: 'Другой гость',
      reason: 'ещё раз',
      headJudge: 'Главный',
    })
    expect(twice.code).toBe('db/seat_substituted')

    const env = (await call('game.create', setupAt(t, round, 1, setupPlayers(gameId)))) as GameEnvelope
    expect(env.gameId).toBe(gameId)
    for (const command of FULL_GAME) await call('game.command', { gameId, command })
    // Once the game has started nobody is substituted in it.
    const late = await refusal('seating.substitute', {
      roundId: r1.id,
      tableId,
      seat: 4,
      name: 'Поздний',
      reason: 'ушёл',
      headJudge: 'Главный',
    })
    expect(late.code).toBe('tournament/game_started')

    const standings = await call('standings.get', { tournamentId: t.id })
    expect(standings.overall.map((r) => r.name)).not.toContain('Гость')
    expect(standings.overall.map((r) => r.playerId)).not.toContain(replaced.id)
    expect(standings.overall).toHaveLength(9)

    const html = await call('export.protocol', { gameId, format: 'html', lang: 'ru' })
    const text = Buffer.from(html.base64, 'base64').toString()
    expect(text).toContain('Гость')
    expect(text).toMatch(/замена.*вместо.*З\d+-\d+/i)
    const en = await call('export.protocol', { gameId, format: 'html', lang: 'en' })
    expect(Buffer.from(en.base64, 'base64').toString()).toMatch(/substitute.*for.*З\d+-\d+/i)
  })
})

describe('rounds start in order', () => {
  it('refuses round 2 before round 1, at rounds.start and at game.create', async () => {
    let t = await tournament(10, 3)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 2 })
    const [r1, r2, r3] = t.stages[0].rounds
    const early = await refusal('rounds.start', { roundId: r2.id })
    expect(early.code).toBe('db/round_order')
    expect(early.ru).toMatch(/Тур 2 нельзя начать раньше тура 1/)
    expect(early.en).toMatch(/Round 2 cannot start before round 1/)
    // A game made for round 3 at a table would start it: refused the same way.
    const byPanel = await refusal('game.create', setupAt(t, r3, 1, seatsOf(r3, 1)))
    expect(byPanel.code).toBe('db/round_order')
    t = await call('tournaments.get', { tournamentId: t.id })
    expect(t.stages[0].rounds.map((r) => r.started)).toEqual([false, false, false])

    // In order they start: round 1 from a table's panel, round 2 from the dashboard.
    await call('game.create', setupAt(t, r1, 1, seatsOf(r1, 1)))
    t = await call('rounds.start', { roundId: r2.id })
    expect(t.stages[0].rounds.map((r) => r.started)).toEqual([true, true, false])
  })
})

describe('a forced close freezes or cancels the unfinished games', () => {
  it('a frozen game takes no command until the round is opened again; cancel needs a reason', async () => {
    let t = await tournament(20, 1, 2)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 7 })
    t = await call('rounds.start', { roundId: t.stages[0].rounds[0].id })
    let round = t.stages[0].rounds[0]
    const running = round.tables[0].game!.id
    const prepared = round.tables[1].game!.id
    await call('game.create', setupAt(t, round, 1, seatsOf(round, 1)))
    for (const command of FULL_GAME.slice(0, 5)) await call('game.command', { gameId: running, command })

    await call('game.command', { gameId: running, command: { cmd: 'timer', action: 'start' } })
    const ticking = await call('game.view', { gameId: running })
    expect(ticking.view.timer?.runningSince).not.toBeNull()
    // Closing without confirmation names the unfinished games.
    expect((await refusal('rounds.finish', { roundId: round.id })).code).toBe('db/round_in_progress')
    await call('rounds.finish', { roundId: round.id, force: true })
    // Frozen: its clock stopped at the close.
    const stopped = await call('game.view', { gameId: running })
    expect(stopped.view.timer?.runningSince ?? null).toBeNull()
    expect(stopped.view.timer?.remainingMs).toBeGreaterThan(0)
    const frozen = await refusal('game.command', { gameId: running, command: FULL_GAME[5] })
    expect(frozen.code).toBe('tournament/round_closed')
    expect(frozen.ru).toMatch(/Тур 1 завершён.*заморожена/)
    expect(frozen.en).toMatch(/Round 1 is closed.*frozen/)
    // The prepared game of the other table is frozen too: no command, no new setup.
    expect((await refusal('game.command', { gameId: prepared, command: { cmd: 'start' } })).code).toBe(
      'tournament/round_closed',
    )
    expect((await refusal('game.create', setupAt(t, round, 2, seatsOf(round, 2)))).code).toBe(
      'tournament/round_closed',
    )
    expect(h.core().db.games.loadGame(running)!.log).toHaveLength(7)

    // The head judge opens the round again: the game goes on.
    t = await call('rounds.reopen', { roundId: round.id })
    expect(t.stages[0].rounds[0].finished).toBe(false)
    await call('game.command', { gameId: running, command: FULL_GAME[5] })

    // A cancel needs its reason; with it, every unfinished game is cancelled with that reason.
    expect(
      (await refusal('rounds.finish', { roundId: round.id, force: true, unfinished: 'cancel' })).code,
    ).toBe('tournament/cancel_needs_reason')
    expect(t.stages[0].rounds[0].finished).toBe(false)
    await call('rounds.finish', {
      roundId: round.id,
      force: true,
      unfinished: 'cancel',
      reason: 'зал закрывается',
    })
    t = await call('tournaments.get', { tournamentId: t.id })
    round = t.stages[0].rounds[0]
    expect(round.finished).toBe(true)
    for (const tb of round.tables) {
      expect(tb.game).toBeNull()
      expect(tb.cancelled.map((g) => g.cancelReason)).toEqual(['зал закрывается'])
    }
    expect((await refusal('game.command', { gameId: running, command: FULL_GAME[6] })).code).toBe(
      'app/game_cancelled',
    )
  })
})
