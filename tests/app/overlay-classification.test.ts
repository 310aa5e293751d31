/**
 * #31 §1 on air: the overlay's standings carry the final classification once a later stage places players, from
 * the same standings the exports read — provisional while the final's round is open, final once it is finished;
 * before the final is played there is none (the overall table stands).
 */
import { describe, expect, it } from 'vitest'
import { playAt } from './tournament-play'
import { tournamentCore } from './tournament-core'

const { call, tournament } = tournamentCore('md-overlay-class-', 'Финал в эфире', 'Ф')

describe('the overlay standings of a tournament with a final', () => {
  it('show the classification: none before the final, provisional during it, final after it', async () => {
    let t = await tournament(20, 1, 2)
    const qualifying = t.stages[0].id
    t = await call('seating.generate', { stageId: qualifying, seed: 1 })
    const q1 = t.stages[0].rounds[0].id
    t = await call('rounds.start', { roundId: q1 })
    for (const table of [1, 2]) await playAt(call, t, t.stages[0].rounds[0], table)
    await call('rounds.finish', { roundId: q1 })
    t = await call('stages.create', {
      tournamentId: t.id,
      kind: 'final',
      games: 1,
      size: 10,
      tieAtCut: 'lot',
    })
    const settings = (await call('overlay.view', {})).settings
    await call('overlay.setSettings', { ...settings, standingsTournamentId: t.id })

    const shown = async () => (await call('overlay.view', {})).standings
    expect((await shown())?.classification ?? null).toBeNull()

    const finalId = t.stages.find((s) => s.kind === 'final')!.id
    t = await call('seating.generate', { stageId: finalId, seed: 3 })
    const finalStage = t.stages.find((s) => s.kind === 'final')!
    t = await call('rounds.start', { roundId: finalStage.rounds[0].id })
    const round = t.stages.find((s) => s.kind === 'final')!.rounds[0]
    await playAt(call, t, round, round.tables[0].table)

    const during = (await shown())?.classification
    expect(during?.final).toBe(false)
    expect(during?.rows.slice(0, 10).every((r) => r.group === 'final')).toBe(true)
    expect(during?.rows.slice(10).every((r) => r.group === 'qualifying')).toBe(true)

    await call('rounds.finish', { roundId: round.id })
    const after = (await shown())?.classification
    expect(after?.final).toBe(true)
    // The same classification as the standings view the exports read.
    const s = await call('standings.get', { tournamentId: t.id })
    expect(after?.rows.map((r) => [r.place, r.name, r.group, r.score])).toEqual(
      s.classification!.map((r) => [r.place, r.name, r.group, r.score]),
    )
  })
})
