/**
 * The lower third's tournament points are the standings' points of the seat's registered player, matched by the
 * registry id: a player renamed between rounds (seated under another name than in his first game) keeps his
 * points on stream.
 */
import { describe, expect, it } from 'vitest'
import { tournamentCore } from './tournament-core'
import { playAt } from './tournament-play'
import { FULL_GAME_ROLES } from '../fixtures/full-game'

const { call, tournament } = tournamentCore('md-lower-third-', 'Кубок', 'Гость')

describe('the lower third of a tournament game', () => {
  it('shows the points of the seat’s player after he was renamed between rounds', async () => {
    // Ten players, two rounds at one table.
    const created = await tournament(10, 2)
    let t = await call('seating.generate', { stageId: created.stages[0].id, seed: 1 })
    const caller = (name: Parameters<typeof call>[0], params: unknown): Promise<unknown> => call(name, params)
    t = await call('rounds.start', { roundId: t.stages[0].rounds[0].id })
    await playAt(caller, t, t.stages[0].rounds[0], 1)
    await call('rounds.finish', { roundId: t.stages[0].rounds[0].id })

    // A player with points from round 1, renamed before round 2 is seated at the table.
    const standings = await call('standings.get', { tournamentId: t.id })
    const scorer = standings.overall.find((r) => r.playerId !== null && r.total > 0)!
    await call('players.update', { id: scorer.playerId, nickname: `${scorer.name} (Тверь)` })

    t = await call('rounds.start', { roundId: t.stages[0].rounds[1].id })
    const table = t.stages[0].rounds[1].tables[0]
    const seat = table.seats.findIndex((p) => p?.id === scorer.playerId) + 1
    expect(seat).toBeGreaterThan(0)
    await call('game.create', {
      rulesetId: t.rulesetId,
      players: table.seats.map((p, i) => ({
        name: p?.nickname ?? `Запасной ${i + 1}`,
        playerId: p?.id ?? null,
      })),
      roles: { ...FULL_GAME_ROLES },
      tournamentId: t.id,
      roundId: t.stages[0].rounds[1].id,
      tableId: table.tableId,
    })
    const shown = await call('overlay.graphic', { graphic: 'lowerThird', show: true, seat })
    expect(shown.lowerThird?.name).toBe(`${scorer.name} (Тверь)`)
    expect(shown.lowerThird?.points).toBe(scorer.total)
  })
})
