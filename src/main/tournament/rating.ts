/**
 * The club's rating across tournaments and friendly games: a Bayesian skill rating (Weng-Lin, the `openskill`
 * package's Plackett-Luce model) updated game by game with the red team against the black team. Each player has a
 * skill μ and an uncertainty σ; the ranking uses the conservative estimate μ − 3σ (openskill's `ordinal`), so a
 * newcomer with few games is not ranked above an established player on one lucky win.
 *
 * Order: games are rated in the order they were played (`at`, ms since epoch), and games with the same `at` in the
 * order of their `key` (the game's uuid): the result depends on the games only, never on the order in which they
 * were imported or backfilled. Guests (no registry id) play with a fresh rating that is not kept.
 *
 * Teams of unequal size: openskill sums a team's skills, which would make seven reds "stronger" than three blacks
 * whatever their skill (a red win would teach nothing, a black win would swing everything). Here a team's strength
 * is its players' mean skill: every player of a team of n enters the model scaled by k = m/n (m = the smaller team's
 * size) and his new rating is scaled back by 1/k, so both teams of average players are even, and each of the seven
 * moves less than each of the three.
 */
import { ordinal, rate, rating } from 'openskill'
import type { StatsGame } from './player-stats'
import { teamOf } from './points'

export type RatingWinner = 'red' | 'black' | 'draw'

export interface RatingGame {
  /** A stable id of the game (its uuid): the tie-break of the order for games played at the same moment. */
  key: string
  /** When the game was played (its end, ms since epoch). */
  at: number
  /** Registry ids of the red team (seven) and the black team (three); null = a guest. */
  red: ReadonlyArray<number | null>
  black: ReadonlyArray<number | null>
  winner: RatingWinner
}

export interface RatingPoint {
  key: string
  at: number
  mu: number
  sigma: number
  /** μ − 3σ after this game. */
  ordinal: number
}

export interface PlayerRating {
  playerId: number
  mu: number
  sigma: number
  /** The conservative estimate μ − 3σ: what the ranking uses. */
  ordinal: number
  games: number
  wins: number
  /** The rating after each of the player's games, in the order rated (for the chart on the player's page). */
  history: RatingPoint[]
}

export interface RatingTable {
  /** Players by ordinal, highest first (ties: more games, then the smaller id). */
  ranking: PlayerRating[]
  byPlayer: Map<number, PlayerRating>
  /** Games rated (finished, with a winner) in the order rated. */
  rated: number
}

/** Finished games with a winner as the rating takes them: the red team against the black team. */
export function ratingGamesOf(games: readonly StatsGame[]): RatingGame[] {
  const out: RatingGame[] = []
  for (const g of games) {
    const winner = g.record.winner
    if (!g.record.finished || winner === null) continue
    const team = (t: 'red' | 'black'): Array<number | null> =>
      g.record.seats.filter((s) => teamOf(s.role) === t).map((s) => s.playerId)
    out.push({ key: g.key, at: g.at, red: team('red'), black: team('black'), winner })
  }
  return out
}

/** The order games are rated in: by time, then by key. Exported so that a caller can show the same order. */
export function ratingOrder(a: RatingGame, b: RatingGame): number {
  return a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4

/** Rates every game from a fresh start (every player μ = 25, σ = 25/3) and ranks the players. */
export function computeRatings(games: readonly RatingGame[]): RatingTable {
  const byPlayer = new Map<number, PlayerRating>()
  const sorted = [...games].sort(ratingOrder)
  const current = (id: number | null): { mu: number; sigma: number } => {
    if (id === null) return rating()
    const p = byPlayer.get(id)
    return p ? { mu: p.mu, sigma: p.sigma } : rating()
  }
  let rated = 0
  for (const g of sorted) {
    if (g.red.length === 0 || g.black.length === 0) continue
    const m = Math.min(g.red.length, g.black.length)
    const scaled = (
      ids: ReadonlyArray<number | null>,
    ): { k: number; team: Array<{ mu: number; sigma: number }> } => {
      const k = m / ids.length
      return { k, team: ids.map(current).map((r) => ({ mu: r.mu * k, sigma: r.sigma * k })) }
    }
    const red = scaled(g.red)
    const black = scaled(g.black)
    // Plackett-Luce ranks: 1 for the winner, 2 for the loser; a draw ranks both teams first.
    const rank = g.winner === 'red' ? [1, 2] : g.winner === 'black' ? [2, 1] : [1, 1]
    const [rr, rb] = rate([red.team, black.team], { rank })
    const back = (
      team: Array<{ mu: number; sigma: number }>,
      k: number,
    ): Array<{ mu: number; sigma: number }> => team.map((r) => ({ mu: r.mu / k, sigma: r.sigma / k }))
    const newRed = back(rr, red.k)
    const newBlack = back(rb, black.k)
    rated++
    const keep = (
      ids: ReadonlyArray<number | null>,
      after: Array<{ mu: number; sigma: number }>,
      won: boolean,
    ): void =>
      ids.forEach((id, i) => {
        if (id === null) return
        const r = after[i]
        const p = byPlayer.get(id) ?? {
          playerId: id,
          mu: 0,
          sigma: 0,
          ordinal: 0,
          games: 0,
          wins: 0,
          history: [],
        }
        p.mu = r.mu
        p.sigma = r.sigma
        p.ordinal = ordinal(r)
        p.games++
        if (won) p.wins++
        p.history.push({
          key: g.key,
          at: g.at,
          mu: round4(r.mu),
          sigma: round4(r.sigma),
          ordinal: round4(p.ordinal),
        })
        byPlayer.set(id, p)
      })
    keep(g.red, newRed, g.winner === 'red')
    keep(g.black, newBlack, g.winner === 'black')
  }
  const ranking = [...byPlayer.values()].sort(
    (a, b) => b.ordinal - a.ordinal || b.games - a.games || a.playerId - b.playerId,
  )
  return { ranking, byPlayer, rated }
}
