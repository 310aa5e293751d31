/**
 * npm run bench:awards — the five shipped awards of a 200-player, 12-round tournament (240 real engine games,
 * 2,400 player-games): the awards alone over standings already computed (what the exports add), the whole
 * `awards.get` computation (standings + awards), and the diplomas PDF. Prints figures; never fails on noise.
 */
import { cpus, loadavg } from 'node:os'
import { defaultAwardSettings } from '../src/shared/awards'
import { SHIPPED_SCORING_SYSTEMS } from '../src/main/tournament/scoring'
import { generateSeating } from '../src/main/tournament/seating'
import { computeAllStandings, type StandingsGame } from '../src/main/tournament/standings'
import { standingsGameFromLog } from '../src/main/tournament/games'
import { awardsFromStandings, computeAwards } from '../src/main/tournament/awards'
import { renderDiplomas } from '../src/main/export/awards'
import { median, play } from './played-games'

async function main(): Promise<void> {
  console.log(`node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`)
  const seating = generateSeating({ players: 200, games: 12, seed: 12, effort: 50 })
  if (!seating.ok) throw new Error(seating.error.code)
  const games: StandingsGame[] = []
  for (const round of seating.value.rounds)
    for (const table of round.tables) {
      const g = play(table.seats, games.length + 1)
      games.push(
        standingsGameFromLog(games.length + 1, round.round <= 10 ? 'qualifying' : 'final', g.setup, g.log),
      )
    }
  console.log(`${games.length} games, 200 players, 12 rounds`)
  const options = { scoring: SHIPPED_SCORING_SYSTEMS.fiim, finalisedStages: ['qualifying'] }
  const settings = defaultAwardSettings()
  const standings = computeAllStandings(games, options)
  for (let i = 0; i < 5; i++) awardsFromStandings(standings, games, settings)
  const alone: number[] = []
  const whole: number[] = []
  for (let i = 0; i < 30; i++) {
    let t0 = performance.now()
    awardsFromStandings(standings, games, settings)
    alone.push(performance.now() - t0)
    t0 = performance.now()
    computeAwards(games, options, settings)
    whole.push(performance.now() - t0)
  }
  const results = computeAwards(games, options, settings)
  const pages = results.reduce((n, a) => n + a.winners.length, 0)
  await renderDiplomas({ tournament: 'Бенч', startsOn: null, endsOn: null, venue: '' }, results, () => null)
  const pdf: number[] = []
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    await renderDiplomas({ tournament: 'Бенч', startsOn: null, endsOn: null, venue: '' }, results, () => null)
    pdf.push(performance.now() - t0)
  }
  console.log(`five awards over computed standings: median ${median(alone).toFixed(2)} ms`)
  console.log(`standings + five awards (awards.get): median ${median(whole).toFixed(2)} ms`)
  console.log(`diplomas PDF (${pages} pages): median ${median(pdf).toFixed(1)} ms`)
  const figures = [
    { name: 'five awards, 200 players × 12 rounds (median)', measured: round2(median(alone)), unit: 'ms' },
    { name: 'standings + awards (median)', measured: round2(median(whole)), unit: 'ms' },
    { name: `diplomas PDF, ${pages} pages (median)`, measured: round2(median(pdf)), unit: 'ms' },
  ]
  console.log(`BENCH_RESULT ${JSON.stringify({ figures })}`)
}

const round2 = (x: number): number => Math.round(x * 100) / 100

void main()
