// A random game played on the real engine, for the property tests of the tournament's scoring.
import { dealRoles, execute, newGame, type Game } from '../../src/main/engine'
import type { Command } from '../../src/shared/game/commands'
import type { Ruleset } from '../../src/shared/game/ruleset'
import { plausibleCommand, randomCommand, type Pick } from '../engine/game-driver'

/** Plays one game to its end (or `maxSteps`): mostly plausible commands, some random ones (removals, team defeats
 * of any seat, 4th fouls), extra points after the end. */
export function play(ruleset: Ruleset, seating: number[], rolesSeed: number, numbers: number[]): Game {
  let game = newGame({
    ruleset,
    players: seating.map((p) => ({ name: `P${p}`, playerId: p + 1 })),
    roles: dealRoles(rolesSeed),
  })
  let i = 0
  const pick: Pick = (n) => (n <= 1 ? 0 : numbers[i++ % numbers.length] % n)
  for (let step = 0; step < 600; step++) {
    const r = pick(100)
    const cmd: Command = r < 8 ? randomCommand(pick) : plausibleCommand(game, pick)
    const res = execute(game, { ...cmd, at: step * 1000 })
    if (res.ok) game = res.game
    if (game.state.phase === 'finished' && pick(6) === 0) break
  }
  return game
}
