/**
 * npm run bench:standings — standings of a 200-player, 12-round tournament (20 tables, 240 games, 2,400
 * player-games) recomputed after a result; goal < 50 ms. The games are real engine games (random plausible
 * commands) seated by the generator. "After a result" is what the app does: the changed game is rebuilt from its
 * log through the engine (the others come from the record cache of app/exports.ts) and the whole standings —
 * overall and per stage, Ci, tie-breaks — are recomputed; and the recompute under the «очки за игру» normaliser.
 * Prints figures; never fails on noise. The last line is
 * `BENCH_RESULT {...}` for `npm run bench`.
 */
import { cpus, loadavg } from 'node:os'
import { SHIPPED_SCORING_SYSTEMS } from '../src/main/tournament/scoring'
import { generateSeating } from '../src/main/tournament/seating'
import { computeAllStandings, type StandingsGame } from '../src/main/tournament/standings'
import { standingsGameFromLog } from '../src/main/tournament/games'
import type { Game } from '../src/main/engine'
import { median, play } from './played-games'

const GOAL_MS = 50

function main(): void {
  console.log(`node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`)
  const seating = generateSeating({ players: 200, games: 12, seed: 12, effort: 50 })
  if (!seating.ok) throw new Error(seating.error.code)
  const played: Game[] = []
  const games: StandingsGame[] = []
  for (const round of seating.value.rounds)
    for (const table of round.tables) {
      const g = play(table.seats, played.length + 1)
      played.push(g)
      games.push(
        standingsGameFromLog(played.length, round.round <= 10 ? 'qualifying' : 'final', g.setup, g.log),
      )
    }
  const finished = games.filter((g) => g.record.finished).length
  const seats = games.reduce((n, g) => n + g.record.seats.length, 0)
  console.log(`${games.length} games (${finished} finished), ${seats} player-games, 200 players, 12 rounds`)
  const options = { scoring: SHIPPED_SCORING_SYSTEMS.fiim, finalisedStages: ['qualifying'] }

  // Warm-up (JIT), then: a result changes one game → rebuild it from its log, recompute everything.
  for (let i = 0; i < 5; i++) computeAllStandings(games, options)
  const full: number[] = []
  const rebuild: number[] = []
  const total: number[] = []
  for (let i = 0; i < 40; i++) {
    const k = (i * 37) % games.length
    const g = played[k]
    const t0 = performance.now()
    games[k] = standingsGameFromLog(k + 1, games[k].stage, g.setup, g.log)
    const t1 = performance.now()
    const all = computeAllStandings(games, options)
    const t2 = performance.now()
    if (all.overall.length !== 200) throw new Error(`expected 200 rows, got ${all.overall.length}`)
    rebuild.push(t1 - t0)
    full.push(t2 - t1)
    total.push(t2 - t0)
  }
  // The same recompute under the «очки за игру» normaliser (ranks overall + qualifying by points per game).
  const perGameOptions = { ...options, normaliser: { kind: 'perGame' as const, minGames: 12 } }
  for (let i = 0; i < 5; i++) computeAllStandings(games, perGameOptions)
  const normalised: number[] = []
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now()
    const all = computeAllStandings(games, perGameOptions)
    normalised.push(performance.now() - t0)
    if (all.overall.length + all.apart.length !== 200) throw new Error('expected 200 players')
  }
  const m = median(total)
  console.log(`rebuild the changed game from its log: median ${median(rebuild).toFixed(2)} ms`)
  console.log(
    `recompute standings (overall + 2 stages, Ci, tie-breaks): median ${median(full).toFixed(2)} ms`,
  )
  console.log(
    `recompute standings under «очки за игру» (min 12 games): median ${median(normalised).toFixed(2)} ms`,
  )
  console.log(
    `after a result, total: median ${m.toFixed(2)} ms, max ${Math.max(...total).toFixed(2)} ms (goal < ${GOAL_MS} ms) ` +
      (m < GOAL_MS ? 'OK' : 'SLOW'),
  )
  const figures = [
    {
      name: 'standings 200 players × 12 rounds after a result (median)',
      goal: `< ${GOAL_MS} ms`,
      measured: Math.round(m * 100) / 100,
      unit: 'ms',
      pass: m < GOAL_MS,
    },
    {
      name: 'standings 200 players × 12 rounds under «очки за игру» (median)',
      goal: `< ${GOAL_MS} ms`,
      measured: Math.round(median(normalised) * 100) / 100,
      unit: 'ms',
      pass: median(normalised) < GOAL_MS,
    },
  ]
  console.log(`BENCH_RESULT ${JSON.stringify({ figures })}`)
}

main()
