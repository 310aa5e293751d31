// npm run bench:engine — replay of a whole game, and one command (decide + evolve + views).
import { figure, printBenchResult } from './result'
import { performance } from 'node:perf_hooks'
import { controlView, execute, overlayView, restore, type Game } from '../src/main/engine'
import { plausibleCommand, seededPick, setupGame } from '../tests/engine/game-driver'

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

/** Plays random mostly-legal games until one has at least `minEvents` events. */
function longGame(minEvents: number): Game {
  for (let seed = 1; ; seed++) {
    const pick = seededPick(seed)
    let game = setupGame('fiim', seed)
    for (let i = 0; i < 2000 && game.state.phase !== 'finished'; i++) {
      const r = execute(game, { ...plausibleCommand(game, pick), at: i * 1000 })
      if (r.ok) game = r.game
    }
    const events = game.log.reduce((a, e) => a + e.events.length, 0)
    if (events >= minEvents) return game
  }
}

const game = longGame(300)
const events = game.log.reduce((a, e) => a + e.events.length, 0)

// Replay of the whole game.
const replayTimes: number[] = []
for (let i = 0; i < 50; i++) restore(game.setup, game.log)
for (let i = 0; i < 500; i++) {
  const t0 = performance.now()
  restore(game.setup, game.log)
  replayTimes.push(performance.now() - t0)
}

// One command: decide + evolve + both views, over the commands of the game itself.
const stepTimes: number[] = []
for (let round = 0; round < 20; round++) {
  let g = restore(game.setup, [])
  for (const entry of game.log) {
    const t0 = performance.now()
    const r = execute(g, entry.command)
    if (r.ok) {
      controlView(r.game)
      overlayView(r.game, { roles: 'hidden' })
      g = r.game
    }
    if (round > 2) stepTimes.push(performance.now() - t0)
  }
}

const us = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`
console.log(`game: ${game.log.length} commands, ${events} events, winner ${game.state.winner}`)
console.log(
  `replay whole game: median ${us(percentile(replayTimes, 50))}, p99 ${us(percentile(replayTimes, 99))} (goal: median < 1 ms)`,
)
console.log(
  `one command (decide + evolve + views): median ${us(percentile(stepTimes, 50))}, p99 ${us(percentile(stepTimes, 99))} over ${stepTimes.length} commands (goal: p99 < 100 µs)`,
)
printBenchResult([
  figure('engine: replay a whole game (median)', percentile(replayTimes, 50) * 1000, 'µs', { below: 1000 }),
  figure('engine: one command + views (p99)', percentile(stepTimes, 99) * 1000, 'µs', { below: 100 }),
])
