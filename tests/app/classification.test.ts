/**
 * The final classification's setting through the contract on the real core: the carry-over belongs to the final
 * stage, is refused for another stage in the judge's language, reaches the standings, and survives a new seating.
 */
import { describe, expect, it } from 'vitest'
import { playAt } from './tournament-play'
import { tournamentCore } from './tournament-core'

const { call, refusal, tournament } = tournamentCore('md-classification-', 'Классификация', 'К')

describe('the carry-over into the final classification', () => {
  it('is set on the final stage, shown by the standings and kept when the final is seated again', async () => {
    let t = await tournament(20, 1, 2)
    const qualifying = t.stages[0].id
    t = await call('seating.generate', { stageId: qualifying, seed: 1 })
    const roundId = t.stages[0].rounds[0].id
    t = await call('rounds.start', { roundId })
    for (const table of [1, 2]) await playAt(call, t, t.stages[0].rounds[0], table)
    await call('rounds.finish', { roundId })
    t = await call('stages.create', {
      tournamentId: t.id,
      kind: 'final',
      games: 1,
      size: 10,
      tieAtCut: 'lot',
    })
    const final = t.stages.find((s) => s.kind === 'final')!.id
    // The final's pickers offer its ten seeded players only.
    expect(t.stages.find((s) => s.kind === 'final')!.playerIds).toHaveLength(10)
    const r = await refusal('stages.setCarryOver', { stageId: qualifying, carryOver: 1 })
    expect(r.code).toBe('tournament/not_final_stage')
    expect(r.ru).toContain('финального этапа')
    expect(await call('stages.setCarryOver', { stageId: final, carryOver: 0.5 })).toEqual({ carryOver: 0.5 })
    let s = await call('standings.get', { tournamentId: t.id })
    expect(s).toMatchObject({ carryOver: 0.5, finalStageId: final })
    // Before the final is played the classification is the qualifying's order.
    expect(s.classification!.map((r) => r.group)).toEqual(new Array<string>(20).fill('qualifying'))
    const rankOf = new Map(s.stages[0].rows.map((r) => [r.name, r.rank]))
    for (const r of s.classification!) expect(r.place, r.name).toBe(rankOf.get(r.name))
    await call('seating.generate', { stageId: final, seed: 3 })
    s = await call('standings.get', { tournamentId: t.id })
    expect(s.carryOver).toBe(0.5)
    // Out of range: refused by the contract.
    expect((await refusal('stages.setCarryOver', { stageId: final, carryOver: 2 })).code).toBe(
      'contract/invalid_params',
    )
  })
})
