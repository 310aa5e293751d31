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

  const oath = join(root, 'tests', 'scenarios', 's49-fiim-oath-is-team-defeat.json')

  it('prints every rejected step with its code and message, in Russian by default', () => {
    const ru = cli('replay', oath)
    expect(ru.status, ru.stderr + ru.stdout).toBe(0)
    expect(ru.stdout).toMatch(
      /step 3 \(remove\) rejected as expected: engine\/removal_is_team_defeat: По этим правилам «клятва» — не удаление, а ППК/,
    )
  })

  it('prints the messages in English with --lang en, and refuses another language', () => {
    const en = cli('replay', '--lang', 'en', oath)
    expect(en.stdout).toContain(
      'step 3 (remove) rejected as expected: engine/removal_is_team_defeat: Under these rules "oath" is a team defeat',
    )
    expect(cli('replay', '--lang', 'de', oath).status).toBe(2)
  })

  it('--json gives each step, with the rejection code, message and parameters', () => {
    const r = cli('replay', '--json', '--lang=en', oath)
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as {
      steps: Array<{
        step: number
        accepted: boolean
        rejected?: { code: string; message: string; params: object }
      }>
    }
    expect(out.steps[0]).toEqual({ step: 1, cmd: 'start', accepted: true })
    expect(out.steps[2]).toMatchObject({
      step: 3,
      accepted: false,
      rejected: {
        code: 'engine/removal_is_team_defeat',
        params: { seat: 3, reason: 'oath' },
        expected: true,
      },
    })
    expect(out.steps[2].rejected?.message).toContain('team-defeat command')
  })

  it('fails a step whose rejection parameters differ from the expected ones', () => {
    const r = cli('replay', join(root, 'tests', 'cli', 'fixtures', 'wrong-reject-params.json'))
    expect(r.status).toBe(1)
    expect(r.stdout).toContain(
      'step 3 (remove): expected rejection parameters {"seat":4}, got {"seat":3,"reason":"oath"}',
    )
  })

  it('prints usage for an unknown subcommand', () => {
    const r = cli('nope')
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('replay')
  })
})
