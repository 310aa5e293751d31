/**
 * Warm-up at start (issue 14): the judge's first commands must be as fast as the hundredth. V8 compiles a function
 * lazily and optimises it only after many calls, so the first actions of a fresh server used to be the slowest.
 * Before the server listens, a scratch game that lives only in memory (nothing is stored or pushed) runs through
 * the code every command runs: the wire message's JSON and its schemas (zod compiles them on first use), the engine,
 * the control and overlay views, their JSON; a few hundred commands, so the hot functions are compiled and past
 * their first tiers. Done in the background after start instead, it delayed the first real commands behind it.
 * Returns the time it took (logged at start).
 */
import { performance } from 'node:perf_hooks'
import { controlView, execute, newGame, overlayViewOf, type Game, type GameSetup } from '../engine'
import { BUILTIN_RULESETS } from '../../shared/game/ruleset'
import type { Command } from '../../shared/game/commands'
import { calls, wireRequestSchema } from '../../shared/contract'

const ROLES = { 3: 'don', 5: 'mafia', 8: 'mafia', 10: 'sheriff' } as const

/**
 * One round of the moves a judge makes most: fouls up to the third (the silenced player) and their undo, speeches, a
 * nomination, timer actions. The third fouls matter: without them the first third foul of a game ran code the
 * warm-up had never run, and took 5–7 ms instead of 2.
 */
const ROUND: Command[] = [
  ...Array.from({ length: 30 }, (_, i): Command => ({ cmd: 'foul', seat: (i % 10) + 1 })),
  ...Array.from({ length: 30 }, (): Command => ({ cmd: 'undo' })),
  { cmd: 'redo' },
  { cmd: 'undo' },
  { cmd: 'timer', action: 'pause' },
  { cmd: 'timer', action: 'start' },
  { cmd: 'nominate', by: 1, target: 5 },
  { cmd: 'undo' },
  { cmd: 'next' },
  { cmd: 'undo' },
]

export function warmUp(rounds = 4): number {
  const t0 = performance.now()
  const setup: GameSetup = {
    ruleset: BUILTIN_RULESETS.fiim,
    players: Array.from({ length: 10 }, (_, i) => ({ name: `Warm-up ${i + 1}` })),
    roles: Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [i + 1, ROLES[(i + 1) as keyof typeof ROLES] ?? 'civilian']),
    ),
  }
  let game: Game = newGame(setup)
  const run = (command: Command, at: number): void => {
    const wire = JSON.stringify({
      type: 'call',
      id: at,
      method: 'game.command',
      params: { gameId: 1, command },
    })
    const msg = wireRequestSchema.parse(JSON.parse(wire))
    const { command: parsed } = calls['game.command'].input.parse(msg.params)
    const r = execute(game, { ...parsed, at })
    if (!r.ok) return
    game = r.game
    const view = controlView(game)
    const overlay = overlayViewOf(view, game, { roles: 'hidden' })
    JSON.stringify({ gameId: 1, view })
    JSON.stringify({ gameId: 1, view: overlay })
  }
  // A real command's time: a millisecond timestamp (too large for V8's small integers), so the compiled code fits it.
  let at = Date.now()
  for (let i = 0; i < rounds; i++) {
    // A fresh game now and then, so the log (and with it the undo's replay) stays the length of a real game.
    if (game.state.phase === 'setup' || game.log.length > 300) {
      game = newGame(setup)
      run({ cmd: 'start' }, at++)
      run({ cmd: 'next' }, at++)
    }
    for (const c of ROUND) run(c, at++)
  }
  return performance.now() - t0
}
