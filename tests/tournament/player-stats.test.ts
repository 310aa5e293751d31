/** A player's page and a head-to-head view, counted here by hand from three small games. */
import { describe, expect, it } from 'vitest'
import { headToHead, playerStats, type StatsGame } from '../../src/main/tournament/player-stats'
import { miniGame, type MiniPlayer } from './fixtures'

const P: MiniPlayer[] = Array.from({ length: 12 }, (_, i) => ({ id: 500 + i, name: `P${i}` }))
// Default roles: seat 3 don, 5 and 8 mafia, 10 sheriff, the rest civilians.
const games: StatsGame[] = [
  // Player 500 (seat 1, civilian) is killed first, makes a scoring best move; reds win.
  {
    key: 'a',
    at: 1,
    tournamentId: 1,
    record: miniGame({
      players: P.slice(0, 10),
      winner: 'red',
      firstKilled: 1,
      bestMove: { by: 1, seats: [3, 5, 8], blacks: 3 },
    }),
  },
  // 500 is the don (seat 3), removed; reds win. 501 at seat 1 (civilian).
  {
    key: 'b',
    at: 2,
    tournamentId: 2,
    record: miniGame({
      players: [P[1], P[2], P[0], ...P.slice(3, 10)],
      winner: 'red',
      firstKilled: null,
      removed: [3],
    }),
  },
  // 500 is the sheriff (seat 10), blacks win; a friendly game.
  {
    key: 'c',
    at: 3,
    tournamentId: null,
    record: miniGame({ players: [...P.slice(1, 10), P[0]], winner: 'black', firstKilled: 2 }),
  },
  // An unfinished game counts for nothing.
  {
    key: 'd',
    at: 4,
    tournamentId: 2,
    record: miniGame({ players: P.slice(0, 10), winner: 'red', firstKilled: null, finished: false }),
  },
]

describe('player stats', () => {
  it('counts games, wins by role, best moves, removals, first kills and tournaments', () => {
    const s = playerStats(500, games)
    expect(s).toMatchObject({
      games: 3,
      wins: 1,
      winRate: 0.3333,
      bestMoves: 1,
      bestMoveHits: 1,
      removals: 1,
      removalsPerGame: 0.3333,
      firstKilled: 1,
      tournaments: 2,
    })
    expect(s.byRole).toEqual({
      civilian: { games: 1, wins: 1, winRate: 1 },
      sheriff: { games: 1, wins: 0, winRate: 0 },
      mafia: { games: 0, wins: 0, winRate: 0 },
      don: { games: 1, wins: 0, winRate: 0 },
    })
  })

  it('head to head: together, on the same team and against each other', () => {
    // 500 and 502: game a — 500 civilian, 502 don (seat 3): opposite, red won (500).
    // game b — 500 don (seat 3), 502 civilian (seat 2): opposite, red won (502).
    // game c — 502 seat 2 civilian, 500 sheriff: same team (red), black won.
    expect(headToHead(500, 502, games)).toEqual({
      a: 500,
      b: 502,
      together: 3,
      sameTeam: 1,
      sameTeamWins: 0,
      opposite: 2,
      aWins: 1,
      bWins: 1,
    })
  })
})
