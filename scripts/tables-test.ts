/**
 * Twenty tables, one tournament (issue 16): one hub and N table servers as real processes (out/main/serve.js, or
 * src/main/serve.ts through tsx when not built) on 127.0.0.x loopback addresses, each with its own SQLite file.
 * N scripted table judges play whole games through the contract at 10× judge speed while faults happen:
 * - the hub is SIGKILLed and restarted (twice in the full run);
 * - three tables are SIGKILLed and restarted mid-game;
 * - the network to two tables is cut for a whole game (a TCP proxy between them and the hub drops everything);
 * - one table is left with a wrong token (the head judge issued it a new one) for its first game.
 * Then: every acknowledged command is on the hub, the hub's replay of every game equals the table's, 0 duplicates,
 * 0 conflicts, the wrong token was refused and logged. Prints the hub's commands/s, push-to-hub lag p50/p95/p99
 * while online, the time to drain a whole offline game, the hub's RSS and CPU, and one BENCH_RESULT line.
 *
 *   npx tsx scripts/tables-test.ts [--tables 20] [--games 2] [--pace 200] [--hub-kills 2] [--table-kills 3]
 *                                  [--cut 2] [--wrong-token 1] [--seed 1]
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { openDatabase } from '../src/main/db'
import { restore, type GameSetup, type LogEntry } from '../src/main/engine'
import type { Command } from '../src/shared/game/commands'
import type { GameEnvelope, SyncChanged, SyncTrace } from '../src/shared/contract'
import type { SyncLocalStatus } from '../src/shared/sync'
import { BUILTIN_RULESETS } from '../src/shared/game/ruleset'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../tests/fixtures/full-game'
import { makeRng } from '../src/main/tournament/seating'
import { ContractClient, spawned, startServeProcess } from './serve-process'
import { printBenchResult, type BenchFigure } from '../bench/result'

const HUB_ADDRESS = '127.0.0.2'
const PROXY_ADDRESS = '127.0.0.3'
const tableAddress = (i: number): string => `127.0.0.${10 + i}`
/**
 * "Online" for the lag figure: the hub has been up this long (the backlog of its outage is sent) and the table
 * is neither cut off, nor holding a wrong token, nor restarting.
 */
const ONLINE_AFTER_MS = 5000

export interface TablesTestOptions {
  tables: number
  games: number
  /** Milliseconds between two commands of a judge (a judge's ~2 s at 10× speed = 200). */
  pace: number
  hubKills: number
  tableKills: number
  cut: number
  wrongToken: number
  seed: number
  log?: (line: string) => void
}

export interface TablesTestReport {
  ok: boolean
  failures: string[]
  games: number
  commands: number
  hubCommandsPerSecond: number
  drainCommandsPerSecond: number | null
  lag: { samples: number; p50: number; p95: number; p99: number }
  /** Where the online lag went, stage by stage (p50/p95 of each), from the hub's trace of every batch. */
  split: Array<{ stage: string; p50: number; p95: number }>
  /** The machine's load average (1 min) at the start and the end of the run. */
  load: { start: number; end: number }
  drainMs: number[]
  hubRssMb: number
  hubCpuPercent: number
  /** CPU of the 20 table servers together and of this script (the scripted judges), % of one core: the machine's share. */
  tablesCpuPercent: number
  harnessCpuPercent: number
  refusedWrongToken: number
  conflicts: number
  durationS: number
}

// ---------------------------------------------------------------- processes

interface Proc {
  proc: ChildProcess
  origin: string
}

/** Starts a server; on a loaded machine a start may time out: tried three times before the run fails. */
async function startServer(args: string[]): Promise<Proc> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServeProcess([...args, '--quiet'], 90_000)
    } catch (err) {
      if (attempt >= 3) throw err
    }
  }
}

/** Waits for a condition, failing the run instead of hanging when it never comes. */
async function waitFor(what: string, cond: () => boolean, ms = 240_000): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`)
    await sleep(50)
  }
}

function kill(p: Proc | null): Promise<void> {
  if (!p || p.proc.exitCode !== null) return Promise.resolve()
  return new Promise((res) => {
    p.proc.once('exit', () => res())
    p.proc.kill('SIGKILL')
  })
}

function freePort(host: string): Promise<number> {
  return new Promise((res, rej) => {
    const s = net.createServer()
    s.once('error', rej)
    s.listen(0, host, () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => res(port))
    })
  })
}

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : 0
  } catch {
    return 0
  }
}

// ---------------------------------------------------------------- a proxy whose network can be cut

class Proxy {
  private server: net.Server | null = null
  private readonly sockets = new Set<net.Socket>()
  cut = false
  port = 0
  constructor(private readonly target: () => { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      if (this.cut) {
        client.destroy()
        return
      }
      const t = this.target()
      const upstream = net.connect(t.port, t.host)
      this.sockets.add(client).add(upstream)
      const drop = (): void => {
        client.destroy()
        upstream.destroy()
        this.sockets.delete(client)
        this.sockets.delete(upstream)
      }
      client.on('error', drop).on('close', drop)
      upstream.on('error', drop).on('close', drop)
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((res) => this.server!.listen(0, PROXY_ADDRESS, () => res()))
    this.port = (this.server!.address() as net.AddressInfo).port
  }

  setCut(cut: boolean): void {
    this.cut = cut
    if (cut) for (const s of this.sockets) s.destroy()
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy()
    return new Promise((res) => (this.server ? this.server.close(() => res()) : res()))
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

const STAGES = [
  'table commit → sender sends',
  'sent → hub receives',
  'hub receives → hub commit',
  'hub commit → push leaves',
  'push leaves → dashboard gets it',
] as const

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

// ---------------------------------------------------------------- the run

interface Table {
  index: number
  number: number
  tableId: number
  dbFile: string
  token: string
  controlToken: string
  proc: Proc | null
  client: ContractClient | null
  proxy: Proxy | null
  /** Game number → local game id and uuid. */
  games: Map<number, { id: number; uuid: string }>
  down: boolean
  wrongToken: boolean
  cut: boolean
}

interface Ack {
  table: number
  uuid: string
  seq: number
  at: number
  online: boolean
}

export async function runTablesTest(o: TablesTestOptions): Promise<TablesTestReport> {
  const log = o.log ?? ((l: string) => console.log(l))
  const random = makeRng(o.seed)
  const dir = mkdtempSync(join(tmpdir(), 'md-tables-'))
  const failures: string[] = []
  const tables: Table[] = []
  let hub: Proc | null = null
  let hubClient: ContractClient | null = null
  let hubUpSince = 0
  let hubDown = false
  // The LAN mode takes strong control tokens only (issue 29 §2).
  const hubToken = 'hub-control-token-7f3k9q2m5x8w'
  const acks: Ack[] = []
  const lags: number[] = []
  const stages: Record<(typeof STAGES)[number], number[]> = {
    'table commit → sender sends': [],
    'sent → hub receives': [],
    'hub receives → hub commit': [],
    'hub commit → push leaves': [],
    'push leaves → dashboard gets it': [],
  }
  const waiting = new Map<string, Ack[]>()
  /** The hub's batches seen per game (newest last), for an acknowledgement that arrives after its push. */
  const seen = new Map<string, Array<{ lastSeq: number; trace: SyncTrace; receivedAt: number }>>()
  const sample = (a: Ack, b: { trace: SyncTrace; receivedAt: number }): void => {
    if (!a.online) return
    const t = b.trace
    const committed = t.committedOnTable[a.seq - t.fromSeq]
    if (committed === undefined) return // stored by an earlier batch: its own sample was taken there
    lags.push(b.receivedAt - committed)
    const sent = t.sentAt ?? t.arrivedAt
    stages['table commit → sender sends'].push(sent - committed)
    stages['sent → hub receives'].push(t.arrivedAt - sent)
    stages['hub receives → hub commit'].push(t.storedAt - t.arrivedAt)
    stages['hub commit → push leaves'].push(t.pushedAt - t.storedAt)
    stages['push leaves → dashboard gets it'].push(b.receivedAt - t.pushedAt)
  }
  const drainStart = new Map<string, number>()
  const drainMs: number[] = []
  const finalSeq = new Map<string, number>()
  let cpuTotal = 0
  const cpuLast = new Map<number, number>()
  const timers: Array<ReturnType<typeof setTimeout>> = []
  const runStartRef = { t: Date.now() }
  const loadStart = loadavg()[0]
  let harnessStart: NodeJS.CpuUsage | undefined
  /** CPU seconds of table processes that were killed (restarted ones start from 0). */
  let tablesCpuKilled = 0
  try {
    // The hub's tournament: one stage with a round per game, N tables, a token per table.
    const hubDb = join(dir, 'hub.sqlite')
    const setupDb = await openDatabase(hubDb)
    const t = setupDb.tournaments.createTournament({ name: 'Двадцать столов' })
    const stage = setupDb.tournaments.addStage(t.id, { kind: 'qualifying' })
    const roundIds: number[] = []
    for (let g = 0; g < o.games; g++) roundIds.push(setupDb.tournaments.addRound(stage.id).id)
    // "Start round": the hub seats each table's game of every round; a table machine pulls them when it pairs
    // (only those are official: a table's own new game stays friendly, issue 28 §5).
    const seating: GameSetup = {
      ruleset: BUILTIN_RULESETS.fiim,
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: Object.fromEntries(
        Array.from({ length: 10 }, (_, k) => [k + 1, FULL_GAME_ROLES[String(k + 1)] ?? 'civilian']),
      ),
    }
    for (let i = 0; i < o.tables; i++) {
      const row = setupDb.tournaments.addTable(t.id, { judge: `Судья ${i + 1}` })
      roundIds.forEach((roundId, g) =>
        setupDb.games.createGame({
          tournamentId: t.id,
          roundId,
          tableId: row.id,
          number: g + 1,
          setup: seating,
        }),
      )
      tables.push({
        index: i,
        number: row.number,
        tableId: row.id,
        dbFile: join(dir, `table-${i + 1}.sqlite`),
        token: setupDb.sync.createToken(row.id),
        controlToken: `table-${i + 1}-control-token-7f3k9q2m5x8w`,
        proc: null,
        client: null,
        proxy: null,
        games: new Map(),
        down: false,
        wrongToken: false,
        cut: false,
      })
    }
    setupDb.close()
    const hubPort = await freePort(HUB_ADDRESS)
    const hubArgs = ['--lan', HUB_ADDRESS, '--port', String(hubPort), '--db', hubDb, '--token', hubToken]

    const onHubPush = (channel: string, payload: unknown): void => {
      if (channel !== 'sync.changed') return
      const p = payload as SyncChanged
      if (!p.gameUuid || p.lastSeq === null) return
      const now = Date.now()
      if (p.trace) {
        const b = { lastSeq: p.lastSeq, trace: p.trace, receivedAt: now }
        const batches = seen.get(p.gameUuid) ?? []
        batches.push(b)
        if (batches.length > 20) batches.shift()
        seen.set(p.gameUuid, batches)
        const list = waiting.get(p.gameUuid)
        while (list && list.length > 0 && list[0].seq <= p.lastSeq) {
          const a = list.shift()!
          sample(a, b)
          if (a.online && now - a.at > 1000 && process.env.TABLES_DEBUG)
            log(`slow: table ${a.table} seq ${a.seq} ${now - a.at} ms at +${a.at - runStartRef.t} ms`)
        }
      }
      const fin = finalSeq.get(p.gameUuid)
      const started = drainStart.get(p.gameUuid)
      if (fin !== undefined && started !== undefined && p.lastSeq >= fin) {
        drainMs.push(now - started)
        drainStart.delete(p.gameUuid)
      }
    }
    const connectHub = async (): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        hubClient?.close()
        hubClient = new ContractClient(`wss://${HUB_ADDRESS}:${hubPort}/ws?token=${hubToken}`, onHubPush)
        try {
          await hubClient.ready
          return
        } catch (err) {
          if (attempt >= 20) throw err
          await sleep(250)
        }
      }
    }
    const startHub = async (): Promise<void> => {
      hub = await startServer(hubArgs)
      await connectHub()
      hubDown = false
      hubUpSince = Date.now()
      // A game whose network came back while the hub was down drains from now on.
      for (const uuid of drainStart.keys()) drainStart.set(uuid, hubUpSince)
    }
    await startHub()
    const sampleCpu = (): void => {
      const pid = hub?.proc.pid
      if (!pid || hubDown) return
      const now = cpuSeconds(pid)
      if (now === null) return
      cpuTotal += now - (cpuLast.get(pid) ?? 0)
      cpuLast.set(pid, now)
    }
    const cpuTimer = setInterval(sampleCpu, 250)

    // The tables: their servers, pairing (two of them through a proxy that will be cut).
    const cutTables = new Set(tables.slice(0, o.cut).map((x) => x.index))
    const wrongTables = new Set(tables.slice(o.cut, o.cut + o.wrongToken).map((x) => x.index))
    const killable = tables.filter((x) => !cutTables.has(x.index) && !wrongTables.has(x.index))
    const startTable = async (tb: Table): Promise<void> => {
      tb.proc = await startServer([
        '--lan',
        tableAddress(tb.index),
        '--port',
        '0',
        '--db',
        tb.dbFile,
        '--token',
        tb.controlToken,
      ])
      tb.client = new ContractClient(
        `wss://${tb.proc.origin.slice('http://'.length)}/ws?token=${tb.controlToken}`,
      )
      await tb.client.ready
      tb.down = false
    }
    // The hub's certificate fingerprint: every table pins it from its pairing code (issue 29 §2).
    const fingerprint = (
      await hubClient!.call<{ fingerprint: string | null }>('sync.status', { tournamentId: t.id })
    ).fingerprint!
    const code = (address: string, token: string): string =>
      `https://${address}/#t=${token}&fp=${fingerprint}`
    for (const tb of tables) {
      await startTable(tb)
      let hubAddress = `${HUB_ADDRESS}:${hubPort}`
      if (cutTables.has(tb.index)) {
        // Through a TCP proxy: TLS end to end, the pin does not care which address carries it.
        tb.proxy = new Proxy(() => ({ host: HUB_ADDRESS, port: hubPort }))
        await tb.proxy.start()
        hubAddress = `${PROXY_ADDRESS}:${tb.proxy.port}`
      }
      await tb.client!.call('sync.pair', { hubUrl: code(hubAddress, tb.token) })
    }
    log(`tables-test: hub + ${o.tables} tables up and paired (${dir})`)

    const expectedMs = o.games * FULL_GAME.length * o.pace
    const runStart = Date.now()
    // CPU from here on: the servers' start-up and warm-up and the pairing are not the run's (a restart during the
    // run is).
    sampleCpu()
    cpuTotal = 0
    harnessStart = process.cpuUsage()
    tablesCpuKilled -= tables.reduce(
      (sum, tb) => sum + ((tb.proc?.proc.pid && cpuSeconds(tb.proc.proc.pid)) || 0),
      0,
    )
    runStartRef.t = runStart
    // Faults on a schedule (seeded jitter).
    const at = (fraction: number, fn: () => Promise<void>): void => {
      const ms = expectedMs * fraction * (0.9 + 0.2 * random())
      timers.push(
        setTimeout(() => {
          fn().catch((err: unknown) => failures.push(`fault failed: ${String(err)}`))
        }, ms),
      )
    }
    for (let k = 0; k < o.hubKills; k++) {
      at((k + 1) / (o.hubKills + 1.5), async () => {
        // One hub fault at a time: a kill due while the hub is still restarting waits for it.
        while (hubDown) await sleep(100)
        hubDown = true
        // Commands not yet on the hub now wait for its restart: not an online sample.
        for (const list of waiting.values()) for (const a of list) a.online = false
        sampleCpu()
        log(`tables-test: SIGKILL hub (${k + 1}/${o.hubKills}) at +${Date.now() - runStart} ms`)
        await kill(hub)
        await sleep(1500)
        await startHub()
        log(`tables-test: hub restarted at +${Date.now() - runStart} ms`)
      })
    }
    for (let k = 0; k < Math.min(o.tableKills, killable.length); k++) {
      const tb = killable[Math.floor((k * killable.length) / Math.max(1, o.tableKills))]
      at(0.2 + (0.6 * (k + 0.5)) / o.tableKills, async () => {
        log(`tables-test: SIGKILL table ${tb.number} at +${Date.now() - runStart} ms`)
        tb.down = true
        tb.client?.close()
        tablesCpuKilled += (tb.proc?.proc.pid && cpuSeconds(tb.proc.proc.pid)) || 0
        await kill(tb.proc)
        await sleep(500)
        await startTable(tb)
        log(`tables-test: table ${tb.number} restarted at +${Date.now() - runStart} ms`)
      })
    }

    // The judges.
    const judgedCommands = (tb: Table, gameId: number): number => {
      const db = new Database(tb.dbFile, { readonly: true, fileMustExist: true })
      try {
        const rows = db.prepare('SELECT command FROM game_events WHERE game_id = ?').all(gameId) as Array<{
          command: string
        }>
        return rows.filter((r) => (JSON.parse(r.command) as Command).cmd !== 'timer').length
      } finally {
        db.close()
      }
    }
    const withTable = async <T>(tb: Table, fn: (c: ContractClient) => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        await waitFor(`table ${tb.number}`, () => !tb.down && tb.client !== null && !tb.client.closed)
        try {
          return await fn(tb.client!)
        } catch (err) {
          if (String(err).includes('closed') && attempt < 100) {
            await sleep(100)
            continue
          }
          throw err
        }
      }
    }
    /** A call to the hub as the head judge, waiting while the hub is down. */
    const withHub = async <T>(fn: (c: ContractClient) => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        await waitFor('the hub', () => !hubDown && hubClient !== null && !hubClient.closed)
        try {
          return await fn(hubClient!)
        } catch (err) {
          if (String(err).includes('closed') && attempt < 100) {
            await sleep(100)
            continue
          }
          throw err
        }
      }
    }
    const judge = async (tb: Table): Promise<void> => {
      for (let g = 1; g <= o.games; g++) {
        const cut = g === 1 && tb.proxy !== null
        const wrong = g === 1 && wrongTables.has(tb.index)
        if (cut) {
          tb.cut = true
          tb.proxy!.setCut(true)
        }
        if (wrong) {
          // The head judge issues the table a new token: the one the table holds is now wrong.
          tb.wrongToken = true
          await withHub((c) => c.call('sync.createToken', { tableId: tb.tableId }))
        }
        // The round's game this table pulled from the hub when it paired.
        const local = await withTable(tb, (c) => c.call<SyncLocalStatus>('sync.local', {}))
        const pulled = local.pulled?.find((x) => x.round === g)
        if (!pulled) throw new Error(`table ${tb.number}: round ${g}'s game was not pulled`)
        const env = { gameId: pulled.gameId, game: { uuid: pulled.uuid } }
        tb.games.set(g, { id: env.gameId, uuid: env.game.uuid })
        let i = 0
        while (i < FULL_GAME.length) {
          await sleep(o.pace * (0.5 + random()))
          try {
            await waitFor(`table ${tb.number}`, () => !tb.down && tb.client !== null && !tb.client.closed)
            const r = await tb.client!.call<GameEnvelope>('game.command', {
              gameId: env.gameId,
              command: FULL_GAME[i],
            })
            const online =
              !hubDown && Date.now() - hubUpSince > ONLINE_AFTER_MS && !tb.cut && !tb.wrongToken && !tb.down
            const ack: Ack = {
              table: tb.number,
              uuid: env.game.uuid,
              seq: r.view.revision,
              at: Date.now(),
              online,
            }
            acks.push(ack)
            // The hub may have pushed it before the table's answer reached us.
            const early = seen.get(ack.uuid)?.find((b) => b.lastSeq >= ack.seq && b.trace.fromSeq <= ack.seq)
            if (early) sample(ack, early)
            else {
              const list = waiting.get(ack.uuid) ?? []
              list.push(ack)
              waiting.set(ack.uuid, list)
            }
            i += 1
          } catch (err) {
            if (!String(err).includes('closed')) throw err
            // The table was killed: continue after what it stored (the command in flight may be in).
            await waitFor(`table ${tb.number}`, () => !tb.down && tb.client !== null && !tb.client.closed)
            i = judgedCommands(tb, env.gameId)
          }
        }
        if (cut) {
          const last = acks.filter((a) => a.uuid === env.game.uuid).at(-1)!
          finalSeq.set(env.game.uuid, last.seq)
          if (!hubDown) drainStart.set(env.game.uuid, Date.now())
          else drainStart.set(env.game.uuid, Number.POSITIVE_INFINITY)
          tb.proxy!.setCut(false)
          tb.cut = false
          log(`tables-test: table ${tb.number}'s network is back after a whole offline game`)
        }
        if (wrong) {
          const status = await withHub((c) =>
            c.call<{ tables: Array<{ tableId: number; token: string | null }> }>('sync.status', {
              tournamentId: t.id,
            }),
          )
          const fresh = status.tables.find((x) => x.tableId === tb.tableId)!.token!
          // Pairing needs the hub to answer once: retried while it is restarting.
          for (let attempt = 0; ; attempt++) {
            try {
              await withTable(tb, (c) =>
                c.call('sync.pair', { hubUrl: code(`${HUB_ADDRESS}:${hubPort}`, fresh) }),
              )
              break
            } catch (err) {
              if (attempt > 100) throw err
              await sleep(250)
            }
          }
          tb.wrongToken = false
        }
      }
    }
    const results = await Promise.allSettled(tables.map((tb) => judge(tb)))
    results.forEach((r, i) => {
      if (r.status === 'rejected') failures.push(`table ${i + 1}: ${String(r.reason)}`)
    })
    const playedAt = Date.now()
    log(`tables-test: all judges done in ${((playedAt - runStart) / 1000).toFixed(1)} s; draining`)

    // Drain: every table's outbox empty.
    const outbox = (tb: Table): number => {
      const db = new Database(tb.dbFile, { readonly: true, fileMustExist: true })
      try {
        return (db.prepare('SELECT count(*) AS n FROM sync_outbox').get() as { n: number }).n
      } finally {
        db.close()
      }
    }
    const drainDeadline = Date.now() + 120_000
    while (tables.some((tb) => outbox(tb) > 0)) {
      if (Date.now() > drainDeadline) {
        failures.push(`not drained: ${tables.map((tb) => `${tb.number}:${outbox(tb)}`).join(' ')}`)
        break
      }
      await sleep(100)
    }
    const drainedAt = Date.now()
    sampleCpu()
    const tablesCpu =
      tablesCpuKilled +
      tables.reduce((sum, tb) => sum + ((tb.proc?.proc.pid && cpuSeconds(tb.proc.proc.pid)) || 0), 0)
    const harness = process.cpuUsage(harnessStart)
    clearInterval(cpuTimer)
    const hubPid = (hub as Proc | null)?.proc.pid ?? 0
    const hubRss = rssMb(hubPid)

    // Checks against the files.
    const hubConn = new Database(hubDb, { readonly: true, fileMustExist: true })
    let games = 0
    let commands = 0
    try {
      const hubGame = hubConn.prepare('SELECT id, setup, table_id, status FROM games WHERE uuid = ?')
      const hubLog = hubConn.prepare(
        'SELECT seq, command, events, at FROM game_events WHERE game_id = ? ORDER BY seq',
      )
      for (const tb of tables) {
        const tconn = new Database(tb.dbFile, { readonly: true, fileMustExist: true })
        try {
          for (const [g, local] of tb.games) {
            const mineRow = tconn.prepare('SELECT setup FROM games WHERE id = ?').get(local.id) as {
              setup: string
            }
            const mine = tconn
              .prepare('SELECT seq, command, events, at FROM game_events WHERE game_id = ? ORDER BY seq')
              .all(local.id) as Array<{ seq: number; command: string; events: string; at: number }>
            const theirsRow = hubGame.get(local.uuid) as
              { id: number; setup: string; table_id: number; status: string } | undefined
            if (!theirsRow) {
              failures.push(`table ${tb.number} game ${g}: not on the hub`)
              continue
            }
            const theirs = hubLog.all(theirsRow.id) as typeof mine
            games += 1
            commands += theirs.length
            if (theirsRow.table_id !== tb.tableId)
              failures.push(`table ${tb.number} game ${g}: wrong table on the hub`)
            if (theirsRow.status !== 'finished')
              failures.push(`table ${tb.number} game ${g}: ${theirsRow.status} on the hub`)
            if (JSON.stringify(theirs) !== JSON.stringify(mine)) {
              failures.push(
                `table ${tb.number} game ${g}: hub log (${theirs.length}) ≠ table log (${mine.length})`,
              )
            }
            const acked = acks.filter((a) => a.uuid === local.uuid)
            const maxAcked = Math.max(0, ...acked.map((a) => a.seq))
            if (theirs.length < maxAcked)
              failures.push(`table ${tb.number} game ${g}: acknowledged commands missing on the hub`)
            const strip = (setup: string, log: typeof mine): string => {
              const s = JSON.parse(setup) as GameSetup
              const state = restore(
                s,
                log.map((e) => ({
                  seq: e.seq,
                  command: JSON.parse(e.command) as Command,
                  events: JSON.parse(e.events) as LogEntry['events'],
                  at: e.at,
                })),
              ).state
              return JSON.stringify(state, (k, v: unknown) =>
                k === 'playerId' || k === 'photo' ? undefined : v,
              )
            }
            if (strip(theirsRow.setup, theirs) !== strip(mineRow.setup, mine)) {
              failures.push(`table ${tb.number} game ${g}: the hub's replay differs from the table's`)
            }
          }
        } finally {
          tconn.close()
        }
      }
      const dup = hubConn
        .prepare('SELECT count(*) AS n FROM (SELECT uuid FROM games GROUP BY uuid HAVING count(*) > 1)')
        .get() as { n: number }
      if (dup.n > 0) failures.push(`${dup.n} duplicated games on the hub`)
    } finally {
      hubConn.close()
    }
    const finalDb = new Database(hubDb, { readonly: true, fileMustExist: true })
    const conflicts = (finalDb.prepare('SELECT count(*) AS n FROM sync_conflicts').get() as { n: number }).n
    const refused = // Refusals are written in aggregate, one row per kind and source with its count.
      (
        finalDb
          .prepare("SELECT coalesce(sum(count), 0) AS n FROM sync_refusals WHERE code = 'sync/bad_token'")
          .get() as {
          n: number
        }
      ).n
    finalDb.close()
    if (games !== o.tables * o.games)
      failures.push(`${games} games on the hub, expected ${o.tables * o.games}`)
    if (conflicts !== 0) failures.push(`${conflicts} conflicts`)
    if (o.wrongToken > 0 && refused === 0) failures.push('the wrong token was not refused and logged')

    const sorted = [...lags].sort((a, b) => a - b)
    const durationS = (drainedAt - runStart) / 1000
    const drainedOffline = finalSeq.size > 0 ? [...finalSeq.values()].reduce((a, b) => a + b, 0) : 0
    const report: TablesTestReport = {
      ok: failures.length === 0,
      failures,
      games,
      commands,
      hubCommandsPerSecond: commands / ((playedAt - runStart) / 1000),
      drainCommandsPerSecond: drainMs.length > 0 ? drainedOffline / (Math.max(...drainMs) / 1000) : null,
      lag: {
        samples: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      },
      split: STAGES.map((stage) => {
        const v = [...stages[stage]].sort((a, b) => a - b)
        return { stage, p50: percentile(v, 50), p95: percentile(v, 95) }
      }),
      load: { start: loadStart, end: loadavg()[0] },
      drainMs,
      hubRssMb: hubRss,
      hubCpuPercent: (100 * cpuTotal) / durationS,
      tablesCpuPercent: (100 * tablesCpu) / durationS,
      harnessCpuPercent: (100 * (harness.user + harness.system)) / 1e6 / durationS,
      refusedWrongToken: refused,
      conflicts,
      durationS,
    }
    return report
  } finally {
    for (const tm of timers) clearTimeout(tm)
    ;(hubClient as ContractClient | null)?.close()
    for (const tb of tables) {
      tb.client?.close()
      await tb.proxy?.close()
    }
    for (const p of [...spawned]) p.kill('SIGKILL')
    await sleep(200)
    rmSync(dir, { recursive: true, force: true })
  }
}

export function printReport(r: TablesTestReport, o: TablesTestOptions): void {
  const f = (n: number, d = 0): string => n.toFixed(d)
  console.log(
    `tables-test: ${o.tables} tables × ${o.games} games, ${r.games} games / ${r.commands} commands on the hub`,
  )
  console.log(`  hub commands/s (during play):     ${f(r.hubCommandsPerSecond, 1)}`)
  if (r.drainCommandsPerSecond !== null)
    console.log(`  hub commands/s (offline drain):    ${f(r.drainCommandsPerSecond, 1)}`)
  console.log(
    `  push-to-hub lag online (${r.lag.samples} samples): p50 ${f(r.lag.p50)} ms, p95 ${f(r.lag.p95)} ms, p99 ${f(r.lag.p99)} ms`,
  )
  console.log('  where the online lag goes (p50 / p95 of each stage):')
  for (const s of r.split) console.log(`    ${s.stage.padEnd(34)} ${f(s.p50)} / ${f(s.p95)} ms`)
  console.log(`  load average (1 min): ${f(r.load.start, 1)} at the start, ${f(r.load.end, 1)} at the end`)
  console.log(
    `  CPU during the run (% of one core; 2 cores = 200 %): hub ${f(r.hubCpuPercent, 1)}, ${o.tables} tables ${f(r.tablesCpuPercent, 1)}, scripted judges ${f(r.harnessCpuPercent, 1)}`,
  )
  console.log(
    `  time to drain a whole offline game: ${r.drainMs.map((m) => `${f(m)} ms`).join(', ') || 'n/a'}`,
  )
  console.log(
    `  hub RSS after the run: ${f(r.hubRssMb, 1)} MB; hub CPU: ${f(r.hubCpuPercent, 1)} % of one core`,
  )
  console.log(
    `  wrong token refused and logged: ${r.refusedWrongToken}×; conflicts: ${r.conflicts}; duplicates: 0 by check`,
  )
  console.log(
    r.ok
      ? '  OK: every acknowledged command is on the hub; replays equal'
      : `  FAILED:\n    ${r.failures.join('\n    ')}`,
  )
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tables: { type: 'string', default: '20' },
      games: { type: 'string', default: '2' },
      pace: { type: 'string', default: '200' },
      'hub-kills': { type: 'string', default: '2' },
      'table-kills': { type: 'string', default: '3' },
      cut: { type: 'string', default: '2' },
      'wrong-token': { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
    },
  })
  const o: TablesTestOptions = {
    tables: Number(values.tables),
    games: Number(values.games),
    pace: Number(values.pace),
    hubKills: Number(values['hub-kills']),
    tableKills: Number(values['table-kills']),
    cut: Number(values.cut),
    wrongToken: Number(values['wrong-token']),
    seed: Number(values.seed),
  }
  const r = await runTablesTest(o)
  printReport(r, o)
  const figures: BenchFigure[] = [
    {
      name: 'tables: hub lag p95 (online)',
      goal: '< 200 ms',
      measured: Math.round(r.lag.p95),
      unit: 'ms',
      pass: r.lag.p95 < 200,
    },
    {
      name: 'tables: hub RSS after 20 tables',
      goal: '< 300 MB',
      measured: Math.round(r.hubRssMb),
      unit: 'MB',
      pass: r.hubRssMb < 300,
    },
    {
      name: 'tables: hub CPU',
      goal: '< 20 % of one core',
      measured: Math.round(r.hubCpuPercent * 10) / 10,
      unit: '%',
      pass: r.hubCpuPercent < 20,
    },
    {
      name: 'tables: hub commands/s',
      goal: 'report',
      measured: Math.round(r.hubCommandsPerSecond * 10) / 10,
      unit: 'cmd/s',
      pass: true,
    },
    {
      name: 'tables: drain of an offline game',
      goal: 'report',
      measured: r.drainMs.length ? Math.max(...r.drainMs) : -1,
      unit: 'ms',
      pass: r.drainMs.length > 0,
    },
    {
      name: 'tables: convergence',
      goal: '0 lost, 0 duplicates, 0 conflicts',
      measured: r.failures.length,
      unit: 'failures',
      pass: r.ok,
    },
  ]
  printBenchResult(figures)
  process.exitCode = r.ok ? 0 : 1
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err)
    for (const p of [...spawned]) p.kill('SIGKILL')
    process.exit(1)
  })
}
