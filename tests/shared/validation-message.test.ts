// Refused payloads reach the judge in his language, naming the field and what is allowed there (issue 28 §4):
// the one formatter over zod issues, the router's 'contract/invalid_params', and the engine's own door
// ('engine/unknown_command', 'engine/bad_command') whatever the caller.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide, newGame, dealRoles, execute } from '../../src/main/engine'
import { commandSchema, type Command } from '../../src/shared/game/commands'
import { BUILTIN_RULESETS } from '../../src/shared/game/ruleset'
import { validationMessage } from '../../src/shared/validation-message'

/** zod's own English wording: none of it may reach a Russian message. */
const ZOD_ENGLISH = /Too big|Too small|Invalid|expected|received|Unrecognized|must/

const textOf = (raw: unknown) => {
  const r = commandSchema.safeParse(raw)
  if (r.success) throw new Error('expected a refusal')
  return validationMessage(r.error.issues)
}

describe('validationMessage', () => {
  it('names the field and the allowed range of a seat', () => {
    const t = textOf({ cmd: 'foul', seat: 11 })
    expect(t.ru).toBe('seat: допустимо не больше 10')
    expect(t.en).toBe('seat: must be at most 10')
    expect(textOf({ cmd: 'foul', seat: 0 }).ru).toBe('seat: допустимо не меньше 1')
    expect(textOf({ cmd: 'foul', seat: 2.5 }).ru).toBe('seat: ожидается целое число')
    expect(textOf({ cmd: 'foul', seat: '3' }).en).toBe('seat: expected a number')
  })

  it('lists the allowed values of an option and of the command name', () => {
    const t = textOf({ cmd: 'timer', action: 'stop' })
    expect(t.ru).toBe('action: допустимо одно из: «start», «pause», «reset», «add»')
    expect(t.en).toBe('action: must be one of: "start", "pause", "reset", "add"')
    const u = textOf({ cmd: 'jump' })
    expect(u.ru).toContain('cmd: неизвестное значение; допустимо одно из: «start», «next»')
    expect(u.en).toContain('cmd: unknown value; must be one of: "start", "next"')
  })

  it('names list items, record keys and nested fields with a root', () => {
    const t = validationMessage(
      commandSchema.safeParse({ cmd: 'vote', candidate: 2, voters: [1, 12] }).error!.issues,
      {
        root: 'command',
      },
    )
    expect(t.ru).toBe('command.voters[1]: допустимо не больше 10')
    const k = textOf({ cmd: 'shot', shots: { '11': 3 } })
    expect(k.issues[0].field).toBe('shots.11')
    expect(k.ru).toMatch(/^shots\.11: недопустимый ключ: не соответствует образцу/)
    expect(textOf({ cmd: 'remove', seat: 2, reason: '' }).ru).toBe('reason: не может быть пустым')
  })

  it('never lets zod English into the Russian text, for any malformed command', () => {
    const anything = fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: -20, max: 20 }),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.array(fc.integer({ min: -2, max: 12 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    )
    const names = fc.constantFrom(
      'foul',
      'vote',
      'timer',
      'shot',
      'liftAll',
      'remove',
      'extraPoints',
      'nominate',
      'x',
    )
    fc.assert(
      fc.property(
        names,
        fc.dictionary(
          fc.constantFrom(
            'seat',
            'target',
            'voters',
            'yes',
            'action',
            'shots',
            'points',
            'reason',
            'count',
            'candidate',
          ),
          anything,
        ),
        (cmd, fields) => {
          const r = commandSchema.safeParse({ cmd, ...fields })
          if (r.success) return
          const t = validationMessage(r.error.issues)
          expect(t.issues.length).toBeGreaterThan(0)
          expect(t.ru).not.toMatch(ZOD_ENGLISH)
          expect(t.ru).not.toMatch(/undefined|\[object/)
          // The text names the first five refused fields and counts the rest («и ещё N»).
          for (const i of t.issues.slice(0, 5)) expect(t.ru).toContain(i.field === '' ? 'значение' : i.field)
          if (t.issues.length > 5) expect(t.ru).toContain(`и ещё ${t.issues.length - 5}`)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe("the engine's own door", () => {
  it('decide refuses an unknown command and a malformed seat itself, whatever the caller', () => {
    const game = newGame({
      ruleset: BUILTIN_RULESETS.fiim,
      players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((name) => ({ name })),
      roles: dealRoles(1),
    })
    const started = execute(game, { cmd: 'start' })
    if (!started.ok) throw new Error('start refused')
    const state = started.game.state
    const unknown = decide(state, { cmd: 'jump' } as unknown as Command)
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) {
      expect(unknown.error.code).toBe('engine/unknown_command')
      expect(unknown.error.message.ru).toContain('Неизвестная команда «jump»')
      expect(unknown.error.message.en).toContain('Unknown command "jump"')
    }
    for (const seat of ['3', 3.5, 0, 11, null]) {
      const bad = decide(state, { cmd: 'foul', seat } as unknown as Command)
      expect(bad.ok, `seat ${String(seat)}`).toBe(false)
      if (bad.ok) continue
      expect(bad.error.code).toBe('engine/bad_command')
      expect(bad.error.message.ru).toMatch(/^Неверная команда «foul»: seat: /)
      expect(bad.error.message.en).toMatch(/^Bad command "foul": seat: /)
      expect(bad.error.message.ru).not.toMatch(ZOD_ENGLISH)
    }
    expect(decide(state, { cmd: 'nominate', target: [3, 4] } as unknown as Command).ok).toBe(false)
    expect(decide(state, 'next' as unknown as Command).ok).toBe(false)
    // A well-formed command still passes the same door.
    expect(decide(state, { cmd: 'next' }).ok).toBe(true)
  })
})
