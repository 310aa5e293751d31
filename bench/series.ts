/**
 * npm run bench:series — the season's series table (tournament/series.ts) of 50 tournaments, each with a final
 * classification of 100 of the club's 500 players, with a rating column, and its versioned JSON and CSV
 * (export/results.ts). The tournaments' own standings and the rating are measured by bench:standings and
 * bench:season. Goal: the table under 50 ms, with both files under 500 ms. Prints figures; never fails on noise. The last
 * line is `BENCH_RESULT {...}` for `npm run bench`.
 */
import { classify } from '../src/main/tournament/classification'
import type { PlayerRating, RatingTable } from '../src/main/tournament/rating'
import { seriesTable } from '../src/main/tournament/series'
import type { StandingsRow } from '../src/main/tournament/standings'
import { seasonResults, seasonResultsToCsv, seasonResultsToJson } from '../src/main/export/results'
import {
  DEFAULT_SERIES_POINTS,
  SEASON_TIE_RULE,
  newSeasonConfig,
  type SeasonTable,
} from '../src/shared/season-series'
import { makeRng } from '../src/shared/rng'
import { BENCH_RESULT_PREFIX, figure } from './result'

const PLAYERS = 500
const TOURNAMENTS = 50
const PER_TOURNAMENT = 100

function main(): void {
  const rnd = makeRng(2026)
  const tournaments = Array.from({ length: TOURNAMENTS }, (_, t) => {
    const ids = Array.from({ length: PLAYERS }, (_, i) => i + 1)
      .map((id) => ({ id, key: rnd() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, PER_TOURNAMENT)
    // Totals with ties (whole and half points), ranked as the standings would.
    const rows = ids
      .map(({ id }) => ({ id, total: Math.round(rnd() * 20) / 2 }))
      .sort((a, b) => b.total - a.total)
      .map((r, i, all) => ({
        playerKey: `id:${r.id}`,
        playerId: r.id,
        name: `P${r.id}`,
        total: r.total,
        rank: i > 0 && all[i - 1].total === r.total ? 0 : i + 1,
      }))
    let rank = 1
    for (const r of rows) r.rank = r.rank === 0 ? rank : (rank = r.rank)
    const classification = classify([{ stage: 'qualifying', rows: rows as StandingsRow[] }], { carryOver: 0 })
    return { id: t + 1, weight: t % 5 === 0 ? 2 : 1, classification }
  })
  const byPlayer = new Map<number, PlayerRating>()
  for (let id = 1; id <= PLAYERS; id++) {
    const ordinal = Math.round((rnd() * 40 - 10) * 100) / 100
    byPlayer.set(id, { playerId: id, mu: ordinal, sigma: 1, ordinal, games: 10, wins: 5, history: [] })
  }
  const ratings: RatingTable = {
    byPlayer,
    ranking: [...byPlayer.values()].sort((a, b) => b.ordinal - a.ordinal),
    rated: 1000,
  }
  const runs: number[] = []
  const tableRuns: number[] = []
  let bytes = 0
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now()
    const rows = seriesTable(tournaments, DEFAULT_SERIES_POINTS, ratings, (id) => `P${id}`)
    tableRuns.push(performance.now() - t0)
    const table: SeasonTable = {
      season: { id: 1, ...newSeasonConfig('Bench') },
      tournaments: tournaments.map((t) => ({
        id: t.id,
        name: `T${t.id}`,
        startsOn: null,
        weight: t.weight,
        players: t.classification.length,
      })),
      ratedGames: ratings.rated,
      tieRule: [...SEASON_TIE_RULE],
      rows,
    }
    const doc = seasonResults(table)
    bytes = seasonResultsToJson(doc).length + seasonResultsToCsv(doc, 'ru').length
    runs.push(performance.now() - t0)
  }
  const best = Math.min(...runs)
  console.log(
    `${TOURNAMENTS} tournaments × ${PER_TOURNAMENT} classified of ${PLAYERS} players: table + JSON + CSV in ` +
      `${runs.map((x) => x.toFixed(1)).join(' / ')} ms (${Math.round(bytes / 1024)} KiB written); the table ` +
      `alone ${tableRuns.map((x) => x.toFixed(1)).join(' / ')} ms`,
  )
  const figures = [
    figure('series: season table + JSON + CSV, 50 × 100 of 500', best, 'ms', { below: 500 }),
    figure('series: the season table alone, 50 × 100 of 500', Math.min(...tableRuns), 'ms', { below: 50 }),
  ]
  console.log(`${BENCH_RESULT_PREFIX}${JSON.stringify({ figures })}`)
}

main()
