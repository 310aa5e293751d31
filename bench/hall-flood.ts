/**
 * Issue 29 §2: a flood of wrong table tokens on the hall network must not slow the judges. A hub in LAN mode
 * (127.0.0.2, TLS) takes a judge's commands over its WebSocket while 8 connections post wrong tokens to
 * /sync/hello as fast as they can; prints the judge's command latency p50/p95 without and with the flood, the
 * refusals counted and the refusal rows written. `npx tsx bench/hall-flood.ts [--seconds 5]`
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { spawn } from 'node:child_process'
import { WebSocket } from 'ws'
import { startCore } from '../src/main/core'
import { FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../tests/fixtures/full-game'
import { figure, printBenchResult } from './result'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } })
const seconds = Number(values.seconds)

/** 8 kept-alive connections posting wrong tokens as fast as the hub answers; prints SENT n on SIGTERM. */
const FLOODER = `
const https = require('node:https')
const origin = process.argv[1]
const agent = new https.Agent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false })
let sent = 0
process.on('SIGTERM', () => { process.stdout.write('SENT ' + sent + '\\n', () => process.exit(0)) })
function one(i) {
  const req = https.request(origin + '/sync/hello', { method: 'POST', agent,
    headers: { Authorization: 'Bearer wrong-' + i + '-' + sent, 'Content-Type': 'application/json' } },
    (res) => { res.resume(); res.on('end', () => { sent++; one(i) }) })
  req.on('error', () => { sent++; setImmediate(() => one(i)) })
  req.end('{}')
}
for (let i = 0; i < 8; i++) one(i)
`

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'md-hall-flood-'))
  const hub = await startCore({
    mode: 'headless',
    staticDir: join(dir, 'none'),
    resourcesDir: join(dir, 'none'),
    version: 'bench',
    port: 0,
    lan: '127.0.0.2',
    dbFile: join(dir, 'hub.sqlite'),
  })
  const t = hub.db.tournaments.createTournament({ name: 'Flood' })
  hub.db.tournaments.addTable(t.id, { judge: 'J' })
  // The hall address (TLS), as a table or an attacker on the hall network reaches it.
  const origin = hub.server.lanOrigins()[0]
  const ws = new WebSocket(`${origin.replace('https', 'wss')}/ws?token=${hub.server.token}`, {
    rejectUnauthorized: false,
  })
  const waiting = new Map<number, (ok: boolean) => void>()
  let id = 0
  await new Promise<void>((resolve) =>
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { type: string; id?: number; ok?: boolean }
      if (m.type === 'hello') resolve()
      if (m.type === 'result' && typeof m.id === 'number') waiting.get(m.id)?.(m.ok === true)
    }),
  )
  const call = (method: string, params: unknown): Promise<boolean> =>
    new Promise((resolve) => {
      id += 1
      waiting.set(id, resolve)
      ws.send(JSON.stringify({ type: 'call', id, method, params }))
    })
  const created = hub.service.createGame({
    rulesetId: 'fiim',
    players: FULL_GAME_PLAYERS.map((name) => ({ name })),
    roles: FULL_GAME_ROLES,
  })
  await call('game.command', { gameId: created.gameId, command: { cmd: 'start' } })
  /** The judge pauses and resumes the timer for `ms`: each command's round trip. */
  async function judge(ms: number): Promise<number[]> {
    const lat: number[] = []
    const end = Date.now() + ms
    let pause = true
    while (Date.now() < end) {
      const t0 = performance.now()
      await call('game.command', {
        gameId: created.gameId,
        command: { cmd: 'timer', action: pause ? 'pause' : 'resume' },
      })
      lat.push(performance.now() - t0)
      pause = !pause
      await new Promise((r) => setTimeout(r, 20))
    }
    return lat
  }
  const quiet = await judge(seconds * 1000)
  hub.sync.refusals.flush()
  const rowsBefore = hub.db.sync.refusals().length
  // The flood comes from another process (another machine of the hall): its TLS work is not the hub's.
  const flooder = spawn(process.execPath, ['-e', FLOODER, origin], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  flooder.stdout.on('data', (d: Buffer) => (out += d.toString()))
  await new Promise((r) => setTimeout(r, 500))
  const loud = await judge(seconds * 1000)
  flooder.kill('SIGTERM')
  await new Promise((r) => flooder.once('exit', r))
  const sent = Number(/SENT (\d+)/.exec(out)?.[1] ?? 0)
  const counted = hub.sync.refusals.counts().reduce((n, c) => n + c.count, 0)
  const rows = hub.db.sync.refusals().length - rowsBefore
  console.log(
    `judge command p50/p95 without flood: ${pct(quiet, 50).toFixed(1)} / ${pct(quiet, 95).toFixed(1)} ms`,
  )
  console.log(
    `judge command p50/p95 with flood:    ${pct(loud, 50).toFixed(1)} / ${pct(loud, 95).toFixed(1)} ms`,
  )
  console.log(`wrong-token requests: ${sent}; refusals counted: ${counted}; refusal rows written: ${rows}`)
  ws.close()
  await hub.close()
  rmSync(dir, { recursive: true, force: true })
  printBenchResult([
    figure('hall flood: judge command p50 with a wrong-token flood', pct(loud, 50), 'ms', { below: 20 }),
    figure('hall flood: wrong-token requests answered', sent, 'requests', {}),
    figure('hall flood: refusal rows written', rows, 'rows', { below: 20 }),
  ])
}

void main()
