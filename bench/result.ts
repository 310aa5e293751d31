/**
 * The one line every benchmark script ends with, which `npm run bench` (bench/run.ts) parses:
 *   BENCH_RESULT {"figures":[{"name":"…","goal":"…","measured":…,"unit":"…","pass":true}]}
 * A figure that misses its goal is reported, never thrown: benchmarks do not fail on noise.
 */
export interface BenchFigure {
  name: string
  /** The goal in words, e.g. "< 300 ms" or "= 0". */
  goal: string
  measured: number
  unit: string
  pass: boolean
}

export const BENCH_RESULT_PREFIX = 'BENCH_RESULT '

export function figure(
  name: string,
  measured: number,
  unit: string,
  goal: { below?: number; equals?: number },
): BenchFigure {
  const rounded = Math.round(measured * 1000) / 1000
  if (goal.equals !== undefined)
    return {
      name,
      goal: `= ${goal.equals} ${unit}`.trim(),
      measured: rounded,
      unit,
      pass: measured === goal.equals,
    }
  const below = goal.below ?? Infinity
  return { name, goal: `< ${below} ${unit}`.trim(), measured: rounded, unit, pass: measured < below }
}

export function printBenchResult(figures: BenchFigure[]): void {
  console.log(BENCH_RESULT_PREFIX + JSON.stringify({ figures }))
}
