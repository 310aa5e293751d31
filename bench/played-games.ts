/** What the tournament benches share: a median, and a real engine game played by random plausible commands. */
import { dealRoles, execute, newGame, type Game } from '../src/main/engine'
import { BUILTIN_RULESETS } from '../src/shared/game/ruleset'
import { plausibleCommand, seededPick } from '../tests/engine/game-driver'

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** A FIIM game of these registry players (0-based), seeded: the same seed plays the same game. */
export function play(players: number[], seed: number): Game {
  let game = newGame({
    ruleset: BUILTIN_RULESETS.fiim,
    players: players.map((p) => ({ name: `Игрок ${String(p + 1).padStart(3, '0')}`, playerId: p + 1 })),
    roles: dealRoles(seed),
  })
  const pick = seededPick(seed)
  for (let step = 0; step < 2000 && game.state.phase !== 'finished'; step++) {
    const res = execute(game, { ...plausibleCommand(game, pick), at: step * 1000 })
    if (res.ok) game = res.game
  }
  return game
}
