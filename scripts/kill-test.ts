/**
 * Reliability test (issue 4): drives games through the real headless server over WebSocket, SIGKILLs the
 * server at random moments, restarts it on the same database, and checks that the state equals what the last
 * acknowledged command produced (or the one in flight, if it was committed before the kill): 0 lost commands,
 * 0 corrupted files.
 *
 *   npx tsx scripts/kill-test.ts [--kills 50] [--judges 3] [--seed 1]
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import type { Command } from '../src/shared/game/commands'
import { FULL_GAME } from '../tests/fixtures/full-game'
import type { ControlView } from '../src/shared/game/views'
import type { GameEnvelope } from '../src/shared/contract'
import { BUILTIN_RULESETS } from '../src/shared/game/ruleset'
import { makeRng } from '../src/shared/rng'
import { controlView, execute, newGame, rolesFromSeats, type Game, type GameSetup } from '../src/main/engine'
import { ContractClient as Client, spawned, startServeProcess, type ServeProcess } from './serve-process'

/**
 * The whole FIIM game of the tests, with fouls, timer actions and an undo/redo mixed in so that every kind of
 * entry is stored while the server is being killed.
 */
const GAME: Command[] = FULL_GAME.flatMap((c, i): Command[] => {
  if (i === 2)
    return [
      c,
      { cmd: 'foul', seat: 4 },
      { cmd: 'timer', action: 'pause' },
      { cmd: 'timer', action: 'add', seconds: 10 },
      { cmd: 'timer', action: 'start' },
    ]
  if (c.cmd === 'bestMove') return [c, { cmd: 'foul', seat: 6 }, { cmd: 'undo' }, { cmd: 'redo' }]
  return [c]
})

type Server = ServeProcess

/** Starts the headless server on a free port with this database and token (the shared serve-process helper). */
function startServer(dbFile: string, token: string): Promise<Server> {
  return startServeProcess(['--port', '0', '--db', dbFile, '--token', token, '--quiet'], 20_000)
}

/** The contract client of the shared serve-process helper (one client for every script and spec). */
export { Client }

const SETUP: GameSetup = {
  ruleset: BUILTIN_RULESETS.fiim,
  players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
    name,
    playerId: null,
    photo: null,
  })),
  roles: rolesFromSeats({ don: 3, mafia: [5, 8], sheriff: 10 }),
}

/** The client's own replay of the acknowledged commands through the (pure) engine: the expected state. */
function execOrThrow(game: Game, command: Command): Game {
  const r = execute(game, command)
  if (!r.ok) throw new Error(`the scripted command ${JSON.stringify(command)} was rejected: ${r.error.code}`)
  return r.game
}

/** The view without what a restart legitimately changes: the paused timer and the revision of that pause. */
function comparable(v: ControlView): unknown {
  const { timer: _t, revision: _r, ...rest } = v
  return rest
}

export interface KillTestResult {
  kills: number
  judges: number
  commandsAcked: number
  lostCommands: number
  inFlightCommitted: number
  corruptedFiles: number
  gamesFinished: number
  restartMsMedian: number
}

/** One judge's game: what the server acknowledged (the mirror) and the command that may be in flight. */
interface Judge {
  gameId: number
  step: number // index in GAME of the next command to send
  mirror: Game | null
  inFlight: Command | null
}

/** After a restart: the stored game must equal the acknowledged state, or be one in-flight command ahead. */
async function checkJudge(client: Client, judge: Judge, result: KillTestResult): Promise<void> {
  if (!judge.mirror) return
  const now = await client.call<GameEnvelope>('game.view', { gameId: judge.gameId })
  const got = JSON.stringify(comparable(now.view))
  if (got === JSON.stringify(comparable(controlView(judge.mirror)))) {
    // nothing in flight was committed (or it was a timer action, which comparable() leaves out)
    if (judge.inFlight && judge.inFlight.cmd === 'timer') {
      judge.mirror = execOrThrow(judge.mirror, judge.inFlight)
      judge.step++
    }
  } else if (judge.inFlight) {
    const ahead = execOrThrow(judge.mirror, judge.inFlight)
    if (got === JSON.stringify(comparable(controlView(ahead)))) {
      result.inFlightCommitted++
      judge.mirror = ahead
      judge.step++
    } else result.lostCommands++
  } else result.lostCommands++
  judge.inFlight = null
}

async function newGameFor(client: Client, judge: Judge, result: KillTestResult): Promise<void> {
  if (judge.gameId !== 0 && judge.step < GAME.length) return
  if (judge.step >= GAME.length) result.gamesFinished++
  const created = await client.call<GameEnvelope>('game.create', {
    rulesetId: 'fiim',
    players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
      name,
    })),
    roles: { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' },
  })
  judge.gameId = created.gameId
  judge.mirror = newGame(SETUP)
  judge.step = 0
}

/** Sends the judge's commands back to back until the server dies or the game ends. */
async function drive(
  client: Client,
  judge: Judge,
  killed: () => boolean,
  result: KillTestResult,
  onAck: () => void,
): Promise<void> {
  judge.inFlight = null
  while (!killed() && judge.step < GAME.length) {
    judge.inFlight = GAME[judge.step]
    try {
      await client.call<GameEnvelope>('game.command', { gameId: judge.gameId, command: judge.inFlight })
    } catch {
      return // the server died with this command in flight
    }
    judge.mirror = execOrThrow(judge.mirror!, judge.inFlight)
    judge.inFlight = null
    result.commandsAcked++
    judge.step++
    onAck()
  }
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise<void>((r) =>
    proc.exitCode !== null || proc.signalCode !== null ? r() : proc.once('exit', () => r()),
  )
}

export async function runKillTest(opts: {
  kills: number
  /** Judges running their own games in parallel on the same server (default 1). */
  judges?: number
  seed?: number
  log?: (s: string) => void
}): Promise<KillTestResult> {
  const log = opts.log ?? (() => {})
  const rand = makeRng(opts.seed ?? 1)
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-kill-'))
  const dbFile = join(dir, 'db.sqlite')
  const token = 'kill-test-token'
  const judgeCount = Math.max(1, opts.judges ?? 1)
  const result: KillTestResult = {
    kills: 0,
    judges: judgeCount,
    commandsAcked: 0,
    lostCommands: 0,
    inFlightCommitted: 0,
    corruptedFiles: 0,
    gamesFinished: 0,
    restartMsMedian: 0,
  }
  const restarts: number[] = []
  const judges: Judge[] = Array.from({ length: judgeCount }, () => ({
    gameId: 0,
    step: 0,
    mirror: null,
    inFlight: null,
  }))
  const connect = async (server: Server): Promise<Client[]> => {
    const clients = judges.map(() => new Client(`${server.origin.replace('http', 'ws')}/ws?token=${token}`))
    await Promise.all(clients.map((c) => c.ready))
    return clients
  }
  try {
    while (result.kills < opts.kills) {
      const t0 = Date.now()
      const server = await startServer(dbFile, token)
      restarts.push(Date.now() - t0)
      const clients = await connect(server)
      for (let j = 0; j < judgeCount; j++) {
        await checkJudge(clients[j], judges[j], result)
        await newGameFor(clients[j], judges[j], result)
      }
      // All judges send commands back to back; the server is killed a random delay after the first
      // acknowledgement (so that every kill interrupts a game in progress, however loaded the machine is).
      const killAfter = 5 + Math.floor(rand() * 120)
      let killed = false
      let killTimer: ReturnType<typeof setTimeout> | undefined
      const onFirstAck = (): void => {
        killTimer ??= setTimeout(() => {
          killed = true
          server.proc.kill('SIGKILL')
        }, killAfter)
      }
      await Promise.all(judges.map((judge, j) => drive(clients[j], judge, () => killed, result, onFirstAck)))
      clearTimeout(killTimer)
      if (!killed) server.proc.kill('SIGKILL')
      await exited(server.proc)
      for (const c of clients) c.close()
      result.kills++

      const conn = new Database(dbFile, { readonly: true })
      const check = conn.pragma('integrity_check', { simple: true })
      conn.close()
      if (check !== 'ok') result.corruptedFiles++
      log(`kill ${result.kills}: after ${killAfter} ms, ${result.commandsAcked} commands acknowledged so far`)
    }
    // Final check after the last kill.
    const server = await startServer(dbFile, token)
    const clients = await connect(server)
    for (let j = 0; j < judgeCount; j++) await checkJudge(clients[j], judges[j], result)
    for (const c of clients) c.close()
    server.proc.kill('SIGKILL')
    await exited(server.proc)
  } finally {
    for (const p of spawned) p.kill('SIGKILL')
    await Promise.all([...spawned].map(exited))
    rmSync(dir, { recursive: true, force: true })
  }
  const sorted = restarts.sort((a, b) => a - b)
  result.restartMsMedian = sorted[Math.floor(sorted.length / 2)] ?? 0
  return result
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '50' },
      judges: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
    },
  })
  runKillTest({
    kills: Number(values.kills),
    judges: Number(values.judges),
    seed: Number(values.seed),
    log: (s) => console.log(s),
  })
    .then((r) => {
      console.log(JSON.stringify(r, null, 2))
      console.log(
        `kill test: ${r.kills} kills, ${r.judges} judges, ${r.commandsAcked} commands acknowledged, ${r.lostCommands} lost, ` +
          `${r.inFlightCommitted} in-flight committed, ${r.corruptedFiles} corrupted files, restart median ${r.restartMsMedian} ms`,
      )
      process.exit(r.lostCommands === 0 && r.corruptedFiles === 0 ? 0 : 1)
    })
    .catch((err: unknown) => {
      console.error(err)
      process.exit(1)
    })
}
