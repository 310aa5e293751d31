import type { Notice } from './notices'

/**
 * The complete, human-meaningful record of one game (docs/rules.md §14), derived by the engine from the
 * event log. Protocol export, standings and the database projections read this shape only.
 * Seats are 1..10.
 */
export type Role = 'civilian' | 'sheriff' | 'mafia' | 'don'
export type Team = 'red' | 'black'
export type Winner = 'red' | 'black' | 'draw'
export type SeatStatus = 'alive' | 'killed' | 'votedOut' | 'removed'

/** How the game ended: all blacks out, blacks reached parity, the draw rule, a team defeat (ППК). */
/** How the game ended; `appeal`: the head judge's amendment on appeal set the winner (issue 31 §1). */
export type EndReason = 'blacksEliminated' | 'parity' | 'draw' | 'teamDefeat' | 'appeal'

export interface SeatPoints {
  win: number
  bestMove: number
  extra: number
  penalty: number
  /** win + bestMove + extra + penalty (penalty is negative). Ci is added at tournament level. */
  total: number
}

export interface SeatRecord {
  seat: number
  name: string
  playerId: number | null
  role: Role
  fouls: number
  techFouls: number
  status: SeatStatus
  /** How and when the player left; null while at the table. `lifted` = left by a lift-all vote. */
  left: null | {
    how: 'killed' | 'votedOut' | 'lifted' | 'removed' | 'fouledOut' | 'teamDefeat'
    day: number | null
    night: number | null
    reason: string | null
  }
  points: SeatPoints
  extraPoints: Array<{ points: number; reason: string }>
  penalties: Array<{ points: number; reason: string }>
}

export interface NightRecord {
  night: number
  /** The judge's entry: a kill of one seat or a miss; `shots` when entered per black. */
  shot: { kind: 'kill'; target: number } | { kind: 'miss' } | null
  shots: Record<string, number | null> | null
  donCheck: { target: number; isSheriff: boolean } | null
  sheriffCheck: { target: number; isBlack: boolean } | null
}

export type VotingRecord =
  /** `count`: votes entered as a number without seats (docs/rules.md §7.5), in addition to `voters`. */
  | { kind: 'vote' | 'revote'; candidates: Array<{ seat: number; voters: number[]; count?: number }> }
  | { kind: 'liftAll'; seats: number[]; yes: number[]; no: number[]; passed: boolean }

export interface DayRecord {
  day: number
  opener: number
  nominations: Array<{ by: number; target: number; withdrawn: boolean }>
  votings: VotingRecord[]
  /** The day's vote did not take place (no nominees, a lone day-1 nominee, a cancelling removal, …). */
  voteCancelled: boolean
  /** Seats voted out or lifted this day, in order. */
  left: number[]
}

export interface FoulRecord {
  seat: number
  kind: 'foul' | 'techFoul'
  /** e.g. "day 2, speech of seat 4" — where the game was when it was given. */
  phase: 'zeroNight' | 'day' | 'night'
  day: number
  night: number
  speaker: number | null
}

/** A judge's comment or a protest (§14), with where the game was when it was written. */
export interface CommentRecord {
  text: string
  phase: 'setup' | 'zeroNight' | 'day' | 'night' | 'finished'
  day: number
  night: number
}

/**
 * An amendment on appeal (issue 31 §1): what the head judge corrected in a finished game, as its log entry says.
 * Penalty points are signed as they count (a withdrawn −0.5 is +0.5).
 */
export interface AmendmentRecord {
  /** The appeal's number in its tournament (№N). */
  appealId: number
  reason: string
  extraPoints: Array<{ seat: number; points: number }>
  penalties: Array<{
    seat: number
    points: number
    kind: 'removal' | 'teamDefeat'
    action: 'give' | 'withdraw'
  }>
  /** The best move's corrected seats, or null when unchanged. */
  bestMove: number[] | null
  /** The corrected winner and the one before, or null when the result is unchanged. */
  winner: { from: Winner | null; to: Winner } | null
}

export interface GameRecord {
  rulesetId: string
  rulesetName: string
  players: Array<{ seat: number; name: string; playerId: number | null; role: Role }>
  finished: boolean
  winner: Winner | null
  endReason: EndReason | null
  seats: SeatRecord[]
  nights: NightRecord[]
  days: DayRecord[]
  fouls: FoulRecord[]
  bestMove: null | {
    by: number
    seats: number[]
    blacks: number
    void: boolean
    points: number
  }
  /** The seat killed on the first shooting night (for Ci), whatever its team; null if that night missed. */
  firstKilled: number | null
  /** Comments and protests, in the order they were written (optional in older exported records). */
  comments?: CommentRecord[]
  /** What the engine decided by itself and why, with the day and night it happened in (optional in older records). */
  notices?: Array<{ notice: Notice; day: number; night: number }>
  /** Amendments on appeal, in log order (optional in older exported records). */
  amendments?: AmendmentRecord[]
  /** Days and nights played. */
  daysPlayed: number
  nightsPlayed: number
}
