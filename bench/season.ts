/**
 * npm run bench:season — the season recomputed from 10,000 games of 200 players: the OpenSkill rating
 * (tournament/rating.ts, game by game, red team against black team) and every player's page (player-stats.ts),
 * from game records already built (what the app keeps in its cache). Goal: under 2 s. Also prints how well the
 * rating finds the players' hidden skill (Spearman ρ). Prints figures; never fails on noise. The last line is
 * `BENCH_RESULT {...}` for `npm run bench`.
 */
import { cpus, loadavg } from 'node:os'
import { computeRatings, ratingGamesOf } from '../src/main/tournament/rating'
import { seasonStats, type StatsGame } from '../src/main/tournament/player-stats'
import type { GameRecord, Role, SeatRecord } from '../src/shared/game/record'
import { makeRng } from '../src/shared/rng'
import { BENCH_RESULT_PREFIX } from './result'

const PLAYERS = 200
const GAMES = 10_000
const ROLES: Role[] = [
  'civilian',
  'civilian',
  'don',
  'civilian',
  'mafia',
  'civilian',
  'civilian',
  'mafia',
  'civilian',
  'sheriff',
]

function record(ids: number[], winner: 'red' | 'black'): GameRecord {
  const seats: SeatRecord[] = ids.map((id, i) => ({
    seat: i + 1,
    name: `P${id}`,
    playerId: id,
    role: ROLES[i],
    fouls: i % 4 === 0 ? 1 : 0,
    techFouls: 0,
    status: 'alive',
    left: null,
    points: { win: 0, bestMove: 0, extra: 0, penalty: 0, total: 0 },
    extraPoints: [],
    penalties: [],
  }))
  return {
    rulesetId: 'fiim',
    rulesetName: 'ФИИМ',
    players: seats.map((s) => ({ seat: s.seat, name: s.name, playerId: s.playerId, role: s.role })),
    finished: true,
    winner,
    endReason: winner === 'red' ? 'blacksEliminated' : 'parity',
    seats,
    nights: [],
    days: [],
    fouls: [],
    bestMove: null,
    firstKilled: 1,
    daysPlayed: 3,
    nightsPlayed: 3,
  }
}

function main(): void {
  console.log(`node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`)
  const rnd = makeRng(2026)
  const skill = Array.from({ length: PLAYERS }, () => rnd() * 2 - 1)
  const games: StatsGame[] = []
  for (let i = 0; i < GAMES; i++) {
    const ids: number[] = []
    while (ids.length < 10) {
      const p = Math.floor(rnd() * PLAYERS)
      if (!ids.includes(p)) ids.push(p)
    }
    const mean = (xs: number[]): number => xs.reduce((a, p) => a + skill[p], 0) / xs.length
    const red = ids.filter((_, s) => ROLES[s] === 'civilian' || ROLES[s] === 'sheriff')
    const black = ids.filter((_, s) => ROLES[s] === 'mafia' || ROLES[s] === 'don')
    const pRed = 1 / (1 + Math.exp(-(0.4 + 3 * (mean(red) - mean(black)))))
    games.push({
      key: `g${i}`,
      at: i,
      tournamentId: Math.floor(i / 300),
      record: record(ids, rnd() < pRed ? 'red' : 'black'),
    })
  }
  const runs: number[] = []
  let rho = 0
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now()
    const rated = ratingGamesOf(games)
    const table = computeRatings(rated)
    const pages = seasonStats(games)
    if (pages.size !== PLAYERS) throw new Error(`${pages.size} player pages`)
    runs.push(performance.now() - t0)
    const pos = new Map([...skill.keys()].sort((a, b) => skill[b] - skill[a]).map((p, i) => [p, i]))
    const n = table.ranking.length
    const d2 = table.ranking.reduce((a, p, i) => a + (i - pos.get(p.playerId)!) ** 2, 0)
    rho = 1 - (6 * d2) / (n * (n * n - 1))
  }
  const best = Math.min(...runs)
  console.log(
    `${GAMES} games, ${PLAYERS} players: ratings + every player's page in ${runs.map((x) => x.toFixed(0)).join(' / ')} ms`,
  )
  console.log(`rating vs hidden skill: Spearman ρ ${rho.toFixed(3)}`)
  const figures = [
    {
      name: 'season: ratings + player pages from 10,000 games',
      goal: '< 2000 ms',
      measured: Math.round(best),
      unit: 'ms',
      pass: best < 2000,
    },
    {
      name: 'season: rating vs hidden skill (Spearman ρ)',
      goal: 'informational',
      measured: Math.round(rho * 1000) / 1000,
      unit: 'ρ',
      pass: true,
    },
  ]
  console.log(`${BENCH_RESULT_PREFIX}${JSON.stringify({ figures })}`)
}

main()
