import { describe, expect, it } from 'vitest'
import {
  keyIntent,
  outcomeOf,
  primaryOutcome,
  selectionLimit,
  toggleSeat,
  type KeyLike,
} from '../../../src/renderer/src/control/logic/keymap'
import { makeView } from './fixtures'

const k = (key: string, code: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})
const fiim = {
  nonVoters: 'toLastCandidate' as const,
  nominationWithdrawal: false,
  liftAllMajority: 'moreThanHalfLiving' as const,
}
const club = {
  nonVoters: 'toLastCandidate' as const,
  nominationWithdrawal: true,
  liftAllMajority: 'moreThanHalfLiving' as const,
}

describe('keyIntent', () => {
  it('maps the shortcuts', () => {
    expect(keyIntent(k('Enter', 'Enter'))).toEqual({ kind: 'primary' })
    expect(keyIntent(k(' ', 'Space'))).toEqual({ kind: 'timerToggle' })
    expect(keyIntent(k(' ', 'Space', { shiftKey: true }))).toEqual({ kind: 'timerReset' })
    expect(keyIntent(k('+', 'Equal', { shiftKey: true }))).toEqual({ kind: 'timerAdd' })
    expect(keyIntent(k('z', 'KeyZ', { ctrlKey: true }))).toEqual({ kind: 'undo' })
    expect(keyIntent(k('Z', 'KeyZ', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'redo' })
    expect(keyIntent(k('y', 'KeyY', { ctrlKey: true }))).toEqual({ kind: 'redo' })
    expect(keyIntent(k('?', 'Slash', { shiftKey: true }))).toEqual({ kind: 'help' })
    expect(keyIntent(k('F', 'KeyF', { shiftKey: true }))).toEqual({ kind: 'unfoul' })
    expect(keyIntent(k('Escape', 'Escape'))).toEqual({ kind: 'escape' })
    expect(keyIntent(k('7', 'Numpad7'))).toEqual({ kind: 'seat', seat: 7 })
    expect(keyIntent(k('а', 'KeyF'))).toEqual({ kind: 'foul' })
    expect(keyIntent(k('c', 'KeyC', { ctrlKey: true }))).toBeNull()
    expect(keyIntent(k('q', 'KeyQ'))).toBeNull()
  })
})

describe('the selection', () => {
  it('holds one seat, ten in a vote or a lift-all, three for the best move', () => {
    expect(selectionLimit(makeView())).toBe(1)
    expect(toggleSeat([4], 6, 1)).toEqual([6])
    expect(toggleSeat([4], 4, 1)).toEqual([])
    const bm = makeView({ step: 'lastWord', speaker: 10, bestMove: { by: 10, seats: null } })
    expect(selectionLimit(bm)).toBe(3)
    expect(toggleSeat([3, 8, 1], 2, 3)).toBeNull()
    const lift = makeView({ step: 'liftAll', liftAll: { seats: [4, 6], eligible: [1, 2, 3] } })
    expect(selectionLimit(lift)).toBe(10)
  })
})

describe('Enter does the step’s natural action', () => {
  it('starts a game in setup and says next when nothing is picked', () => {
    expect(primaryOutcome(makeView({ phase: 'setup', step: null }), [], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'start' },
    })
    expect(primaryOutcome(makeView(), [], fiim)).toEqual({ kind: 'command', command: { cmd: 'next' } })
  })

  it('nominates the picked seat during a speech, by the speaker', () => {
    expect(primaryOutcome(makeView({ speaker: 2 }), [3], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'nominate', by: 2, target: 3 },
    })
  })

  it('enters the night step that is awaited', () => {
    const night = (nightStep: 'shot' | 'donCheck' | 'sheriffCheck' | null) =>
      makeView({ phase: 'night', step: null, speaker: null, night: 1, nightStep })
    expect(primaryOutcome(night('shot'), [10], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'shot', target: 10 },
    })
    expect(primaryOutcome(night('donCheck'), [10], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'donCheck', target: 10 },
    })
    expect(primaryOutcome(night('sheriffCheck'), [3], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'sheriffCheck', target: 3 },
    })
    expect(primaryOutcome(night(null), [3], fiim)).toEqual({ kind: 'hint', hint: 'nightDone' })
    expect(primaryOutcome(night(null), [], fiim)).toEqual({ kind: 'command', command: { cmd: 'next' } })
    expect(outcomeOf({ kind: 'miss' }, night('shot'), [], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'shot', target: null },
    })
  })

  it('records the best move with three seats, and asks for three otherwise', () => {
    const bm = makeView({ step: 'lastWord', speaker: 10, bestMove: { by: 10, seats: null } })
    expect(primaryOutcome(bm, [3, 8, 1], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'bestMove', seats: [3, 8, 1] },
    })
    expect(outcomeOf({ kind: 'bestMove' }, bm, [3, 8], fiim)).toEqual({ kind: 'hint', hint: 'pickThree' })
  })

  it('records a lift-all vote with the picked seats as yes', () => {
    const lift = makeView({ step: 'liftAll', speaker: null, liftAll: { seats: [4, 6], eligible: [] } })
    expect(primaryOutcome(lift, [9, 1, 5], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'liftAll', yes: [1, 5, 9] },
    })
  })
})

describe('other keys', () => {
  it('need a seat where a seat is needed, and open dialogs for removals and points', () => {
    expect(outcomeOf({ kind: 'foul' }, makeView(), [], fiim)).toEqual({ kind: 'hint', hint: 'pickSeat' })
    expect(outcomeOf({ kind: 'foul' }, makeView(), [4], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'foul', seat: 4 },
    })
    expect(outcomeOf({ kind: 'remove' }, makeView(), [7], fiim)).toEqual({
      kind: 'dialog',
      dialog: 'remove',
      seat: 7,
    })
    expect(outcomeOf({ kind: 'extraPoints' }, makeView(), [], fiim)).toEqual({
      kind: 'hint',
      hint: 'pickSeat',
    })
  })

  it('withdraws only where the ruleset allows it', () => {
    expect(outcomeOf({ kind: 'withdraw' }, makeView({ speaker: 2 }), [], fiim)).toEqual({
      kind: 'hint',
      hint: 'noWithdrawal',
    })
    expect(outcomeOf({ kind: 'withdraw' }, makeView({ speaker: 2 }), [], club)).toEqual({
      kind: 'command',
      command: { cmd: 'withdraw', by: 2 },
    })
  })

  it('toggles the timer by its state', () => {
    const running = makeView({
      timer: { label: 'speech', durationMs: 60_000, remainingMs: 60_000, runningSince: 1 },
    })
    const paused = makeView({
      timer: { label: 'speech', durationMs: 60_000, remainingMs: 60_000, runningSince: null },
    })
    expect(outcomeOf({ kind: 'timerToggle' }, running, [], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'timer', action: 'pause' },
    })
    expect(outcomeOf({ kind: 'timerToggle' }, paused, [], fiim)).toEqual({
      kind: 'command',
      command: { cmd: 'timer', action: 'start' },
    })
    expect(outcomeOf({ kind: 'timerToggle' }, makeView(), [], fiim)).toEqual({
      kind: 'hint',
      hint: 'noTimer',
    })
  })
})
