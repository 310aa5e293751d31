/**
 * The test run prints no timing figure (ms, percentiles, «met / NOT met» against a goal): figures belong to
 * `npm run bench`, where they are measured under known conditions; in `npm test` they are noise that reads like a
 * verdict (a passing run printing «NOT met», a network part of 0.0 ms).
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(__dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(full)
    return /\.ts$/.test(name) ? [full] : []
  })
}

/** The printed text of every console.log/info/warn call (up to its closing parenthesis, over several lines). */
function printed(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/console\.(?:log|info|warn)\(/g)) {
    let depth = 1
    let i = m.index + m[0].length
    while (i < text.length && depth > 0) {
      if (text[i] === '(') depth++
      else if (text[i] === ')') depth--
      i++
    }
    out.push(text.slice(m.index, i))
  }
  return out
}

const FIGURE =
  /\d\s*ms\b|\bms\b[`'"]|\bms\)|\bp(50|95|99)\b|NOT met|percentile|toFixed\([^)]*\)\s*\}\s*(ms|s)\b|latenc/i

export function timingPrints(text: string): string[] {
  return printed(text).filter((call) => FIGURE.test(call))
}

describe('no timing figures printed by npm test', () => {
  it('recognises a printed figure', () => {
    expect(timingPrints('console.log(`p95 ${p95.toFixed(1)} ms`)')).toHaveLength(1)
    expect(timingPrints("console.log(\n  `goal: ${ok ? 'met' : 'NOT met'}`,\n)")).toHaveLength(1)
    expect(timingPrints('console.log(latencyReport(l))')).toHaveLength(1)
    expect(timingPrints('console.log(`restarted in ${(d / 1000).toFixed(1)} s`)')).toHaveLength(1)
    expect(timingPrints('console.log(`fuzz: ${n} messages, all answered once`)')).toHaveLength(0)
  })

  it('no spec or test helper prints one', () => {
    const files = [...sourceFiles(join(ROOT, 'tests')), ...sourceFiles(join(ROOT, 'e2e'))].filter(
      (f) => f !== __filename && !f.startsWith(join(ROOT, 'tests', 'lint')),
    )
    const found = files.flatMap((file) =>
      timingPrints(readFileSync(file, 'utf8')).map(
        (call) => `${relative(ROOT, file)}: ${call.split('\n')[0]}`,
      ),
    )
    expect(found).toEqual([])
  })
})
