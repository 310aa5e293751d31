// `npm run cli -- replay FILE...`: the scenario runner from the command line (real process, real files).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')
const cli = (...args: string[]) =>
  spawnSync(tsx, [join(root, 'src', 'main', 'cli.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  })

describe('cli replay', () => {
  it('replays the whole scenario folder and exits 0', () => {
    const r = cli('replay', join(root, 'tests', 'scenarios'))
    expect(r.status, r.stderr + r.stdout).toBe(0)
    expect(r.stdout).toMatch(/^PASS .*shared-01-full-game-red-wins\.json/m)
    expect(r.stdout).toMatch(/(\d+)\/\1 scenarios passed/)
  })

  it('exits non-zero and names the failing step', () => {
    const r = cli('replay', join(root, 'tests', 'cli', 'fixtures', 'failing-scenario.json'))
    expect(r.status).toBe(1)
    expect(r.stdout).toContain('FAIL')
    expect(r.stdout).toContain('step 2 (next): speaker: expected 2, got 1')
    expect(r.stdout).toContain('step 3 (nominate): expected a rejection')
  })

  it('prints the final state as JSON with --json', () => {
    const r = cli('replay', '--json', join(root, 'tests', 'scenarios', 'shared-08-blacks-win-at-parity.json'))
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as {
      ok: boolean
      view: { winner: string; phase: string }
      record: { winner: string }
    }
    expect(out.ok).toBe(true)
    expect(out.view).toMatchObject({ winner: 'black', phase: 'finished' })
    expect(out.record.winner).toBe('black')
  })

  it('prints usage for an unknown subcommand', () => {
    const r = cli('nope')
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('replay')
  })
})
