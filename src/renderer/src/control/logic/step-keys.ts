/**
 * The keys that matter at this moment of the game (the «Клавиши сейчас» box; the full list is behind `?`). Data, so a
 * test can press every listed key in every step and check that it does what the line says. Pure.
 */
import type { ControlView } from '../../../../shared/game/views'
import { bestMovePending, type Intent, type PanelRules } from './keymap'

export interface StepKey {
  /** The keys as shown. */
  keys: string
  /** The line's words: an i18n key under `keyHints.`. */
  what: string
  /** What pressing them does; null for a key that only picks seats or opens a list. */
  intent: Intent | null
  /** How many seats the judge picks before the key (0: none; 'any': a set of voters, possibly empty). */
  seats: 0 | 1 | 3 | 'any'
}

const key = (keys: string, what: string, intent: Intent | null, seats: StepKey['seats'] = 0): StepKey => ({
  keys,
  what,
  intent,
  seats,
})

/**
 * The seat the current speaker has nominated this day and that still stands, else null: one accepted nomination per
 * speaker per day (§6.1), so N is not his any more (a withdrawal, where allowed, gives it back).
 */
export function speakerNominee(v: ControlView): number | null {
  if (v.speaker === null) return null
  return v.nominees.find((n) => n.by === v.speaker)?.seat ?? null
}

export function stepKeys(v: ControlView | null, rules: PanelRules): StepKey[] {
  if (!v) return [key('G', 'games', { kind: 'games' })]
  const list: StepKey[] = []
  const primary: Intent = { kind: 'primary' }
  if (v.phase === 'setup') list.push(key('Enter', 'start', primary))
  else if (v.phase === 'zeroNight') list.push(key('Enter', 'toDay', primary))
  else if (v.phase === 'night') {
    if (v.nightStep === 'shot')
      list.push(key('1…0 Enter', 'shot', primary, 1), key('M', 'miss', { kind: 'miss' }))
    if (v.nightStep === 'donCheck') list.push(key('1…0 D', 'donCheck', { kind: 'donCheck' }, 1))
    if (v.nightStep === 'donCheck' || v.nightStep === 'sheriffCheck')
      list.push(key('1…0 S', 'sheriffCheck', { kind: 'sheriffCheck' }, 1))
    // The morning waits for the shot (or a miss): Enter opens it only once the shot is in.
    if (v.nightStep !== 'shot') list.push(key('Enter', 'morning', primary))
  } else if (v.phase === 'day') {
    if (v.step === 'voting') list.push(key('1…0', 'voters', null), key('Enter', 'vote', primary, 'any'))
    else if (v.step === 'liftAll') {
      const three = rules.liftAllMajority === 'yesOverNo'
      list.push(
        key('1…0', three ? 'liftAnswers' : 'liftYes', null),
        key('L / Enter', 'liftAll', { kind: 'liftAll' }, 'any'),
      )
    } else {
      if (v.step === 'speech' && speakerNominee(v) === null)
        list.push(key('1…0 N', 'nominate', { kind: 'nominate' }, 1))
      if (bestMovePending(v)) list.push(key('1…0 ×3 B', 'bestMove', { kind: 'bestMove' }, 3))
      list.push(key('Enter', 'next', primary))
    }
  } else if (v.phase === 'finished') list.push(key('1…0 X', 'extraPoints', { kind: 'extraPoints' }, 1))
  if (v.phase !== 'finished' && v.phase !== 'setup') list.push(key('1…0 F', 'foul', { kind: 'foul' }, 1))
  if (v.timer) list.push(key('Space', 'timer', { kind: 'timerToggle' }))
  // Once the game has started there is a command to take back (read from the phase, not from `canUndo`, which would
  // re-render this box at a game's first command only to keep the same line).
  if (v.phase !== 'setup') list.push(key('Ctrl+Z', 'undo', { kind: 'undo' }))
  list.push(key('?', 'all', { kind: 'help' }))
  return list
}
