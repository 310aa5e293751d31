/**
 * npm run bench:export — protocol PDF render time (cold first render and the median of 20 warm renders;
 * goal < 300 ms) and standings XLSX of a 100-game tournament (goal < 1 s).
 */
import { figure, printBenchResult, type BenchFigure } from './result'
import { cpus, loadavg } from 'node:os'
import { exportProtocol, exportStandings } from '../src/main/export/commands'
import type { ProtocolHeader } from '../src/main/export/protocol'
import { SHIPPED_SCORING_SYSTEMS } from '../src/main/tournament/scoring'
import { generateSeating } from '../src/main/tournament/seating'
import type { StandingsGame } from '../src/main/tournament/standings'
import type { Winner } from '../src/shared/game/record'
import { finishedGame, miniGame } from '../tests/tournament/fixtures'

const header: ProtocolHeader = {
  tournament: 'Кубок Первой столицы 2026',
  stage: 'Отбор',
  round: 3,
  table: 2,
  gameNumber: 17,
  date: '2026-11-29',
  judge: 'Иван Петров',
  rulesetName: 'ФИИМ',
  comments: ['Протест игрока №5 отклонён.'],
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

const ms = (x: number): string => `${x.toFixed(1)} ms`

/** CPU time of this process since `since` (user + system): less sensitive than wall time on a busy machine. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since)
  return (d.user + d.system) / 1000
}

/** 100 games: 100 players, 10 tables, 10 rounds, seated by the generator. */
function tournament(): StandingsGame[] {
  const seating = generateSeating({ players: 100, games: 10, seed: 2026 })
  if (!seating.ok) throw new Error(seating.error.code)
  const games: StandingsGame[] = []
  let id = 0
  for (const round of seating.value.rounds) {
    for (const table of round.tables) {
      id++
      const winner: Winner = id % 3 === 0 ? 'black' : 'red'
      games.push({
        gameId: id,
        stage: round.round <= 8 ? 'Отбор' : 'Полуфинал',
        record: miniGame({
          players: table.seats.map((p) => ({ id: p + 1, name: `Игрок ${String(p + 1).padStart(3, '0')}` })),
          winner,
          firstKilled: id % 7 === 0 ? null : (id % 10) + 1,
          extra: { [(id % 10) + 1]: 0.3, [((id + 4) % 10) + 1]: -0.2 },
          bestMove: id % 2 === 0 ? { by: (id % 10) + 1, seats: [3, 5, 8], blacks: 2 + (id % 2) } : undefined,
        }),
      })
    }
  }
  return games
}

const figures: BenchFigure[] = []

async function main(): Promise<void> {
  const record = finishedGame()
  let cpu0 = process.cpuUsage()
  let t = performance.now()
  const first = await exportProtocol(record, header, { format: 'pdf' })
  const cold = performance.now() - t
  const coldCpu = cpuMs(cpu0)
  const times: number[] = []
  for (let i = 0; i < 20; i++) {
    t = performance.now()
    await exportProtocol(record, header, { format: 'pdf' })
    times.push(performance.now() - t)
  }
  const pdfMedian = median(times)
  console.log(
    `protocol PDF (${first.length} bytes): cold first render ${ms(cold)} (CPU ${ms(coldCpu)}); median of 20 ${ms(pdfMedian)}; ` +
      `max ${ms(Math.max(...times))}  (goal < 300 ms) ${pdfMedian < 300 ? 'OK' : 'SLOW'}`,
  )

  t = performance.now()
  await exportProtocol(record, header, { format: 'html' })
  console.log(
    `(load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores: wall times grow with the load)`,
  )
  console.log(`protocol HTML: ${ms(performance.now() - t)}`)

  const games = tournament()
  const options = { scoring: SHIPPED_SCORING_SYSTEMS.fiim, title: 'Bench' }
  const xlsxTimes: number[] = []
  let size = 0
  let xlsxFirstCpu = 0
  for (let i = 0; i < 5; i++) {
    cpu0 = process.cpuUsage()
    t = performance.now()
    const buf = await exportStandings(games, options, 'xlsx')
    xlsxTimes.push(performance.now() - t)
    if (i === 0) xlsxFirstCpu = cpuMs(cpu0)
    size = buf.length
  }
  const xlsxFirst = xlsxTimes[0]
  const xlsxMedian = median(xlsxTimes)
  console.log(
    `standings XLSX, ${games.length} games / 100 players (${size} bytes): first ${ms(xlsxFirst)} (CPU ${ms(xlsxFirstCpu)}); ` +
      `median of 5 ${ms(xlsxMedian)}  (goal < 1 s) ${xlsxFirst < 1000 ? 'OK' : 'SLOW'}`,
  )

  t = performance.now()
  await exportStandings(games, options, 'csv')
  console.log(`standings CSV: ${ms(performance.now() - t)}`)
  figures.push(
    figure('export: protocol PDF (median of 20)', pdfMedian, 'ms', { below: 300 }),
    figure('export: standings XLSX, 100 games (first)', xlsxFirst, 'ms', { below: 1000 }),
  )

  t = performance.now()
  const seat = generateSeating({ players: 100, games: 10, seed: 1 })
  const seatMs = performance.now() - t
  if (seat.ok) {
    const r = seat.value.report
    console.log(
      `seating 100 players × 10 games: ${ms(seatMs)}; pairs expected ${r.pairs.expected}, ` +
        `range ${r.pairs.min}–${r.pairs.max}, sd ${r.pairs.stdDev}; seats max dev ${r.seats.maxDeviation}; ` +
        `tables max dev ${r.tableUse.maxDeviation}`,
    )
  }
}

void main().then(() => printBenchResult(figures))
