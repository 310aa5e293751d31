// Automatic outcomes say why: a typed notice in the control and overlay views (never a secret on the overlay), and
// the reason printed in the game protocol (docs/rules.md §4.5, §7.2, §10.2, §14).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { controlView, execute, gameRecord, overlayView, type Game } from '../../src/main/engine'
import { endText } from '../../src/shared/game/notices'
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
    expect(controlView(g, 1).notice).toEqual({ code: 'noVote.day1Single', params: { seat: 4 } })
    expect(overlayView(g, 1, { roles: 'hidden' }).notice).toEqual({
      code: 'noVote.day1Single',
      params: { seat: 4 },
    })
    expect(daysText(g, 'ru')).toContain('Голосование не проводилось: одна кандидатура в первый день (№4)')
    expect(daysText(g, 'en')).toContain('No vote: a single nominee on day 1 (seat 4)')
  })

  it('the notice belongs to the command that caused it: the next game command clears it', () => {
    const g = play('s51-notices-automatic-outcomes.json')
    expect(controlView(g, 1).notice).toBeNull()
  })

  it('§4.1 a shot at an absent seat: the judge sees why it is a miss, the overlay never does', () => {
    const g = play('s45-shot-at-absent-seat-is-a-miss.json', 15)
    expect(controlView(g, 1).notice?.code).toBe('shot.absentTarget')
    for (const roles of ['hidden', 'shown', 'atEnd'] as const)
      expect(overlayView(g, 1, { roles }).notice ?? null).toBeNull()
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

  it('issue 30: a game ended by a removal says how it ended, on the panel and the overlay, not why there was no vote', () => {
    const g = play('s59-fiim-notices-fourth-foul-and-removal-ends-game.json')
    const codes = (gameRecord(g).notices ?? []).slice(-3).map((x) => x.notice.code)
    expect(codes).toEqual(['foul.removed', 'noVote.removal', 'result.removal'])
    const expected = { code: 'result.removal', params: { winner: 'black', reason: 'parity', seat: 9 } }
    expect(controlView(g, 1).notice).toEqual(expected)
    for (const roles of ['hidden', 'shown', 'atEnd'] as const) {
      const o = overlayView(g, 1, { roles })
      expect(o.notice).toEqual(expected)
      expect(o.end).toEqual({ winner: 'black', reason: 'parity' })
    }
    expect(endText({ winner: 'black', reason: 'parity' })).toEqual({
      ru: 'Игра окончена: победа чёрных (чёрных не меньше, чем красных)',
      en: 'Game over: the blacks win (the blacks are as many as the reds)',
    })
  })

  it('a notice lives as long as its step: a later command in the same step keeps it, the next step takes it off', () => {
    const file = 's59-fiim-notices-fourth-foul-and-removal-ends-game.json'
    expect(controlView(play(file, 3), 1).notice?.code).toBe('noVote.removal')
    expect(controlView(play(file, 4), 1).notice?.code).toBe('noVote.removal')
    expect(controlView(play(file, 9), 1).notice ?? null).toBeNull()
    // Undo brings back the step and its notice.
    const g = play(file, 9)
    const back = execute(g, { cmd: 'undo' })
    expect(back.ok && controlView(back.game, 1).notice?.code).toBe('foul.removed')
  })

  it('a finished game without a notice of its own still says how it ended; a running game says nothing', () => {
    const g = play('s57-finished-game-no-timer-after-undo-timer-redo.json', 3)
    expect(controlView(g, 1).end).toEqual({ winner: 'red', reason: 'teamDefeat' })
    expect(controlView(play('s57-finished-game-no-timer-after-undo-timer-redo.json', 4), 1).end).toBeNull()
  })
})
