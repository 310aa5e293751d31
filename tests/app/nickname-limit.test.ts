/**
 * One nickname limit at every door (src/shared/limits.ts): the registry, registration on the spot, the CSV import
 * and a game's seats all take NICKNAME_MAX characters and refuse one more, in the judge's language, never by
 * cutting the name.
 */
import { describe, expect, it } from 'vitest'
import { NICKNAME_MAX } from '../../src/shared/limits'
import { tournamentCore } from './tournament-core'

const { call, refusal, tournament } = tournamentCore('md-nickname-limit-', 'Ники', 'Н')

const long = 'Я'.repeat(NICKNAME_MAX)
const tooLong = 'Я'.repeat(NICKNAME_MAX + 1)

describe('the nickname limit', () => {
  it('is the same for the registry, registration on the spot, the CSV import and a game seat', async () => {
    const t = await tournament(10, 1)
    // The longest nickname is taken everywhere.
    const p = await call('players.add', { nickname: long })
    expect(p.nickname).toBe(long)
    const reg = await call('tournaments.registerNew', { tournamentId: t.id, nickname: 'Б' + long.slice(1) })
    expect(reg.players.some((x) => x.nickname === 'Б' + long.slice(1))).toBe(true)
    // One more character is refused at each door, never cut.
    for (const [name, params] of [
      ['players.add', { nickname: tooLong }],
      ['tournaments.registerNew', { tournamentId: t.id, nickname: tooLong }],
    ] as const) {
      const r = await refusal(name, params)
      expect(r.code, name).not.toBe('app/internal')
    }
    const csv = await call('tournaments.importPlayers', { tournamentId: t.id, csv: `nickname\n${tooLong}\n` })
    expect(csv.added).toBe(0)
    // The message names its line once (the page shows it as it is).
    expect(csv.errors.map((e) => e.message.ru)).toEqual([`Строка 2: ник длиннее ${NICKNAME_MAX} символов.`])
    const list = await call('players.list', { query: 'ЯЯЯ' })
    expect(list.every((x) => x.nickname.length <= NICKNAME_MAX)).toBe(true)
  })
})
