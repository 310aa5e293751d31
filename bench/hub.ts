/**
 * Issue 29 §3: the hub at a real scale. A real hub core in LAN mode (127.0.0.2, TLS) with tournaments of 20, 50, 100
 * and 200 tables (a game and a real token each); the tables are simulated by a child process (one kept-alive HTTPS
 * connection per table, real pushes of engine-made entries at a realistic pace, heartbeats when idle); the head
 * judge's «Столы по сети» page is open in a real Chromium (Debian's). Prints, per size:
 * - lag p50/p95/p99 from the table's send (its push's `sentAt`) to the page's DOM showing that entry (a
 *   MutationObserver's timestamp, performance.timeOrigin + now: the same machine's clock as the sender's);
 * - the status call's cost (`sync.status`, in the hub's process);
 * then the hub's CPU per heartbeat with 200 tables heartbeating and nothing else happening.
 *
 *   npm run bench:hub [-- --sizes 20,50,100,200 --seconds 10 --pace 5000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { chromium } from 'playwright-core'
import { WebSocket } from 'ws'
import type { SyncChanged } from '../src/shared/contract'
import { startCore, type Core } from '../src/main/core'
import { execute, restore, type GameSetup, type LogEntry } from '../src/main/engine'
import type { Command } from '../src/shared/game/commands'
import { FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../tests/fixtures/full-game'
import { figure, printBenchResult, type BenchFigure } from './result'

const ROOT = resolve(__dirname, '..')
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '20,50,100,200' },
    seconds: { type: 'string', default: '10' },
    pace: { type: 'string', default: '5000' },
    /** Where the hub's database goes (default: the system's temp folder, on disk): e.g. /dev/shm to leave out fsync. */
    dir: { type: 'string' },
  },
})
const sizes = values.sizes.split(',').map(Number)
const seconds = Number(values.seconds)
/** Each table commits an entry every `pace` ms on average (a real game: about one per 30 s; 5 s is a brisk judge). */
const pace = Number(values.pace)
const HEARTBEAT_MS = 3000

/**
 * The table machines: one kept-alive HTTPS agent per table. Mode `push`: each table pushes its next entry about
 * every PACE ms (a random phase), with a hello every 3 s without a push. Mode `heartbeat`: hellos only. Prints
 * `RESULT {sends, hellos, failures}` at the end (sends: [table number, seq, sentAt]).
 */
const TABLES = `
const https = require('node:https')
const fs = require('node:fs')
const cfg = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))
const sends = []
let hellos = 0, failures = 0, retries = 0
const reasons = {}
function once(agent, path, token, text) {
  return new Promise((resolve) => {
    const req = https.request(cfg.origin + path, { method: 'POST', agent, rejectUnauthorized: false,
      headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) } },
      (res) => { let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => resolve(res.statusCode === 200 ? null : 'HTTP ' + res.statusCode + ' ' + b.slice(0, 80))) })
    req.on('error', (err) => resolve('socket ' + (err.code || err.message)))
    req.end(text)
  })
}
// A socket the hub closed while idle (keep-alive timeout) is retried once on a new one, as the table's sender does.
async function post(agent, path, token, body) {
  const text = JSON.stringify(body)
  let why = await once(agent, path, token, text)
  if (why && why.startsWith('socket ')) { retries++; why = await once(agent, path, token, text) }
  if (why) { failures++; reasons[why] = (reasons[why] || 0) + 1 }
}
let end = 0
const agents = new Map()
async function table(t) {
  const agent = agents.get(t.number)
  let next = 0, lastContact = Date.now()
  await new Promise((r) => setTimeout(r, Math.random() * (cfg.mode === 'push' ? cfg.pace : cfg.heartbeatMs)))
  while (Date.now() < end) {
    if (cfg.mode === 'push' && next < t.entries.length) {
      const e = t.entries[next++]
      const sentAt = Date.now()
      sends.push([t.number, e.seq, sentAt])
      await post(agent, '/sync/push', t.token, { tournament: cfg.tournament, gameUuid: t.uuid, fromSeq: e.seq,
        entries: [e], pending: 0, sentAt, machine: t.machine })
      lastContact = Date.now()
      await new Promise((r) => setTimeout(r, cfg.pace * (0.5 + Math.random())))
    } else {
      if (Date.now() - lastContact >= cfg.heartbeatMs) {
        hellos++
        await post(agent, '/sync/hello', t.token, { pending: 0 })
        lastContact = Date.now()
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  agent.destroy()
}
// Each table connects first (its TLS handshake, as a paired table machine has done long before), then plays.
Promise.all(cfg.tables.map((t) => {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 1 })
  agents.set(t.number, agent)
  return post(agent, '/sync/hello', t.token, { pending: 0 })
})).then(() => {
  end = Date.now() + cfg.seconds * 1000
  return Promise.all(cfg.tables.map(table))
}).then(() => {
  process.stdout.write('RESULT ' + JSON.stringify({ sends, hellos, failures, retries, reasons }) + '\\n', () => process.exit(0))
})
`

interface Hall {
  tournamentId: number
  uuid: string
  tables: Array<{
    number: number
    tableId: number
    token: string
    uuid: string
    machine: string
    entries: LogEntry[]
  }>
}

/** The entries a table machine writes: the game's start, then the judge pausing and resuming the speech timer. */
function entriesOf(setup: GameSetup, count: number): LogEntry[] {
  let game = restore(setup, [])
  const at0 = Date.now()
  const commands: Command[] = [{ cmd: 'start' }]
  for (let i = 1; i < count; i++) commands.push({ cmd: 'timer', action: i % 2 === 1 ? 'pause' : 'start' })
  return commands.map((c, i) => {
    const r = execute(game, { ...c, at: at0 + i })
    if (!r.ok) throw new Error(r.error.message.en)
    game = r.game
    return r.entry
  })
}

function hall(hub: Core, size: number, entries: number): Hall {
  const t = hub.db.tournaments.createTournament({ name: `Зал на ${size} столов` })
  const round = hub.db.tournaments.addRound(hub.db.tournaments.addStage(t.id, { kind: 'qualifying' }).id)
  const tables: Hall['tables'] = []
  for (let i = 0; i < size; i++) {
    const table = hub.db.tournaments.addTable(t.id, { judge: `Судья ${i + 1}` })
    const env = hub.service.createGame(
      {
        rulesetId: 'fiim',
        players: FULL_GAME_PLAYERS.map((name) => ({ name })),
        roles: FULL_GAME_ROLES,
        tournamentId: t.id,
        roundId: round.id,
        tableId: table.id,
        number: 1,
        judge: `Судья ${i + 1}`,
      },
      { open: false },
    )
    const token = hub.db.sync.createToken(table.id, 24)
    const setup = hub.db.games.getGame(env.gameId)!.setup as GameSetup
    tables.push({
      number: table.number,
      tableId: table.id,
      token,
      uuid: env.game.uuid,
      machine: randomUUID(),
      entries: entriesOf(setup, entries),
    })
  }
  return { tournamentId: t.id, uuid: t.uuid, tables }
}

function runTables(
  dir: string,
  origin: string,
  h: Hall,
  mode: 'push' | 'heartbeat',
  secs: number,
): Promise<{
  sends: Array<[number, number, number]>
  hellos: number
  failures: number
  retries: number
  reasons: Record<string, number>
}> {
  const file = join(dir, `tables-${h.tournamentId}-${mode}.json`)
  writeFileSync(
    file,
    JSON.stringify({
      origin,
      tournament: h.uuid,
      tables: h.tables,
      mode,
      seconds: secs,
      pace,
      heartbeatMs: HEARTBEAT_MS,
    }),
  )
  const child = spawn(process.execPath, ['-e', TABLES, file], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolvePromise, reject) =>
    child.once('exit', () => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '))
      if (!line) reject(new Error(`the tables' process gave no result: ${out.slice(0, 500)}`))
      else resolvePromise(JSON.parse(line.slice('RESULT '.length)))
    }),
  )
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN
}

/** Records, in the page, when each table's game cell first shows each entry count (ms since epoch). */
function observe(): void {
  const w = window as unknown as { __seen: Array<[number, number, number]>; __long: number[] }
  w.__seen = []
  w.__long = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push(e.duration)
  }).observe({ type: 'longtask' })
  new MutationObserver((records) => {
    const at = performance.timeOrigin + performance.now()
    for (const r of records) {
      const el = r.target.nodeType === Node.TEXT_NODE ? r.target.parentElement : (r.target as Element)
      const td = el?.closest('[data-testid^="sync-game-"]')
      if (!td) continue
      const n = Number(td.getAttribute('data-testid')!.slice('sync-game-'.length))
      const m = /(?:записей|entries): (\d+)/.exec(td.textContent ?? '')
      if (m) w.__seen.push([n, Number(m[1]), at])
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true })
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(values.dir ?? tmpdir(), 'md-bench-hub-'))
  const hub = await startCore({
    mode: 'headless',
    staticDir: join(ROOT, 'out/renderer'),
    resourcesDir: join(ROOT, 'resources'),
    version: 'bench',
    port: 0,
    lan: '127.0.0.2',
    dbFile: join(dir, 'hub.sqlite'),
  })
  const origin = hub.server.lanOrigins()[0]
  console.log(
    `load average at the start: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  )
  const entries = Math.ceil((seconds * 1000) / (pace * 0.5)) + 2
  const halls = sizes.map((n) => hall(hub, n, entries))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = await (
    await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1366, height: 768 } })
  ).newPage()
  await page.goto(`${origin}/admin?token=${hub.server.token}#tables`)
  await page.getByTestId('tables-sync-grid').waitFor()
  // A second dashboard client in this process: when each table's delta left the hub (its WebSocket push).
  const pushed: Array<{ tableId: number; seq: number; at: number }> = []
  /** Where each stored batch's time went on the hub (its trace): arriving, storing (queue + commit), pushing. */
  const split: Array<{ arrive: number; store: number; push: number }> = []
  const ws = new WebSocket(`${origin.replace('https', 'wss')}/ws?token=${hub.server.token}`, {
    rejectUnauthorized: false,
  })
  ws.on('message', (data) => {
    const at = Date.now()
    const m = JSON.parse(String(data)) as { type: string; channel?: string; payload?: SyncChanged }
    if (m.type !== 'push' || m.channel !== 'sync.changed') return
    for (const t of m.payload?.tables ?? [])
      if (t.game) pushed.push({ tableId: t.tableId, seq: t.game.lastSeq, at })
    const tr = m.payload?.trace
    if (tr?.sentAt != null)
      split.push({
        arrive: tr.arrivedAt - tr.sentAt,
        store: tr.storedAt - tr.arrivedAt,
        push: tr.pushedAt - tr.storedAt,
      })
  })
  await new Promise((r) => ws.once('open', r))
  const figures: BenchFigure[] = []
  const statusCost: Record<number, number> = {}
  for (const h of halls) {
    const n = h.tables.length
    await page.getByTestId('tables-sync-tournament').selectOption(String(h.tournamentId))
    await page.getByTestId(`sync-table-${n}`).waitFor()
    await page.evaluate(observe)
    pushed.length = 0
    split.length = 0
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const run = await runTables(dir, origin, h, 'push', seconds)
    loop.disable()
    await new Promise((r) => setTimeout(r, 500))
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: Array<[number, number, number]> }).__seen,
    )
    const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long)
    // The first time the page showed each table's entry count at or past each sent entry.
    const lags: number[] = []
    let unseen = 0
    const byTable = new Map<number, Array<[number, number]>>()
    for (const [t, seq, at] of seen) {
      if (!byTable.has(t)) byTable.set(t, [])
      byTable.get(t)!.push([seq, at])
    }
    const numberOf = new Map(h.tables.map((t) => [t.tableId, t.number]))
    const wsAt = new Map<string, number>()
    for (const p of pushed) {
      const key = `${numberOf.get(p.tableId)}/${p.seq}`
      if (!wsAt.has(key)) wsAt.set(key, p.at)
    }
    const wsLags: number[] = []
    for (const [t, seq, sentAt] of run.sends) {
      const shown = (byTable.get(t) ?? []).filter(([s]) => s >= seq).map(([, at]) => at)
      if (shown.length === 0) unseen += 1
      else lags.push(Math.min(...shown) - sentAt)
      const w = wsAt.get(`${t}/${seq}`)
      if (w !== undefined) wsLags.push(w - sentAt)
    }
    // The status call as the page makes it (the whole table with codes), timed in the hub's process.
    const calls = 30
    const t0 = performance.now()
    for (let i = 0; i < calls; i++) {
      const r = await hub.router.dispatch('sync.status', { tournamentId: h.tournamentId }, 'control')
      if (!r.ok) throw new Error(r.error.code)
    }
    statusCost[n] = (performance.now() - t0) / calls
    console.log(
      `${String(n).padStart(3)} tables: ${run.sends.length} pushes (${(run.sends.length / seconds).toFixed(0)}/s), ` +
        `${run.hellos} heartbeats, ${run.failures} failed ${JSON.stringify(run.reasons)}, ${run.retries} retried, ${unseen} not seen; ` +
        `push → page DOM p50/p95/p99 ${pct(lags, 50).toFixed(0)} / ${pct(lags, 95).toFixed(0)} / ${pct(lags, 99).toFixed(0)} ms ` +
        `(→ the hub's WebSocket push ${pct(wsLags, 50).toFixed(0)} / ${pct(wsLags, 95).toFixed(0)} / ${pct(wsLags, 99).toFixed(0)} ms); ` +
        `status call ${statusCost[n].toFixed(2)} ms`,
    )
    const part = (k: 'arrive' | 'store' | 'push') => split.map((x) => x[k])
    console.log(
      `     on the hub p50/p99: send → arrived ${pct(part('arrive'), 50)} / ${pct(part('arrive'), 99)} ms, ` +
        `arrived → stored (queue + commit) ${pct(part('store'), 50)} / ${pct(part('store'), 99)} ms, ` +
        `stored → pushed ${pct(part('push'), 50)} / ${pct(part('push'), 99)} ms; ` +
        `the hub's event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; ` +
        `the page's long tasks: ${long.length}, ${long.reduce((a, b) => a + b, 0).toFixed(0)} ms in all`,
    )
    figures.push(
      figure(`hub: push → «Столы по сети» DOM p99 at ${n} tables`, pct(lags, 99), 'ms', { below: 200 }),
    )
    figures.push(
      figure(`hub: pushes not shown on the page at ${n} tables`, unseen + run.failures, 'pushes', {
        equals: 0,
      }),
    )
    figures.push(figure(`hub: sync.status call at ${n} tables`, statusCost[n], 'ms', {}))
  }

  // Heartbeats only: the biggest hall's tables all idle, each saying hello every 3 s.
  const big = halls[halls.length - 1]
  const idleSecs = Math.max(6, Math.min(seconds, 10))
  const c0 = process.cpuUsage()
  const w0 = performance.now()
  await new Promise((r) => setTimeout(r, idleSecs * 1000))
  const idleCpu = cpuMs(process.cpuUsage(c0)) / (performance.now() - w0)
  const c1 = process.cpuUsage()
  const w1 = performance.now()
  const beat = await runTables(dir, origin, big, 'heartbeat', idleSecs)
  const wall = performance.now() - w1
  const beatCpu = cpuMs(process.cpuUsage(c1))
  const perBeat = Math.max(0, beatCpu - idleCpu * wall) / Math.max(1, beat.hellos)
  const share = (Math.max(0, beatCpu - idleCpu * wall) / wall) * 100
  console.log(
    `${big.tables.length} tables heartbeating every ${HEARTBEAT_MS / 1000} s: ${beat.hellos} heartbeats in ${(wall / 1000).toFixed(1)} s, ` +
      `hub CPU ${perBeat.toFixed(3)} ms per heartbeat (TLS included), ${share.toFixed(1)} % of a core`,
  )
  figures.push(figure(`hub: CPU per heartbeat at ${big.tables.length} tables`, perBeat, 'ms', {}))
  figures.push(
    figure(`hub: CPU of heartbeats at ${big.tables.length} tables`, share, '% of a core', { below: 10 }),
  )

  ws.close()
  await browser.close()
  await hub.close()
  rmSync(dir, { recursive: true, force: true })
  printBenchResult(figures)
}

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000
}

void main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
