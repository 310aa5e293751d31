// npm run bench:stale -- [games] — the long run of the stale-revision property (issue 28 §1; the CI run of 1,000
// games is tests/engine/stale-revision.test.ts): random games with double presses and commands built on older or
// never seen revisions. Every stale command must be refused; the figures say how many there were and how many of
// them the game would have taken without the revision check.
import fc from 'fast-check'
import { performance } from 'node:perf_hooks'
import { figure, printBenchResult } from './result'
import { addTally, emptyTally, playWithStaleCommands } from '../tests/engine/stale-driver'

const games = Number(process.argv[2] ?? 20_000) || 20_000
const sample = fc.tuple(
  fc.constantFrom('fiim' as const, 'club' as const, 'city' as const),
  fc.nat(),
  fc.array(fc.nat({ max: 0xffff }), { minLength: 50, maxLength: 400 }),
)
const total = emptyTally()
let failure: string | null = null
const t0 = performance.now()
try {
  fc.assert(
    fc.property(sample, ([rules, seed, numbers]) => {
      addTally(total, playWithStaleCommands(rules, seed, numbers, 250))
    }),
    { numRuns: games },
  )
} catch (err) {
  failure = err instanceof Error ? err.message : String(err)
}
const seconds = (performance.now() - t0) / 1000
const stale = total.doubles + total.late + total.ahead
console.log(
  `${games} games, ${total.commands} fresh commands (${total.accepted} accepted) in ${seconds.toFixed(1)} s`,
)
console.log(
  `stale commands: ${stale} (double presses ${total.doubles}, late ${total.late}, ahead ${total.ahead}), all refused: ${failure === null}`,
)
console.log(
  `of them the game would have taken without the revision check: ${total.wouldHaveActed} (${((100 * total.wouldHaveActed) / Math.max(1, stale)).toFixed(1)} %)`,
)
if (failure) console.log(failure)
printBenchResult([
  figure('stale commands done', failure === null ? 0 : 1, '', { equals: 0 }),
  figure('games per second', games / seconds, 'games/s', {}),
])
