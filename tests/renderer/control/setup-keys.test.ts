import { describe, expect, it } from 'vitest'
import { assignRole, seatOf, setupKey } from '../../../src/renderer/src/control/logic/setup-keys'
import type { Role } from '../../../src/shared/game/record'

const key = (k: string, code = '') => setupKey({ key: k, code, ctrlKey: false, metaKey: false, altKey: false })
const red: Role[] = Array.from({ length: 10 }, () => 'civilian')

describe('setup keys', () => {
  it('reads the role letters of both layouts and the digits by their key', () => {
    expect(key('д', 'KeyL')).toEqual({ kind: 'role', role: 'don' })
    expect(key('D', 'KeyD')).toEqual({ kind: 'role', role: 'don' })
    expect(key('м', 'KeyV')).toEqual({ kind: 'role', role: 'mafia' })
    expect(key('ш', 'KeyI')).toEqual({ kind: 'role', role: 'sheriff' })
    expect(key('s', 'KeyS')).toEqual({ kind: 'role', role: 'sheriff' })
    expect(key('к', 'KeyR')).toEqual({ kind: 'role', role: 'civilian' })
    expect(key('с', 'KeyC')).toEqual({ kind: 'copy' })
    expect(key('3', 'Digit3')).toEqual({ kind: 'digit', digit: 3 })
    expect(key('Enter', 'Enter')).toEqual({ kind: 'start' })
    expect(key('x', 'KeyX')).toBeNull()
    expect(setupKey({ key: 'd', code: 'KeyD', ctrlKey: true, metaKey: false, altKey: false })).toBeNull()
  })

  it('takes «1», «0» and a lone «0» as seat 10', () => {
    expect(seatOf([1, 0])).toBe(10)
    expect(seatOf([0])).toBe(10)
    expect(seatOf([7])).toBe(7)
    expect(seatOf([])).toBeNull()
  })

  it('keeps the cards unique: one don, one sheriff, two mafia (a third replaces the earliest)', () => {
    let r = assignRole(red, 3, 'don', [])
    r = assignRole(r.roles, 4, 'don', r.order)
    expect(r.roles.filter((x) => x === 'don')).toHaveLength(1)
    expect(r.roles[3]).toBe('don')
    r = assignRole(r.roles, 5, 'mafia', r.order)
    r = assignRole(r.roles, 6, 'mafia', r.order)
    r = assignRole(r.roles, 7, 'mafia', r.order)
    expect(r.roles.map((x, i) => (x === 'mafia' ? i + 1 : 0)).filter(Boolean)).toEqual([6, 7])
    // The same key again on the same seat makes it red.
    r = assignRole(r.roles, 7, 'mafia', r.order)
    expect(r.roles[6]).toBe('civilian')
  })
})
