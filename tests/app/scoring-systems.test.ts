// Scoring systems through the contract (issue 31 §3) on the real core and SQLite: the list, a custom system made
// by copying and editing, a tournament that copies the system it uses, the preview under another system (which
// writes nothing) and the tournament's normaliser.
import { describe, expect, it } from 'vitest'
import { tournamentCore } from './tournament-core'
import { playAt } from './tournament-play'
import type { TournamentDetail } from '../../src/shared/tournament-ops'

const tc = tournamentCore('mafia-scoring-', 'Система', 'sc')
const { call, refusal } = tc

async function playedTournament(scoringSystemId?: string): Promise<TournamentDetail> {
  let t = await call('tournaments.create', {
    name: `Турнир ${scoringSystemId ?? 'fiim'} ${Math.random()}`,
    rulesetId: 'fiim',
    tables: 1,
    ...(scoringSystemId ? { scoringSystemId } : {}),
  })
  const csv = ['nickname', ...Array.from({ length: 10 }, (_, i) => `s${t.id}-${i + 1}`)].join('\n')
  await call('tournaments.importPlayers', { tournamentId: t.id, csv })
  t = await call('stages.create', { tournamentId: t.id, kind: 'qualifying', games: 1 })
  t = await call('seating.generate', { stageId: t.stages[0].id, seed: 3 })
  const round = t.stages[0].rounds[0]
  t = await call('rounds.start', { roundId: round.id })
  await playAt(call, t, t.stages[0].rounds[0], 1)
  return call('tournaments.get', { tournamentId: t.id })
}

describe('scoring systems through the contract', () => {
  it('lists the shipped systems; a copy is a custom system that can be edited, a shipped one cannot', async () => {
    const list = await call('scoring.list', {})
    expect(list.filter((e) => e.shipped).map((e) => e.system.id)).toEqual(['fiim', 'club', 'city'])
    const copy = await call('scoring.copy', { id: 'fiim', name: 'Красные ×2' })
    expect(copy.shipped).toBe(false)
    expect(copy.system.basedOn).toBe('fiim')
    const edited = await call('scoring.save', {
      system: { ...copy.system, win: { civilian: 2, sheriff: 2, mafia: 1, don: 1 } },
    })
    expect(edited.system.win.civilian).toBe(2)
    expect((await call('scoring.get', { id: copy.system.id })).system.win.sheriff).toBe(2)

    const shipped = await refusal('scoring.save', { system: { ...copy.system, id: 'fiim' } })
    expect(shipped.code).toBe('scoring/shipped_readonly')
    expect(shipped.ru).toContain('скопируйте')
    const unknown = await refusal('scoring.save', { system: { ...copy.system, id: 'nobody' } })
    expect(unknown.code).toBe('scoring/unknown_system')
    // Bad data never gets in: the contract's one validation refuses it with a translated message.
    const bad = await refusal('scoring.save', {
      system: { ...copy.system, extraPoints: { min: 2, max: -2 } },
    })
    expect(bad.code).not.toBe('scoring/shipped_readonly')
    expect(bad.ru.length).toBeGreaterThan(0)
    expect((await call('scoring.get', { id: copy.system.id })).system.extraPoints).toEqual(
      copy.system.extraPoints,
    )
  })

  it('a tournament keeps its copy of the system; the preview shows another system without writing', async () => {
    const copy = await call('scoring.copy', { id: 'fiim', name: 'Красные ×2 (турнир)' })
    await call('scoring.save', {
      system: { ...copy.system, win: { civilian: 2, sheriff: 2, mafia: 1, don: 1 } },
    })
    const t = await playedTournament(copy.system.id)
    expect(t.scoringSystem).toEqual({ id: copy.system.id, name: 'Красные ×2 (турнир)' })
    // A later edit of the system in the list does not reach the tournament's copy.
    await call('scoring.save', {
      system: { ...copy.system, win: { civilian: 5, sheriff: 5, mafia: 5, don: 5 } },
    })

    const db = tc.core().db
    const changes = (): number =>
      (db.connection.prepare('SELECT total_changes() AS n').get() as { n: number }).n
    const before = changes()
    const p = await call('standings.preview', { tournamentId: t.id, scoringSystemId: 'fiim' })
    expect(changes()).toBe(before)
    expect(p.current.system.win.civilian).toBe(2)
    expect(p.preview.system.id).toBe('fiim')
    const fiim = new Map(p.preview.rows.map((r) => [r.name, r.total]))
    const standings = await call('standings.get', { tournamentId: t.id })
    // The tournament's own standings are the "current" side, and a red win counts 2 there, 1 under FIIM.
    const own = new Map(standings.overall.map((r) => [r.name, r.total]))
    for (const r of p.current.rows) expect(r.total).toBe(own.get(r.name))
    const winners = standings.overall.filter((r) => r.wins > 0)
    expect(winners.length).toBeGreaterThan(0)
    for (const r of winners) expect(r.total - fiim.get(r.name)!).toBeCloseTo(r.points === 2 ? 1 : 0, 6)
  }, 60_000)

  it('the normaliser: points per game with a minimum; below it a player is listed apart', async () => {
    const t = await playedTournament()
    const p = await call('standings.preview', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 2 },
    })
    expect(p.preview.rows).toEqual([])
    expect(p.preview.apart.length).toBe(10)
    expect(p.preview.apart.every((r) => r.rank === null)).toBe(true)
    const saved = await call('tournaments.setNormaliser', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 1 },
    })
    expect(saved.normaliser).toEqual({ kind: 'perGame', minGames: 1 })
    expect((await call('tournaments.get', { tournamentId: t.id })).normaliser).toEqual(saved.normaliser)
    const q = await call('standings.preview', { tournamentId: t.id })
    expect(q.current.normaliser).toEqual(saved.normaliser)
    expect(q.current.rows.length).toBe(10)
    expect(q.current.rows.every((r) => r.perGame === r.total)).toBe(true)
    const bad = await refusal('tournaments.setNormaliser', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 0 },
    })
    expect(bad.ru.length).toBeGreaterThan(0)
  }, 60_000)
})
