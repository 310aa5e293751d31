import { describe, expect, it } from 'vitest'
import {
  PRESS_WINDOW,
  PressFilter,
  pressWindowInput,
  pressWindowOf,
} from '../../../src/renderer/src/control/logic/double-press'
import { keyIntent, pressKeyOf, type KeyLike } from '../../../src/renderer/src/control/logic/keymap'
import { makeView } from './fixtures'

const key = (k: Partial<KeyLike>): KeyLike => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...k,
})

describe('the double-press filter', () => {
  it('swallows the same key while its command travels and within the window after the reply', () => {
    const f = new PressFilter()
    expect(f.admit('primary', 0, false, 250)).toBe(true)
    f.changed(1) // its command went out
    // 40 ms later, the first command still on its way.
    expect(f.admit('primary', 40, true, 250)).toBe(false)
    f.changed(60) // its reply
    // 249 ms after the reply: still a double press; 250 ms after it: a press of its own.
    expect(f.admit('primary', 309, false, 250)).toBe(false)
    expect(f.admit('primary', 310, false, 250)).toBe(true)
  })

  it('a press that changed nothing (a hint) opens no window', () => {
    const f = new PressFilter()
    expect(f.admit('primary', 0, false, 250)).toBe(true)
    expect(f.admit('primary', 40, false, 250)).toBe(true)
  })

  it('lets a different key act at once, and the same key again after it', () => {
    const f = new PressFilter()
    expect(f.admit('seat:3', 0, false, 250)).toBe(true)
    f.changed(0)
    expect(f.admit('foul', 30, false, 250)).toBe(true)
    f.changed(30)
    expect(f.admit('seat:3', 60, true, 250)).toBe(true)
    expect(f.admit('seat:4', 70, false, 250)).toBe(true)
  })

  it('only presses in a row: another key in between ends the pair', () => {
    const f = new PressFilter()
    expect(f.admit('primary', 0, false, 250)).toBe(true)
    f.changed(5)
    f.reset()
    expect(f.admit('primary', 40, false, 250)).toBe(true)
  })

  it('is off at a window of 0', () => {
    const f = new PressFilter()
    expect(f.admit('undo', 0, false, 0)).toBe(true)
    f.changed(0)
    expect(f.admit('undo', 1, true, 0)).toBe(true)
  })

  it('a swallowed press does not move the window: it runs from the state change', () => {
    const f = new PressFilter()
    f.admit('primary', 0, false, 250)
    f.changed(10)
    expect(f.admit('primary', 200, false, 250)).toBe(false)
    expect(f.admit('primary', 260, false, 250)).toBe(true)
  })
})

describe('the window setting', () => {
  it('takes a whole number in range from storage, else the default', () => {
    expect(pressWindowOf('400')).toBe(400)
    expect(pressWindowOf('0')).toBe(0)
    for (const bad of [null, '', 'abc', '-5', '12.5', '5000', undefined])
      expect(pressWindowOf(bad)).toBe(PRESS_WINDOW.defaultMs)
  })

  it('brings a typed number into range and keeps the old window for text', () => {
    expect(pressWindowInput('5000', 250)).toBe(PRESS_WINDOW.maxMs)
    expect(pressWindowInput('-3', 250)).toBe(0)
    expect(pressWindowInput('333.4', 250)).toBe(333)
    expect(pressWindowInput('', 300)).toBe(300)
    expect(pressWindowInput('abc', 300)).toBe(300)
  })
})

describe('which keys are filtered', () => {
  const speech = makeView()
  const voting = makeView({
    step: 'voting',
    voting: {
      round: 'vote',
      candidates: [{ seat: 5, voters: null, votes: null }],
      current: 5,
      eligible: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      notVoted: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    },
  })
  const liftAll = makeView({
    step: 'liftAll',
    liftAll: { seats: [4, 6], eligible: [1, 2, 3, 5, 7, 8, 9, 10] },
  })

  it('the record keys, Enter and the keypad Enter one key, a voter digit in a vote', () => {
    expect(pressKeyOf(keyIntent(key({ key: 'Enter', code: 'Enter' })), speech)).toBe('primary')
    expect(pressKeyOf(keyIntent(key({ key: 'Enter', code: 'NumpadEnter' })), speech)).toBe('primary')
    expect(pressKeyOf(keyIntent(key({ key: '3', code: 'Digit3' })), voting)).toBe('seat:3')
    expect(pressKeyOf(keyIntent(key({ key: '0', code: 'Numpad0' })), voting)).toBe('seat:10')
    expect(pressKeyOf(keyIntent(key({ key: 'z', code: 'KeyZ', ctrlKey: true })), speech)).toBe('undo')
    expect(pressKeyOf(keyIntent(key({ key: 'y', code: 'KeyY', ctrlKey: true })), speech)).toBe('redo')
    expect(pressKeyOf(keyIntent(key({ key: 'а', code: 'KeyF' })), speech)).toBe('foul')
    expect(pressKeyOf(keyIntent(key({ key: 'r', code: 'KeyR' })), speech)).toBe('remove')
  })

  it('a digit outside a vote is not filtered: a lift-all answer cycles with each press', () => {
    expect(pressKeyOf(keyIntent(key({ key: '3', code: 'Digit3' })), liftAll)).toBeNull()
    expect(pressKeyOf(keyIntent(key({ key: '3', code: 'Digit3' })), speech)).toBeNull()
    expect(pressKeyOf(keyIntent(key({ key: '3', code: 'Digit3' })), null)).toBeNull()
  })

  it('not the keys that change neither the record nor the seats taken', () => {
    for (const k of [
      { key: 'Backspace', code: 'Backspace' },
      { key: 'Escape', code: 'Escape' },
      { key: '?', code: 'Slash', shiftKey: true },
      { key: 'g', code: 'KeyG' },
      { key: 'o', code: 'KeyO' },
      { key: 'N', code: 'KeyN', shiftKey: true },
    ])
      expect(pressKeyOf(keyIntent(key(k)), voting), k.code).toBeNull()
  })
})
