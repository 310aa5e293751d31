/**
 * npm run test:chaos — the long chaos run. Needs a build (npm run build). Steps:
 *  1. the kill test: CHAOS_KILLS (default 100) SIGKILLs with three judges playing in parallel;
 *  2. the e2e chaos and hostile-input specs: 10,000 fuzzed contract messages (CHAOS_FUZZ), a hostile page in
 *     Chromium, disk full and read-only during a game (tmpfs; needs root), malformed requests, 1,000 aborts;
 *  3. OBS killed mid-game against real OBS Studio (tests/obs/app.int.test.ts);
 *  4. damage in the write-ahead log after a crash (scripts/wal-chaos.ts): reported at start as detected, with
 *     the hidden acknowledged changes counted and the newest good backup named.
 * `npm test` runs the same specs with small counts (1,000 messages, 5 kills), which is the CI version.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

const ROOT = resolve(__dirname, '..')
const kills = process.env.CHAOS_KILLS ?? '100'
const fuzz = process.env.CHAOS_FUZZ ?? '10000'

interface Step {
  name: string
  cmd: string
  args: string[]
  env?: Record<string, string>
}

const steps: Step[] = [
  {
    name: `kill test: ${kills} kills, 3 judges in parallel`,
    cmd: 'npx',
    args: ['tsx', 'scripts/kill-test.ts', '--kills', kills, '--judges', '3', '--seed', '13'],
  },
  {
    name: `e2e chaos: ${fuzz} fuzzed messages, hostile page, disk full / read-only, malformed requests, aborts`,
    cmd: 'npx',
    args: ['playwright', 'test', 'e2e/chaos', 'e2e/process'],
    env: { CHAOS_FUZZ: fuzz },
  },
  {
    name: 'WAL damage after a crash: detected at start, the newest good backup named',
    cmd: 'npx',
    args: ['tsx', 'scripts/wal-chaos.ts'],
  },
  {
    name: 'OBS killed mid-game (real OBS)',
    cmd: 'npx',
    args: ['vitest', 'run', 'tests/obs/app.int.test.ts'],
  },
]

const results: Array<{ name: string; ok: boolean; seconds: number }> = []
for (const step of steps) {
  console.log(`\n=== ${step.name}`)
  const t0 = Date.now()
  const r = spawnSync(step.cmd, step.args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  })
  results.push({ name: step.name, ok: r.status === 0, seconds: Math.round((Date.now() - t0) / 1000) })
}
console.log('\n=== chaos summary')
for (const r of results) console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name}  (${r.seconds} s)`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
