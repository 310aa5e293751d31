// Standings exports: XLSX read back with exceljs, CSV (UTF-8 BOM, quoting), JSON.
import ExcelJS from 'exceljs'
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportStandings } from '../../src/main/export/commands'
import type { StandingsJson } from '../../src/main/export/standings-file'
import { SHIPPED_SCORING_SYSTEMS } from '../../src/main/tournament/scoring'
import { computeAllStandings, type StandingsGame } from '../../src/main/tournament/standings'
import type { Winner } from '../../src/shared/game/record'
import { GAME_NAMES, finishedGame, miniGame, type MiniPlayer } from '../tournament/fixtures'

const ARTIFACTS = resolve(__dirname, '../../artifacts')
const scoring = SHIPPED_SCORING_SYSTEMS.fiim

const players: MiniPlayer[] = [
  ...GAME_NAMES,
  'Иванов, "Бритва"',
  'Ёжик',
].map((name, i) => ({ id: 200 + i, name }))

function tournament(): StandingsGame[] {
  const games: StandingsGame[] = []
  const winners: Winner[] = ['red', 'black', 'red', 'red', 'black', 'red', 'black', 'red']
  winners.forEach((winner, k) => {
    const seating = Array.from({ length: 10 }, (_, s) => players[(s + k * 3) % 12])
    games.push({
      gameId: k + 1,
      stage: k < 6 ? 'Отбор' : 'Финал',
      record: miniGame({
        players: seating,
        winner,
        firstKilled: (k % 4) + 1,
        extra: { 2: 0.2 * (k % 3), 7: -0.1 },
        bestMove: k % 2 === 0 ? { by: (k % 4) + 1, seats: [3, 5, 8], blacks: 3 } : undefined,
      }),
    })
  })
  games.push({ gameId: 99, stage: 'Финал', record: finishedGame() })
  return games
}

function cellText(v: ExcelJS.CellValue): string {
  return v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)
}

/** A small RFC 4180 parser for the test. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  return rows
}

describe('standings XLSX', () => {
  it('reads back with exceljs and matches the standings', async () => {
    const games = tournament()
    const expected = computeAllStandings(games, { scoring })
    const buf = await exportStandings(games, { scoring, title: 'Кубок' }, 'xlsx')
    mkdirSync(ARTIFACTS, { recursive: true })
    writeFileSync(resolve(ARTIFACTS, 'standings.xlsx'), buf)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(buf as unknown as ArrayBuffer)
    const names = wb.worksheets.map((w) => w.name)
    expect(names.slice(0, 3)).toEqual(['Таблица', 'Игры', 'Игроки'])
    expect(names).toContain('Таблица — Отбор')
    expect(names).toContain('Таблица — Финал')

    const ws = wb.getWorksheet('Таблица')
    if (ws === undefined) throw new Error('no sheet')
    const head = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText)
    // Place, player, total, FIIM's tie-breaks in order, the criterion that decided the place, then the details.
    expect(head.slice(0, 9)).toEqual([
      'Место',
      'Игрок',
      'Итого',
      'Доп. показатель 1: Доп. баллы',
      'Доп. показатель 2: Победы',
      'Доп. показатель 3: Победы шерифом',
      'Доп. показатель 4: Победы доном',
      'Доп. показатель 5: Первый убитый',
      'Место решил',
    ])
    expect(head).toContain('Ci')
    expect(head).toContain('Итого')
    expect(ws.getRow(1).font?.bold).toBe(true)
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(ws.getColumn(2).width).toBeGreaterThan(20)
    const totalCol = head.indexOf('Итого') + 1
    const ciCol = head.indexOf('Ci') + 1
    expect(ws.getColumn(totalCol).numFmt).toBe('0.00')
    expect(ws.rowCount).toBe(expected.overall.length + 1)
    expected.overall.forEach((r, i) => {
      const x = ws.getRow(i + 2)
      expect(x.getCell(1).value).toBe(r.rank)
      expect(x.getCell(2).value).toBe(r.name)
      expect(x.getCell(head.indexOf('Игры') + 1).value).toBe(r.games)
      expect(x.getCell(5).value).toBe(r.wins)
      expect(x.getCell(4).value).toBeCloseTo(r.extra, 9)
      expect(x.getCell(ciCol).value).toBeCloseTo(r.ci, 9)
      expect(x.getCell(totalCol).value).toBeCloseTo(r.total, 9)
    })

    // A place decided by a tie-break names it, and the deciding cell is highlighted.
    const decided = expected.overall.findIndex((r) => r.decidedBy !== null)
    expect(decided).toBeGreaterThanOrEqual(0)
    const row = ws.getRow(decided + 2)
    const key = expected.overall[decided].decidedBy
    const col = ['', 'extra', 'wins', 'winsAsSheriff', 'winsAsDon', 'firstKilled'].indexOf(key ?? '') + 3
    expect(row.getCell(9).value).toBe(
      {
        extra: 'Доп. баллы',
        wins: 'Победы',
        winsAsSheriff: 'Победы шерифом',
        winsAsDon: 'Победы доном',
        firstKilled: 'Первый убитый',
      }[key as string],
    )
    expect(row.getCell(col).font?.bold).toBe(true)
    expect(row.getCell(1).font?.bold).not.toBe(true)

    const gamesSheet = wb.getWorksheet('Игры')
    expect(gamesSheet?.rowCount).toBe(1 + 10 * games.length)
    const g99 = gamesSheet?.getRows(2, gamesSheet.rowCount - 1)?.find((r) => r.getCell(1).value === 99)
    expect(g99?.getCell(4).value).toBe('Алексей Смирнов')
    expect(g99?.getCell(5).value).toBe('мирный')
    expect(g99?.getCell(6).value).toBe('победа')
    const playersSheet = wb.getWorksheet('Игроки')
    expect(playersSheet?.rowCount).toBe(expected.overall.length + 1)
  })

  it('a single stage exports only that stage', async () => {
    const games = tournament()
    const buf = await exportStandings(games, { scoring, stage: 'Финал', lang: 'en' }, 'xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(buf as unknown as ArrayBuffer)
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Standings', 'Games', 'Players'])
    expect(wb.getWorksheet('Games')?.rowCount).toBe(1 + 10 * 3)
  })
})

describe('standings CSV', () => {
  it('is UTF-8 with a BOM, has the right columns, quotes what needs quoting', async () => {
    const games = tournament()
    const expected = computeAllStandings(games, { scoring }).overall
    const buf = await exportStandings(games, { scoring }, 'csv')
    writeFileSync(resolve(ARTIFACTS, 'standings.csv'), buf)
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = buf.subarray(3).toString('utf8')
    expect(text).toContain('\r\n')
    expect(text).toContain('"Иванов, ""Бритва"""')
    const rows = parseCsv(text)
    expect(rows[0]).toEqual([
      'Место',
      'Игрок',
      'Итого',
      'Доп. показатель 1: Доп. баллы',
      'Доп. показатель 2: Победы',
      'Доп. показатель 3: Победы шерифом',
      'Доп. показатель 4: Победы доном',
      'Доп. показатель 5: Первый убитый',
      'Место решил',
      'Игры',
      'Победы мирным',
      'Победы мафией',
      'Баллы за победы',
      'ЛХ',
      'Штрафы',
      'Ci',
    ])
    expect(rows).toHaveLength(expected.length + 1)
    expected.forEach((r, i) => {
      expect(rows[i + 1][0]).toBe(String(r.rank))
      expect(rows[i + 1][1]).toBe(r.name)
      expect(Number(rows[i + 1][2])).toBeCloseTo(r.total, 4)
      expect(Number(rows[i + 1][3])).toBeCloseTo(r.extra, 4)
    })
    expect(rows.some((r) => r[1] === 'Ёжик')).toBe(true)
  })

  it('semicolon separator for Excel with a Russian locale', async () => {
    const buf = await exportStandings(tournament(), { scoring, csvDelimiter: ';' }, 'csv')
    const first = buf.subarray(3).toString('utf8').split('\r\n')[0]
    expect(first.startsWith('Место;Игрок;Итого;Доп. показатель 1: Доп. баллы')).toBe(true)
  })

  it('a text cell that a spreadsheet would run as a formula is neutralised (CSV injection)', async () => {
    const evil = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', 'Обычное имя']
    const games: StandingsGame[] = [
      {
        gameId: 1,
        stage: null,
        record: miniGame({
          players: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: evil[i] ?? `P${i}` })),
          winner: 'red',
          firstKilled: null,
          extra: { 2: -0.5 },
        }),
      },
    ]
    const rows = parseCsv((await exportStandings(games, { scoring }, 'csv')).subarray(3).toString('utf8'))
    const names = rows.slice(1).map((r) => r[1])
    expect(names).toContain(`'=HYPERLINK("http://x","y")`)
    expect(names).toContain("'+1")
    expect(names).toContain("'-2+3")
    expect(names).toContain("'@SUM(A1)")
    expect(names).toContain('Обычное имя')
    // Numbers stay numbers: a negative extra is not prefixed.
    expect(rows.find((r) => r[1] === "'+1")?.[3]).toBe('-0.5')
  })

  it('Ci of an open stage is marked provisional; out-of-range extra points are listed, not clamped', async () => {
    const games = tournament()
    const buf = await exportStandings(games, { scoring, finalisedStages: ['Финал'] }, 'csv')
    const rows = parseCsv(buf.subarray(3).toString('utf8'))
    const status = rows[0].indexOf('Ci: статус')
    expect(status).toBeGreaterThan(0)
    expect(rows.slice(1).some((r) => r[status] === 'предварительно (этап не завершён)')).toBe(true)
    const closed = parseCsv((await exportStandings(games, { scoring }, 'csv')).subarray(3).toString('utf8'))
    expect(closed[0]).not.toContain('Ci: статус')

    const wild: StandingsGame = {
      gameId: 5,
      stage: null,
      record: miniGame({
        players: players.slice(0, 10),
        winner: 'red',
        firstKilled: null,
        extra: { 3: 2.4 },
      }),
    }
    const xlsx = await exportStandings([wild], { scoring }, 'xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(xlsx as unknown as ArrayBuffer)
    const warn = wb.getWorksheet('Предупреждения')
    expect(warn?.getRow(2).getCell(4).value).toBe('Доп. баллы 2.4 вне диапазона −1.6…1.6 (не обрезаны)')
    const json = JSON.parse(
      (await exportStandings([wild], { scoring }, 'json')).toString('utf8'),
    ) as StandingsJson
    expect(json.warnings).toHaveLength(1)
    expect(json.rows.find((r) => r.name === players[2].name)?.extra).toBe(2.4)
  })
})

describe('standings JSON', () => {
  it('is versioned and carries rows, stages and games', async () => {
    const games = tournament()
    const json = JSON.parse(
      (await exportStandings(games, { scoring }, 'json')).toString('utf8'),
    ) as StandingsJson
    expect(json.format).toBe('mafia-desk/standings')
    expect(json.version).toBe(1)
    expect(json.stage).toBe('overall')
    expect(json.rows).toEqual(computeAllStandings(games, { scoring }).overall)
    expect(json.tieBreaks.map((t) => t.key)).toEqual([
      'extra',
      'wins',
      'winsAsSheriff',
      'winsAsDon',
      'firstKilled',
    ])
    expect(json.rows[0].tieBreaks.map((t) => t.key)).toEqual(json.tieBreaks.map((t) => t.key))
    expect(json.stages.map((s) => s.stage)).toEqual(['Отбор', 'Финал'])
    expect(json.games).toHaveLength(90)
  })

  it('an unknown format is a clear error', async () => {
    const err = await exportStandings(tournament(), { scoring }, 'ods' as 'csv').catch((e: unknown) => e)
    expect((err as { code: string }).code).toBe('export/bad_format')
  })
})
