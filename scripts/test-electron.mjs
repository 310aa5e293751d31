// npm run test:electron — the desktop app's end-to-end test (e2e/electron.spec.ts) in real Electron:
// prepares better-sqlite3 for Electron (native/electron/, beside Node's build), builds, runs the spec.
// Where Electron's program is not installed (it cannot be downloaded here), it says so and skips.
import { spawnSync } from 'node:child_process'
import { ROOT, electronBinary, missingElectronMessage } from './electron-binary.cjs'
import { buildForElectron } from './native-electron.mjs'

if (!electronBinary()) {
  console.log('skipped: e2e/electron.spec.ts — Electron is not installed on this machine.')
  console.log(missingElectronMessage())
  process.exit(0)
}
if (buildForElectron() !== 0) process.exit(1)
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const steps = [
  ['electron-vite', 'build'],
  ['playwright', 'test', 'e2e/electron.spec.ts', ...process.argv.slice(2)],
]
for (const args of steps) {
  const r = spawnSync(npx, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MAFIA_DESK_ELECTRON_TEST: '1' },
    shell: process.platform === 'win32',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
