/**
 * The setup screen's own keys, for entering the roles from the physical cards without walking the form:
 * a seat (1 … 9, 0 or 10) then a role letter. Letters are read from `key` in both layouts, so the judge presses
 * the letter printed on the key: Д/D don, М/M mafia, Ш/S sheriff, К/R red (civilian). Pure: the screen applies
 * the result.
 */
import type { Role } from '../../../../shared/game/record'

export type SetupKey =
  | { kind: 'digit'; digit: number }
  | { kind: 'role'; role: Role }
  | { kind: 'copy' }
  | { kind: 'start' }
  | null

const ROLE_LETTERS: Record<string, Role> = {
  d: 'don',
  д: 'don',
  m: 'mafia',
  м: 'mafia',
  s: 'sheriff',
  ш: 'sheriff',
  r: 'civilian',
  к: 'civilian',
}

/** The screen shortcuts listed by `?` (display keys; descriptions under `keys.setup.`). */
export const SETUP_SHORTCUTS: Array<{ keys: string; what: string }> = [
  { keys: '1 … 0 Д / D', what: 'don' },
  { keys: '1 … 0 М / M', what: 'mafia' },
  { keys: '1 … 0 Ш / S', what: 'sheriff' },
  { keys: '1 … 0 К / R', what: 'civilian' },
  { keys: 'C / С', what: 'copy' },
  { keys: 'Enter', what: 'start' },
  { keys: 'Tab', what: 'nextName' },
  { keys: 'Esc', what: 'leave' },
]

export function setupKey(e: {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}): SetupKey {
  if (e.ctrlKey || e.metaKey || e.altKey) return null
  if (/^(Digit|Numpad)[0-9]$/.test(e.code)) return { kind: 'digit', digit: Number(e.code.slice(-1)) }
  const k = e.key.toLowerCase()
  const role = ROLE_LETTERS[k]
  if (role) return { kind: 'role', role }
  if (k === 'c' || k === 'с') return { kind: 'copy' }
  if (e.key === 'Enter' || e.code === 'NumpadEnter') return { kind: 'start' }
  return null
}

/** The seat typed so far: «1» then «0» is 10, a lone «0» is 10 (as on the table), else the last digit. */
export function seatOf(digits: number[]): number | null {
  if (digits.length === 0) return null
  const last = digits[digits.length - 1]
  if (last === 0) return 10
  return last
}

/**
 * Gives `seat` the role; a card is unique (one don, one sheriff): whoever held it before becomes red, and a
 * third mafia card takes the place of the earliest one given. The same key again on the same seat makes it red.
 */
export function assignRole(
  roles: Role[],
  seat: number,
  role: Role,
  order: number[],
): { roles: Role[]; order: number[] } {
  const next = [...roles]
  const i = seat - 1
  let ord = order.filter((s) => s !== seat)
  if (next[i] === role && role !== 'civilian') {
    next[i] = 'civilian'
    return { roles: next, order: ord }
  }
  if (role === 'don' || role === 'sheriff') {
    next.forEach((r, j) => {
      if (r === role) next[j] = 'civilian'
    })
  }
  if (role === 'mafia') {
    const mafia = ord.filter((s) => next[s - 1] === 'mafia')
    const extra = next.filter((r) => r === 'mafia').length - (next[i] === 'mafia' ? 1 : 0)
    if (extra >= 2) {
      const drop = mafia[0] ?? next.findIndex((r, j) => r === 'mafia' && j !== i) + 1
      if (drop > 0) next[drop - 1] = 'civilian'
      ord = ord.filter((s) => s !== drop)
    }
  }
  next[i] = role
  if (role !== 'civilian') ord.push(seat)
  return { roles: next, order: ord }
}
