// The router's refusal of a malformed payload reaches the judge in his language, naming the field and what is
// allowed there (issue 28 §4: one formatter, tests/shared/validation-message.test.ts).
import { describe, expect, it } from 'vitest'
import { createRouter, type Handlers } from '../../src/main/transport/router'

const ZOD_ENGLISH = /Too big|Too small|Invalid|expected|received|Unrecognized|must/

describe('contract/invalid_params', () => {
  it("the router's contract/invalid_params names the field and the range in Russian and English", async () => {
    const router = createRouter(new Proxy({} as Handlers, { get: () => () => ({ ok: true }) }))
    const r = await router.dispatch(
      'game.command',
      { gameId: 1, command: { cmd: 'foul', seat: 11 } },
      'control',
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('contract/invalid_params')
    expect(r.error.message.ru).toBe(
      'Неверные данные для «game.command»: command.seat: допустимо не больше 10',
    )
    expect(r.error.message.en).toBe('Invalid data for "game.command": command.seat: must be at most 10')
    expect(r.error.message.ru).not.toMatch(ZOD_ENGLISH)
  })

  it('names a missing field and a wrong type in both languages', async () => {
    const router = createRouter(new Proxy({} as Handlers, { get: () => () => ({ ok: true }) }))
    const r = await router.dispatch(
      'game.command',
      { gameId: 'x', command: { cmd: 'timer', action: 'stop' } },
      'control',
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.message.ru).toContain('gameId: ожидается')
    expect(r.error.message.ru).toContain(
      'command.action: допустимо одно из: «start», «pause», «reset», «add»',
    )
    expect(r.error.message.en).toContain('command.action: must be one of: "start", "pause", "reset", "add"')
    expect(r.error.message.ru).not.toMatch(ZOD_ENGLISH)
  })
})
