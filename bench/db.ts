// npm run bench:db — the database budget of issue 4, on real files in a temp folder (same disk as the data):
//  1. command commit (appendEntry: log row + projections, one transaction, synchronous=FULL): p99 < 5 ms
//  2. opening a database with 1,000 games (~150-entry logs, 10 results each) and listing the tournament's
//     games with their results: < 300 ms
import Database from 'better-sqlite3'
import { figure, printBenchResult } from './result'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase, type EntryInput, type MafiaDb, type SeatResultInput } from '../src/main/db'

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

const ms = (x: number): string => `${x.toFixed(3)} ms`

/** A ruleset object of realistic size (the engine stores the whole ruleset inside every game's setup). */
const RULESET: Record<string, unknown> = { id: 'fiim', name: 'ФИИМ (федерация)' }
for (let i = 0; i < 40; i++) RULESET[`parameter${i}`] = i % 3 === 0 ? 'toLastCandidate' : i * 1.5
RULESET.scoring = { win: 1, bestMove: { 3: 0.5, 2: 0.3 }, removal: -0.5, teamDefeat: -0.7, ciK: 0.4 }

const ROLES = [
  'civilian',
  'civilian',
  'don',
  'civilian',
  'mafia',
  'civilian',
  'sheriff',
  'mafia',
  'civilian',
  'civilian',
]

function setupOf(playerIds: number[], names: string[]): unknown {
  return {
    ruleset: RULESET,
    players: playerIds.map((playerId, i) => ({ name: names[i], playerId, photo: null })),
    roles: Object.fromEntries(ROLES.map((r, i) => [i + 1, r])),
  }
}

/** Commands and events shaped like the engine's (a vote, a nomination, a timer, a speech end...). */
function entryOf(seq: number, at: number): EntryInput {
  const seat = (seq % 10) + 1
  switch (seq % 4) {
    case 0:
      return {
        seq,
        at,
        command: { type: 'vote', candidate: seat, voters: [1, 2, 4, 6], at },
        events: [
          { type: 'voted', candidate: seat, voters: [1, 2, 4, 6] },
          { type: 'timerSet', timer: { label: 'voting', durationMs: 0, remainingMs: 0, runningSince: null } },
        ],
      }
    case 1:
      return {
        seq,
        at,
        command: { type: 'nominate', by: seat, target: ((seat + 3) % 10) + 1, at },
        events: [{ type: 'nominated', by: seat, target: ((seat + 3) % 10) + 1, order: seq % 5 }],
      }
    case 2:
      return {
        seq,
        at,
        command: { type: 'next', at },
        events: [
          { type: 'speechEnded', seat, reason: 'time' },
          { type: 'speechStarted', seat: (seat % 10) + 1 },
          {
            type: 'timerSet',
            timer: { label: 'speech', durationMs: 60000, remainingMs: 60000, runningSince: at },
          },
        ],
      }
    default:
      return {
        seq,
        at,
        command: { type: 'foul', seat, at },
        events: [
          { type: 'fouled', seat, fouls: 1 + (seq % 3), phase: 'day', day: 1 + (seq % 5), speaker: seat },
        ],
      }
  }
}

function resultsOf(playerIds: number[]): SeatResultInput[] {
  return playerIds.map((playerId, i) => {
    const red = ROLES[i] === 'civilian' || ROLES[i] === 'sheriff'
    const extra = i === 6 ? 0.3 : 0
    return {
      seat: i + 1,
      playerId,
      role: ROLES[i],
      win: red ? 1 : 0,
      bestMove: i === 0 ? 0.3 : 0,
      extra,
      penalty: 0,
      total: (red ? 1 : 0) + extra + (i === 0 ? 0.3 : 0),
      extraReasons: extra ? [{ points: extra, reason: 'нашёл дона во второй день' }] : [],
    }
  })
}

async function commitLatency(dir: string, count: number, synchronous: 'FULL' | 'NORMAL'): Promise<number[]> {
  const db = await openDatabase(path.join(dir, `commit-${synchronous.toLowerCase()}.sqlite`))
  if (synchronous === 'NORMAL') db.connection.pragma('synchronous = NORMAL') // comparison only
  const players = Array.from(
    { length: 10 },
    (_, i) => db.players.addPlayer({ nickname: `Игрок ${i + 1}` }).id,
  )
  const names = players.map((_, i) => `Игрок ${i + 1}`)
  const times: number[] = []
  let game = db.games.createGame({ setup: setupOf(players, names) })
  let seq = 0
  for (let i = 0; i < count; i++) {
    // A game every 150 commands; its last command carries the 10 results (the heaviest commit).
    const last = seq === 149
    const e = entryOf(seq, Date.now())
    const t0 = performance.now()
    db.games.appendEntry(
      game.id,
      e,
      last
        ? { status: 'finished', winner: 'red', results: resultsOf(players) }
        : { status: 'running', winner: null },
    )
    times.push(performance.now() - t0)
    seq++
    if (last) {
      game = db.games.createGame({ setup: setupOf(players, names) })
      seq = 0
    }
  }
  db.close()
  return times
}

function buildFixture(db: MafiaDb, games: number, entriesPerGame: number): number {
  const t = db.tournaments.createTournament({
    name: 'Бенчмарк-турнир',
    startsOn: '2026-11-28',
    ruleset: RULESET,
  })
  const stage = db.tournaments.addStage(t.id, { kind: 'qualifying' })
  const rounds = Array.from({ length: games / 10 }, () => db.tournaments.addRound(stage.id))
  const tables = Array.from({ length: 10 }, () => db.tournaments.addTable(t.id))
  const players = Array.from({ length: 100 }, (_, i) =>
    db.players.addPlayer({ nickname: `Участник ${i + 1}` }),
  )
  const at0 = Date.UTC(2026, 10, 28, 10)
  db.connection.transaction(() => {
    for (let g = 0; g < games; g++) {
      const seated = Array.from({ length: 10 }, (_, i) => players[(g * 7 + i * 13) % 100])
      const game = db.games.createGame({
        roundId: rounds[Math.floor(g / 10)].id,
        tableId: tables[g % 10].id,
        number: g + 1,
        setup: setupOf(
          seated.map((p) => p.id),
          seated.map((p) => p.nickname),
        ),
      })
      for (let s = 0; s < entriesPerGame; s++) {
        const last = s === entriesPerGame - 1
        db.games.appendEntry(
          game.id,
          entryOf(s, at0 + g * 3_600_000 + s * 15_000),
          last
            ? {
                status: 'finished',
                winner: g % 3 === 0 ? 'black' : 'red',
                results: resultsOf(seated.map((p) => p.id)),
              }
            : { status: 'running', winner: null },
        )
      }
    }
  })()
  return t.id
}

interface OpenRun {
  open: number
  list: number
  load: number
  /** A second listing in the same process (JIT warm, SQLite page cache filled). */
  warmList: number
  /** CPU time (user + system) of open + list: what the listing costs without other processes competing. */
  cpu: number
  games: number
  logLength: number
  /** PRAGMA quick_check on the whole file (issue 13, item 6: its cost at open). */
  quickCheck?: number
}

/** Child mode: open the fixture, list the tournament's games with results, print the timings as JSON. */
async function measureOpen(file: string, tournamentId: number): Promise<void> {
  const q0 = performance.now()
  const probe = new Database(file, { readonly: true })
  const quick = probe.pragma('quick_check', { simple: true })
  probe.close()
  const quickCheck = performance.now() - q0
  if (quick !== 'ok') throw new Error(`quick_check: ${String(quick)}`)
  const c0 = process.cpuUsage()
  const o0 = performance.now()
  const db = await openDatabase(file)
  const o1 = performance.now()
  const games = db.games.listGames({ tournamentId })
  const o2 = performance.now()
  const cpu = process.cpuUsage(c0)
  if (games.length === 0 || games.some((g) => g.results.length !== 10)) throw new Error('results missing')
  const one = db.games.loadGame(games[games.length >> 1].id)
  const o3 = performance.now()
  db.games.listGames({ tournamentId })
  const o4 = performance.now()
  db.close()
  const run: OpenRun = {
    open: o1 - o0,
    list: o2 - o1,
    load: o3 - o2,
    warmList: o4 - o3,
    cpu: (cpu.user + cpu.system) / 1000,
    games: games.length,
    logLength: one?.log.length ?? 0,
    quickCheck,
  }
  console.log(JSON.stringify(run))
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mafia-bench-db-'))
  try {
    console.log(`bench:db — temp folder ${dir}`)

    // 0. The floor: one 4 KiB write + fsync on the same disk, which every durable commit needs at least once.
    const probe = path.join(dir, 'fsync-probe.bin')
    const fd = fs.openSync(probe, 'w')
    const block = Buffer.alloc(4096, 7)
    const floor: number[] = []
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now()
      fs.writeSync(fd, block, 0, block.length, (i % 64) * 4096)
      fs.fsyncSync(fd)
      floor.push(performance.now() - t0)
    }
    fs.closeSync(fd)
    console.log(
      `disk floor (4 KiB write + fsync, 500×): p50 ${ms(percentile(floor, 50))}  p99 ${ms(percentile(floor, 99))}  — load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    )

    // 1. Command commit latency.
    const N = 3000
    const full = await commitLatency(dir, N, 'FULL')
    const normal = await commitLatency(dir, 1000, 'NORMAL')
    console.log(
      `\ncommand commit (appendEntry + projections, 1 transaction), ${N} appends, synchronous=FULL (WAL):`,
    )
    console.log(
      `  p50 ${ms(percentile(full, 50))}  p95 ${ms(percentile(full, 95))}  p99 ${ms(percentile(full, 99))}  max ${ms(Math.max(...full))}`,
    )
    const slow = full.filter((t) => t > 5).length
    console.log(
      `  budget p99 < 5 ms: ${percentile(full, 99) < 5 ? 'OK' : 'OVER'}  (commits over 5 ms: ${slow}, ${((100 * slow) / N).toFixed(1)} %)`,
    )
    console.log(
      `  for comparison, synchronous=NORMAL (not durable on power loss), 1000 appends: p50 ${ms(percentile(normal, 50))}  p99 ${ms(percentile(normal, 99))}`,
    )

    // 2. 1,000 stored games: open + list with results.
    const file = path.join(dir, 'tournament.sqlite')
    const GAMES = 1000
    const ENTRIES = 150
    const b0 = performance.now()
    const db = await openDatabase(file)
    const tournamentId = buildFixture(db, GAMES, ENTRIES)
    db.close()
    const size = fs.statSync(file).size
    console.log(
      `\nfixture: ${GAMES} games × ${ENTRIES} log entries × 10 results, built in ${((performance.now() - b0) / 1000).toFixed(1)} s, file ${(size / 1048576).toFixed(1)} MB`,
    )
    // Each measurement runs in a fresh process, as at an app start: no warm heap, no statement cache, and no GC
    // debt from building the fixture in this process.
    const runs: OpenRun[] = []
    for (let run = 0; run < 5; run++) {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', __filename, '--measure-open', file, String(tournamentId)],
        {
          encoding: 'utf8',
        },
      )
      runs.push(JSON.parse(out.trim().split('\n').pop() ?? '{}') as OpenRun)
    }
    const opens = runs.map((r) => r.open)
    const lists = runs.map((r) => r.list)
    const total = runs.map((r) => r.open + r.list)
    console.log(`open + list ${runs[0].games} games with results (5 fresh processes; first, median, max):`)
    console.log(
      `  open  first ${ms(opens[0])}  median ${ms(percentile(opens, 50))}  max ${ms(Math.max(...opens))}`,
    )
    console.log(
      `  list  first ${ms(lists[0])}  median ${ms(percentile(lists, 50))}  max ${ms(Math.max(...lists))}`,
    )
    console.log(
      `  total first ${ms(total[0])}  median ${ms(percentile(total, 50))}  max ${ms(Math.max(...total))}`,
    )
    console.log(`  budget < 300 ms: ${Math.max(...total) < 300 ? 'OK' : 'OVER'}`)
    console.log(
      `  CPU time of open + list: median ${ms(
        percentile(
          runs.map((r) => r.cpu),
          50,
        ),
      )}`,
    )
    console.log(
      `  a second listing in the same process: median ${ms(
        percentile(
          runs.map((r) => r.warmList),
          50,
        ),
      )}`,
    )
    console.log(`loadGame (setup + ${runs[0].logLength} log entries): ${ms(runs[0].load)}`)
    console.log(
      `PRAGMA quick_check of the ${(size / 1048576).toFixed(1)} MB file (fresh process): median ${ms(
        percentile(
          runs.map((r) => r.quickCheck ?? 0),
          50,
        ),
      )}`,
    )
    printBenchResult([
      figure('db: command commit, synchronous=FULL (p99)', percentile(full, 99), 'ms', { below: 5 }),
      figure(`db: open + list ${runs[0].games} games (max of 5)`, Math.max(...total), 'ms', { below: 300 }),
      figure(
        'db: quick_check at open, 1,000 games (median)',
        percentile(
          runs.map((r) => r.quickCheck ?? 0),
          50,
        ),
        'ms',
        {
          below: 300,
        },
      ),
    ])
  } finally {
    if (!process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--measure-open') void measureOpen(process.argv[3], Number(process.argv[4]))
else void main()
