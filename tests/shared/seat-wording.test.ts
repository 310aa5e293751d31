/**
 * #31 §5: a message names the player, never a bare index where the player is known — the undo/redo labels name the
 * seat's nickname, a refused setup names the seat (1–10), never the 0-based index of the list a program sees.
 */
import { describe, expect, it } from 'vitest'
import { describeCommand, describeEntry } from '../../src/main/engine/describe'
import { checkSetup } from '../../src/main/engine/verify'
import { BUILTIN_RULESETS } from '../../src/shared/game/ruleset'
import { fieldName } from '../../src/shared/validation-message'
import { seatTag } from '../../src/renderer/src/control/logic/seat-tag'

const NAMES = ['Лиса', 'Волк', 'Медведь', 'Сова', 'Ёж', 'Рысь', 'Барсук', 'Ворон', 'Заяц', 'Филин']

describe('the undo/redo labels', () => {
  it('name the player with his seat', () => {
    expect(describeCommand({ cmd: 'foul', seat: 5 }, NAMES)).toEqual({
      ru: 'Фол игроку №5 Ёж',
      en: 'Foul to seat 5 (Ёж)',
    })
    expect(describeCommand({ cmd: 'vote', candidate: 7, voters: [1, 2] }, NAMES).ru).toBe(
      'Голосование за №7 Барсук: 1, 2',
    )
    expect(
      describeEntry(
        { command: { cmd: 'next' }, events: [{ type: 'tieSpeechStarted', seat: 5 }] } as never,
        NAMES,
      ).ru,
    ).toBe('Перестрелка: речь игрока №5 Ёж')
  })

  it('fall back to the number alone without names', () => {
    expect(describeCommand({ cmd: 'foul', seat: 4 })).toEqual({ ru: 'Фол игроку №4', en: 'Foul to seat 4' })
  })
})

describe('a refused setup', () => {
  it('names the seat (index + 1), never the list index', () => {
    const players = NAMES.map((name) => ({ name }))
    players[3] = { name: '' }
    const roles = Object.fromEntries(NAMES.map((_, i) => [String(i + 1), 'civilian']))
    Object.assign(roles, { '1': 'don', '2': 'mafia', '3': 'mafia', '10': 'sheriff' })
    const r = checkSetup({ ruleset: BUILTIN_RULESETS.fiim, players, roles })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.message.ru).toContain('players[место 4].name')
    expect(r.error.message.en).toContain('players[seat 4].name')
    expect(r.error.message.ru).not.toMatch(/players(\.|\[)3\b/)
    // The Russian text is Russian: zod's English wording stays out of it.
    expect(r.error.message.ru).not.toMatch(/Too small|expected/i)
  })

  it('an index into another list stays the list position', () => {
    expect(fieldName(['voters', 1], 'command')).toBe('command.voters[1]')
    expect(fieldName(['players', 0, 'name'], undefined, 'ru')).toBe('players[место 1].name')
  })
})

describe('the panel’s seat tag', () => {
  it('fills «Игрок №{n}» with the number and the nickname', () => {
    expect(seatTag(5, 'Ёж', 'ru')).toBe('5 Ёж')
    expect(seatTag(5, 'Ёж', 'en')).toBe('5 (Ёж)')
    expect(seatTag(5, '  ', 'ru')).toBe('5')
    expect(seatTag(5, undefined, 'en')).toBe('5')
  })
})
