/**
 * npm run bench:seating — the seating generator (RULES.md §16.2) next to a random seating of the same shape:
 * 30/10, 50/10, 100/10 and 200/12 (players/games). Figures: max meetings of a pair, pairs meeting twice, seat
 * deviation, table use deviation, time. Goal: 100 players × 10 games — every player in every seat exactly once, no
 * pair meeting more than twice, under 10 s. Prints figures; never fails on noise. The last line is
 * `BENCH_RESULT {...}` for `npm run bench`.
 */
import { cpus, loadavg } from 'node:os'
import { generateSeating, randomSeating, SPARE_SEAT, type SeatingPlan } from '../src/main/tournament/seating'

const CASES: Array<[number, number]> = [
  [30, 10],
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
  return [
    label.padEnd(10),
    `max meetings ${r.pairs.max}`.padEnd(16),
    `pairs twice ${String(r.pairs.twice).padStart(5)}`.padEnd(18),
    `never met ${String(r.pairs.neverMet).padStart(5)}`.padEnd(16),
    `seat dev ${r.seats.maxDeviation}`.padEnd(14),
    `table dev ${r.tableUse.maxDeviation}`.padEnd(16),
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
    } else {
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
