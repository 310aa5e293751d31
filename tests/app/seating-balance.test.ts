/**
 * Fair tables through the contract on the real core (SQLite in a temp folder): the stage's figures give the most
 * games at one table and with one judge against ⌈G/T⌉ + 1, counted here from the dashboard's rounds; after a
 * withdrawal and a late registration the random comparison is made of the same rounds (not of a new P × G shape).
 */
import { describe, expect, it } from 'vitest'
import type { DashboardStage } from '../../src/shared/tournament-ops'
import { tournamentCore } from './tournament-core'

const { call, tournament } = tournamentCore('md-seating-balance-', 'Баланс', 'Б')

/** Per player id: games, the most at one table, the most with one judge — from the dashboard. */
function counted(stage: DashboardStage): { table: number; judge: number; overTable: number } {
  const byTable = new Map<number, Map<number, number>>()
  const byJudge = new Map<number, Map<string, number>>()
  const bump = <K>(m: Map<number, Map<K, number>>, id: number, k: K): void => {
    const inner = m.get(id) ?? new Map<K, number>()
    inner.set(k, (inner.get(k) ?? 0) + 1)
    m.set(id, inner)
  }
  let tables = 1
  for (const round of stage.rounds) {
    tables = Math.max(tables, round.tables.length)
    for (const tb of round.tables)
      for (const p of tb.seats) {
        if (!p) continue
        bump(byTable, p.id, tb.table)
        bump(byJudge, p.id, tb.judge)
      }
  }
  const most = (m: Map<number, Map<unknown, number>>): number =>
    Math.max(...[...m.values()].map((x) => Math.max(...x.values())))
  const overTable = [...byTable.values()].filter((x) => {
    const games = [...x.values()].reduce((a, b) => a + b, 0)
    return Math.max(...x.values()) > Math.ceil(games / tables) + 1
  }).length
  return { table: most(byTable), judge: most(byJudge), overTable }
}

describe('table balance in the stage figures', () => {
  it('30 players × 6 games at 3 tables: nobody over ⌈G/T⌉ + 1 at a table or with a judge, figures agree', async () => {
    let t = await tournament(30, 6, 3)
    t = await call('tournaments.update', { tournamentId: t.id, judges: ['Анна', 'Борис', 'Вера'] })
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 4 })
    const stage = t.stages[0]
    const c = counted(stage)
    const f = stage.figures!.generated
    expect(c.overTable).toBe(0)
    expect(f.tableCap).toBe(3) // ⌈6/3⌉ + 1
    expect(f.tableMaxAtOne).toBe(c.table)
    expect(f.tableOverCap).toBe(0)
    // Every judge keeps his table all stage long: the judge figure is the table figure.
    expect(f.judgeMaxWithOne).toBe(c.judge)
    expect(f.judgeMaxWithOne).toBe(c.table)
    expect(f.judgeOverCap).toBe(0)
  })

  it('after a withdrawal and a late registration the random seating is made of the same rounds', async () => {
    let t = await tournament(30, 4, 3)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 7 })
    t = await call('rounds.start', { roundId: t.stages[0].rounds[0].id })
    const gone = t.stages[0].rounds[0].tables[0].seats[0]!
    t = await call('tournaments.withdraw', { tournamentId: t.id, playerId: gone.id })
    t = await call('tournaments.registerNew', { tournamentId: t.id, nickname: 'Поздний' })
    const stage = t.stages[0]
    expect(stage.players).toBe(30)
    // The stage's pickers offer its players now: the late one, not the withdrawn one.
    expect(stage.playerIds).toHaveLength(30)
    expect(stage.playerIds).not.toContain(gone.id)
    const { generated, random } = stage.figures!
    // Same rounds, same tables, same spare seats: only who sits where is shuffled.
    expect(random.tables).toBe(generated.tables)
    expect(random.players).toBe(generated.players)
    expect(random.spareSeats).toBe(generated.spareSeats)
    expect(random.tables).toBe(3)
    // …and it is a random seating, not the stored one again: its meetings are less even.
    expect(random.pairsSumSquares).toBeGreaterThan(generated.pairsSumSquares)
  })
})
