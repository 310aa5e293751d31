/**
 * Issue 31 "Done when": a 30-player FIIM tournament through the real app (headless server, real SQLite, /admin in
 * Chromium), every figure checked against the test's own calculator (e2e/helpers/fiim-calculator.ts, written from
 * docs/rules.md, importing nothing of the app's scoring).
 *
 * 30 players (five registered through the page, the rest through the contract), a qualifying of 10 rounds at
 * three tables with generated legal games (e2e/helpers/fiim-games.ts: extra points, fouls, removals, team
 * defeats, best moves, a lift-all that voids one, misses), a withdrawal and a late registration after round 4, a
 * final of the top 10 over 4 games with half the qualifying points carried over; then two appeals (one rejected:
 * nothing changes; one accepted with an amendment: the totals move by exactly its amounts), the five awards by
 * their shipped rules, and a season of this tournament and a small second one. Checked: every player's games,
 * wins, points, best move, extra points, penalties, Ci, total, tie-break values, «Место решил» and place per stage
 * and overall, the final classification, the awards' winners and the season's series points — in the contract,
 * on the page (DOM), in the JSON export and in the XLSX export. The count of figures compared is printed.
 */
import { test, expect, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl, type ControlClient } from '../overlay/control-client'
import { generateGame, type GameOptions } from '../helpers/fiim-games'
import {
  awardWinners,
  type AwardRule,
  r6,
  seasonCompare,
  seasonTable,
  standings,
  cut,
  type ClassRow,
  type GameFacts,
  type Row,
  type Standings,
} from '../helpers/fiim-calculator'

const NICKS = Array.from({ length: 30 }, (_, i) => `Игрок ${String(i + 1).padStart(2, '0')}`)
const BY_PAGE = NICKS.slice(0, 5)
const LATE = 'Поздний 31'
const WITHDRAWN = NICKS[12]
const CARRY = 0.5
/** The season's shipped points table for places 1–10. */
const SERIES_POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
/** The awards' shipped rules (issue 31 §1): by total points in the roles, one game in them at least. */
const AWARDS: AwardRule[] = [
  { id: 'bestRed', roles: ['civilian', 'sheriff'], minGames: 1 },
  { id: 'bestBlack', roles: ['mafia', 'don'], minGames: 1 },
  { id: 'bestSheriff', roles: ['sheriff'], minGames: 1 },
  { id: 'bestDon', roles: ['don'], minGames: 1 },
  { id: 'bestCivilian', roles: ['civilian'], minGames: 1 },
]
const FINAL_GAMES = 4

/** Games with a forced shape (round, table) → what the generator must produce there. */
const FORCED: Record<string, GameOptions> = {
  '2-1': { teamDefeat: 'black' },
  '3-2': { teamDefeat: 'firstKilled' },
  '5-3': { liftAllDay1: true },
  '7-1': { removalInLastWord: true },
}

interface Seat {
  id: number
  nickname: string
}
interface Detail {
  id: number
  players: Array<{ id: number; nickname: string; withdrawn: boolean }>
  stages: Array<{
    id: number
    kind: string
    playerIds: number[]
    rounds: Array<{
      id: number
      number: number
      tables: Array<{
        tableId: number
        table: number
        seats: Array<Seat | null>
        game: { id: number } | null
      }>
    }>
  }>
}
interface AppRow {
  rank: number
  name: string
  games: number
  wins: number
  points: number
  bestMove: number
  extra: number
  penalties: number
  ci: number
  total: number
  tieBreaks?: Array<{ key: string; value: number }>
  decidedBy?: string | null
}
interface AwardsView {
  isDefault: boolean
  results: Array<{
    id: string
    winners: Array<{ name: string; value: number; games: number; wins: number; ci: number }>
  }>
}
interface AppStandings {
  overall: AppRow[]
  stages: Array<{ stage: string | null; rows: AppRow[] }>
  tieBreaks?: string[]
  classification?: Array<{
    place: number
    name: string
    group: string
    stageTotal: number
    carried: number
    score: number
  }>
  finalStageId?: number | null
}

let server: TestServer
let c: ControlClient
test.beforeAll(async () => {
  server = await startServer()
  c = await connectControl(server.origin, server.token)
})
test.afterAll(async () => {
  c?.close()
  await server?.stop()
})

/** How many numbers were compared with the calculator (reported at the end). */
let checked = 0
/**
 * The figures of one section, compared in one assertion by `flush` (thousands of single assertions slow a
 * Playwright test down: each is a recorded step).
 */
let gotFigures: Record<string, number> = {}
let wantFigures: Record<string, number> = {}
function same(actual: number, expected: number, what: string): void {
  const key = what in gotFigures ? `${what} #${Object.keys(gotFigures).length}` : what
  gotFigures[key] = r6(actual)
  wantFigures[key] = r6(expected)
  checked++
}
function flush(section: string): void {
  expect(gotFigures, section).toEqual(wantFigures)
  gotFigures = {}
  wantFigures = {}
}

const TIE_KEYS: Array<[string, keyof Row]> = [
  ['extra', 'extra'],
  ['wins', 'wins'],
  ['winsAsSheriff', 'winsAsSheriff'],
  ['winsAsDon', 'winsAsDon'],
  ['firstKilled', 'firstKilled'],
]
type Figure = Exclude<keyof Row & keyof AppRow, 'name' | 'decidedBy'>
const FIGURES: Figure[] = ['rank', 'games', 'wins', 'points', 'bestMove', 'extra', 'penalties', 'ci', 'total']

/** The figures of a row and its tie-break values, rounded, for one comparison per player. */
function pick(r: AppRow | Row): Record<string, number> {
  const out: Record<string, number> = {}
  for (const f of FIGURES) out[f] = r6(r[f])
  for (const [key, field] of TIE_KEYS)
    out[`tb:${key}`] = r6(
      'tieBreaks' in r && Array.isArray(r.tieBreaks)
        ? (r.tieBreaks.find((x) => x.key === key)?.value ?? NaN)
        : ((r as Row)[field] as number),
    )
  return out
}

/** The app's rows (contract or JSON export) against the calculator's, in the same order. */
function checkRows(actual: AppRow[], expected: Row[], table: string): void {
  expect(actual.map((r) => r.name).sort(), `${table}: the players`).toEqual(
    expected.map((r) => r.name).sort(),
  )
  // Each player's figures first (a clearer failure than an order), with «Место решил» (the tie-break that
  // parted him from a neighbour with the same total); then the order itself.
  const figures = (r: AppRow | Row): Record<string, number | string | null> => ({
    ...pick(r),
    decidedBy: r.decidedBy ?? null,
  })
  expect(
    Object.fromEntries(expected.map((e) => [e.name, figures(actual.find((r) => r.name === e.name)!)])),
    `${table}: every player's figures`,
  ).toEqual(Object.fromEntries(expected.map((e) => [e.name, figures(e)])))
  checked += expected.length * (FIGURES.length + TIE_KEYS.length + 1)
  expect(
    actual.map((r) => r.name),
    `${table}: players in order`,
  ).toEqual(expected.map((r) => r.name))
}

function checkClassification(actual: AppStandings['classification'], expected: ClassRow[]): void {
  expect(actual, 'classification').toBeDefined()
  expect(actual!.map((r) => [r.name, r.group])).toEqual(expected.map((r) => [r.name, r.group]))
  actual!.forEach((a, k) => {
    const e = expected[k]
    same(a.place, e.place, `classification: ${e.name} place`)
    same(a.stageTotal, e.stageTotal, `classification: ${e.name} stage total`)
    same(a.carried, e.carried, `classification: ${e.name} carried`)
    same(a.score, e.score, `classification: ${e.name} score`)
  })
  flush('classification')
}

/** «1,3» / «−0,2» as the page prints a number in Russian. */
function ru(x: number): string {
  const v = r6(x)
  const text = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    Math.abs(v),
  )
  return v < 0 ? `\u2212${text}` : text
}

/** The standings table on the page: each row's cells as text, against the calculator. */
async function checkPage(page: Page, expected: Row[], table: string): Promise<void> {
  const want = expected.map((e) => [
    String(e.rank),
    e.name,
    ...FIGURES.slice(1).map((f) => ru(e[f] as number)),
    ...TIE_KEYS.map(([, f]) => ru(e[f] as number)),
  ])
  // Polled: the table re-renders after the scope changes (the overall and the qualifying have as many rows).
  await expect(async () => {
    const cells = await page
      .getByTestId('standings-row')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace('*', '').trim()),
        ),
      )
    expect(
      cells.map((row, k) => row.slice(0, want[k]?.length ?? 0)),
      `${table} on the page`,
    ).toEqual(want)
  }).toPass({ timeout: 15_000 })
  checked += want.reduce((a, row) => a + row.length - 1, 0)
}

let commands = 0
/** Each played game's id and its round-table key (for the appeals). */
const gameIdOf = new Map<GameFacts, number>()
const keyOf = new Map<GameFacts, string>()

/**
 * Starts a round, plays a generated game at each of its tables through the contract (the game the round prepared
 * there), records the games' facts for the calculator and closes the round.
 */
async function playTournamentRound(
  tid: number,
  stageIndex: number,
  roundIndex: number,
  stage: 'qualifying' | 'final',
  games: GameFacts[],
  forcedShapes: Record<string, GameOptions> = {},
): Promise<void> {
  const before = await c.call<Detail>('tournaments.get', { tournamentId: tid })
  const round = before.stages[stageIndex].rounds[roundIndex]
  await c.call('rounds.start', { roundId: round.id })
  for (const table of round.tables) {
    expect(
      table.seats.every((s) => s !== null),
      `round ${round.number} table ${table.table}: no spare seat`,
    ).toBe(true)
    const seats = table.seats as Seat[]
    const names = seats.map((s) => s.nickname)
    const forced = stage === 'qualifying' ? forcedShapes[`${round.number}-${table.table}`] : undefined
    let seed = tid * 100_000 + (stageIndex + 1) * 1000 + round.number * 10 + table.table
    let g = generateGame(seed, stage, names, forced)
    // A forced shape needs a game that reaches it (e.g. a kill on night 1 for the first killed's team defeat).
    while (
      forced !== undefined &&
      ((forced.teamDefeat !== undefined && g.facts.teamDefeatBy === null) ||
        (forced.liftAllDay1 === true && (g.facts.bestMove === null || g.facts.day1VotedOut < 2)) ||
        (forced.removalInLastWord === true && (g.facts.bestMove === null || !g.day1Removed)))
    )
      g = generateGame((seed += 100_000), stage, names, forced)
    const env = await c.call<{ gameId: number }>('game.create', {
      rulesetId: 'fiim',
      players: seats.map((s) => ({ name: s.nickname, playerId: s.id })),
      roles: g.roles,
      tournamentId: tid,
      roundId: round.id,
      tableId: table.tableId,
    })
    for (const command of g.commands) {
      try {
        await c.command(env.gameId, command)
      } catch (e) {
        throw new Error(
          `round ${round.number} table ${table.table} (seed ${seed}): ${JSON.stringify(command)} refused: ${String(e)}\n` +
            JSON.stringify(g.commands),
          { cause: e },
        )
      }
      commands++
    }
    const view = await c.call<{ view: { phase: string; winner: string | null } }>('game.view', {
      gameId: env.gameId,
    })
    expect(view.view.phase, `round ${round.number} table ${table.table} finished`).toBe('finished')
    expect(view.view.winner).toBe(g.facts.winner)
    games.push(g.facts)
    gameIdOf.set(g.facts, env.gameId)
    keyOf.set(g.facts, `${stage}:${round.number}-${table.table}`)
  }
  await c.call('rounds.finish', { roundId: round.id })
}

/** The contract's standings (overall, per stage, the classification) and the awards against the calculator. */
async function checkContract(tid: number, calc: Standings): Promise<void> {
  const s = await c.call<AppStandings>('standings.get', { tournamentId: tid })
  expect(s.tieBreaks).toEqual(TIE_KEYS.map(([k]) => k))
  checkRows(s.overall, calc.overall, 'overall')
  checkRows(s.stages.find((x) => x.stage === 'qualifying')!.rows, calc.qualifying, 'qualifying')
  checkRows(s.stages.find((x) => x.stage === 'final')!.rows, calc.final, 'final')
  checkClassification(s.classification, calc.classification)

  // The awards by their shipped rules: every winner and his figures against the calculator.
  const awards = await c.call<AwardsView>('awards.get', { tournamentId: tid })
  expect(awards.isDefault).toBe(true)
  expect(awards.results.map((a) => a.id)).toEqual(AWARDS.map((a) => a.id))
  for (const rule of AWARDS) {
    const got = awards.results.find((a) => a.id === rule.id)!
    const want = awardWinners(calc, rule)
    expect(
      got.winners.map((w) => w.name),
      `award ${rule.id}`,
    ).toEqual(want.map((w) => w.name))
    got.winners.forEach((w, k) => {
      same(w.value, want[k].points, `award ${rule.id}: ${w.name} points`)
      same(w.games, want[k].games, `award ${rule.id}: ${w.name} games`)
      same(w.wins, want[k].wins, `award ${rule.id}: ${w.name} wins`)
      same(w.ci, want[k].ci, `award ${rule.id}: ${w.name} Ci`)
    })
  }
  flush('awards')
}

test('30 players, 10 rounds, a final: every figure against the test calculator', async ({ page }) => {
  test.setTimeout(300_000)
  const t = await c.call<Detail>('tournaments.create', {
    name: 'Кубок тридцати',
    rulesetId: 'fiim',
    tables: 3,
    judges: ['Судья 1', 'Судья 2', 'Судья 3'],
  })

  // Five players registered through the page, the other 25 through the contract (CSV).
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: 'Кубок тридцати' })
  await page.getByTestId('office-tab-registration').click()
  for (const [k, nick] of BY_PAGE.entries()) {
    await page.getByTestId('reg-new-nickname').fill(nick)
    await page.getByTestId('reg-new-add').click()
    await expect(page.getByTestId('reg-row')).toHaveCount(k + 1)
  }
  await c.call('tournaments.importPlayers', {
    tournamentId: t.id,
    csv: ['nickname', ...NICKS.slice(5)].join('\n'),
  })
  await page.reload()
  await page.getByTestId('office-select').selectOption({ label: 'Кубок тридцати' })
  await page.getByTestId('office-tab-registration').click()
  await expect(page.getByTestId('reg-row')).toHaveCount(30)

  const staged = await c.call<Detail>('stages.create', { tournamentId: t.id, kind: 'qualifying', games: 10 })
  await c.call('seating.generate', { stageId: staged.stages[0].id, seed: 2026 })

  const games: GameFacts[] = []
  const playRound = (stageIndex: number, roundIndex: number, stage: 'qualifying' | 'final'): Promise<void> =>
    playTournamentRound(t.id, stageIndex, roundIndex, stage, games, FORCED)

  for (let r = 0; r < 10; r++) {
    await playRound(0, r, 'qualifying')
    if (r === 3) {
      // After round 4: a withdrawal and a late registration; rounds 5–10 are seated again.
      const d = await c.call<Detail>('tournaments.get', { tournamentId: t.id })
      const w = d.players.find((p) => p.nickname === WITHDRAWN)!
      await c.call('tournaments.withdraw', { tournamentId: t.id, playerId: w.id })
      await c.call('tournaments.registerNew', { tournamentId: t.id, nickname: LATE })
    }
  }

  // The qualifying against the calculator, then the final's ten.
  let calc: Standings = standings(games, CARRY)
  const q = await c.call<AppStandings>('standings.get', { tournamentId: t.id })
  checkRows(q.stages.find((s) => s.stage === 'qualifying')!.rows, calc.qualifying, 'qualifying')
  expect(calc.qualifying.find((r) => r.name === WITHDRAWN)!.games).toBe(4)
  expect(calc.qualifying.find((r) => r.name === LATE)!.games).toBe(6)
  // The calculator's cut: the top 10 without the withdrawn player.
  const eligible = calc.qualifying.filter((r) => r.name !== WITHDRAWN)
  const { through, tied } = cut(eligible, 10)
  const afterQ = await c.call<Detail>('tournaments.get', { tournamentId: t.id })
  const idOf = (name: string): number => afterQ.players.find((p) => p.nickname === name)!.id
  const tieThrough = tied.length > 0 ? tied.slice(0, 10 - through.length).map(idOf) : undefined
  const withFinal = await c.call<Detail>('stages.create', {
    tournamentId: t.id,
    kind: 'final',
    games: FINAL_GAMES,
    size: 10,
    ...(tieThrough ? { tieThrough } : {}),
  })
  const finalStage = withFinal.stages[1]
  const expectedTen = [
    ...through,
    ...(tieThrough ?? []).map((id) => afterQ.players.find((p) => p.id === id)!.nickname),
  ]
  expect(finalStage.playerIds.map((id) => afterQ.players.find((p) => p.id === id)!.nickname)).toEqual(
    expectedTen,
  )
  await c.call('seating.generate', { stageId: finalStage.id, seed: 7 })
  for (let r = 0; r < FINAL_GAMES; r++) await playRound(1, r, 'final')
  await c.call('stages.setCarryOver', { stageId: finalStage.id, carryOver: CARRY })

  // Every figure: the contract's standings, overall and per stage, the classification and the awards.
  calc = standings(games, CARRY)
  await checkContract(t.id, calc)
  // The shapes the games were meant to have did happen (so Ci, penalties and the void best move mattered).
  expect(calc.overall.some((r) => r.ci > 0)).toBe(true)
  expect(calc.final.some((r) => r.ci > 0)).toBe(true)
  expect(games.filter((g) => g.teamDefeatBy !== null)).toHaveLength(2)
  expect(calc.overall.some((r) => r.penalties <= -0.7)).toBe(true)
  expect(games.some((g) => g.day1VotedOut === 2 && g.bestMove !== null)).toBe(true)

  // Two appeals: one rejected (nothing changes), one accepted with an amendment (+0.4 extra points to one seat,
  // the removal penalty of another withdrawn): the standings move by exactly that, per the calculator.
  const appealed = games.find((g) => keyOf.get(g) === 'qualifying:7-1')!
  const rejected = games.find((g) => keyOf.get(g) === 'qualifying:2-1')!
  const removedSeat = Number(
    Object.keys(appealed.penalties).find((k) => appealed.penalties[Number(k)] === -0.5),
  )
  const extraSeat = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find(
    (seat) => seat !== removedSeat && (appealed.extra[seat] ?? 0) + 0.4 <= 1.6,
  )!
  const ids = await c.call<Detail>('tournaments.get', { tournamentId: t.id })
  const playerId = (name: string): number => ids.players.find((p) => p.nickname === name)!.id
  const before = await c.call<AppStandings>('standings.get', { tournamentId: t.id })
  const a1 = await c.call<{ id: number; number: number }>('appeals.file', {
    gameId: gameIdOf.get(rejected),
    filer: { role: 'captain', name: 'Капитан красных' },
    text: 'Голосование посчитано неверно',
    by: 'Главный судья',
  })
  const a2 = await c.call<{ id: number; number: number }>('appeals.file', {
    gameId: gameIdOf.get(appealed),
    filer: { role: 'player', playerId: playerId(appealed.players[removedSeat - 1]) },
    text: 'Удаление было ошибкой судьи',
    by: 'Главный судья',
  })
  expect([a1.number, a2.number]).toEqual([1, 2])
  await c.call('appeals.reject', { id: a1.id, answer: 'Подсчёт верен', by: 'Главный судья' })
  expect(await c.call<AppStandings>('standings.get', { tournamentId: t.id })).toEqual(before)
  await c.call('appeals.accept', {
    id: a2.id,
    answer: 'Удаление отменено, доп. баллы за игру',
    by: 'Главный судья',
    amendment: {
      extraPoints: [{ seat: extraSeat, points: 0.4 }],
      penalties: [{ seat: removedSeat, kind: 'removal', action: 'withdraw' }],
    },
  })
  appealed.extra[extraSeat] = r6((appealed.extra[extraSeat] ?? 0) + 0.4)
  delete appealed.penalties[removedSeat]
  const amended = standings(games, CARRY)
  for (const [seat, delta] of [
    [extraSeat, 0.4],
    [removedSeat, 0.5],
  ] as const) {
    const name = appealed.players[seat - 1]
    const was = calc.overall.find((r) => r.name === name)!.total
    same(
      amended.overall.find((r) => r.name === name)!.total - was,
      delta,
      `appeal: ${name} moves by ${delta}`,
    )
    const app = (await c.call<AppStandings>('standings.get', { tournamentId: t.id })).overall
    same(
      app.find((r) => r.name === name)!.total - before.overall.find((r) => r.name === name)!.total,
      delta,
      `appeal: ${name} moves by ${delta} in the app`,
    )
  }
  flush('the amendment moves the totals by its amounts')
  calc = amended
  await checkContract(t.id, calc)
  const appeals = await c.call<Array<{ number: number; status: string }>>('appeals.list', {
    tournamentId: t.id,
  })
  expect(appeals.map((x) => [x.number, x.status]).sort()).toEqual([
    [1, 'rejected'],
    [2, 'accepted'],
  ])

  // The JSON export carries the same.
  const json = await c.call<{ base64: string }>('export.standings', { tournamentId: t.id, format: 'json' })
  const exported = JSON.parse(Buffer.from(json.base64, 'base64').toString('utf8')) as {
    rows: AppRow[]
    stages: Array<{ stage: string; rows: AppRow[] }>
    classification: NonNullable<AppStandings['classification']>
  }
  checkRows(exported.rows, calc.overall, 'JSON overall')
  checkRows(exported.stages.find((x) => x.stage === 'qualifying')!.rows, calc.qualifying, 'JSON qualifying')
  checkRows(exported.stages.find((x) => x.stage === 'final')!.rows, calc.final, 'JSON final')
  checkClassification(exported.classification, calc.classification)

  // The XLSX export: the standings sheet (place, player, total first) and the classification sheet.
  const xlsx = await c.call<{ base64: string }>('export.standings', {
    tournamentId: t.id,
    format: 'xlsx',
    lang: 'ru',
  })
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer)
  const sheetRows = (ws: ExcelJS.Worksheet): Array<Record<string, unknown>> => {
    // ExcelJS rows are sparse arrays from index 1.
    const head = Array.from(ws.getRow(1).values as unknown[], (v) => String(v ?? ''))
    const out: Array<Record<string, unknown>> = []
    ws.eachRow((row, n) => {
      if (n === 1) return
      const values = row.values as unknown[]
      out.push(Object.fromEntries(head.map((h, i) => [h, values[i]] as const)))
    })
    return out
  }
  // The standings sheet: place, player, total, the five tie-break columns in order, then the details.
  const sheet = wb.worksheets[0]
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''))
  for (const h of ['Игры', 'ЛХ', 'Штрафы', 'Ci']) expect(headers, `XLSX column ${h}`).toContain(h)
  const overallSheet = sheetRows(sheet)
  expect(overallSheet.map((r) => r['Игрок'])).toEqual(calc.overall.map((r) => r.name))
  overallSheet.forEach((r, k) => {
    const e = calc.overall[k]
    // By position (ExcelJS row values start at index 1): 1 place, 2 player, 3 total, 4–8 the tie-breaks.
    const cells = sheet.getRow(k + 2).values as unknown[]
    same(Number(cells[1]), e.rank, `XLSX: ${e.name} place`)
    same(Number(cells[3]), e.total, `XLSX: ${e.name} total`)
    TIE_KEYS.forEach(([key, field], i) =>
      same(Number(cells[4 + i]), e[field] as number, `XLSX: ${e.name} tie-break ${key}`),
    )
    same(Number(r['Игры']), e.games, `XLSX: ${e.name} games`)
    same(Number(r['ЛХ']), e.bestMove, `XLSX: ${e.name} best move`)
    same(Number(r['Штрафы']), e.penalties, `XLSX: ${e.name} penalties`)
    same(Number(r['Ci']), e.ci, `XLSX: ${e.name} Ci`)
  })
  flush('XLSX standings')
  const classSheet = sheetRows(wb.worksheets.find((w) => /классификац/i.test(w.name))!)
  expect(classSheet.map((r) => r['Игрок'])).toEqual(calc.classification.map((r) => r.name))
  classSheet.forEach((r, k) => {
    same(Number(r['Место']), calc.classification[k].place, `XLSX classification: place ${k + 1}`)
    same(Number(r['Итого']), calc.classification[k].score, `XLSX classification: score ${k + 1}`)
  })
  flush('XLSX classification')

  // The page: the overall table, each stage's, and the classification.
  await page.getByTestId('office-tab-standings').click()
  await checkPage(page, calc.overall, 'overall')
  await page.getByTestId('standings-scope').selectOption({ index: 1 })
  await checkPage(page, calc.qualifying, 'qualifying')
  await page.getByTestId('standings-scope').selectOption({ index: 2 })
  await checkPage(page, calc.final, 'final')
  await expect(page.getByTestId('classification-carry')).toHaveValue('0.5')
  for (const e of calc.classification) {
    const cells = page.getByTestId(`class-row-${e.place}`).filter({ hasText: e.name }).locator('td')
    await expect(cells.nth(1)).toHaveText(e.name)
    await expect(cells.nth(3)).toHaveText(ru(e.stageTotal))
    await expect(cells.nth(4)).toHaveText(ru(e.carried))
    await expect(cells.nth(5)).toHaveText(ru(e.score))
    checked += 4
  }

  // The awards on the page: each award's winners with their games, wins and points.
  await page.getByTestId('office-tab-awards').click()
  for (const rule of AWARDS) {
    const want = awardWinners(calc, rule)
    const rows = page.getByTestId(`award-${rule.id}`)
    await expect(rows).toHaveCount(want.length)
    for (const [k, w] of want.entries()) {
      const cells = rows.nth(k).locator('td')
      await expect(cells.nth(1)).toHaveText(w.name)
      await expect(cells.nth(2)).toHaveText(String(w.games))
      await expect(cells.nth(3)).toHaveText(String(w.wins))
      await expect(cells.nth(4)).toHaveText(ru(w.points))
      checked += 3
    }
  }
  // The season: this tournament and a small second one (10 players, 2 games, weight 0.5), the series points of
  // each final place by the shipped points table, against the calculator.
  const small = await c.call<Detail>('tournaments.create', {
    name: 'Кубок десяти',
    rulesetId: 'fiim',
    tables: 1,
    judges: ['Судья 4'],
  })
  const smallPlayers = [...NICKS.slice(0, 5), ...NICKS.slice(25)]
  await c.call('tournaments.register', { tournamentId: small.id, playerIds: smallPlayers.map(playerId) })
  const smallStaged = await c.call<Detail>('stages.create', {
    tournamentId: small.id,
    kind: 'qualifying',
    games: 2,
  })
  await c.call('seating.generate', { stageId: smallStaged.stages[0].id, seed: 11 })
  const smallGames: GameFacts[] = []
  for (let r = 0; r < 2; r++) await playTournamentRound(small.id, 0, r, 'qualifying', smallGames)
  const smallCalc = standings(smallGames, 0)
  const season = await c.call<{ id: number }>('season.save', {
    name: 'Сезон 2026',
    tournamentIds: [t.id, small.id],
    weights: { [String(small.id)]: 0.5 },
  })
  const table = await c.call<{
    rows: Array<{
      place: number
      nickname: string
      total: number
      tournaments: number
      wins: number
      bestPlace: number | null
      results: Array<{ tournamentId: number; place: number; points: number }>
      decidedBy: string | null
    }>
  }>('season.table', { seasonId: season.id })
  const want = seasonTable(
    [
      { id: t.id, weight: 1, classification: calc.classification },
      { id: small.id, weight: 0.5, classification: smallCalc.classification },
    ],
    SERIES_POINTS,
  )
  const ours = table.rows.filter((r) => want.some((w) => w.name === r.nickname))
  expect(ours.map((r) => r.nickname).sort()).toEqual(want.map((w) => w.name).sort())
  for (const r of table.rows) if (!ours.includes(r)) expect(r.total, `season: ${r.nickname} outside`).toBe(0)
  for (const r of ours) {
    const w = want.find((x) => x.name === r.nickname)!
    same(r.total, w.total, `season: ${w.name} series points`)
    same(r.tournaments, w.tournaments, `season: ${w.name} tournaments`)
    same(r.wins, w.wins, `season: ${w.name} wins`)
    same(r.bestPlace ?? 0, w.bestPlace, `season: ${w.name} best place`)
    const results = [...r.results].sort((x, y) => x.tournamentId - y.tournamentId)
    expect(results.map((x) => x.tournamentId)).toEqual(w.results.map((x) => x.tournamentId))
    results.forEach((x, k) => {
      same(x.place, w.results[k].place, `season: ${w.name} place in ${x.tournamentId}`)
      same(x.points, w.results[k].points, `season: ${w.name} points in ${x.tournamentId}`)
    })
  }
  flush('season table')
  // The order: by the calculator's criteria; rows they cannot part are parted by the rating (or share a place).
  for (let k = 1; k < ours.length; k++) {
    const a = want.find((x) => x.name === ours[k - 1].nickname)!
    const b = want.find((x) => x.name === ours[k].nickname)!
    const order = seasonCompare(a, b)
    expect(order, `season: ${a.name} above ${b.name}`).toBeLessThanOrEqual(0)
    if (order === 0 && ours[k - 1].place !== ours[k].place)
      expect(ours[k - 1].decidedBy, `season: ${a.name} above ${b.name} by the rating`).toBe('rating')
    checked++
  }

  // The counts go to the report as an annotation (npm test prints no figures; durations belong to benchmarks).
  test.info().annotations.push({
    type: 'checked',
    description: `${games.length + smallGames.length} games, ${commands} commands, ${checked} figures against the calculator`,
  })
})
