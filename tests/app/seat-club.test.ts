/**
 * Issue 30: the player's club on the seat cards. The club is read from the registry once, when the game is created,
 * and travels in the game's setup (no registry lookup per push); a tournament game's summary carries its round and
 * table numbers, so every screen names it «Тур 1 · Стол 1 · Игра 1».
 */
import { describe, expect, it } from 'vitest'
import { tournamentCore } from './tournament-core'
import { FULL_GAME_ROLES } from '../fixtures/full-game'

const { call, tournament } = tournamentCore('md-seat-club-', 'Кубок', 'Клубный')

describe('the club on the seat cards', () => {
  it('comes from the registry at the game’s creation and stays as it was for that game', async () => {
    const red = await call('players.add', { nickname: 'Клубень', club: 'Красный квадрат' })
    const none = await call('players.add', { nickname: 'Бесклубный' })
    const players = Array.from({ length: 10 }, (_, i) => ({
      name: `Гость ${i + 1}`,
      playerId: null as number | null,
    }))
    players[2] = { name: red.nickname, playerId: red.id }
    players[6] = { name: none.nickname, playerId: none.id }
    const env = await call('game.create', { rulesetId: 'fiim', players, roles: { ...FULL_GAME_ROLES } })
    expect(env.view.players.map((p) => p.club)).toEqual([
      null,
      null,
      'Красный квадрат',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ])
    const overlay = await call('overlay.view', {})
    expect(overlay.view?.players[2].club).toBe('Красный квадрат')
    // The registry changes later: the game keeps the club it was created with (its setup is its record).
    await call('players.update', { id: red.id, club: 'Полночь' })
    await call('game.command', { gameId: env.gameId, command: { cmd: 'start' } })
    const after = await call('overlay.view', {})
    expect(after.view?.players[2].club).toBe('Красный квадрат')
    // A game created afterwards reads the registry again.
    const next = await call('game.create', { rulesetId: 'fiim', players, roles: { ...FULL_GAME_ROLES } })
    expect(next.view.players[2].club).toBe('Полночь')
  })

  it('a tournament game’s summary names its round and table', async () => {
    const t = await tournament(10, 1)
    const detail = await call('seating.generate', { stageId: t.stages[0].id, seed: 1 })
    const round = detail.stages[0].rounds[0]
    const started = await call('rounds.start', { roundId: round.id })
    const table = started.stages[0].rounds[0].tables[0]
    const env = await call('game.create', {
      rulesetId: t.rulesetId,
      players: table.seats.map((p, i) => ({
        name: p?.nickname ?? `Запасной ${i + 1}`,
        playerId: p?.id ?? null,
      })),
      roles: { ...FULL_GAME_ROLES },
      tournamentId: t.id,
      roundId: round.id,
      tableId: table.tableId,
      number: 1,
    })
    expect(env.game.roundNumber).toBe(round.number)
    expect(env.game.tableNumber).toBe(1) // the only table
    expect(env.game.title).toBe(`Тур ${round.number} · Стол 1 · Игра 1`)
    const listed = (await call('game.list', {})).find((g) => g.id === env.gameId)
    expect(listed?.title).toBe(env.game.title)
  })
})
