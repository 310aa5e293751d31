// Issue 30 §2: the undo label names a step with the panel's term (RULES §0): the `next` that gives a tied player
// the floor is «Перестрелка», as the panel's banner says, not «Оправдание».
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeEntry } from '../../src/main/engine/describe'
import { runScenario } from '../../src/main/engine/scenario'

describe('undo labels use the terms of RULES §0', () => {
  it('a tie speech is «Перестрелка» in the undo label', () => {
    const sc = JSON.parse(readFileSync(join(__dirname, '..', 'scenarios', 's10-tie-narrows.json'), 'utf8'))
    const game = runScenario(sc).game!
    const entries = game.log.filter(
      (e) => e.command.cmd === 'next' && e.events.some((x) => x.type === 'tieSpeechStarted'),
    )
    expect(entries.length).toBeGreaterThan(0)
    for (const e of entries) {
      const label = describeEntry(e)
      expect(label.ru).toMatch(/^Перестрелка: речь игрока №\d+$/)
      expect(label.ru).not.toContain('Оправдание')
      expect(label.en).toMatch(/^Tie speech of seat \d+$/)
    }
  })
})
