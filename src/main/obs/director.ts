/**
 * The OBS director, pure part: which game moment a view shows, and which OBS scene that moment maps to.
 *
 * No I/O here: `sceneChange(prev, next, map)` is a function of two views and a scene map, so it is unit-tested
 * without OBS. `ObsDirector` (director-service.ts) applies its answers through `ObsService` (client.ts).
 */
import { OBS_MOMENTS } from '../../shared/contract'
import { z } from 'zod'

// ---- input: the part of the engine's ControlView the director reads ----------------------------------------

export type DirectorPhase = 'setup' | 'zeroNight' | 'day' | 'night' | 'finished'
export type DirectorDayStep = 'lastWord' | 'speech' | 'voting' | 'tieSpeech' | 'liftAll' | null
export type DirectorNightStep = 'shot' | 'donCheck' | 'sheriffCheck' | null
export type DirectorRole = 'civilian' | 'sheriff' | 'mafia' | 'don' | null

export interface DirectorPlayer {
  seat: number
  name: string
  role: DirectorRole
}

/**
 * Structural input of the director: the engine's ControlView is assignable to it (it has at least these fields).
 * Arrays are readonly so that both mutable and readonly views fit.
 */
export interface DirectorInput {
  phase: DirectorPhase
  step: DirectorDayStep
  nightStep: DirectorNightStep
  speaker: number | null
  day: number
  night: number
  winner: 'red' | 'black' | 'draw' | null
  players: ReadonlyArray<DirectorPlayer>
  /** Optional (the ControlView has it): a revote of a tie is the `tie` moment, not the `voting` one. */
  voting?: { round: 'vote' | 'revote' } | null
}

// ---- moments -----------------------------------------------------------------------------------------------

/** The game moments a scene can be mapped to: the contract's list, so the panel and the director agree. */
export const MOMENT_KINDS = OBS_MOMENTS
export type MomentKind = (typeof MOMENT_KINDS)[number]

/** A game moment. `speech` carries the speaking seat (1–10); `break` is chosen by the operator between games. */
export type GameMoment = { kind: Exclude<MomentKind, 'speech'> } | { kind: 'speech'; seat: number }

/**
 * Where an unmapped moment looks next (a moment is a refinement of its parent): a seat's speech → `speech` → `day`;
 * the night's steps → `night`; `tie` → `voting` → `day`; `lastWord` → `day`; `zeroNight` → `night`.
 * `gameEnd` and `break` have no parent. When nothing in the chain is mapped, the scene is left alone.
 */
export const MOMENT_FALLBACK: Readonly<Record<MomentKind, MomentKind | null>> = {
  zeroNight: 'night',
  day: null,
  speech: 'day',
  voting: 'day',
  tie: 'voting',
  lastWord: 'day',
  night: null,
  shot: 'night',
  donCheck: 'night',
  sheriffCheck: 'night',
  gameEnd: null,
  break: null,
}

export function isValidSeat(seat: number | null): seat is number {
  return seat !== null && Number.isInteger(seat) && seat >= 1 && seat <= 10
}

/** The moment a single view shows, or null where there is none (setup: the director leaves OBS alone). */
export function momentOf(view: DirectorInput): GameMoment | null {
  switch (view.phase) {
    case 'setup':
      return null
    case 'zeroNight':
      return { kind: 'zeroNight' }
    case 'finished':
      return { kind: 'gameEnd' }
    case 'night':
      switch (view.nightStep) {
        case 'shot':
          return { kind: 'shot' }
        case 'donCheck':
          return { kind: 'donCheck' }
        case 'sheriffCheck':
          return { kind: 'sheriffCheck' }
        default:
          return { kind: 'night' }
      }
    case 'day':
      switch (view.step) {
        case 'speech':
          return isValidSeat(view.speaker) ? { kind: 'speech', seat: view.speaker } : { kind: 'day' }
        case 'voting':
          return view.voting?.round === 'revote' ? { kind: 'tie' } : { kind: 'voting' }
        case 'tieSpeech':
        case 'liftAll':
          return { kind: 'tie' }
        case 'lastWord':
          return { kind: 'lastWord' }
        default:
          return { kind: 'day' }
      }
    default:
      return null
  }
}

/**
 * The moment of `next`, given the view before it. A voting that follows tie speeches (or a lift-all vote) on the same
 * day is the revote of the tie, so it stays the `tie` moment even when the input carries no `voting.round`; every
 * other view is `momentOf(next)`.
 */
export function momentAfter(prev: DirectorInput | null, next: DirectorInput): GameMoment | null {
  const moment = momentOf(next)
  if (
    moment?.kind === 'voting' &&
    prev !== null &&
    prev.phase === 'day' &&
    prev.day === next.day &&
    (prev.step === 'tieSpeech' || prev.step === 'liftAll')
  ) {
    return { kind: 'tie' }
  }
  return moment
}

export function sameMoment(a: GameMoment | null, b: GameMoment | null): boolean {
  if (a === null || b === null) return a === b
  if (a.kind !== b.kind) return false
  return a.kind !== 'speech' || b.kind !== 'speech' || a.seat === b.seat
}

// ---- the scene map -----------------------------------------------------------------------------------------

/** An OBS scene name as the operator picked it (OBS allows almost anything; keep it sane). */
export const sceneNameSchema = z.string().min(1).max(256)

const seatKeySchema = z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])

/** Moment → scene. A missing or null entry is unmapped. Stored per tournament or per table by the caller. */
export const sceneMapSchema = z
  .object({
    zeroNight: sceneNameSchema.nullable().optional(),
    day: sceneNameSchema.nullable().optional(),
    speech: sceneNameSchema.nullable().optional(),
    voting: sceneNameSchema.nullable().optional(),
    tie: sceneNameSchema.nullable().optional(),
    lastWord: sceneNameSchema.nullable().optional(),
    night: sceneNameSchema.nullable().optional(),
    shot: sceneNameSchema.nullable().optional(),
    donCheck: sceneNameSchema.nullable().optional(),
    sheriffCheck: sceneNameSchema.nullable().optional(),
    gameEnd: sceneNameSchema.nullable().optional(),
    break: sceneNameSchema.nullable().optional(),
    /** Optional per-seat speech scenes ("1".."10"), e.g. a close-up camera per seat. */
    speechBySeat: z.partialRecord(seatKeySchema, sceneNameSchema.nullable()).optional(),
  })
  .strict()
export type SceneMap = z.infer<typeof sceneMapSchema>

/** The scene a moment maps to, following MOMENT_FALLBACK; null when nothing in the chain is mapped. */
export function sceneFor(moment: GameMoment | null, map: SceneMap): string | null {
  if (moment === null) return null
  if (moment.kind === 'speech') {
    const bySeat = map.speechBySeat?.[String(moment.seat) as z.infer<typeof seatKeySchema>]
    if (typeof bySeat === 'string' && bySeat.length > 0) return bySeat
  }
  let kind: MomentKind | null = moment.kind
  while (kind !== null) {
    const scene = map[kind]
    if (typeof scene === 'string' && scene.length > 0) return scene
    kind = MOMENT_FALLBACK[kind]
  }
  return null
}

/**
 * The scene to switch to when the view goes from `prev` to `next`: null when the moment did not change (a vote was
 * added, a timer ticked, a foul was given) or when the new moment is unmapped (the scene is left alone). A new
 * moment that maps to the same scene as the old one still returns that scene: the caller skips the call when OBS
 * is already on it, and so an operator's manual scene is replaced at the next moment.
 */
export function sceneChange(prev: DirectorInput | null, next: DirectorInput, map: SceneMap): string | null {
  const moment = momentAfter(prev, next)
  if (moment === null) return null
  if (prev !== null && sameMoment(momentOf(prev), moment)) return null
  return sceneFor(moment, map)
}

/** The text for a speaker-name source: "3. Cat" while a seat has the floor, "" otherwise. */
export function speakerLabel(view: DirectorInput): string {
  if (!isValidSeat(view.speaker) || view.phase !== 'day') return ''
  const player = view.players.find((p) => p.seat === view.speaker)
  return player === undefined ? String(view.speaker) : `${view.speaker}. ${player.name}`
}

/** A short human label of a moment, for logs and the control panel. */
export function momentLabel(moment: GameMoment | null): string {
  if (moment === null) return '—'
  return moment.kind === 'speech' ? `speech ${moment.seat}` : moment.kind
}
