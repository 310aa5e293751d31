/**
 * The headless server as a real child process, and a minimal contract client over WebSocket: shared by the
 * reliability scripts (kill-test.ts, tables-test.ts). Every process started here is in `spawned` until it exits,
 * so a script can end them all by their PID.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'

export const ROOT = resolve(__dirname, '..')

/** Every server started here and still running. */
export const spawned = new Set<ChildProcess>()

/** out/main/serve.js when built, else src/main/serve.ts through tsx. */
export function serverCommand(): { cmd: string; args: string[] } {
  const built = join(ROOT, 'out/main/serve.js')
  if (existsSync(built)) return { cmd: process.execPath, args: [built] }
  return {
    cmd: process.execPath,
    args: [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'src/main/serve.ts')],
  }
}

export interface ServeProcess {
  proc: ChildProcess
  origin: string
  token: string
}

/** Starts `serve` with these arguments and resolves on its READY line (rejects when it exits or hangs). */
export function startServeProcess(args: string[], timeoutMs = 30_000): Promise<ServeProcess> {
  const { cmd, args: base } = serverCommand()
  const proc = spawn(cmd, [...base, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  spawned.add(proc)
  proc.once('exit', () => spawned.delete(proc))
  let out = ''
  return new Promise((res, rej) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL')
      rej(new Error(`server did not start:\n${out}`))
    }, timeoutMs)
    proc.stdout!.on('data', (d: Buffer) => {
      if (out.length < 20_000) out += d.toString()
      const m = /READY (\S+) token=(\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        out = ''
        res({ proc, origin: m[1], token: m[2] })
      }
    })
    proc.stderr!.on('data', (d: Buffer) => {
      if (out.length < 20_000) out += d.toString()
    })
    proc.once('exit', (code) => {
      clearTimeout(timer)
      rej(new Error(`server exited (${code}):\n${out}`))
    })
  })
}

/** A contract client: `call` resolves with the value or rejects with the error code ('closed' when cut off). */
export class ContractClient {
  private ws: WebSocket
  private id = 0
  private readonly pending = new Map<number, { res: (v: unknown) => void; rej: (e: Error) => void }>()
  readonly ready: Promise<void>
  closed = false
  constructor(url: string, onPush?: (channel: string, payload: unknown) => void) {
    // A harness client: a LAN-mode server's certificate is self-signed (tables pin it from the pairing code).
    this.ws = new WebSocket(url, { rejectUnauthorized: false })
    this.ready = new Promise((res, rej) => {
      this.ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as {
          type: string
          id?: number
          ok?: boolean
          value?: unknown
          error?: { code: string }
          channel?: string
          payload?: unknown
        }
        if (m.type === 'hello') res()
        else if (m.type === 'push') onPush?.(m.channel!, m.payload)
        else if (m.type === 'result' && typeof m.id === 'number') {
          const p = this.pending.get(m.id)
          this.pending.delete(m.id)
          if (m.ok) p?.res(m.value)
          else p?.rej(new Error(m.error?.code ?? 'error'))
        }
      })
      this.ws.on('error', (e) => rej(e))
      this.ws.on('close', () => {
        this.closed = true
        rej(new Error('closed'))
        for (const p of this.pending.values()) p.rej(new Error('closed'))
        this.pending.clear()
      })
    })
    this.ready.catch(() => {})
  }
  call<T>(method: string, params: unknown): Promise<T> {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('closed'))
    const id = ++this.id
    return new Promise<T>((res, rej) => {
      this.pending.set(id, { res: res as (v: unknown) => void, rej })
      this.ws.send(JSON.stringify({ type: 'call', id, method, params }))
    })
  }
  close(): void {
    this.ws.terminate()
  }
}
