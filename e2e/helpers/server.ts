/**
 * Starts the real headless server (out/main/serve.js) on a free loopback port with a fresh database in a
 * temporary folder, and stops it by its PID. Every e2e spec gets its own server and its own SQLite file.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface TestServer {
  origin: string
  controlUrl: string
  overlayUrl: string
  token: string
  dbFile: string
  dir: string
  proc: ChildProcess
  output: () => string
  stop(): Promise<void>
  kill(): Promise<void>
}

export const ROOT = resolve(__dirname, '../..')
export const SERVE_JS = join(ROOT, 'out/main/serve.js')

export async function startServer(
  opts: { dir?: string; dbFile?: string; args?: string[] } = {},
): Promise<TestServer> {
  if (!existsSync(SERVE_JS)) throw new Error(`${SERVE_JS} is missing: run npm run build first`)
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'mafia-desk-e2e-'))
  const dbFile = opts.dbFile ?? join(dir, 'mafia-desk.sqlite')
  const proc = spawn(process.execPath, [SERVE_JS, '--port', '0', '--db', dbFile, ...(opts.args ?? [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MAFIA_DESK_LOG: process.env.MAFIA_DESK_LOG ?? '' },
  })
  let out = ''
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const ready = await new Promise<{ origin: string; token: string }>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start in 15 s:\n${out}`)), 15_000)
    const check = (): void => {
      const m = /READY (\S+) token=(\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        res({ origin: m[1], token: m[2] })
      }
    }
    proc.stdout?.on('data', check)
    proc.on('exit', (code) => {
      clearTimeout(timer)
      rej(new Error(`server exited with ${code}:\n${out}`))
    })
  })
  const waitExit = (): Promise<void> =>
    new Promise((res) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return res()
      proc.once('exit', () => res())
    })
  return {
    origin: ready.origin,
    token: ready.token,
    controlUrl: `${ready.origin}/control?token=${encodeURIComponent(ready.token)}`,
    overlayUrl: `${ready.origin}/overlay`,
    dbFile,
    dir,
    proc,
    output: () => out,
    async stop() {
      proc.removeAllListeners('exit')
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM')
      await waitExit()
      if (!opts.dir) rmSync(dir, { recursive: true, force: true })
    },
    async kill() {
      proc.removeAllListeners('exit')
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL')
      await waitExit()
    },
  }
}
