// Issue 30 §1: the stream's standings. They say "final" or "provisional" from the same place as the exports, at
// once when a stage's last round is closed; and the operator can pin a tournament to the standings graphic, so a
// friendly game on the table does not leave the standings layout with «Пока нет таблицы».
import { describe, expect, it } from 'vitest'
import { liveStandings } from '../../src/main/app/exports'
import { DEMO_TOURNAMENT_NAME } from '../../src/main/db/tournaments'
import type { OverlayEnvelope } from '../../src/shared/contract'
import { tournamentCore } from './tournament-core'

const t = tournamentCore('md-ov-standings-', 'Таблица', 'ts')
const PLAYERS = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
  name,
}))

/** The overlay envelopes the service pushes while `run` runs (and its deferred work is done). */
async function pushedDuring(run: () => Promise<unknown>): Promise<OverlayEnvelope[]> {
  const seen: OverlayEnvelope[] = []
  const off = t.core().service.onPush((channel, payload) => {
    if (channel === 'overlay.view') seen.push(payload as OverlayEnvelope)
  })
  try {
    await run()
    await new Promise((r) => setImmediate(r))
    t.core().service.flushAfterSend()
  } finally {
    off()
  }
  return seen
}

describe('the overlay standings', () => {
  it('closing a stage makes the pushed standings final, as the exports say, without waiting for a command', async () => {
    const db = t.core().db
    const demo = db.tournaments.listTournaments().find((x) => x.name === DEMO_TOURNAMENT_NAME)!
    const before = await t.call('overlay.view', {})
    const standings = (s: OverlayEnvelope['standings']): { ciProvisional?: boolean } | null =>
      s as { ciProvisional?: boolean } | null
    expect(standings(before.standings)?.ciProvisional).toBe(true)
    const stage = db.tournaments.listStages(demo.id)[0]
    const last = db.tournaments.listRounds(stage.id).at(-1)!
    const pushed = await pushedDuring(() => t.call('rounds.finish', { roundId: last.id, force: true }))
    expect(liveStandings(db, demo.id).ciProvisional).toBe(false)
    expect(pushed.length).toBeGreaterThan(0)
    expect(standings(pushed.at(-1)!.standings)?.ciProvisional).toBe(false)
    const rows = (pushed.at(-1)!.standings?.rows ?? []) as Array<{ ciProvisional?: boolean }>
    expect(rows.some((r) => r.ciProvisional)).toBe(false)
    expect(standings((await t.call('overlay.view', {})).standings)?.ciProvisional).toBe(false)
  })

  it('a friendly game shows no standings until a tournament is pinned; the pin is checked and can be lifted', async () => {
    const demo = t
      .core()
      .db.tournaments.listTournaments()
      .find((x) => x.name === DEMO_TOURNAMENT_NAME)!
    const friendly = await t.call('game.create', { rulesetId: 'fiim', players: PLAYERS })
    await t.call('game.open', { gameId: friendly.gameId })
    const open = await t.call('overlay.view', {})
    expect(open.gameId).toBe(friendly.gameId)
    expect(open.standings).toBeNull()

    const pushed = await pushedDuring(() =>
      t.call('overlay.setSettings', { ...open.settings, standingsTournamentId: demo.id }),
    )
    expect(pushed.at(-1)?.standings?.title).toBe(demo.name)
    expect((await t.call('overlay.view', {})).standings?.rows.length).toBeGreaterThan(0)

    const refused = await t.refusal('overlay.setSettings', { ...open.settings, standingsTournamentId: 99999 })
    expect(refused.code).toBe('app/tournament_not_found')
    expect(refused.ru).toContain('Турнир №99999 не найден')
    expect((await t.call('overlay.view', {})).settings.standingsTournamentId).toBe(demo.id)

    await t.call('overlay.setSettings', { ...open.settings, standingsTournamentId: null })
    expect((await t.call('overlay.view', {})).standings).toBeNull()
  })

  it("carries the game's judge to the stream (none when not stored)", async () => {
    const judged = await t.call('game.create', {
      rulesetId: 'fiim',
      players: PLAYERS,
      judge: 'Анна Судейская',
    })
    await t.call('game.open', { gameId: judged.gameId })
    expect((await t.call('overlay.view', {})).judge).toBe('Анна Судейская')
    const none = await t.call('game.create', { rulesetId: 'fiim', players: PLAYERS })
    await t.call('game.open', { gameId: none.gameId })
    expect((await t.call('overlay.view', {})).judge ?? null).toBeNull()
  })
})
