/**
 * A player's record across every game of the database (tournaments and friendly games): games, wins and win rate
 * by role, best-move hits, fouls and removals per game, tournaments played; and a head-to-head view of two players.
 * Pure: the app gives the finished games' records (and where a game belongs), this counts.
 */
import type { GameRecord, Role } from '../../shared/game/record'
import type { HeadToHead, PlayerStats, RoleStats } from '../../shared/season'
import { teamOf } from './points'

export type { HeadToHead, PlayerStats, RoleStats }

export interface StatsGame {
  key: string
  at: number
  tournamentId: number | null
  record: GameRecord
}

const ROLES: Role[] = ['civilian', 'sheriff', 'mafia', 'don']
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4
const rate = (n: number, of: number): number => (of > 0 ? r4(n / of) : 0)

/** Only finished games with a winner count; a seat with no registry id belongs to nobody. */
const counted = (g: StatsGame): boolean => g.record.finished && g.record.winner !== null

interface Tally {
  games: number
  wins: number
  byRole: Record<Role, RoleStats>
  bestMoves: number
  bestMoveHits: number
  fouls: number
  removals: number
  firstKilled: number
  tournaments: Set<number>
}

const emptyTally = (): Tally => ({
  games: 0,
  wins: 0,
  byRole: Object.fromEntries(ROLES.map((r) => [r, { games: 0, wins: 0, winRate: 0 }])) as Record<
    Role,
    RoleStats
  >,
  bestMoves: 0,
  bestMoveHits: 0,
  fouls: 0,
  removals: 0,
  firstKilled: 0,
  tournaments: new Set(),
})

function finish(playerId: number, t: Tally): PlayerStats {
  for (const r of ROLES) t.byRole[r].winRate = rate(t.byRole[r].wins, t.byRole[r].games)
  return {
    playerId,
    games: t.games,
    wins: t.wins,
    winRate: rate(t.wins, t.games),
    byRole: t.byRole,
    bestMoves: t.bestMoves,
    bestMoveHits: t.bestMoveHits,
    fouls: t.fouls,
    foulsPerGame: rate(t.fouls, t.games),
    removals: t.removals,
    removalsPerGame: rate(t.removals, t.games),
    firstKilled: t.firstKilled,
    tournaments: t.tournaments.size,
  }
}

/** Every registered player's record in one pass over the games (the season table and the players' pages). */
export function seasonStats(games: readonly StatsGame[], only?: number): Map<number, PlayerStats> {
  const tallies = new Map<number, Tally>()
  for (const g of games) {
    if (!counted(g)) continue
    for (const seat of g.record.seats) {
      const id = seat.playerId
      if (id === null || (only !== undefined && id !== only)) continue
      let t = tallies.get(id)
      if (t === undefined) tallies.set(id, (t = emptyTally()))
      t.games++
      const won = g.record.winner === teamOf(seat.role)
      if (won) t.wins++
      t.byRole[seat.role].games++
      if (won) t.byRole[seat.role].wins++
      t.fouls += seat.fouls
      const how = seat.left?.how
      if (how === 'removed' || how === 'fouledOut' || how === 'teamDefeat') t.removals++
      if (g.record.firstKilled === seat.seat) t.firstKilled++
      const bm = g.record.bestMove
      if (bm && bm.by === seat.seat) {
        t.bestMoves++
        if (!bm.void && bm.blacks >= 2) t.bestMoveHits++
      }
      if (g.tournamentId !== null) t.tournaments.add(g.tournamentId)
    }
  }
  return new Map([...tallies].map(([id, t]) => [id, finish(id, t)]))
}

/** One player's record (all zeros when he has no finished game). */
export function playerStats(playerId: number, games: readonly StatsGame[]): PlayerStats {
  return seasonStats(games, playerId).get(playerId) ?? finish(playerId, emptyTally())
}

export function headToHead(a: number, b: number, games: readonly StatsGame[]): HeadToHead {
  const h: HeadToHead = { a, b, together: 0, sameTeam: 0, sameTeamWins: 0, opposite: 0, aWins: 0, bWins: 0 }
  for (const g of games) {
    if (!counted(g)) continue
    const sa = g.record.seats.find((s) => s.playerId === a)
    const sb = g.record.seats.find((s) => s.playerId === b)
    if (!sa || !sb) continue
    h.together++
    const ta = teamOf(sa.role)
    const tb = teamOf(sb.role)
    if (ta === tb) {
      h.sameTeam++
      if (g.record.winner === ta) h.sameTeamWins++
    } else {
      h.opposite++
      if (g.record.winner === ta) h.aWins++
      if (g.record.winner === tb) h.bWins++
    }
  }
  return h
}
