// Scoring per game (docs/rules.md §13.1–13.4) and the standings order with tie-breaks (§13.6).
import { describe, expect, it } from 'vitest'
import {
  FIIM_TIE_BREAKS,
  SHIPPED_SCORING_SYSTEMS,
  scoringSystemWith,
  tieBreaksOf,
  type ScoringSystem,
  type TieBreak,
} from '../../src/main/tournament/scoring'
import {
  computeAllStandings,
  computeStandings,
  scoreGames,
  type StandingsGame,
  type StandingsRow,
} from '../../src/main/tournament/standings'
import { rankRows } from '../../src/main/tournament/ranking'
import { BUILTIN_RULESETS, deriveRuleset } from '../../src/shared/game/ruleset'
import { finishedGame, miniGame, unfinishedGame, type MiniPlayer } from './fixtures'

const fiim = SHIPPED_SCORING_SYSTEMS.fiim

function row(
  name: string,
  over: Partial<StandingsRow> & { sheriffWins?: number; donWins?: number },
): StandingsRow {
  const { sheriffWins = 0, donWins = 0, ...rest } = over
  return {
    rank: 0,
    playerKey: `name:${name}`,
    playerId: null,
    name,
    games: 10,
    wins: 0,
    gamesByRole: { civilian: 6, sheriff: 1, mafia: 2, don: 1 },
    winsByRole: { civilian: 0, sheriff: sheriffWins, mafia: 0, don: donWins },
    points: 0,
    bestMove: 0,
    extra: 0,
    penalties: 0,
    auto: 0,
    ci: 0,
    total: 0,
    firstKilled: 0,
    ciProvisional: false,
    tieBreaks: [],
    decidedBy: null,
    perGame: null,
    ...rest,
  }
}

describe('one source of truth: the stored per-game points (docs/rules.md §13.1–13.4)', () => {
  const players: MiniPlayer[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `X${i + 1}` }))
  const totalOf = (rows: StandingsRow[], name: string): number =>
    rows.find((r) => r.name === name)?.total ?? NaN

  it("a game's points in the standings are the protocol's, seat for seat", () => {
    const g = finishedGame()
    const scores = scoreGames([{ gameId: 1, stage: null, record: g }], { scoring: fiim })
    // Seats 1..10: P1 1+0.3, P2 1+0.2, don 0, P4 1, mafia 0, P6 1+0.3, P7 1−0.2, mafia 0, P9 1−0.5, sheriff 1+0.4
    expect(scores.map((s) => s.total - s.ci)).toEqual([1.3, 1.2, 0, 1, 0, 1.3, 0.8, 0, 0.5, 1.4])
    expect(scores.map((s) => s.total - s.ci)).toEqual(g.seats.map((s) => s.points.total))
  })

  it('a removal during his own last word keeps its −0.5 though he left "voted out"', () => {
    // Seat 4 was voted out on day 2 and removed in his last word: the engine stored −0.5, the departure stays votedOut.
    const g = miniGame({ players, winner: 'red', firstKilled: null, penalty: { 4: -0.5 } })
    g.seats[3].left = { how: 'votedOut', day: 2, night: null, reason: null }
    const rows = computeStandings([{ gameId: 1, stage: null, record: g }], { scoring: fiim })
    expect(rows.find((r) => r.name === 'X4')).toMatchObject({ points: 1, penalties: -0.5, total: 0.5 })
  })

  it('a team defeat by a player who had already left keeps its −0.7 and gives him no Ci', () => {
    // X1 was killed first (red), then caused his team's defeat from outside the table: reds lose.
    const mk = (gameId: number, firstKilled: number | null): StandingsGame => ({
      gameId,
      stage: null,
      record: miniGame({ players, winner: 'black', firstKilled, teamDefeat: gameId === 1 ? 1 : undefined }),
      teamDefeatBy: gameId === 1 ? 1 : null,
    })
    const games = [mk(1, 1), mk(2, 1), mk(3, null)]
    expect(games[0].record.seats[0].left?.how).toBe('killed')
    const scores = scoreGames(games, { scoring: fiim })
    const x1 = scores.filter((s) => s.name === 'X1')
    // n=3, i=2, B=1 → Ci = 0.4 — but not in game 1, which he lost for his team.
    expect(x1.map((s) => s.penalty)).toEqual([-0.7, 0, 0])
    expect(x1.map((s) => s.ci)).toEqual([0, 0.4, 0])
    expect(totalOf(computeStandings(games, { scoring: fiim }), 'X1')).toBeCloseTo(-0.7 + 0.4, 6)
  })

  it("a tournament with its own ruleset: the games' best move 0.7 and Ci K 0.5 reach the standings", () => {
    const newest = deriveRuleset(BUILTIN_RULESETS.fiim, {
      id: 'fiim-2025',
      name: 'FIIM 2025',
      scoring: { ...BUILTIN_RULESETS.fiim.scoring, bestMove2: 0.5, bestMove3: 0.7, ciK: 0.5 },
    })
    if (!newest.ok) throw new Error(newest.issues.join())
    const scoring = scoringSystemWith(newest.value)
    const g = (gameId: number): StandingsGame => ({
      gameId,
      stage: null,
      record: miniGame({
        players,
        winner: 'black',
        firstKilled: 1,
        bestMove: { by: 1, seats: [3, 5, 8], blacks: 3 },
        bestMoveValues: { two: 0.5, three: 0.7 },
      }),
    })
    const scores = scoreGames([g(1), g(2), g(3), g(4), g(5)], { scoring })
    const x1 = scores.filter((s) => s.name === 'X1')
    expect(x1.map((s) => s.bestMove)).toEqual([0.7, 0.7, 0.7, 0.7, 0.7])
    // n=5, i=5, B=2 → min(0.5·5/2, 0.5) = 0.5 per lost game.
    expect(x1.map((s) => s.ci)).toEqual([0.5, 0.5, 0.5, 0.5, 0.5])
  })

  it('extra points outside the range are flagged, never clamped', () => {
    const g = miniGame({ players, winner: 'black', firstKilled: null, extra: { 2: 2.5, 4: -3, 5: 1.6 } })
    const all = computeAllStandings([{ gameId: 7, stage: null, record: g }], { scoring: fiim })
    expect(all.overall.find((r) => r.name === 'X2')?.extra).toBe(2.5)
    expect(all.overall.find((r) => r.name === 'X4')?.extra).toBe(-3)
    expect(all.warnings.map((w) => [w.gameId, w.seat, w.extra])).toEqual([
      [7, 2, 2.5],
      [7, 4, -3],
    ])
    expect(all.games.filter((s) => s.extraOutOfRange).map((s) => s.seat)).toEqual([2, 4])
  })

  it('automatic bonuses stay data, added on top of the stored points', () => {
    const g = miniGame({ players, winner: 'black', firstKilled: null })
    const withBonus: ScoringSystem = {
      ...fiim,
      autoBonus: [{ id: 'don-win', role: 'don', result: 'win', points: 0.1 }],
    }
    const scores = scoreGames([{ gameId: 1, stage: null, record: g }], { scoring: withBonus })
    expect(scores[2]).toMatchObject({ role: 'don', auto: 0.1, total: 1.1 })
    expect(scores[4].auto).toBe(0)
  })
})

describe('tie-breaks (docs/rules.md §13.6)', () => {
  const rows: StandingsRow[] = [
    row('Борис', { total: 5.5, extra: 0.3, wins: 5 }),
    row('Анна', { total: 5.5, extra: 0.5, wins: 4 }), // beats Борис on extra points
    row('Вера', { total: 4, extra: 0.2, wins: 3, sheriffWins: 1 }), // beats Глеб on wins as sheriff
    row('Глеб', { total: 4, extra: 0.2, wins: 3, sheriffWins: 0, donWins: 1 }),
    row('Дина', { total: 3, extra: 0.1, wins: 2, firstKilled: 2 }), // beats Егор on times killed first
    row('Егор', { total: 3, extra: 0.1, wins: 2, firstKilled: 1 }),
    row('Жанна', { total: 2, extra: 0, wins: 2 }), // Жанна and Зоя tie on everything: shared rank
    row('Зоя', { total: 2, extra: 0, wins: 2 }),
    row('Ира', { total: 1 }),
  ]

  it("FIIM's order: total, extra, wins, wins as sheriff, wins as don, times killed first", () => {
    expect(tieBreaksOf(BUILTIN_RULESETS.fiim)).toEqual(FIIM_TIE_BREAKS)
    const ranked = rankRows(rows, FIIM_TIE_BREAKS)
    expect(ranked.map((r) => `${r.rank} ${r.name}`)).toEqual([
      '1 Анна',
      '2 Борис',
      '3 Вера',
      '4 Глеб',
      '5 Дина',
      '6 Егор',
      '7 Жанна',
      '7 Зоя',
      '9 Ира',
    ])
  })

  it('the criteria are data: wins before extra points reorders Анна and Борис', () => {
    const custom: TieBreak[] = [
      { key: 'total', order: 'desc' },
      { key: 'wins', order: 'desc' },
      { key: 'extra', order: 'desc' },
    ]
    const ranked = rankRows(rows, custom)
    expect(ranked.slice(0, 2).map((r) => r.name)).toEqual(['Борис', 'Анна'])
    // With only three criteria, Вера/Глеб and Дина/Егор now share ranks.
    expect(ranked.filter((r) => r.name === 'Вера' || r.name === 'Глеб').map((r) => r.rank)).toEqual([3, 3])
    expect(ranked.filter((r) => r.name === 'Дина' || r.name === 'Егор').map((r) => r.rank)).toEqual([5, 5])
  })

  it('each row carries its tie-break values and the criterion that decided its place', () => {
    const ranked = rankRows(rows, FIIM_TIE_BREAKS)
    const by = Object.fromEntries(ranked.map((r) => [r.name, r.decidedBy]))
    // Анна over Борис on extra points (both rows are marked), Вера over Глеб on wins as sheriff, Дина over Егор on
    // times killed first; Жанна and Зоя share a rank (nothing decided); Ира's total alone places her.
    expect(by).toEqual({
      Анна: 'extra',
      Борис: 'extra',
      Вера: 'winsAsSheriff',
      Глеб: 'winsAsSheriff',
      Дина: 'firstKilled',
      Егор: 'firstKilled',
      Жанна: null,
      Зоя: null,
      Ира: null,
    })
    expect(ranked[0].tieBreaks).toEqual([
      { key: 'extra', value: 0.5 },
      { key: 'wins', value: 4 },
      { key: 'winsAsSheriff', value: 0 },
      { key: 'winsAsDon', value: 0 },
      { key: 'firstKilled', value: 0 },
    ])
  })

  it("the order is the ruleset's data (§13.6): a ruleset with wins first", () => {
    const derived = deriveRuleset(BUILTIN_RULESETS.fiim, {
      id: 'wins-first',
      name: 'Wins first',
      scoring: {
        ...BUILTIN_RULESETS.fiim.scoring,
        tieBreaks: [
          { key: 'wins', order: 'desc' },
          { key: 'extra', order: 'desc' },
        ],
      },
    })
    if (!derived.ok) throw new Error(derived.issues.join())
    const ranked = rankRows(rows, scoringSystemWith(derived.value).tieBreaks)
    expect(ranked.slice(0, 2).map((r) => `${r.name} ${r.decidedBy}`)).toEqual(['Борис wins', 'Анна wins'])
    // A ruleset stored before tie-breaks were data gets FIIM's order.
    const { tieBreaks: _dropped, ...old } = BUILTIN_RULESETS.fiim.scoring
    expect(tieBreaksOf({ ...BUILTIN_RULESETS.fiim, scoring: old })).toEqual(FIIM_TIE_BREAKS)
  })

  it('an unbreakable tie lists player ids as numbers (9 before 10)', () => {
    const tied = [10, 9, 100, 2].map((id) => ({
      ...row(`P${id}`, { total: 3 }),
      playerId: id,
      playerKey: `id:${id}`,
    }))
    const ranked = rankRows(tied, FIIM_TIE_BREAKS)
    expect(ranked.map((r) => r.playerId)).toEqual([2, 9, 10, 100])
    expect(ranked.map((r) => r.rank)).toEqual([1, 1, 1, 1])
  })

  it('floating noise does not break a tie (0.1 + 0.2 = 0.3)', () => {
    const ranked = rankRows(
      [row('A', { total: 0.1 + 0.2 }), row('B', { total: 0.3 })],
      [{ key: 'total', order: 'desc' }],
    )
    expect(ranked.map((r) => r.rank)).toEqual([1, 1])
  })
})

describe('standings from games', () => {
  const players: MiniPlayer[] = Array.from({ length: 12 }, (_, i) => ({
    id: 100 + i,
    name: `Игрок ${i + 1}`,
  }))
  const seating = (shift: number): MiniPlayer[] =>
    Array.from({ length: 10 }, (_, k) => players[(k + shift) % 12])

  it('per stage and overall, wins per role, unfinished games left out', () => {
    const games = [
      {
        gameId: 1,
        stage: 'qualifying',
        record: miniGame({ players: seating(0), winner: 'red', firstKilled: 1 }),
      },
      {
        gameId: 2,
        stage: 'qualifying',
        record: miniGame({ players: seating(2), winner: 'black', firstKilled: 2 }),
      },
      {
        gameId: 3,
        stage: 'final',
        record: miniGame({ players: seating(4), winner: 'red', firstKilled: null }),
      },
      {
        gameId: 4,
        stage: 'final',
        record: miniGame({ players: seating(6), winner: 'red', firstKilled: null, finished: false }),
      },
    ]
    const all = computeAllStandings(games, { scoring: fiim })
    expect(all.stages.map((s) => s.stage)).toEqual(['qualifying', 'final'])
    expect(all.games).toHaveLength(30)
    const p1 = all.overall.find((r) => r.name === 'Игрок 1')
    // Игрок 1: g1 seat 1 civilian (reds win); not in g2 (seating(2) = Игрок 3…12); g3 seat 9 civilian (reds win).
    expect(p1?.games).toBe(2)
    expect(p1?.wins).toBe(2)
    expect(p1?.gamesByRole).toEqual({ civilian: 2, sheriff: 0, mafia: 0, don: 0 })
    // Игрок 12: g1 absent; g2 seat 10 sheriff (blacks win); g3 seat 8 mafia (reds win) → no wins.
    const p12 = all.overall.find((r) => r.name === 'Игрок 12')
    expect(p12?.gamesByRole).toEqual({ civilian: 0, sheriff: 1, mafia: 1, don: 0 })
    expect(p12?.wins).toBe(0)
    // Игрок 3: g1 don (loss), g2 seat 1 civilian (loss), … and g3 absent? seating(4) = Игрок 5…12, 1, 2 → absent.
    const p3 = all.overall.find((r) => r.name === 'Игрок 3')
    expect(p3?.winsByRole).toEqual({ civilian: 0, sheriff: 0, mafia: 0, don: 0 })
    expect(p3?.games).toBe(2)
    const final = computeStandings(games, { scoring: fiim, stage: 'final' })
    expect(final.every((r) => r.games === 1)).toBe(true)
    // Unfinished game 4 included only when asked.
    const withUnfinished = computeStandings(games, { scoring: fiim, stage: 'final', includeUnfinished: true })
    expect(withUnfinished.reduce((s, r) => s + r.games, 0)).toBe(20)
    // Ranks are 1-based, sorted by total descending.
    const totals = all.overall.map((r) => r.total)
    expect([...totals].sort((a, b) => b - a)).toEqual(totals)
    expect(all.overall[0].rank).toBe(1)
  })

  it('unfinished games are left out', () => {
    expect(
      computeStandings([{ gameId: 1, stage: null, record: unfinishedGame() }], { scoring: fiim }),
    ).toEqual([])
  })
})
