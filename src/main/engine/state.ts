/** The engine's game state: plain data, rebuilt from the setup and the event log by `replay`. */
import type { Notice } from '../../shared/game/notices'
import type { Ruleset } from '../../shared/game/ruleset'
import type { DayStep, Phase, TimerState } from '../../shared/game/views'
import type {
  AmendmentRecord,
  CommentRecord,
  FoulRecord,
  Role,
  SeatRecord,
  SeatStatus,
  VotingRecord,
  Winner,
  EndReason,
} from '../../shared/game/record'

export interface SeatState {
  seat: number
  name: string
  playerId: number | null
  photo: string | null
  role: Role
  status: SeatStatus
  fouls: number
  techFouls: number
  /** Own speech turns still to be lost to a silence (§11.2). */
  silence: number
  /**
   * §11.8 under the round rule (seeds 000/001): the day whose round he is silent to the end of (also when the 3rd
   * foul ended his own speech); null when not silenced so. The views' `silenced` flag reads it.
   */
  silentThrough: number | null
  left: SeatRecord['left']
  extraPoints: Array<{ points: number; reason: string }>
  penalties: Array<{ points: number; reason: string }>
}

export interface VotingState {
  kind: 'vote' | 'revote'
  candidates: number[]
  /** Per candidate, in order; null = not yet voted. */
  votes: Array<number[] | null>
  /** Per candidate, votes entered as a count without seats (§7.5). */
  counts: number[]
  /** §10.2: seats that left during this round without a vote entered by seat (some may be among the counts). */
  departed: number[]
}

export interface DayState {
  day: number
  opener: number
  step: DayStep
  speaker: number | null
  /** The current speech is a silenced player's silent turn (§5.3). */
  silentTurn: boolean
  /** Seats still to speak (speeches), to give a tie speech, or to give a last word, after the current one. */
  queue: number[]
  /** Where the day goes after the last words: the speeches (morning) or the night (after the voting). */
  afterLastWords: 'speeches' | 'night'
  /** Seats whose speech this day is over (spoken, silent or skipped). */
  spoken: number[]
  nominations: Array<{ by: number; target: number; withdrawn: boolean }>
  voting: VotingState | null
  /** The tied seats (tie speeches, revote, lift-all). */
  tied: number[] | null
  votings: VotingRecord[]
  voteCancelled: boolean
  /** The vote result is fixed (a removal after it cancels the next day's vote under `anyPlayer`). */
  resultFixed: boolean
  left: number[]
}

export interface NightState {
  night: number
  shot: { kind: 'kill'; target: number } | { kind: 'miss' } | null
  shots: Record<string, number | null> | null
  donCheck: { target: number; isSheriff: boolean } | null
  sheriffCheck: { target: number; isBlack: boolean } | null
}

export interface GameState {
  ruleset: Ruleset
  phase: Phase
  seats: SeatState[]
  days: DayState[]
  nights: NightState[]
  fouls: FoulRecord[]
  bestMove: null | { by: number; seats: number[] | null }
  /** The seat killed on the first shooting night (§4.5, §13.5). */
  firstKilled: number | null
  winner: Winner | null
  endReason: EndReason | null
  timer: TimerState | null
  /** §10.3: a removal after the day's result (or at night) cancels the next day's vote. */
  cancelNextVote: boolean
  /** Departures so far, and at the start of the current night (§12 draw rule). */
  departures: number
  departuresAtNightStart: number
  quietRounds: number
  /** §14: the judge's comments and protests. */
  comments: CommentRecord[]
  /** Issue 31 §1: the head judge's amendments on appeal, in log order. */
  amendments: AmendmentRecord[]
  /** Automatic outcomes and their reasons, with where the game was (the protocol prints them). */
  notices: Array<{ notice: Notice; day: number; night: number }>
}

export const day = (s: GameState): DayState | null => (s.phase === 'day' ? s.days[s.days.length - 1] : null)
export const night = (s: GameState): NightState | null =>
  s.phase === 'night' ? s.nights[s.nights.length - 1] : null
export const seatOf = (s: GameState, seat: number): SeatState => s.seats[seat - 1]
export const isBlack = (role: Role): boolean => role === 'mafia' || role === 'don'
export const alive = (s: GameState): number[] =>
  s.seats.filter((p) => p.status === 'alive').map((p) => p.seat)
export const dayNo = (s: GameState): number => s.days.length
export const nightNo = (s: GameState): number => s.nights.length
