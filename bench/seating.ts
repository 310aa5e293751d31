/**
 * npm run bench:seating — the seating generator (docs/rules.md §16.2) next to a random seating of the same shape:
 * 30/10, 50/10, 100/10 and 200/12 (players/games). Figures, all from the report the app shows (evaluateSeating):
 * max meetings of a pair; the ideal band ⌊λ⌋..⌈λ⌉ of meetings per pair and the pairs outside it; Σ meetings² above
 * its lower bound (0 = no seating of this shape can be more even); pairs meeting twice; seat and table-use
 * deviation; the most games a player plays at one table against the cap ⌈G/T⌉ + 1 (table balance) and the players over
 * it; time. Goal: 100 players × 10 games — every player in every seat exactly once, no pair meeting more
 * than twice, under 10 s. Prints figures; never fails on noise. The last line is `BENCH_RESULT {...}` for
 * `npm run bench`.
 */
import { cpus, loadavg } from 'node:os'
import { generateSeating, randomSeating, SPARE_SEAT, type SeatingPlan } from '../src/main/tournament/seating'

const CASES: Array<[number, number]> = [
  [30, 10],
  [40, 10],
  [50, 10],
  [100, 10],
  [200, 12],
]

/** Every player in every seat exactly once (ten games). */
function everySeatOnce(plan: SeatingPlan): boolean {
  const counts = new Map<number, number[]>()
  for (const r of plan.rounds)
    for (const t of r.tables)
      t.seats.forEach((p, s) => {
        if (p === SPARE_SEAT) return
        const c = counts.get(p) ?? new Array<number>(10).fill(0)
        c[s]++
        counts.set(p, c)
      })
  return [...counts.values()].every((c) => c.every((x) => x === 1))
}

function row(label: string, plan: SeatingPlan, ms: number | null): string {
  const r = plan.report
  const p = r.pairs
  return [
    label.padEnd(10),
    `max ${p.max}`.padEnd(6),
    `outside ${p.band.low}–${p.band.high}: ${String(p.outsideBand).padStart(5)}`.padEnd(20),
    `Σm² ${p.sumSquares} (bound ${p.sumSquaresBound}, +${p.sumSquares - p.sumSquaresBound})`.padEnd(34),
    `twice ${String(p.twice).padStart(5)}`.padEnd(12),
    `seat dev ${r.seats.maxDeviation}`.padEnd(14),
    `table dev ${r.tableUse.maxDeviation}`.padEnd(17),
    `at one table ${r.tableUse.maxAtOneTable} (cap ${r.tableUse.cap}, over ${r.tableUse.overCap})`.padEnd(32),
    ms === null ? '' : `${(ms / 1000).toFixed(2)} s`,
  ].join(' ')
}

function main(): void {
  console.log(`node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`)
  const figures: Array<{ name: string; goal: string; measured: number; unit: string; pass: boolean }> = []
  for (const [P, G] of CASES) {
    const t = performance.now()
    const gen = generateSeating({ players: P, games: G, seed: 2026 })
    const ms = performance.now() - t
    const rnd = randomSeating({ players: P, games: G, seed: 2026 })
    if (!gen.ok || !rnd.ok) throw new Error('seating failed')
    console.log(`${P} players × ${G} games (expected meetings per pair ${gen.value.report.pairs.expected})`)
    console.log('  ' + row('generated', gen.value, ms))
    console.log('  ' + row('random', rnd.value, null))
    const hist = (plan: SeatingPlan): string => plan.report.pairs.histogram.join('/')
    console.log(`  pairs meeting 0/1/2/… times: generated ${hist(gen.value)}, random ${hist(rnd.value)}`)
    if (P === 100 && G === 10) {
      const once = everySeatOnce(gen.value)
      console.log(
        `  goal: every seat once ${once ? 'yes' : 'NO'}, max meetings ≤ 2 ${gen.value.report.pairs.max <= 2 ? 'yes' : 'NO'}, ` +
          `< 10 s ${ms < 10_000 ? 'yes' : 'NO'}`,
      )
      figures.push({
        name: 'seating 100 players × 10 games',
        goal: '< 10 s, every seat once, no pair > 2 meetings',
        measured: Math.round(ms),
        unit: 'ms',
        pass: ms < 10_000 && once && gen.value.report.pairs.max <= 2,
      })
      figures.push({
        name: 'seating 100×10 pairs meeting twice',
        goal: `as few as reachable (random seating: ${rnd.value.report.pairs.twice})`,
        measured: gen.value.report.pairs.twice,
        unit: 'pairs',
        pass: true,
      })
    }
    figures.push({
      name: `seating ${P}×${G} pairs outside the band ${gen.value.report.pairs.band.low}–${gen.value.report.pairs.band.high}`,
      goal: `as few as reachable (random seating: ${rnd.value.report.pairs.outsideBand})`,
      measured: gen.value.report.pairs.outsideBand,
      unit: 'pairs',
      pass: gen.value.report.pairs.outsideBand <= rnd.value.report.pairs.outsideBand,
    })
    figures.push({
      name: `seating ${P}×${G} Σ meetings² above its lower bound`,
      goal: `as little as reachable (random seating: ${rnd.value.report.pairs.sumSquares - rnd.value.report.pairs.sumSquaresBound})`,
      measured: gen.value.report.pairs.sumSquares - gen.value.report.pairs.sumSquaresBound,
      unit: 'Σm²',
      pass: gen.value.report.pairs.sumSquares <= rnd.value.report.pairs.sumSquares,
    })
    figures.push({
      name: `seating ${P}×${G} most games at one table`,
      goal: `≤ ⌈G/T⌉+1 = ${gen.value.report.tableUse.cap} for everyone (random seating: ${rnd.value.report.tableUse.maxAtOneTable}, ${rnd.value.report.tableUse.overCap} players over)`,
      measured: gen.value.report.tableUse.maxAtOneTable,
      unit: 'games',
      pass: gen.value.report.tableUse.overCap === 0,
    })
    if (P !== 100 || G !== 10) {
      figures.push({
        name: `seating ${P} players × ${G} games`,
        goal: 'informational',
        measured: Math.round(ms),
        unit: 'ms',
        pass: true,
      })
    }
  }
  console.log(`BENCH_RESULT ${JSON.stringify({ figures })}`)
}

main()
