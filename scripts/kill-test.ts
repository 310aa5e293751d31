/**
 * Reliability test (issue 4): drives games through the real headless server over WebSocket, SIGKILLs the
 * server at random moments, restarts it on the same database, and checks that the state equals what the last
 * acknowledged command produced (or the one in flight, if it was committed before the kill): 0 lost commands,
 * 0 corrupted files.
 *
 *   npx tsx scripts/kill-test.ts [--kills 50] [--seed 1]
 */
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
import { controlView, execute, newGame, rolesFromSeats, type Game, type GameSetup } from '../src/main/engine'
import { ContractClient, spawned, startServeProcess, type ServeProcess } from './serve-process'


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

function startServer(dbFile: string, token: string): Promise<Server> {
  return startServeProcess(['--port', '0', '--db', dbFile, '--token', token, '--quiet'], 20_000)
}

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

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface KillTestResult {
  kills: number
  commandsAcked: number
  lostCommands: number
  inFlightCommitted: number
  corruptedFiles: number
  gamesFinished: number
  restartMsMedian: number
}

export async function runKillTest(opts: {
  kills: number
  seed?: number
  log?: (s: string) => void
}): Promise<KillTestResult> {
  const log = opts.log ?? (() => {})
  const rand = mulberry32(opts.seed ?? 1)
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-kill-'))
  const dbFile = join(dir, 'db.sqlite')
  const token = 'kill-test-token'
  const result: KillTestResult = {
    kills: 0,
    commandsAcked: 0,
    lostCommands: 0,
    inFlightCommitted: 0,
    corruptedFiles: 0,
    gamesFinished: 0,
    restartMsMedian: 0,
  }
  const restarts: number[] = []
  let gameId = 0
  let step = 0 // index in GAME of the next command to send
  let mirror: Game | null = null
  let inFlight: Command | null = null
  try {
    while (result.kills < opts.kills) {
      const t0 = Date.now()
      const server = await startServer(dbFile, token)
      restarts.push(Date.now() - t0)
      const client = new ContractClient(`${server.origin.replace('http', 'ws')}/ws?token=${token}`)
      await client.ready

      if (mirror) {
        // The state must be what the last acknowledged command produced — or, when the command in flight was
        // committed before the kill (its reply was lost), exactly one command further. Anything else is a loss.
        const now = await client.call<GameEnvelope>('game.view', { gameId })
        const got = JSON.stringify(comparable(now.view))
        if (got === JSON.stringify(comparable(controlView(mirror, 0)))) {
          // nothing in flight was committed (or it was a timer action, which comparable() leaves out)
          if (inFlight && inFlight.cmd === 'timer') {
            mirror = execOrThrow(mirror, inFlight)
            step++
          }
        } else if (inFlight) {
          const ahead = execOrThrow(mirror, inFlight)
          if (got === JSON.stringify(comparable(controlView(ahead, 0)))) {
            result.inFlightCommitted++
            mirror = ahead
            step++
          } else result.lostCommands++
        } else result.lostCommands++
      }
      if (gameId === 0 || step >= GAME.length) {
        if (step >= GAME.length) result.gamesFinished++
        const created = await client.call<GameEnvelope>('game.create', {
          rulesetId: 'fiim',
          players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
            name,
          })),
          roles: { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' },
        })
        gameId = created.gameId
        mirror = newGame(SETUP)
        step = 0
      }

      // Send commands back to back; kill the server after a random delay.
      const killAfter = 5 + Math.floor(rand() * 120)
      let killed = false
      const killTimer = setTimeout(() => {
        killed = true
        server.proc.kill('SIGKILL')
      }, killAfter)
      inFlight = null
      while (!killed && step < GAME.length) {
        inFlight = GAME[step]
        try {
          await client.call<GameEnvelope>('game.command', { gameId, command: inFlight })
        } catch {
          break // the server died with this command in flight
        }
        mirror = execOrThrow(mirror!, inFlight)
        inFlight = null
        result.commandsAcked++
        step++
      }
      clearTimeout(killTimer)
      if (!killed) server.proc.kill('SIGKILL')
      await new Promise<void>((r) =>
        server.proc.exitCode !== null || server.proc.signalCode !== null
          ? r()
          : server.proc.once('exit', () => r()),
      )
      client.close()
      result.kills++

      const conn = new Database(dbFile, { readonly: true })
      const check = conn.pragma('integrity_check', { simple: true })
      conn.close()
      if (check !== 'ok') result.corruptedFiles++
      log(`kill ${result.kills}: after ${killAfter} ms, ${result.commandsAcked} commands acknowledged so far`)
    }
    // Final check after the last kill.
    const server = await startServer(dbFile, token)
    const client = new ContractClient(`${server.origin.replace('http', 'ws')}/ws?token=${token}`)
    await client.ready
    const now = await client.call<GameEnvelope>('game.view', { gameId })
    const got = JSON.stringify(comparable(now.view))
    if (mirror && got !== JSON.stringify(comparable(controlView(mirror, 0)))) {
      if (inFlight && got === JSON.stringify(comparable(controlView(execOrThrow(mirror, inFlight), 0))))
        result.inFlightCommitted++
      else result.lostCommands++
    }
    client.close()
    server.proc.kill('SIGKILL')
    await new Promise<void>((r) => server.proc.once('exit', () => r()))
  } finally {
    for (const p of spawned) p.kill('SIGKILL')
    await Promise.all(
      [...spawned].map(
        (p) =>
          new Promise<void>((r) =>
            p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r()),
          ),
      ),
    )
    rmSync(dir, { recursive: true, force: true })
  }
  const sorted = restarts.sort((a, b) => a - b)
  result.restartMsMedian = sorted[Math.floor(sorted.length / 2)] ?? 0
  return result
}

if (require.main === module) {
  const { values } = parseArgs({
    options: { kills: { type: 'string', default: '50' }, seed: { type: 'string', default: '1' } },
  })
  runKillTest({ kills: Number(values.kills), seed: Number(values.seed), log: (s) => console.log(s) })
    .then((r) => {
      console.log(JSON.stringify(r, null, 2))
      console.log(
        `kill test: ${r.kills} kills, ${r.commandsAcked} commands acknowledged, ${r.lostCommands} lost, ` +
          `${r.inFlightCommitted} in-flight committed, ${r.corruptedFiles} corrupted files, restart median ${r.restartMsMedian} ms`,
      )
      process.exit(r.lostCommands === 0 && r.corruptedFiles === 0 ? 0 : 1)
    })
    .catch((err: unknown) => {
      console.error(err)
      process.exit(1)
    })
}
