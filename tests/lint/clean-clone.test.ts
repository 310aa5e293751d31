/**
 * A clean clone stays clean after `npm test`: nothing that the tests (or a build) generate is tracked, and every
 * folder the specs write their pictures and files into is ignored by git.
 */
import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(__dirname, '../..')

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' })
}

const inGit = ((): boolean => {
  try {
    return git(['rev-parse', '--is-inside-work-tree']).trim() === 'true'
  } catch {
    return false
  }
})()

function specFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return specFiles(full)
    return /\.(ts|mts|cts)$/.test(name) ? [full] : []
  })
}

/** Paths relative to the repository that a test file writes into: `'artifacts/…'` literals and `join(ROOT, '…')`. */
export function writtenPaths(text: string): string[] {
  const out = new Set<string>()
  for (const m of text.matchAll(/path:\s*'([^'$]+)'/g)) out.add(m[1])
  for (const m of text.matchAll(/(?:join|resolve)\((?:ROOT|__dirname, '(?:\.\.\/)+'), '([^'$]+)'/g))
    out.add(m[1])
  return [...out]
}

describe.skipIf(!inGit)('a clean clone stays clean after npm test', () => {
  it('tracks no file that .gitignore ignores (generated files are never committed)', () => {
    expect(
      git(['ls-files', '--cached', '--ignored', '--exclude-standard']).split('\n').filter(Boolean),
    ).toEqual([])
  })

  it('finds the folders the specs write into', () => {
    expect(writtenPaths(`page.screenshot({ path: 'artifacts/screenshots/a.png' })`)).toEqual([
      'artifacts/screenshots/a.png',
    ])
    expect(writtenPaths(`const SHOTS = join(ROOT, 'artifacts/screenshots')`)).toEqual([
      'artifacts/screenshots',
    ])
  })

  it('every artifacts folder a spec writes into is ignored by git', () => {
    const files = [...specFiles(join(ROOT, 'tests')), ...specFiles(join(ROOT, 'e2e'))].filter(
      (f) => f !== __filename,
    )
    const written = files.flatMap((file) =>
      writtenPaths(readFileSync(file, 'utf8'))
        .filter((p) => p.startsWith('artifacts') || p.startsWith('test-results'))
        .map((p) => ({ file: relative(ROOT, file), p })),
    )
    expect(written.length).toBeGreaterThan(0)
    const notIgnored = written.filter(({ p }) => {
      try {
        git(['check-ignore', '-q', '--no-index', p])
        return false
      } catch {
        return true
      }
    })
    expect(notIgnored).toEqual([])
  })
})
