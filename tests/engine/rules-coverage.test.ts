// Every rule of docs/rules.md §1–§13 is named (by its § number) in at least one engine test or scenario.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const RULES = [
  '1.1',
  '1.2',
  '1.3',
  '2',
  '3.1',
  '3.2',
  '3.3',
  '4.1',
  '4.2',
  '4.3',
  '4.4',
  '4.5',
  '5.1',
  '5.2',
  '5.3',
  '5.4',
  '6.1',
  '6.2',
  '6.3',
  '6.4',
  '6.5',
  '7.1',
  '7.2',
  '7.3',
  '7.4',
  '7.5',
  '8.1',
  '8.2',
  '8.3',
  '8.4',
  '8.5',
  '9',
  '10.1',
  '10.2',
  '10.3',
  '10.4',
  '10.5',
  '10.6',
  '10.7',
  '11.1',
  '11.2',
  '11.3',
  '11.4',
  '11.5',
  '11.6',
  '11.7',
  '11.8',
  '11.9',
  '12',
  '13.1',
  '13.2',
  '13.3',
  '13.4',
  '13.5',
  '13.6',
]

const dirs = [join(__dirname), join(__dirname, '..', 'scenarios')]
const text = dirs.flatMap((d) => readdirSync(d).map((f) => readFileSync(join(d, f), 'utf8'))).join('\n')

describe('rules coverage', () => {
  it.each(RULES)('§%s is named in a test or scenario', (rule) => {
    // "§7.2" must not be satisfied by "§7.25"; "§12" must stand on its own.
    const escaped = rule.replace('.', '\\.')
    expect(new RegExp(`§${escaped}(?![0-9])`).test(text)).toBe(true)
  })
})
