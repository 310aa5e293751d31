// npm run bench:server — the built headless server (out/main/serve.js): time from spawn to READY (5 fresh
// starts, median) and resident memory, idle after start and after 1,000 read calls.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'
import { figure, printBenchResult } from './result'

const SERVE_JS = resolve(__dirname, '../out/main/serve.js')

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : NaN
}

async function startOnce(
  dir: string,
): Promise<{ ms: number; pid: number; origin: string; stop: () => Promise<void> }> {
  const t0 = performance.now()
  const proc = spawn(
    process.execPath,
    [SERVE_JS, '--port', '0', '--db', join(dir, 'bench.sqlite'), '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  const origin = await new Promise<string>((res, rej) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /READY (\S+)/.exec(out)
      if (m) res(m[1])
    })
    proc.on('exit', (code) => rej(new Error(`server exited ${code}: ${out}`)))
  })
  const ms = performance.now() - t0
  return {
    ms,
    pid: proc.pid!,
    origin,
    stop: () =>
      new Promise<void>((r) => {
        proc.removeAllListeners('exit')
        proc.once('exit', () => r())
        proc.kill('SIGTERM')
      }),
  }
}

async function reads(origin: string, n: number): Promise<void> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws`)
  await new Promise((r) => ws.once('open', r))
  let answered = 0
  await new Promise<void>((done) => {
    ws.on('message', () => {
      if (++answered > n) done() // hello + n answers
    })
    // Paced under the read-rate limit so that every call is served.
    let sent = 0
    const timer = setInterval(() => {
      for (let i = 0; i < 10 && sent < n; i++, sent++)
        ws.send(JSON.stringify({ type: 'call', id: sent + 1, method: 'overlay.view', params: {} }))
      if (sent >= n) clearInterval(timer)
    }, 500)
  })
  ws.close()
}

async function main(): Promise<void> {
  if (!existsSync(SERVE_JS)) throw new Error(`${SERVE_JS} is missing: run npm run build first`)
  const dir = mkdtempSync(join(tmpdir(), 'mafia-bench-server-'))
  try {
    const starts: number[] = []
    let idle = 0
    let loaded = 0
    for (let i = 0; i < 5; i++) {
      const s = await startOnce(dir)
      starts.push(s.ms)
      if (i === 4) {
        await new Promise((r) => setTimeout(r, 500))
        idle = rssMb(s.pid)
        await reads(s.origin, 200)
        loaded = rssMb(s.pid)
      }
      await s.stop()
    }
    const sorted = [...starts].sort((a, b) => a - b)
    const median = sorted[2]
    console.log(
      `server start (spawn → READY), 5 starts: ${sorted.map((x) => x.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms`,
    )
    console.log(`server memory: idle ${idle.toFixed(1)} MB RSS, after 200 read calls ${loaded.toFixed(1)} MB`)
    printBenchResult([
      figure('server: start to READY (median of 5)', median, 'ms', { below: 2000 }),
      figure('server: memory idle (RSS)', idle, 'MB', { below: 150 }),
      figure('server: memory after 200 reads (RSS)', loaded, 'MB', { below: 200 }),
    ])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
