/**
 * `npm test` asserts behaviour, never a duration (issue 13, item 11): no spec under tests/ or e2e/ may bound a
 * time, a latency percentile or a frame time. Figures belong to `npm run bench` (bench/), which never fails on noise.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(__dirname, '../..')

function specFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return specFiles(full)
    return /\.(test|spec)\.ts$/.test(name) ? [full] : []
  })
}

/** An `expect` of something timed (ms, p50/p95, percentiles, clocks, frame times) with an upper bound. */
const TIMING_BOUND =
  /expect\([^\n]*(\bms\b|Ms\b|Millis|\bp\d\d\b|pct\(|percentile\(|performance\.now|Date\.now|elapsed|duration|latency|frames?\b|at\(\d+\))[^\n]*\)\s*\.(not\.)?toBeLessThan(OrEqual)?\(/i

/** A line may say why it is not a duration (e.g. a stored timestamp compared with the clock). */
const WAIVER = '// not a duration:'

export function timingBounds(text: string): string[] {
  return text.split('\n').filter((line) => TIMING_BOUND.test(line) && !line.includes(WAIVER))
}

describe('no timing assertions in npm test', () => {
  it('recognises a timing bound', () => {
    expect(timingBounds('  expect(pct(s, 95)).toBeLessThan(80)')).toHaveLength(1)
    expect(timingBounds('  expect(reconnectMs).toBeLessThan(5000)')).toHaveLength(1)
    expect(timingBounds('  expect(performance.now() - t).toBeLessThan(20)')).toHaveLength(1)
    expect(timingBounds('  expect(r.extra).toBeLessThanOrEqual(max)')).toHaveLength(0)
  })

  it('no spec bounds a duration', () => {
    const files = [...specFiles(join(ROOT, 'tests')), ...specFiles(join(ROOT, 'e2e'))].filter(
      (f) => f !== __filename,
    )
    const found = files.flatMap((file) =>
      timingBounds(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line.trim()}`),
    )
    expect(found).toEqual([])
  })
})
