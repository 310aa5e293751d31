// Automatic outcomes say why: a typed notice in the control and overlay views (never a secret on the overlay), and
// the reason printed in the game protocol (RULES §4.5, §7.2, §10.2, §14).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { controlView, gameRecord, overlayView, type Game } from '../../src/main/engine'
import { runScenario } from '../../src/main/engine/scenario'
import { buildProtocolModel } from '../../src/main/export/protocol-model'

function play(file: string, steps?: number): Game {
  const sc = JSON.parse(readFileSync(join(__dirname, '..', 'scenarios', file), 'utf8')) as {
    steps: unknown[]
    expect?: unknown
  }
  if (steps !== undefined) {
    sc.steps = sc.steps.slice(0, steps)
    delete sc.expect
  }
  const r = runScenario(sc)
  expect(r.failures).toEqual([])
  return r.game!
}

const header = {
  tournament: 'T',
  stage: null,
  round: 1,
  table: 1,
  gameNumber: 1,
  date: '2026-11-30',
  judge: 'J',
  rulesetName: '',
}
const daysText = (g: Game, lang: 'ru' | 'en'): string =>
  buildProtocolModel(gameRecord(g), header, lang)
    .days.rows.map((r) => r.join(' | '))
    .join('\n')

describe('notices', () => {
  it('§7.2 a lone nominee on day 1: the views say why there is no vote, and so does the protocol', () => {
    const g = play('s51-notices-automatic-outcomes.json', 13)
    expect(controlView(g).notice).toEqual({ code: 'noVote.day1Single', params: { seat: 4 } })
    expect(overlayView(g, { roles: 'hidden' }).notice).toEqual({
      code: 'noVote.day1Single',
      params: { seat: 4 },
    })
    expect(daysText(g, 'ru')).toContain('Голосование не проводилось: одна кандидатура в первый день (№4)')
    expect(daysText(g, 'en')).toContain('No vote: a single nominee on day 1 (seat 4)')
  })

  it('the notice belongs to the command that caused it: the next game command clears it', () => {
    const g = play('s51-notices-automatic-outcomes.json')
    expect(controlView(g).notice).toBeNull()
  })

  it('§4.1 a shot at an absent seat: the judge sees why it is a miss, the overlay never does', () => {
    const g = play('s45-shot-at-absent-seat-is-a-miss.json', 15)
    expect(controlView(g).notice?.code).toBe('shot.absentTarget')
    for (const roles of ['hidden', 'shown', 'atEnd'] as const)
      expect(overlayView(g, { roles }).notice ?? null).toBeNull()
  })

  it('§4.5 a void best move: the protocol says why', () => {
    const g = play('s52-best-move-void-notice.json')
    const m = buildProtocolModel(gameRecord(g), header, 'ru')
    const line = m.result.find(([k]) => k.startsWith('Лучший ход'))
    expect(line?.[1]).toContain('ЛХ не засчитан: 1 игрок покинул стол по итогам голосования 1-го дня')
  })

  it('§10.2 every tied player removed in the tie speeches: the protocol gives the reason nobody left', () => {
    const g = play('s42-club-all-tied-removed-in-tie-speeches.json')
    expect(daysText(g, 'ru')).toContain('никого из них нет за столом, никто не уходит')
  })

  it('the record keeps each reason once per day', () => {
    const g = play('s45-shot-at-absent-seat-is-a-miss.json')
    const removal = (gameRecord(g).notices ?? []).filter((x) => x.notice.code === 'noVote.removal')
    expect(removal).toHaveLength(1)
  })
})
