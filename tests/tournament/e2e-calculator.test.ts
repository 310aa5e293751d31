/**
 * The e2e tests' own calculator and game generator (e2e/helpers/fiim-*.ts) checked here, fast, so the 30-player
 * Playwright run rests on them: hundreds of generated games are played through the real engine — every command
 * accepted, the game finished with the generator's winner, and the engine's per-seat points equal to the
 * calculator's — and the calculator's Ci, order and classification are checked on hand-worked examples.
 */
import { describe, expect, it } from 'vitest'
import { newGame, execute, seatPoints } from '../../src/main/engine'
import { BUILTIN_RULESETS } from '../../src/shared/game/ruleset'
import type { Command } from '../../src/shared/game/commands'
import { generateGame, type GameOptions } from '../../e2e/helpers/fiim-games'
import { DEFAULT_ROLES } from './fixtures'
import {
  ciOf,
  gameLines,
  rank,
  seasonTable,
  standings,
  type GameFacts,
  type Role,
} from '../../e2e/helpers/fiim-calculator'

const NAMES = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']

function play(
  seed: number,
  opts: GameOptions = {},
): { facts: GameFacts; points: ReturnType<typeof seatPoints> } {
  const g = generateGame(seed, 'qualifying', NAMES, opts)
  let game = newGame({
    ruleset: BUILTIN_RULESETS.fiim,
    players: NAMES.map((name) => ({ name })),
    roles: Object.fromEntries(g.facts.roles.map((role, i) => [i + 1, role])),
  })
  for (const command of g.commands) {
    const r = execute(game, command as Command)
    if (!r.ok) throw new Error(`seed ${seed}: ${JSON.stringify(command)} refused: ${r.error.code}`)
    game = r.game
  }
  expect(game.state.phase, `seed ${seed}`).toBe('finished')
  expect(game.state.winner, `seed ${seed}`).toBe(g.facts.winner)
  return { facts: g.facts, points: seatPoints(game.state) }
}

describe('the e2e game generator and calculator', () => {
  it('generates legal games whose per-seat points the engine and the calculator agree on', () => {
    const options: GameOptions[] = [
      {},
      { teamDefeat: 'black' },
      { teamDefeat: 'firstKilled' },
      { liftAllDay1: true },
      { removalInLastWord: true },
    ]
    let voided = 0
    for (let seed = 1; seed <= 300; seed++) {
      const { facts, points } = play(seed, options[seed % options.length])
      const lines = gameLines(facts)
      lines.forEach((l, i) =>
        expect(
          { win: l.win, bestMove: l.bestMove, extra: l.extra, penalty: l.penalty, total: l.total },
          `seed ${seed} seat ${i + 1}`,
        ).toEqual({
          win: points[i].win,
          bestMove: points[i].bestMove,
          extra: points[i].extra,
          penalty: points[i].penalty,
          total: points[i].total,
        }),
      )
      if (facts.day1VotedOut >= 2 && facts.bestMove !== null) voided++
    }
    // The lift-all of day 1 does happen, so the void best move is tested, not assumed.
    expect(voided).toBeGreaterThan(10)
    // 300 whole games through the engine: a few seconds, more on a loaded machine.
  }, 60_000)

  it('computes Ci by docs/rules.md §13.5: B = round(0.4·n), min(K·i/B, K)', () => {
    expect(ciOf(10, 1)).toBeCloseTo(0.1) // B = 4
    expect(ciOf(10, 3)).toBeCloseTo(0.3)
    expect(ciOf(10, 5)).toBeCloseTo(0.4) // capped at K
    expect(ciOf(4, 1)).toBeCloseTo(0.2) // B = round(1.6) = 2
    expect(ciOf(6, 1)).toBeCloseTo(0.2) // B = round(2.4) = 2
    expect(ciOf(3, 1)).toBeCloseTo(0.4) // B = round(1.2) = 1
    expect(ciOf(1, 1)).toBe(0) // B = round(0.4) = 0
  })

  it('ranks by total, then extra points, wins, wins as sheriff, as don, first kills; shares a full tie', () => {
    const line = (name: string, total: number, extra: number, won: boolean, role: Role = 'civilian') => ({
      name,
      fouls: 0,
      role,
      win: won ? 1 : 0,
      bestMove: 0,
      extra,
      penalty: 0,
      ci: 0,
      total,
      firstKilledRed: false,
      won,
    })
    const rows = rank([
      line('A', 1.2, 0.2, true),
      line('B', 1.2, 0.2, true, 'sheriff'),
      line('C', 1.3, 0.3, true),
      line('D', 1.2, 0.2, true),
      line('E', 1.2, 1.2, false),
    ])
    // E: same total, more extra points; B: wins as sheriff; A and D tie on everything.
    expect(rows.map((r) => [r.name, r.rank])).toEqual([
      ['C', 1],
      ['E', 2],
      ['B', 3],
      ['A', 4],
      ['D', 4],
    ])
  })

  it('adds Ci only where the first killed red lost, never to the culprit of the team defeat, none in a short final', () => {
    const roles: Role[] = DEFAULT_ROLES
    const game = (
      stage: 'qualifying' | 'final',
      winner: 'red' | 'black',
      teamDefeatBy: number | null = null,
    ): GameFacts => ({
      stage,
      players: NAMES,
      roles,
      winner,
      firstKilled: 1,
      bestMove: null,
      day1VotedOut: 0,
      extra: {},
      penalties: teamDefeatBy === null ? {} : { [teamDefeatBy]: -0.7 },
      teamDefeatBy,
      fouls: {},
    })
    // Ace: 3 qualifying games, killed first in all (i = 3, B = 1: Ci 0.4 a game where he lost): lost two, one of
    // them by his own team defeat → Ci once. Three final games (fewer than 4): no Ci there.
    const s = standings(
      [
        game('qualifying', 'black'),
        game('qualifying', 'black', 1),
        game('qualifying', 'red'),
        game('final', 'black'),
        game('final', 'black'),
        game('final', 'black'),
      ],
      0.5,
    )
    const ace = (rows: typeof s.overall) => rows.find((r) => r.name === 'Ace')!
    expect(ace(s.qualifying).ci).toBeCloseTo(0.4)
    expect(ace(s.qualifying).total).toBeCloseTo(1 + 0.4 - 0.7)
    expect(ace(s.final).ci).toBe(0)
    expect(ace(s.overall).total).toBeCloseTo(0.7)
    // The classification: the finalists by the final plus half their qualifying points.
    const top = s.classification.find((r) => r.name === 'Ace')!
    expect(top.group).toBe('final')
    expect(top.carried).toBeCloseTo(0.35)
    expect(top.score).toBeCloseTo(0.35)
  })

  it('gives series points per final place, times the weight, a shared place its own points', () => {
    const row = (place: number, name: string) => ({
      place,
      name,
      group: 'qualifying' as const,
      stageTotal: 0,
      carried: 0,
      score: 0,
    })
    const table = seasonTable(
      [
        { id: 1, weight: 1, classification: [row(1, 'A'), row(2, 'B'), row(2, 'C'), row(4, 'D')] },
        { id: 2, weight: 0.5, classification: [row(1, 'B'), row(2, 'A'), row(3, 'D')] },
      ],
      [25, 18, 15, 12, 10],
    )
    expect(table.map((r) => [r.name, r.total, r.wins, r.bestPlace])).toEqual([
      ['A', 34, 1, 1],
      ['B', 30.5, 1, 1],
      ['D', 19.5, 0, 3],
      ['C', 18, 0, 2],
    ])
  })
})
