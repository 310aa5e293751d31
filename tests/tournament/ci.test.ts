// Ci, first-kill compensation (docs/rules.md §13.5), on a hand-computed table of 6 players across 10 games.
import { describe, expect, it } from 'vitest'
import { SCORING_PRESETS, type ScoringConfig } from '../../src/main/tournament/scoring'
import { computeCi } from '../../src/main/tournament/ci'
import {
  ciValues,
  computeAllStandings,
  computeStandings,
  scoreGames,
  type StandingsGame,
} from '../../src/main/tournament/standings'
import type { Winner } from '../../src/shared/game/record'
import { miniGame, type MiniPlayer } from './fixtures'

const names = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7']
const P: Record<string, MiniPlayer> = Object.fromEntries(names.map((n, i) => [n, { id: i + 1, name: n }]))
const F = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6']

// Default roles by seat: 1 civ, 2 civ, 3 don, 4 civ, 5 mafia, 6 civ, 7 civ, 8 mafia, 9 civ, 10 sheriff.
// [seating, winner, firstKilled seat]
const TABLE: Array<[string[], Winner, number | null]> = [
  /* g1 */ [['P1', 'P6', ...F, 'P3', 'P2'], 'black', 1], // P1 killed first (red), reds lost → Ci
  /* g2 */ [['P1', 'P6', ...F, 'P3', 'P2'], 'red', 1], // P1 killed first, reds won → counts in i, no Ci
  /* g3 */ [['P2', 'P1', 'P6', ...F, 'P3'], 'black', 1], // P2 killed first, lost → Ci
  /* g4 */ [['P3', 'P2', 'P1', 'P6', ...F], 'black', 1], // P3 killed first, lost → Ci
  /* g5 */ [['P1', 'P2', 'P6', 'P3', ...F], 'red', 3], // P6 killed first as DON (black) → not counted
  /* g6 */ [['P6', 'P1', 'F1', 'P2', 'F2', 'F3', 'F4', 'F5', 'F6', 'P3'], 'red', 1], // P6 first, reds won
  /* g7 */ [['P4', 'P1', 'P6', ...F, 'P3'], 'black', 1], // P4 killed first, lost → Ci
  /* g8 */ [['P4', 'P3', 'P1', 'P6', ...F], 'black', 1], // P4 killed first, lost → Ci
  /* g9 */ [['P1', 'P6', ...F, 'P4', 'F7'], 'red', null], // a miss: nobody killed first
  /* g10 */ [['P5', 'P1', 'P6', ...F, 'F7'], 'black', 1], // P5 killed first, lost, but B = 0
]

function games(stage: string | null = null, count = 10): StandingsGame[] {
  return TABLE.slice(0, count).map(([seating, winner, firstKilled], i) => ({
    gameId: i + 1,
    stage,
    record: miniGame({ players: seating.map((n) => P[n]), winner, firstKilled }),
  }))
}

function ciOf(rows: ReturnType<typeof computeStandings>, name: string): number {
  const row = rows.find((r) => r.name === name)
  if (row === undefined) throw new Error(`no row ${name}`)
  return row.ci
}

describe('Ci (docs/rules.md §13.5)', () => {
  it('the formula: B = round(0.4·n), Ci = min(K·i/B, K), 0 when B = 0', () => {
    expect(computeCi(10, 2, 0.4)).toBeCloseTo(0.2, 10) // B = 4 → 0.4·2/4
    expect(computeCi(6, 1, 0.4)).toBeCloseTo(0.2, 10) // B = round(2.4) = 2 → 0.4/2
    expect(computeCi(8, 1, 0.4)).toBeCloseTo(0.4 / 3, 10) // B = round(3.2) = 3
    expect(computeCi(3, 2, 0.4)).toBeCloseTo(0.4, 10) // B = round(1.2) = 1 → min(0.8, 0.4)
    expect(computeCi(1, 1, 0.4)).toBe(0) // B = round(0.4) = 0
    expect(computeCi(2, 1, 0.4)).toBeCloseTo(0.4, 10) // B = round(0.8) = 1 → min(0.4, 0.4)
    expect(computeCi(10, 0, 0.4)).toBe(0)
  })

  it('hand-computed table, K = 0.4', () => {
    const scoring = SCORING_PRESETS.fiim
    const rows = computeStandings(games(), { scoring })
    // The participation the table was designed for (n).
    const n = Object.fromEntries(rows.map((r) => [r.name, r.games]))
    expect(n).toMatchObject({ P1: 10, P2: 6, P3: 8, P4: 3, P5: 1, P6: 10, F7: 2 })
    const i = Object.fromEntries(rows.map((r) => [r.name, r.firstKilled]))
    expect(i).toMatchObject({ P1: 2, P2: 1, P3: 1, P4: 2, P5: 1, P6: 1 })
    // P1: n=10, i=2, B=4 → 0.4·2/4 = 0.2; lost when killed first in g1 only → 0.2
    expect(ciOf(rows, 'P1')).toBeCloseTo(0.2, 6)
    // P2: n=6, i=1, B=round(2.4)=2 → 0.4·1/2 = 0.2; g3 lost → 0.2
    expect(ciOf(rows, 'P2')).toBeCloseTo(0.2, 6)
    // P3: n=8, i=1, B=round(3.2)=3 → 0.4/3 = 0.133333; g4 lost → 0.133333
    expect(ciOf(rows, 'P3')).toBeCloseTo(0.133333, 6)
    // P4: n=3, i=2, B=round(1.2)=1 → min(0.4·2/1, 0.4) = 0.4; g7 and g8 lost → 0.8
    expect(ciOf(rows, 'P4')).toBeCloseTo(0.8, 6)
    // P5: n=1, B=round(0.4)=0 → 0
    expect(ciOf(rows, 'P5')).toBe(0)
    // P6: killed first as don in g5 (not counted) and as red in g6 (won): i=1, Ci=0.1, never added → 0
    expect(ciOf(rows, 'P6')).toBe(0)
    for (const f of [...F, 'F7']) expect(ciOf(rows, f)).toBe(0)
    // Ci is part of the total: P4 won nothing (reds lost g7, g8; g9 red win as civilian seat 9) → 1 + 0.8
    const p4 = rows.find((r) => r.name === 'P4')
    expect(p4?.points).toBe(1)
    expect(p4?.total).toBeCloseTo(1.8, 6)
  })

  it('ciValues: the per-seat Ci the database stores when a stage is finalised', () => {
    const values = ciValues(games(), SCORING_PRESETS.fiim)
    expect(values).toHaveLength(100)
    expect(values.filter((v) => v.ci !== 0)).toEqual([
      { gameId: 1, seat: 1, ci: 0.2 },
      { gameId: 3, seat: 1, ci: 0.2 },
      { gameId: 4, seat: 1, ci: 0.133333 },
      { gameId: 7, seat: 1, ci: 0.4 },
      { gameId: 8, seat: 1, ci: 0.4 },
    ])
  })

  it('Ci lands in the games where the player was killed first and lost', () => {
    const scores = scoreGames(games(), { scoring: SCORING_PRESETS.fiim })
    const at = (gameId: number, name: string): number =>
      scores.find((s) => s.gameId === gameId && s.name === name)?.ci ?? NaN
    expect(at(1, 'P1')).toBeCloseTo(0.2, 6)
    expect(at(2, 'P1')).toBe(0) // reds won g2
    expect(at(7, 'P4')).toBeCloseTo(0.4, 6)
    expect(at(8, 'P4')).toBeCloseTo(0.4, 6)
    expect(at(10, 'P5')).toBe(0)
  })

  it('K = 0.5 (newest FIIM scoring)', () => {
    const scoring: ScoringConfig = { ...SCORING_PRESETS.fiim, ci: { ...SCORING_PRESETS.fiim.ci, k: 0.5 } }
    const rows = computeStandings(games(), { scoring })
    expect(ciOf(rows, 'P1')).toBeCloseTo(0.25, 6) // 0.5·2/4
    expect(ciOf(rows, 'P2')).toBeCloseTo(0.25, 6) // 0.5·1/2
    expect(ciOf(rows, 'P3')).toBeCloseTo(0.166667, 6) // 0.5/3
    expect(ciOf(rows, 'P4')).toBeCloseTo(1.0, 6) // min(1.0, 0.5) twice
  })

  it('Ci off: disabled in the config, or a final of fewer than 4 games', () => {
    const off: ScoringConfig = { ...SCORING_PRESETS.fiim, ci: { ...SCORING_PRESETS.fiim.ci, enabled: false } }
    expect(computeStandings(games(), { scoring: off }).every((r) => r.ci === 0)).toBe(true)
    // A final of 3 games (g1–g3): no Ci at all.
    const final3 = computeStandings(games('final', 3), { scoring: SCORING_PRESETS.fiim })
    expect(final3.every((r) => r.ci === 0)).toBe(true)
    // A final of 4 games (g1–g4): P1 n=4, i=2, B=round(1.6)=2 → min(0.4·2/2, 0.4) = 0.4 (g1 lost)
    const final4 = computeStandings(games('final', 4), { scoring: SCORING_PRESETS.fiim })
    expect(ciOf(final4, 'P1')).toBeCloseTo(0.4, 6)
    // P2: n=4, i=1, B=2 → 0.2 (g3); P3: n=4, i=1, B=2 → 0.2 (g4)
    expect(ciOf(final4, 'P2')).toBeCloseTo(0.2, 6)
    expect(ciOf(final4, 'P3')).toBeCloseTo(0.2, 6)
  })

  it('scope: per stage or over the whole tournament', () => {
    const split: StandingsGame[] = games().map((g) => ({
      ...g,
      stage: g.gameId <= 5 ? 'qualifying' : 'semi',
    }))
    // Stage scope: P1 in the qualifying stage g1–g5: n=5, i=2, B=2 → 0.4·2/2 = 0.4 (g1 lost)
    const byStage = computeStandings(split, { scoring: SCORING_PRESETS.fiim, stage: 'qualifying' })
    expect(ciOf(byStage, 'P1')).toBeCloseTo(0.4, 6)
    // Tournament scope: n=10, i=2, B=4 → 0.2
    const tournament: ScoringConfig = {
      ...SCORING_PRESETS.fiim,
      ci: { ...SCORING_PRESETS.fiim.ci, scope: 'tournament' },
    }
    expect(ciOf(computeStandings(split, { scoring: tournament }), 'P1')).toBeCloseTo(0.2, 6)
    // Ci is applied when a stage is finalised (docs/rules.md §16.3): the running semi's Ci is shown, marked provisional.
    const live = computeAllStandings(split, {
      scoring: SCORING_PRESETS.fiim,
      finalisedStages: ['qualifying'],
    })
    const p1 = live.overall.find((r) => r.name === 'P1')
    const p4 = live.overall.find((r) => r.name === 'P4')
    expect(p1).toMatchObject({ ciProvisional: true }) // P1 played in the semi too
    expect(p4?.ci).toBeGreaterThan(0) // from the semi (g7, g8)
    expect(p4?.ciProvisional).toBe(true)
    expect(live.ciProvisional).toBe(true)
    expect(live.games.filter((g) => g.ciProvisional).every((g) => g.stage === 'semi')).toBe(true)
    expect(live.stages.find((s) => s.stage === 'qualifying')?.rows.some((r) => r.ciProvisional)).toBe(false)
    const done = computeAllStandings(split, {
      scoring: SCORING_PRESETS.fiim,
      finalisedStages: ['qualifying', 'semi'],
    })
    expect(done.ciProvisional).toBe(false)
    expect(done.overall.map((r) => r.total)).toEqual(live.overall.map((r) => r.total))
    // Overall with stage scope = sum of the stages: P1 gets 0.4 from the qualifying stage, none in the semi.
    expect(ciOf(computeStandings(split, { scoring: SCORING_PRESETS.fiim }), 'P1')).toBeCloseTo(0.4, 6)
  })
})
