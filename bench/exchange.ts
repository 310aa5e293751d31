/**
 * npm run bench:exchange — the whole database as one exchange file (`data.export { all: true }`) and its import into
 * a fresh database with every game replayed by the engine (the import's trust check): 5 tournaments of 100 players ×
 * 4 rounds (200 real engine games), 2 seasons, 20 registry pairs, 20 rejected appeals with their steps. Goal: the
 * export under 1 s, the import under 10 s on this 2-core machine. Prints figures; never fails on noise. The last line
 * is `BENCH_RESULT {...}` for `npm run bench`.
 */
import { cpus, loadavg, tmpdir } from 'node:os'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type MafiaDb } from '../src/main/db'
import { projectionOf } from '../src/main/games/projection'
import { generateSeating } from '../src/main/tournament/seating'
import { knownRulesets, verifyImportedGame } from '../src/main/app/import-check'
import { BUILTIN_RULESETS } from '../src/shared/game/ruleset'
import { median, play } from './played-games'
import { BENCH_RESULT_PREFIX, figure } from './result'

const PLAYERS = 100
const TOURNAMENTS = 5
const ROUNDS = 4

async function source(dir: string): Promise<{ db: MafiaDb; games: number }> {
  const db = await openDatabase(join(dir, 'source.sqlite'))
  for (let p = 1; p <= PLAYERS; p++) db.players.addPlayer({ nickname: `Игрок ${String(p).padStart(3, '0')}` })
  let games = 0
  const tournamentIds: number[] = []
  for (let t = 0; t < TOURNAMENTS; t++) {
    const tournament = db.tournaments.createTournament({
      name: `Турнир ${t + 1}`,
      startsOn: `2026-0${t + 1}-10`,
      ruleset: BUILTIN_RULESETS.fiim,
    })
    tournamentIds.push(tournament.id)
    const stage = db.tournaments.addStage(tournament.id, { kind: 'qualifying' })
    const tables = Array.from({ length: PLAYERS / 10 }, () => db.tournaments.addTable(tournament.id))
    const seating = generateSeating({ players: PLAYERS, games: ROUNDS, seed: t + 1, effort: 5 })
    if (!seating.ok) throw new Error(seating.error.code)
    for (const round of seating.value.rounds) {
      const r = db.tournaments.addRound(stage.id)
      for (const [i, table] of round.tables.entries()) {
        const game = play(table.seats, ++games)
        const row = db.games.createGame({
          roundId: r.id,
          tableId: tables[i].id,
          number: i + 1,
          setup: game.setup,
        })
        db.transaction(() => {
          for (const [k, entry] of game.log.entries()) {
            const last = k === game.log.length - 1
            db.games.appendEntry(
              row.id,
              entry,
              last ? projectionOf(game, false) : { status: 'running', winner: null },
            )
          }
        })
        if (games % 10 === 0) {
          const appeal = db.appeals.file({
            tournamentId: tournament.id,
            gameId: row.id,
            filer: { role: 'captain', playerId: null, name: 'Капитан' },
            text: 'Просим пересмотреть.',
            who: 'ГС',
            at: Date.now(),
          })
          db.appeals.answer(appeal.id, { status: 'rejected', answer: 'Оставить.', who: 'ГС', at: Date.now() })
        }
      }
    }
  }
  db.seasons.saveSeason(null, {
    name: 'Весна',
    from: '2026-01-01',
    to: '2026-06-30',
    tournamentIds: [],
    friendlies: true,
    points: { kind: 'table', points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1] },
    weights: { [String(tournamentIds[0])]: 2 },
  })
  db.seasons.saveSeason(null, {
    name: 'Кубки',
    from: null,
    to: null,
    tournamentIds: tournamentIds.slice(1, 3),
    friendlies: false,
    points: { kind: 'formula' },
    weights: {},
  })
  for (let p = 1; p <= 40; p += 2) db.seasons.savePairPolicy(p, p + 1, 'один клуб')
  return { db, games }
}

async function main(): Promise<void> {
  console.log(`node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`)
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-bench-exchange-'))
  try {
    const { db, games } = await source(dir)
    const exports: number[] = []
    let text = ''
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      text = db.transfer.exportJson({ all: true })
      exports.push(performance.now() - t0)
    }
    db.close()
    const imports: number[] = []
    for (let i = 0; i < 3; i++) {
      const target = await openDatabase(join(dir, `target-${i}.sqlite`))
      const known = knownRulesets(Object.values(BUILTIN_RULESETS), () => undefined)
      const t0 = performance.now()
      const report = target.transfer.importJson(text, (g, t) => verifyImportedGame(g, known(t)))
      imports.push(performance.now() - t0)
      if (report.games !== games || report.appeals !== 20 || report.seasons !== 2 || report.pairs !== 20)
        throw new Error(`unexpected report ${JSON.stringify(report)}`)
      target.close()
    }
    const mb = Buffer.byteLength(text) / 1e6
    console.log(`${games} games, ${TOURNAMENTS} tournaments, file ${mb.toFixed(2)} MB`)
    console.log(`export { all: true }: median ${median(exports).toFixed(1)} ms`)
    console.log(`import into a fresh database (every game replayed): median ${median(imports).toFixed(0)} ms`)
    const figures = [
      figure(`whole-database export, ${games} games (median)`, median(exports), 'ms', { below: 1000 }),
      figure(`whole-database import, ${games} games replayed (median)`, median(imports), 'ms', {
        below: 10000,
      }),
    ]
    console.log(`${BENCH_RESULT_PREFIX}${JSON.stringify({ figures })}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()
