// Property test (fast-check), issue 28 §1: in random games where every command names the revision of the view it
// was built on, double presses and commands built on an older (or a never seen) revision are refused with
// `engine/stale_revision`, change nothing, and the game ends exactly as it would have without them.
// 1,000 games per run; `STALE_REVISION_RUNS=20000` runs a longer sample (bench/stale-revision.ts prints its figures).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { execute, revisionOf } from '../../src/main/engine'
import { setupGame } from './game-driver'
import { addTally, emptyTally, playWithStaleCommands } from './stale-driver'

const RUNS = Number(process.env.STALE_REVISION_RUNS ?? 1000) || 1000

const staleGames = fc.tuple(
  fc.constantFrom('fiim' as const, 'club' as const, 'city' as const),
  fc.nat(),
  fc.array(fc.nat({ max: 0xffff }), { minLength: 50, maxLength: 400 }),
)

describe('stale revisions (fast-check)', () => {
  it(
    `${RUNS} random games with double presses and late commands: every stale command is refused and changes nothing`,
    () => {
      const total = emptyTally()
      fc.assert(
        fc.property(staleGames, ([rules, seed, numbers]) => {
          addTally(total, playWithStaleCommands(rules, seed, numbers, 250))
        }),
        { numRuns: RUNS },
      )
      // The sample really had double presses, and many of them would have acted on the new view.
      expect(total.doubles).toBeGreaterThan(RUNS)
      expect(total.late + total.ahead).toBeGreaterThan(RUNS / 10)
      expect(total.wouldHaveActed).toBeGreaterThan(total.doubles / 10)
      if (RUNS > 1000) console.log(`stale revisions over ${RUNS} games: ${JSON.stringify(total)}`)
    },
    Math.max(60_000, RUNS * 60),
  )

  it('the double Enter at the end of a speech: the second is refused, the next speaker keeps his speech', () => {
    let game = setupGame('fiim', 7)
    for (const cmd of [{ cmd: 'start' }, { cmd: 'next' }] as const) {
      const r = execute(game, cmd, revisionOf(game))
      if (!r.ok) throw new Error(r.error.code)
      game = r.game
    }
    const seen = revisionOf(game)
    const first = execute(game, { cmd: 'next' }, seen)
    if (!first.ok) throw new Error(first.error.code)
    expect(first.game.state.days[0].speaker).toBe(2)
    const second = execute(first.game, { cmd: 'next' }, seen)
    expect(second.ok || second.error.code).toBe('engine/stale_revision')
    // Without the revision the same second Enter would have skipped seat 2's whole speech.
    const unchecked = execute(first.game, { cmd: 'next' })
    expect(unchecked.ok && unchecked.game.state.days[0].speaker).toBe(3)
  })
})
