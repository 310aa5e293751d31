/**
 * A scripted game as a list of director inputs (plain objects shaped like the engine's ControlView), used by the
 * pure director tests and by the real-OBS integration tests.
 */
import type { DirectorInput, DirectorPlayer } from '../../src/main/obs/director'

export const NAMES = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']
const ROLES: DirectorPlayer['role'][] = [
  'civilian',
  'civilian',
  'don',
  'civilian',
  'mafia',
  'civilian',
  'civilian',
  'mafia',
  'civilian',
  'sheriff',
]

export const PLAYERS: DirectorPlayer[] = NAMES.map((name, i) => ({ seat: i + 1, name, role: ROLES[i] }))

export function view(patch: Partial<DirectorInput>): DirectorInput {
  return {
    phase: 'day',
    step: null,
    nightStep: null,
    speaker: null,
    day: 1,
    night: 0,
    winner: null,
    players: PLAYERS,
    ...patch,
  }
}

export const setup = (): DirectorInput => view({ phase: 'setup', day: 0 })
export const zeroNight = (): DirectorInput => view({ phase: 'zeroNight', day: 0 })
export const speech = (day: number, seat: number, night = day - 1): DirectorInput =>
  view({ phase: 'day', step: 'speech', speaker: seat, day, night })
export const voting = (day: number, night = day - 1): DirectorInput =>
  view({ phase: 'day', step: 'voting', day, night })
export const tieSpeech = (day: number, seat: number, night = day - 1): DirectorInput =>
  view({ phase: 'day', step: 'tieSpeech', speaker: seat, day, night })
export const liftAll = (day: number, night = day - 1): DirectorInput =>
  view({ phase: 'day', step: 'liftAll', day, night })
export const lastWord = (day: number, seat: number, night = day - 1): DirectorInput =>
  view({ phase: 'day', step: 'lastWord', speaker: seat, day, night })
export const nightStep = (night: number, step: DirectorInput['nightStep']): DirectorInput =>
  view({ phase: 'night', nightStep: step, day: night, night })
export const finished = (day: number, winner: DirectorInput['winner']): DirectorInput =>
  view({ phase: 'finished', day, night: day, winner })

/**
 * A realistic game: zero night → day 1 (10 speeches, voting, last word) → night 1 (shot, checks) → day 2 (morning
 * last word, speeches, voting with a tie, tie speeches, revote, last word) → night 2 → day 3 → game end.
 * Repeated views (a vote added, a timer tick) are included on purpose: they must not switch anything.
 */
export function scriptedGame(): DirectorInput[] {
  const v: DirectorInput[] = [setup(), zeroNight(), zeroNight()]
  for (let seat = 1; seat <= 10; seat++) v.push(speech(1, seat))
  v.push(voting(1), voting(1), lastWord(1, 4))
  v.push(nightStep(1, 'shot'), nightStep(1, 'donCheck'), nightStep(1, 'sheriffCheck'), nightStep(1, null))
  v.push(lastWord(2, 7, 1))
  for (const seat of [2, 3, 5, 6, 8, 9, 10, 1]) v.push(speech(2, seat, 1))
  v.push(voting(2, 1), tieSpeech(2, 3, 1), tieSpeech(2, 9, 1), voting(2, 1), voting(2, 1), lastWord(2, 9, 1))
  v.push(nightStep(2, 'shot'), nightStep(2, 'sheriffCheck'), nightStep(2, null))
  v.push(lastWord(3, 10, 2))
  for (const seat of [3, 5, 6, 8]) v.push(speech(3, seat, 2))
  v.push(voting(3, 2), lastWord(3, 5, 2), finished(3, 'black'), finished(3, 'black'))
  return v
}

/** The map the integration tests use (scene names exist in the test OBS collection). */
export const TEST_MAP = {
  zeroNight: 'Zero night',
  day: 'Day',
  speech: 'Speech',
  voting: 'Voting',
  tie: 'Tie',
  lastWord: 'Last word',
  night: 'Night',
  donCheck: 'Don check',
  sheriffCheck: 'Sheriff check',
  gameEnd: 'Game end',
  break: 'Break',
  speechBySeat: { '3': 'Seat 3' },
} as const

export const TEST_SCENES = [
  'Break',
  'Zero night',
  'Day',
  'Speech',
  'Seat 3',
  'Voting',
  'Tie',
  'Last word',
  'Night',
  'Don check',
  'Sheriff check',
  'Game end',
]
