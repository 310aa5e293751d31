// Issue 30 §2: the ending is kept for the end. The winner is fixed at the deciding departure (RULES §2), but the
// overlay view carries it — and the notice that the result is fixed — only once the game is finished; the finished
// view says how the game ended. Checked at every moment of every scenario file, under every roles setting.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { controlView, overlayView, restore } from '../../src/main/engine'
import { runScenario } from '../../src/main/engine/scenario'

const dir = join(__dirname, '..', 'scenarios')
const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
const SETTINGS = [{ roles: 'hidden' }, { roles: 'shown' }, { roles: 'atEnd' }] as const

describe('the overlay keeps the ending for the end', () => {
  it('no overlay view before the end carries the winner, the fixed-result notice or how the game ended', () => {
    let decidedMoments = 0
    let finishedGames = 0
    for (const file of files) {
      const r = runScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')))
      const game = r.game
      if (!game) continue
      for (let k = 1; k <= game.log.length; k++) {
        const g = restore(game.setup, game.log.slice(0, k))
        const control = controlView(g)
        for (const settings of SETTINGS) {
          const view = overlayView(g, settings)
          if (g.state.phase !== 'finished') {
            if (control.winner !== null) decidedMoments++
            const text = JSON.stringify(view)
            expect(view.winner, `${file} @${k}`).toBeNull()
            expect(view.end ?? null, `${file} @${k}`).toBeNull()
            expect(text, `${file} @${k}`).not.toContain('"result.')
          } else {
            expect(view.winner, `${file} @${k}`).toBe(g.state.winner)
            expect(view.end, `${file} @${k}`).toEqual(control.end)
            expect(view.end?.reason, `${file} @${k}`).toBe(g.state.endReason)
          }
        }
        if (k === game.log.length && g.state.phase === 'finished') finishedGames++
      }
    }
    // The files do reach the moments this is about: a decided game in its last word, and finished games.
    expect(decidedMoments).toBeGreaterThan(0)
    expect(finishedGames).toBeGreaterThan(0)
    // Every moment of every scenario is replayed from the start: seconds on a loaded shared machine.
  }, 60_000)

  it('the judge still sees the fixed result in the deciding last word', () => {
    const sc = JSON.parse(readFileSync(join(dir, 's47-removal-in-deciding-last-word.json'), 'utf8'))
    const game = runScenario(sc).game!
    const decided = game.log.findIndex((_, i) => {
      const g = restore(game.setup, game.log.slice(0, i + 1))
      return g.state.winner !== null && g.state.phase !== 'finished'
    })
    expect(decided).toBeGreaterThanOrEqual(0)
    const g = restore(game.setup, game.log.slice(0, decided + 1))
    expect(controlView(g).winner).not.toBeNull()
    expect(overlayView(g, { roles: 'shown' }).winner).toBeNull()
  })
})
