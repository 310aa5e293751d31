// Scoring as data (issue 31 §3): the shipped systems score every game exactly as the rulesets' values did before
// systems were data (an oracle of that formula, over random finished games of the real engine), and a custom system
// changes the points and the standings as computed by hand.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BUILTIN_RULESETS,
  SHIPPED_SCORING_SYSTEMS,
  scoringSystemOf,
  type Ruleset,
} from '../../src/shared/game/ruleset'
import type { GameRecord } from '../../src/shared/game/record'
import {
  gamePoints,
  scoringSystemSchema,
  teamOf,
  type ScoringSystem,
} from '../../src/shared/game/scoring-system'
import { dealRoles, execute, gameRecord, newGame, type Game } from '../../src/main/engine'
import { computeStandings, type StandingsGame, type StandingsRow } from '../../src/main/tournament/standings'
import { normalise } from '../../src/main/tournament/ranking'
import { miniGame, type MiniPlayer } from './fixtures'
import { play } from './play'

/** A started game that a black's team defeat (ППК) ends: the reds win. */
function playScenario(ruleset: Ruleset, winner: 'red'): Game {
  let game = newGame({
    ruleset,
    players: Array.from({ length: 10 }, (_, i) => ({ name: `P${i + 1}`, playerId: i + 1 })),
    roles: dealRoles(7),
  })
  const black = game.state.seats.find((s) => teamOf(s.role) !== winner)!.seat
  for (const cmd of [{ cmd: 'start' }, { cmd: 'teamDefeat', seat: black }] as const) {
    const res = execute(game, { ...cmd, at: 1000 })
    if (!res.ok) throw new Error(JSON.stringify(res.error))
    game = res.game
  }
  return game
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000

/** The per-game points as the engine computed them from the ruleset's values before scoring systems were data. */
function rulesetPoints(
  r: Ruleset,
  record: GameRecord,
): Array<{ seat: number; total: number; penalty: number }> {
  const sc = r.scoring
  return record.seats.map((p) => {
    const team = teamOf(p.role)
    const win =
      record.winner === null ? 0 : record.winner === 'draw' ? sc.draw : record.winner === team ? sc.win : 0
    const bm = record.bestMove
    const bmRed = bm !== null && teamOf(record.seats[bm.by - 1].role) === 'red'
    const bestMove =
      bm !== null && bm.by === p.seat && !bm.void && bmRed
        ? bm.blacks === 3
          ? sc.bestMove3
          : bm.blacks === 2
            ? sc.bestMove2
            : 0
        : 0
    const extra = round3(p.extraPoints.reduce((a, x) => a + x.points, 0))
    // A team defeat cost teamDefeatPenalty, every other removal (4th foul, technical fouls, offences) removalPenalty.
    const penalty = round3(
      p.penalties.reduce(
        (a, x) => a + (x.kind === 'teamDefeat' ? sc.teamDefeatPenalty : sc.removalPenalty),
        0,
      ),
    )
    return { seat: p.seat, penalty, total: round3(win + bestMove + extra + penalty) }
  })
}

const gameArb = fc.record({
  seating: fc.shuffledSubarray(
    Array.from({ length: 12 }, (_, i) => i),
    { minLength: 10, maxLength: 10 },
  ),
  rolesSeed: fc.nat(),
  numbers: fc.array(fc.nat({ max: 0xffff }), { minLength: 60, maxLength: 300 }),
})

describe('shipped scoring systems (regression property over engine games)', () => {
  it('gamePoints under the shipped system of each ruleset equals the ruleset-values formula and the record', () => {
    let finished = 0
    let penalised = 0
    fc.assert(
      fc.property(
        fc.constantFrom('fiim', 'club', 'city') as fc.Arbitrary<'fiim' | 'club' | 'city'>,
        gameArb,
        (id, s) => {
          const ruleset = BUILTIN_RULESETS[id]
          const record = gameRecord(play(ruleset, s.seating, s.rolesSeed, s.numbers))
          if (!record.finished) return
          finished++
          const oracle = rulesetPoints(ruleset, record)
          const points = gamePoints(record, SHIPPED_SCORING_SYSTEMS[id])
          for (const seat of record.seats) {
            const want = oracle[seat.seat - 1]
            const got = points[seat.seat - 1]
            if (seat.penalties.length > 0) penalised++
            expect(got.total).toBeCloseTo(want.total, 9)
            expect(got.penalty).toBeCloseTo(want.penalty, 9)
            // The engine's record (the protocol) reads the same function.
            expect(seat.points.total).toBeCloseTo(want.total, 9)
            // Every penalty the engine gives now says what the system prices.
            for (const p of seat.penalties) expect(p.kind).toBeDefined()
          }
        },
      ),
      { numRuns: 120, seed: 31 },
    )
    expect(finished).toBeGreaterThan(20)
    expect(penalised).toBeGreaterThan(0)
  }, 120_000)

  it('the shipped systems are valid data and match their rulesets', () => {
    for (const id of ['fiim', 'club', 'city'] as const) {
      const sys = SHIPPED_SCORING_SYSTEMS[id]
      expect(scoringSystemSchema.parse(sys)).toEqual(sys)
      expect(sys.win).toEqual({ civilian: 1, sheriff: 1, mafia: 1, don: 1 })
      expect(sys.bestMove).toEqual({ two: 0.3, three: 0.5 })
      expect(sys.penalties).toEqual({ removal: -0.5, fourFouls: -0.5, teamDefeat: -0.7 })
    }
  })
})

describe('a custom system', () => {
  // Two games of the same ten players (roles by seat: don 3, mafia 5 and 8, sheriff 10): reds win game 1,
  // blacks win game 2.
  const players: MiniPlayer[] = ['Ann', 'Bob', 'Cid', 'Dan', 'Eva', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon'].map(
    (name, i) => ({ id: i + 1, name }),
  )
  const g1: StandingsGame = {
    gameId: 1,
    stage: 'qualifying',
    record: miniGame({ players, winner: 'red', firstKilled: null }),
  }
  const g2: StandingsGame = {
    gameId: 2,
    stage: 'qualifying',
    record: miniGame({ players, winner: 'black', firstKilled: null }),
  }

  it('2 points per red win and 1.5 per black win: the standings add up by hand', () => {
    const base = SHIPPED_SCORING_SYSTEMS.fiim
    const custom: ScoringSystem = scoringSystemSchema.parse({
      ...base,
      id: 'custom-1',
      name: 'Красные ×2',
      basedOn: 'fiim',
      win: { civilian: 2, sheriff: 2, mafia: 1.5, don: 1.5 },
      ci: { ...base.ci, enabled: false },
    })
    const rows = computeStandings([g1, g2], { scoring: custom })
    const expected = new Map<string, number>()
    for (const g of [g1, g2]) {
      for (const s of g.record.seats) {
        const red = teamOf(s.role) === 'red'
        const won = (g.record.winner === 'red') === red
        expected.set(s.name, (expected.get(s.name) ?? 0) + (won ? (red ? 2 : 1.5) : 0))
      }
    }
    for (const r of rows) expect(r.total).toBe(expected.get(r.name))
    // Under FIIM the same games give 1 per win: the totals differ exactly where a win was scored.
    const fiim = computeStandings([g1, g2], { scoring: { ...base, ci: { ...base.ci, enabled: false } } })
    const wins = new Map(fiim.map((r) => [r.name, r.total]))
    for (const r of rows) expect(r.total).toBeGreaterThanOrEqual(wins.get(r.name)!)
    expect(rows.some((r) => r.total !== wins.get(r.name))).toBe(true)
    // The ranking follows the custom totals.
    expect(rows.map((r) => r.total)).toEqual([...rows.map((r) => r.total)].sort((a, b) => b - a))
  })

  it('a system is refused when it is not valid data (min > max, total not first)', () => {
    const base = SHIPPED_SCORING_SYSTEMS.fiim
    expect(scoringSystemSchema.safeParse({ ...base, extraPoints: { min: 1, max: -1 } }).success).toBe(false)
    expect(
      scoringSystemSchema.safeParse({ ...base, tieBreaks: [{ key: 'wins', order: 'desc' }] }).success,
    ).toBe(false)
    expect(scoringSystemSchema.safeParse({ ...base, win: { ...base.win, don: 'x' } }).success).toBe(false)
  })

  it('a ruleset carrying a system scores its games with it (the tournament copy)', () => {
    const custom = {
      ...SHIPPED_SCORING_SYSTEMS.fiim,
      id: 'c',
      name: 'c',
      win: { civilian: 2, sheriff: 2, mafia: 1, don: 1 },
    }
    const r: Ruleset = { ...BUILTIN_RULESETS.fiim, scoringSystem: custom }
    expect(scoringSystemOf(r)).toBe(custom)
    // The engine's own points (panel, protocol) of a played game follow the carried system.
    const game = playScenario(r, 'red')
    const rec = gameRecord(game)
    expect(rec.winner).toBe('red')
    for (const s of rec.seats) expect(s.points.win).toBe(teamOf(s.role) === 'red' ? 2 : 0)
  })
})

describe('the normaliser «очки за игру»', () => {
  const row = (name: string, id: number, games: number, total: number, extra = 0): StandingsRow => ({
    rank: 0,
    playerKey: `id:${id}`,
    playerId: id,
    name,
    games,
    wins: 0,
    gamesByRole: { civilian: 0, sheriff: 0, mafia: 0, don: 0 },
    winsByRole: { civilian: 0, sheriff: 0, mafia: 0, don: 0 },
    points: total,
    bestMove: 0,
    extra,
    penalties: 0,
    auto: 0,
    ci: 0,
    total,
    firstKilled: 0,
    ciProvisional: false,
    tieBreaks: [],
    decidedBy: null,
    perGame: null,
  })
  // By the total: Ann 6 (10 games), Bob 5 (5 games), Cid 4 (4 games), Dan 3 (2 games).
  const rows = [row('Ann', 1, 10, 6), row('Bob', 2, 5, 5), row('Cid', 3, 4, 4), row('Dan', 4, 2, 3)]
  const tb = SHIPPED_SCORING_SYSTEMS.fiim.tieBreaks

  it('ranks by points per game; a player under the minimum is apart, unranked', () => {
    const out = normalise(rows, { kind: 'perGame', minGames: 4 }, tb)
    // Bob 1.0 and Cid 1.0 tie per game (no tie-break separates them: they share the rank), Ann 0.6.
    expect(out.rows.map((r) => [r.name, r.rank, r.perGame, r.total])).toEqual([
      ['Bob', 1, 1, 5],
      ['Cid', 1, 1, 4],
      ['Ann', 3, 0.6, 6],
    ])
    expect(out.apart.map((r) => [r.name, r.perGame])).toEqual([['Dan', 1.5]])
  })

  it('a tie per game goes to the tie-breaks; `none` keeps the order by the total', () => {
    const withExtra = [...rows.slice(0, 2), row('Cid', 3, 4, 4, 0.5), rows[3]]
    const out = normalise(withExtra, { kind: 'perGame', minGames: 1 }, tb)
    expect(out.rows.map((r) => r.name)).toEqual(['Dan', 'Cid', 'Bob', 'Ann'])
    expect(out.rows[1].decidedBy).toBe('extra')
    expect(normalise(rows, { kind: 'none' }, tb).rows.map((r) => r.name)).toEqual([
      'Ann',
      'Bob',
      'Cid',
      'Dan',
    ])
  })
})
