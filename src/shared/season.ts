/** The season's shapes the contract and the statistics share (src/main/tournament/player-stats.ts fills them). */
import type { Role } from './game/record'

export interface RoleStats {
  games: number
  wins: number
  /** wins / games, 0 when no games (rounded to 4 places). */
  winRate: number
}

export interface PlayerStats {
  playerId: number
  games: number
  wins: number
  winRate: number
  byRole: Record<Role, RoleStats>
  /** Best moves made (first killed and named three seats), and those that scored (2 or 3 blacks, not void). */
  bestMoves: number
  bestMoveHits: number
  fouls: number
  foulsPerGame: number
  /** Removals (a removal, a fourth foul or a team defeat caused by the player). */
  removals: number
  removalsPerGame: number
  /** Times killed on the first shooting night. */
  firstKilled: number
  tournaments: number
}

export interface HeadToHead {
  a: number
  b: number
  /** Games at the same table; of them on the same team, and how often that team won. */
  together: number
  sameTeam: number
  sameTeamWins: number
  /** On opposite teams: how often each of them won. */
  opposite: number
  aWins: number
  bWins: number
}
