/**
 * A few finished games for the demo tournament, played through the engine (the app service's own commands), so
 * a fresh database has standings, protocols and exports to look at. Deterministic: the same seating, roles and
 * commands every time (only the clock of each command is real). Two scripts (the reds win; the blacks win at
 * parity), played with the ten demo players seated in three different orders.
 */
import type { Command } from '../../shared/game/commands'
import type { Role } from '../../shared/game/record'
import type { DemoIds, MafiaDb } from '../db'
import type { AppService } from './service'

/** The cards of both scripts (the tests' full game uses the same). */
export const DEMO_ROLES: Record<string, Role> = { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' }
const next: Command = { cmd: 'next' }
const nexts = (n: number): Command[] => Array.from({ length: n }, () => next)

/** FIIM, the reds win on day 3: a vote, a kill with a best move, a miss-free second night, the last black out. */
export const REDS_WIN: Command[] = [
  { cmd: 'start' },
  next,
  { cmd: 'nominate', by: 1, target: 5 },
  next,
  { cmd: 'nominate', by: 2, target: 3 },
  ...nexts(9),
  { cmd: 'vote', candidate: 5, voters: [1, 2, 4, 6, 7, 9, 10] },
  { cmd: 'vote', candidate: 3 },
  next,
  { cmd: 'shot', target: 10 },
  { cmd: 'donCheck', target: 10 },
  { cmd: 'sheriffCheck', target: 3 },
  next,
  { cmd: 'bestMove', seats: [3, 8, 1] },
  next,
  { cmd: 'nominate', by: 2, target: 3 },
  ...nexts(8),
  { cmd: 'vote', candidate: 3 },
  next,
  { cmd: 'shot', target: 1 },
  next,
  next,
  { cmd: 'nominate', by: 4, target: 8 },
  ...nexts(6),
  { cmd: 'vote', candidate: 8, voters: [2, 4, 6, 7, 9, 8] },
  next,
]

/** FIIM, the blacks win at parity on night 2. */
const BLACKS_WIN: Command[] = [
  { cmd: 'start' },
  next,
  { cmd: 'nominate', by: 1, target: 2 },
  next,
  { cmd: 'nominate', by: 2, target: 4 },
  ...nexts(9),
  { cmd: 'vote', candidate: 2, voters: [1, 2, 3, 5, 6, 7, 8, 9] },
  { cmd: 'vote', candidate: 4 },
  next,
  { cmd: 'shot', target: 1 },
  { cmd: 'donCheck', target: 10 },
  { cmd: 'sheriffCheck', target: 9 },
  next,
  next,
  { cmd: 'nominate', by: 3, target: 10 },
  next,
  { cmd: 'nominate', by: 4, target: 5 },
  ...nexts(7),
  { cmd: 'vote', candidate: 10, voters: [3, 5, 8, 6, 7] },
  { cmd: 'vote', candidate: 5 },
  next,
  { cmd: 'shot', target: 4 },
  { cmd: 'donCheck', target: 7 },
  next,
  next,
]

/** The demo games: a script and how far the seating is rotated (so the points spread over the players). */
const GAMES: Array<{ script: Command[]; rotate: number }> = [
  { script: REDS_WIN, rotate: 0 },
  { script: BLACKS_WIN, rotate: 3 },
  { script: REDS_WIN, rotate: 6 },
]

export const DEMO_FINISHED_GAMES = GAMES.length

/**
 * How the demo stage seats its rounds: one round per finished game (its seating rotated as the game's script
 * wants), then the round whose game is left open for the judge.
 */
export const DEMO_ROTATIONS: number[] = [...GAMES.map((g) => g.rotate), 0]

/**
 * Plays the finished demo games at the demo table, game k in round k of the demo stage (seated by
 * DEMO_ROTATIONS, see seedDemo), and closes those rounds. Any failure is logged and stops the demo games, never
 * the start of the app: the demo is a convenience.
 */
export function playDemoGames(
  service: AppService,
  demo: DemoIds,
  players: Array<{ name: string; playerId: number | null }>,
  finishRound: (roundId: number) => void,
  log: (line: string) => void = () => {},
): void {
  try {
    GAMES.forEach(({ script, rotate }, i) => {
      const seated = players.map((_, k) => players[(k + rotate) % players.length])
      // Not opened: a finished demo game is never the active one, so its commands build no pushes, overlay views,
      // standings or OBS work while nobody can be connected yet.
      const env = service.createGame(
        {
          rulesetId: 'fiim',
          players: seated,
          roles: DEMO_ROLES,
          tournamentId: demo.tournamentId,
          roundId: demo.roundIds[i],
          tableId: demo.tableId,
          number: i + 1,
          judge: null,
        },
        { open: false },
      )
      for (const c of script) service.command(env.gameId, c)
      finishRound(demo.roundIds[i])
    })
  } catch (err) {
    log(`demo games: ${String(err)}`)
  }
}

/**
 * The first start (a database without any game): the demo tournament, its finished games and the active demo game,
 * made through the service like any other games. Nothing when the database has a game.
 */
export function seedDemo(service: AppService, db: MafiaDb, log: (line: string) => void = () => {}): void {
  if (db.readonly || db.games.listGames({}).length > 0) return
  const demo = db.tournaments.seedDemo({ rotations: DEMO_ROTATIONS })
  if (!demo) return
  const players = demo.playerIds.map((id) => db.players.getPlayer(id))
  const seated = players.map((p, i) => ({ name: p?.nickname ?? `Игрок ${i + 1}`, playerId: p?.id ?? null }))
  // The finished rounds are closed without the end-of-round backup: a fresh database has nothing to keep yet.
  const finishRound = (roundId: number): void => {
    db.tournaments.markRoundFinished(roundId)
  }
  // One transaction for all the finished games: their hundreds of commands reach the disk in one commit, not one
  // each (playDemoGames catches its own failures, so what was played is kept).
  db.transaction(() => playDemoGames(service, demo, seated, finishRound, log))
  service.createGame({
    rulesetId: 'fiim',
    players: seated,
    seed: 20261129,
    tournamentId: demo.tournamentId,
    roundId: demo.roundId,
    tableId: demo.tableId,
    number: DEMO_FINISHED_GAMES + 1,
    judge: null,
  })
}
