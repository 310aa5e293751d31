// Scoring per game (RULES.md §13.1–13.4) and the standings order with tie-breaks (§13.6).
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TIE_BREAKS,
  SCORING_PRESETS,
  scoreSeat,
  type ScoringConfig,
  type TieBreak,
} from '../../src/main/tournament/scoring'
import {
  computeAllStandings,
  computeStandings,
  rankRows,
  type StandingsRow,
} from '../../src/main/tournament/standings'
import { finishedGame, miniGame, unfinishedGame, type MiniPlayer } from './fixtures'

const fiim = SCORING_PRESETS.fiim

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
    ...rest,
  }
}

describe('per-game scoring (RULES.md §13.1–13.4)', () => {
  it('recomputes the finished game: win 1.0, best move 2 blacks = 0.3, extra points, removal −0.5', () => {
    const g = finishedGame()
    const pts = g.seats.map((s) => scoreSeat(g, s, fiim).total)
    // Seats 1..10: P1 1+0.3, P2 1+0.2, don 0, P4 1, mafia 0, P6 1+0.3, P7 1−0.2, mafia 0, P9 1−0.5, sheriff 1+0.4
    expect(pts).toEqual([1.3, 1.2, 0, 1, 0, 1.3, 0.8, 0, 0.5, 1.4])
    // The engine's stored points agree with the recomputation.
    expect(g.seats.map((s) => s.points.total)).toEqual(pts)
  })

  it('best move: 3 blacks = 0.5; void scores nothing; a black first-killed scores nothing', () => {
    const players: MiniPlayer[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `X${i + 1}` }))
    const three = miniGame({
      players,
      winner: 'black',
      firstKilled: 1,
      bestMove: { by: 1, seats: [3, 5, 8], blacks: 3 },
    })
    expect(scoreSeat(three, three.seats[0], fiim).bestMove).toBe(0.5)
    const voided = miniGame({
      players,
      winner: 'black',
      firstKilled: 1,
      bestMove: { by: 1, seats: [3, 5, 8], blacks: 3, void: true },
    })
    expect(scoreSeat(voided, voided.seats[0], fiim).bestMove).toBe(0)
    const black = miniGame({
      players,
      winner: 'red',
      firstKilled: 5,
      bestMove: { by: 5, seats: [3, 8, 1], blacks: 2 },
    })
    expect(scoreSeat(black, black.seats[4], fiim).bestMove).toBe(0)
    // Older values as data: 0.4 / 0.25.
    const older: ScoringConfig = { ...fiim, bestMove: { two: 0.25, three: 0.4 } }
    expect(scoreSeat(three, three.seats[0], older).bestMove).toBe(0.4)
  })

  it('extra points are clamped to the range; team defeat culprit −0.7; auto bonus as data', () => {
    const players: MiniPlayer[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `X${i + 1}` }))
    const g = miniGame({
      players,
      winner: 'black',
      firstKilled: null,
      extra: { 2: 2.5, 4: -3 },
      teamDefeat: 6,
    })
    expect(scoreSeat(g, g.seats[1], fiim).extra).toBe(1.6)
    expect(scoreSeat(g, g.seats[3], fiim).extra).toBe(-1.6)
    expect(scoreSeat(g, g.seats[5], fiim).penalty).toBe(-0.7)
    const withBonus: ScoringConfig = {
      ...fiim,
      autoBonus: [{ id: 'don-win', role: 'don', result: 'win', points: 0.1 }],
    }
    expect(scoreSeat(g, g.seats[2], withBonus).auto).toBe(0.1)
    expect(scoreSeat(g, g.seats[2], withBonus).total).toBe(1.1)
    expect(scoreSeat(g, g.seats[4], withBonus).auto).toBe(0)
  })
})

describe('tie-breaks (RULES.md §13.6)', () => {
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

  it('default order: total, extra, wins, wins as sheriff, wins as don, times killed first', () => {
    const ranked = rankRows(rows, DEFAULT_TIE_BREAKS)
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

  it("'record' points source uses the engine's stored points", () => {
    const g = finishedGame()
    g.seats[0].points = { ...g.seats[0].points, total: 9 }
    const rows = computeStandings([{ gameId: 1, stage: null, record: g }], {
      scoring: fiim,
      pointsSource: 'record',
    })
    expect(rows[0].name).toBe('Алексей Смирнов')
    expect(rows[0].total).toBe(9)
    expect(
      computeStandings([{ gameId: 1, stage: null, record: unfinishedGame() }], { scoring: fiim }),
    ).toEqual([])
  })
})
