// Issue 30 §2 (admin): a game undone back to its setup is listed as not started, not «Идёт»; the organiser's
// dashboard says where a running game stands with the panel's words (the day or night and the day's step).
import { describe, expect, it } from 'vitest'
import { DEMO_TOURNAMENT_NAME } from '../../src/main/db/tournaments'
import { tournamentCore } from './tournament-core'

const t = tournamentCore('md-admin-progress-', 'Прогресс', 'ap')
const PLAYERS = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
  name,
}))

describe('where a game stands, for the lists and the dashboard', () => {
  it('a game undone back to its setup is stored as not started; started again, it runs', async () => {
    const g = await t.call('game.create', { rulesetId: 'fiim', players: PLAYERS })
    await t.call('game.command', { gameId: g.gameId, command: { cmd: 'start' } })
    expect(t.core().db.games.getGame(g.gameId)?.status).toBe('running')
    await t.call('game.command', { gameId: g.gameId, command: { cmd: 'undo' } })
    expect(t.core().db.games.getGame(g.gameId)?.status).toBe('setup')
    await t.call('game.command', { gameId: g.gameId, command: { cmd: 'redo' } })
    expect(t.core().db.games.getGame(g.gameId)?.status).toBe('running')
  })

  it("the dashboard gives the running game's day and step («День 1 · Речь»), or its night", async () => {
    const demo = t
      .core()
      .db.tournaments.listTournaments()
      .find((x) => x.name === DEMO_TOURNAMENT_NAME)!
    // The demo tournament's game still to play (its round's table).
    const gameId = t
      .core()
      .db.games.listGames({ tournamentId: demo.id })
      .find((g) => g.status !== 'finished' && g.cancelledAt === null)!.id
    const run = async (cmd: Record<string, unknown>): Promise<void> => {
      await t.call('game.command', { gameId, command: cmd })
    }
    await run({ cmd: 'start' })
    await run({ cmd: 'next' })
    const game = async () => {
      const detail = await t.call('tournaments.get', { tournamentId: demo.id })
      return detail.stages
        .flatMap((s) => s.rounds)
        .flatMap((r) => r.tables)
        .map((x) => x.game)
        .find((x) => x?.id === gameId)
    }
    expect(await game()).toMatchObject({ status: 'running', phase: 'day', day: 1, step: 'speech' })
    for (let i = 0; i < 10; i++) await run({ cmd: 'next' })
    expect(await game()).toMatchObject({ status: 'running', phase: 'night', night: 1, step: null })
  })
})
