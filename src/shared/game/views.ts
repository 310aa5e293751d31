/**
 * What the engine shows: the control view (everything, for the judge) and the overlay view (for the stream;
 * roles and check results only when the overlay settings allow). Only the control view carries the game's revision.
 */
import type { LocalizedText } from '../errors'
import type { Notice } from './notices'
import type { EndReason, Role, SeatPoints, SeatStatus, Winner } from './record'

export type Phase = 'setup' | 'zeroNight' | 'day' | 'night' | 'finished'
export type DayStep = 'lastWord' | 'speech' | 'voting' | 'tieSpeech' | 'liftAll'
export type NightStep = 'shot' | 'donCheck' | 'sheriffCheck'

/** The timer is state: clients count down locally from `runningSince` (ms since epoch) and `remainingMs`. */
export interface TimerState {
  label: string
  durationMs: number
  remainingMs: number
  runningSince: number | null
}

export interface SeatView {
  seat: number
  name: string
  playerId: number | null
  photo: string | null
  /** The player's club from the registry, fixed at the game's creation (null: none). */
  club: string | null
  role: Role | null
  status: SeatStatus
  fouls: number
  techFouls: number
  silenced: boolean
  nominated: boolean
  speaking: boolean
  /** Total points so far, when the game is finished; else null. */
  points: number | null
}

export interface OverlaySettings {
  roles: 'hidden' | 'shown' | 'atEnd'
}

export interface LastNightView {
  night: number
  shot: { kind: 'kill'; target: number } | { kind: 'miss' } | null
  donCheck: { target: number; isSheriff: boolean } | null
  sheriffCheck: { target: number; isBlack: boolean } | null
}

export interface VotingView {
  round: 'vote' | 'revote'
  /** voters null = not yet entered; `votes` = voters plus votes entered as a count (§7.5). */
  candidates: Array<{ seat: number; voters: number[] | null; votes: number | null }>
  /** The seat being voted now. */
  current: number | null
  eligible: number[]
  notVoted: number[]
}

/**
 * A tie being resolved (docs/rules.md §8): who is tied, by how many votes each (the round that tied them), and which
 * stage of the tie the day is in: tie speeches («перестрелка»), the revote («переголосование»), the lift-all
 * vote («подъём всех»). `round` counts the votings that tied this day (1 = the first vote).
 */
export interface TieView {
  stage: 'tieSpeech' | 'revote' | 'liftAll'
  seats: number[]
  counts: number[]
  round: number
}

export interface ControlView {
  /**
   * The game's revision (the engine's `revisionOf`: its log's length, every accepted command one step). A command
   * built on this view is sent with it, and the server refuses it once the game has moved on (`engine/stale_revision`).
   */
  revision: number
  rulesetId: string
  phase: Phase
  /** Within a day, else null. */
  step: DayStep | null
  /** Which night entry is expected next, else null. */
  nightStep: NightStep | null
  day: number
  night: number
  /** Speaking / last-word / tie-speech seat. */
  speaker: number | null
  nominees: Array<{ seat: number; by: number }>
  voting: null | VotingView
  liftAll: null | { seats: number[]; eligible: number[] }
  lastNight: null | LastNightView
  /** null seats = awaiting entry. */
  bestMove: null | { by: number; seats: number[] | null }
  timer: TimerState | null
  winner: Winner | null
  /** 10 seats; the role is always filled in the control view. */
  players: SeatView[]
  canUndo: boolean
  canRedo: boolean
  undoLabel: LocalizedText | null
  redoLabel: LocalizedText | null
  voteCancelled: boolean
  scores: null | Array<{ seat: number; points: SeatPoints }>
  /** A tie in progress, else null (nominees with no part in it are not in `seats`). */
  tie?: TieView | null
  /** What the engine decided by itself at the last game command, and why (no vote, a void best move, …). The
   * engine always sets it (null when nothing); optional only for views built by hand (demo, fixtures). */
  notice?: Notice | null
  /** How the game ended (`finished`: who won and why; `endText` gives the words), else null. Set by the engine;
   * optional only for views built by hand. */
  end?: { winner: Winner; reason: EndReason } | null
}

/** The stream's view: no revision (it would count hidden entries); its envelope numbers the frames (`frame`). */
export type OverlayView = Omit<
  ControlView,
  'canUndo' | 'canRedo' | 'undoLabel' | 'redoLabel' | 'revision'
> & {
  rolesVisible: boolean
}
