/**
 * Merging two registry entries while a game that seats one of them is open in the server: the game goes on and,
 * when it ends, stores its results under the kept player (the server reloads the games it holds in memory).
 * Two players who sat in one game stay two people: that merge is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'
import { tournamentCore } from './tournament-core'

const { call, refusal, core } = tournamentCore('md-merge-', 'Кубок', 'Гость')

describe('players.merge with a game in progress', () => {
  it('the open game ends with its results under the kept player', async () => {
    const seated = []
    for (let i = 0; i < 10; i++) seated.push(await call('players.add', { nickname: `Стол ${i + 1}` }))
    const twin = await call('players.add', { nickname: 'Стол 3 (карточка клуба)', city: 'Тверь' })
    const env = await call('game.create', {
      rulesetId: 'fiim',
      players: seated.map((p) => ({ name: p.nickname, playerId: p.id })),
      roles: { ...FULL_GAME_ROLES },
    })
    const half = Math.floor(FULL_GAME.length / 2)
    for (const command of FULL_GAME.slice(0, half))
      await call('game.command', { gameId: env.gameId, command })

    // Seat 3's entry is the duplicate: the club's card (with the city) is kept.
    const kept = await call('players.merge', { keepId: twin.id, dropId: seated[2].id })
    expect(kept).toMatchObject({ id: twin.id, city: 'Тверь' })

    let last = env
    for (const command of FULL_GAME.slice(half))
      last = await call('game.command', { gameId: env.gameId, command })
    expect(last.game.status).toBe('finished')
    const results = core().db.games.getResults(env.gameId)
    expect(results[2].playerId).toBe(twin.id)
    expect(results.map((r) => r.playerId)).not.toContain(seated[2].id)
  })

  it('two people of one game are not merged, and nothing changes', async () => {
    const players = await call('players.list', {})
    const game = (await call('game.list', {})).find((g) => g.status === 'finished')!
    const seats = core()
      .db.games.getResults(game.id)
      .map((r) => r.playerId)
    const refused = await refusal('players.merge', { keepId: seats[0], dropId: seats[1] })
    expect(refused.code).toBe('db/merge_conflict')
    expect(refused.ru).toMatch(/разные люди/)
    expect(await call('players.list', {})).toEqual(players)
  })
})
