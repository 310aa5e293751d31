// Replays every scenario of tests/scenarios through the engine (docs/architecture.md "Scenario files").
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatResult, runScenario } from '../../src/main/engine/scenario'

const dir = join(__dirname, '..', 'scenarios')
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()

describe('scenario files', () => {
  it('has scenarios', () => {
    expect(files.length).toBeGreaterThanOrEqual(8)
  })
  for (const file of files) {
    it(file, () => {
      const r = runScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')))
      expect(r.failures, formatResult(r, file)).toEqual([])
      expect(r.ok).toBe(true)
    })
  }
})
