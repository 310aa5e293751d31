/**
 * Standings exports: XLSX (sheets: standings, games, players), CSV (UTF-8 with BOM, RFC 4180 quoting) and JSON.
 */
import type { ClassificationRow } from '../tournament/classification'
import type ExcelJS from 'exceljs'
import type { Role } from '../../shared/game/record'
import {
  computeAllStandings,
  listedRows,
  type ApartRow,
  type GameSeatScore,
  type StageStandings,
  type StandingsGame,
  type StandingsOptions,
  type StandingsRow,
  type StandingsWarning,
} from '../tournament/standings'
import type { TieBreak, TieBreakKey } from '../tournament/scoring'
import type { Normaliser } from '../../shared/game/scoring-system'
import { fmtPoints, labels, stageLabel, type Labels, type Lang } from './i18n'
import { loadExcel } from './heavy'
import type { AwardResult, AwardSettings } from '../../shared/awards'
import { awardsFromStandings } from '../tournament/awards'
import { awardsSheet, awardsSheetName } from './awards'

export type StandingsFormat = 'xlsx' | 'csv' | 'json'

export interface StandingsExportOptions extends StandingsOptions {
  lang?: Lang
  /** The XLSX document title and the JSON `title` (CSV has no title row). */
  title?: string
  /** CSV field separator; ',' by default (';' suits Excel with a Russian locale). */
  csvDelimiter?: ',' | ';' | '\t'
  /** The tournament's award rules: the overall export then carries the awards (XLSX sheet, JSON section). */
  awards?: AwardSettings
}

export const STANDINGS_FORMAT = 'mafia-desk/standings'
export const STANDINGS_VERSION = 1

const ROLES: Role[] = ['civilian', 'sheriff', 'mafia', 'don']
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0))

export interface StandingsExportData {
  title: string | null
  /** The stage shown (options.stage), or undefined for overall. */
  stage: string | null | undefined
  /** The table's normaliser for unequal game counts (`none`: ranked by the total). */
  normaliser: Normaliser
  rows: StandingsRow[]
  /** The players listed apart, unranked (fewer games than the normaliser's minimum), shown below the rows. */
  apart: ApartRow[]
  stages: StageStandings[]
  games: GameSeatScore[]
  showAuto: boolean
  /** The tie-breaks after the total, in the ruleset's order (docs/rules.md §13.6). */
  tieBreaks: TieBreak[]
  /** Some Ci is provisional: its stage is not finalised yet (docs/rules.md §16.3). */
  ciProvisional: boolean
  warnings: StandingsWarning[]
  /** The final classification (overall only; empty for one stage's export). */
  classification: ClassificationRow[]
  /** The awards (overall export with award rules only), computed from these standings. */
  awards: AwardResult[] | null
}

export function collectStandings(
  games: StandingsGame[],
  options: StandingsExportOptions,
): StandingsExportData {
  const all = computeAllStandings(games, options)
  const stage = options.stage
  const table =
    stage === undefined
      ? { rows: all.overall, apart: all.apart }
      : (all.stages.find((s) => s.stage === stage) ?? { rows: [], apart: [] })
  const picked = stage === undefined ? all.games : all.games.filter((g) => g.stage === stage)
  return {
    title: options.title ?? null,
    stage,
    normaliser: all.normaliser,
    rows: table.rows,
    apart: table.apart,
    stages: stage === undefined ? all.stages : all.stages.filter((s) => s.stage === stage),
    games: picked,
    showAuto: options.scoring.autoBonus.length > 0 || picked.some((g) => g.auto !== 0),
    tieBreaks: all.tieBreaks,
    ciProvisional: picked.some((g) => g.ciProvisional),
    warnings: all.warnings.filter((w) => picked.some((g) => g.gameId === w.gameId)),
    classification: stage === undefined ? all.classification : [],
    awards:
      stage === undefined && options.awards !== undefined
        ? awardsFromStandings(all, games, options.awards)
        : null,
  }
}

export type Cell = string | number

interface Column {
  header: string
  width: number
  kind: 'int' | 'points' | 'text'
}

export interface Sheet {
  columns: Column[]
  rows: Cell[][]
  /** Cells to highlight, [row index, column index] (0-based, header excluded): the tie-break that decided a place. */
  marks?: Array<[number, number]>
}

/** A row of a standings table: ranked, or listed apart (rank null). */
type ListedRow = StandingsRow | ApartRow

/** A standings column: what it shows and, for a tie-break criterion, its key. */
interface RowColumn extends Column {
  key: TieBreakKey | null
  value: (r: ListedRow) => Cell
}

const ROLE_TIE_BREAK: Record<Role, TieBreakKey> = {
  civilian: 'winsAsCivilian',
  sheriff: 'winsAsSheriff',
  mafia: 'winsAsMafia',
  don: 'winsAsDon',
}

function detailColumns(L: Labels, showAuto: boolean): RowColumn[] {
  return [
    { key: 'games', header: L.games, width: 7, kind: 'int', value: (r) => r.games },
    { key: 'wins', header: L.wins, width: 8, kind: 'int', value: (r) => r.wins },
    ...ROLES.map((role): RowColumn => ({
      key: ROLE_TIE_BREAK[role],
      header: L.winsAs[role],
      width: 11,
      kind: 'int',
      value: (r) => r.winsByRole[role],
    })),
    { key: null, header: L.winPoints, width: 11, kind: 'points', value: (r) => r.points },
    { key: 'bestMove', header: L.bestMove, width: 8, kind: 'points', value: (r) => r.bestMove },
    { key: 'extra', header: L.extra, width: 8, kind: 'points', value: (r) => r.extra },
    { key: 'penalties', header: L.penalties, width: 9, kind: 'points', value: (r) => r.penalties },
    ...(showAuto
      ? [
          {
            key: null,
            header: L.autoBonus,
            width: 10,
            kind: 'points' as const,
            value: (r: ListedRow) => r.auto,
          },
        ]
      : []),
    { key: 'ci', header: L.ci, width: 8, kind: 'points', value: (r) => r.ci },
    { key: 'firstKilled', header: L.firstKilledCount, width: 11, kind: 'int', value: (r) => r.firstKilled },
  ]
}

/**
 * The standings sheet: place, player, total, the points per game (a table ranked by the «очки за игру» normaliser),
 * the tie-break columns in the ruleset's order, the criterion that decided the place, then the remaining details
 * (and Ci's status while a stage is open). The rows listed apart come last, their place «вне зачёта» and the reason
 * in a note column.
 */
export function standingsSheet(
  rows: ListedRow[],
  L: Labels,
  showAuto: boolean,
  tieBreaks: TieBreak[] = [],
  ciProvisional = false,
): Sheet {
  const details = detailColumns(L, showAuto)
  const perGame = rows.some((r) => r.perGame !== null)
  const apart = rows.some((r) => r.rank === null)
  const keys: TieBreakKey[] = tieBreaks.map((tb) => tb.key).filter((k) => k !== 'total')
  const tieColumns: RowColumn[] = keys.map((key, i) => {
    const d = details.find((c) => c.key === key)
    return {
      key,
      header: L.tieBreakColumn(i + 1, L.tieBreakNames[key]),
      width: 14,
      kind: d?.kind ?? 'points',
      value: d?.value ?? (() => ''),
    }
  })
  const columns: RowColumn[] = [
    { key: null, header: L.rank, width: 10, kind: 'int', value: (r) => r.rank ?? L.unranked },
    { key: null, header: L.player, width: 26, kind: 'text', value: (r) => r.name },
    { key: 'total', header: L.total, width: 9, kind: 'points', value: (r) => r.total },
    ...(perGame
      ? [
          {
            key: null,
            header: L.perGame,
            width: 10,
            kind: 'points' as const,
            value: (r: ListedRow) => r.perGame ?? '',
          },
        ]
      : []),
    ...tieColumns,
    {
      key: null,
      header: L.decidedBy,
      width: 16,
      kind: 'text',
      value: (r) => (r.decidedBy === null ? '' : L.tieBreakNames[r.decidedBy]),
    },
    ...details.filter((c) => c.key === null || !keys.includes(c.key)),
    ...(ciProvisional
      ? [
          {
            key: null,
            header: L.ciStatus,
            width: 18,
            kind: 'text' as const,
            value: (r: ListedRow) => (r.ciProvisional ? L.ciProvisional : ''),
          },
        ]
      : []),
    ...(apart
      ? [
          {
            key: null,
            header: L.note,
            width: 24,
            kind: 'text' as const,
            value: (r: ListedRow) => (r.rank === null ? L.fewerGames(r.minGames) : ''),
          },
        ]
      : []),
  ]
  const marks: Array<[number, number]> = []
  rows.forEach((r, ri) => {
    if (r.decidedBy === null) return
    const ci = columns.findIndex((c, i) => i >= 3 && c.key === r.decidedBy)
    if (ci >= 0) marks.push([ri, ci])
  })
  return {
    columns: columns.map((c) => ({ header: c.header, width: c.width, kind: c.kind })),
    rows: rows.map((r) => columns.map((c) => c.value(r))),
    marks,
  }
}

function gamesSheet(games: GameSeatScore[], L: Labels, showAuto: boolean): Sheet {
  return {
    columns: [
      { header: L.gameId, width: 8, kind: 'int' },
      { header: L.stage, width: 14, kind: 'text' },
      { header: L.seat, width: 5, kind: 'int' },
      { header: L.player, width: 26, kind: 'text' },
      { header: L.role, width: 10, kind: 'text' },
      { header: L.result, width: 11, kind: 'text' },
      { header: L.win, width: 8, kind: 'points' },
      { header: L.bestMove, width: 8, kind: 'points' },
      { header: L.extra, width: 8, kind: 'points' },
      { header: L.penalty, width: 8, kind: 'points' },
      ...(showAuto ? [{ header: L.autoBonus, width: 10, kind: 'points' as const }] : []),
      { header: L.ci, width: 8, kind: 'points' },
      { header: L.total, width: 8, kind: 'points' },
      { header: L.firstKilled, width: 12, kind: 'int' },
    ],
    rows: games.map((g) => [
      g.gameId,
      stageLabel(L, g.stage),
      g.seat,
      g.name,
      L.roles[g.role],
      L.results[g.result],
      g.win,
      g.bestMove,
      g.extra,
      g.penalty,
      ...(showAuto ? [g.auto] : []),
      g.ci,
      g.total,
      g.firstKilled ? 1 : 0,
    ]),
  }
}

function playersSheet(rows: ListedRow[], L: Labels): Sheet {
  const sorted = [...rows].sort(
    (a, b) => a.name.localeCompare(b.name) || a.playerKey.localeCompare(b.playerKey),
  )
  return {
    columns: [
      { header: L.playerId, width: 10, kind: 'text' },
      { header: L.player, width: 26, kind: 'text' },
      { header: L.games, width: 7, kind: 'int' },
      ...ROLES.map((r) => ({ header: L.gamesAs[r], width: 11, kind: 'int' as const })),
      { header: L.wins, width: 8, kind: 'int' },
      { header: L.total, width: 9, kind: 'points' },
    ],
    rows: sorted.map((r) => [
      r.playerId === null ? '' : r.playerId,
      r.name,
      r.games,
      ...ROLES.map((role) => r.gamesByRole[role]),
      r.wins,
      r.total,
    ]),
  }
}

export function safeSheetName(name: string, used: Set<string>): string {
  let base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet'
  let n = 2
  while (used.has(base.toLowerCase())) base = `${name.slice(0, 27)} (${n++})`
  used.add(base.toLowerCase())
  return base
}

export function addSheet(wb: ExcelJS.Workbook, name: string, sheet: Sheet): void {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = sheet.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }))
  for (const r of sheet.rows) ws.addRow(r)
  const head = ws.getRow(1)
  head.font = { bold: true }
  head.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true }
  head.height = 30
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6E6E6' } }
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF555555' } } }
  })
  sheet.columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1)
    if (c.kind === 'points') col.numFmt = '0.00'
  })
  // Keep the header's own alignment after the column alignment was applied.
  head.eachCell((cell) => {
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true }
    cell.numFmt = 'General'
  })
  for (const [r, c] of sheet.marks ?? []) {
    const cell = ws.getRow(r + 2).getCell(c + 1)
    cell.font = { bold: true }
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } }
  }
  if (sheet.rows.length > 0) {
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } }
  }
}

export async function standingsToXlsx(data: StandingsExportData, lang: Lang = 'ru'): Promise<Buffer> {
  const L = labels(lang)
  const wb = new (await loadExcel()).Workbook()
  wb.creator = 'Mafia Desk'
  wb.lastModifiedBy = 'Mafia Desk'
  wb.created = FIXED_DATE
  wb.modified = FIXED_DATE
  if (data.title !== null) wb.title = data.title
  const used = new Set<string>()
  const standings = (rows: ListedRow[]): Sheet =>
    standingsSheet(rows, L, data.showAuto, data.tieBreaks, data.ciProvisional)
  addSheet(wb, safeSheetName(L.sheetStandings, used), standings(listedRows(data)))
  addSheet(wb, safeSheetName(L.sheetGames, used), gamesSheet(data.games, L, data.showAuto))
  addSheet(wb, safeSheetName(L.sheetPlayers, used), playersSheet(listedRows(data), L))
  if (data.stage === undefined && data.stages.length > 1) {
    for (const s of data.stages) {
      const name = `${L.sheetStandings} — ${stageLabel(L, s.stage) || '—'}`
      addSheet(wb, safeSheetName(name, used), standings(listedRows(s)))
    }
  }
  // The final classification, when a later stage places players (a final or a semi-final).
  if (data.classification.some((r) => r.group !== 'qualifying'))
    addSheet(wb, safeSheetName(L.sheetClassification, used), classificationSheet(data.classification, L))
  if (data.awards !== null)
    addSheet(wb, safeSheetName(awardsSheetName(lang), used), awardsSheet(data.awards, lang))
  if (data.warnings.length > 0) addSheet(wb, safeSheetName(L.sheetWarnings, used), warningsSheet(data, L))
  // Fast deflate: a standings file is small, and level 1 halves the zip time.
  const out = await wb.xlsx.writeBuffer({ zip: { compression: 'DEFLATE', compressionOptions: { level: 1 } } })
  return Buffer.from(out as ArrayBuffer)
}

function classificationSheet(rows: ClassificationRow[], L: Labels): Sheet {
  return {
    columns: [
      { header: L.rank, width: 7, kind: 'int' },
      { header: L.player, width: 26, kind: 'text' },
      { header: L.stage, width: 18, kind: 'text' },
      { header: L.classificationStageTotal, width: 12, kind: 'points' },
      { header: L.classificationCarried, width: 12, kind: 'points' },
      { header: L.total, width: 9, kind: 'points' },
    ],
    rows: rows.map((r) => [r.place, r.name, L.stageKinds[r.group], r.stageTotal, r.carried, r.score]),
  }
}

function warningsSheet(data: StandingsExportData, L: Labels): Sheet {
  return {
    columns: [
      { header: L.gameId, width: 8, kind: 'int' },
      { header: L.seat, width: 5, kind: 'int' },
      { header: L.player, width: 26, kind: 'text' },
      { header: L.extra, width: 60, kind: 'text' },
    ],
    rows: data.warnings.map((w) => [
      w.gameId,
      w.seat,
      w.name,
      L.extraOutOfRange(fmtPoints(w.extra), fmtPoints(w.min), fmtPoints(w.max)),
    ]),
  }
}

/**
 * A text cell that a spreadsheet would run as a formula (= + - @, or a tab/CR that some read the same way) gets a
 * leading apostrophe, so a player named "=HYPERLINK(…)" stays text (CSV injection). Numbers are left as numbers.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

export function csvField(value: Cell, delimiter: string): string {
  const text = typeof value === 'number' ? String(Math.round(value * 1e4) / 1e4) : neutraliseFormula(value)
  return /["\r\n]/.test(text) || text.includes(delimiter) || /^\s|\s$/.test(text)
    ? `"${text.replace(/"/g, '""')}"`
    : text
}

/** CSV of the standings sheet: UTF-8 with BOM, CRLF line ends, fields quoted when needed. */
export function standingsToCsv(
  data: StandingsExportData,
  lang: Lang = 'ru',
  delimiter: ',' | ';' | '\t' = ',',
): Buffer {
  const L = labels(lang)
  const rows = listedRows(data)
  const sheet = standingsSheet(rows, L, data.showAuto, data.tieBreaks, data.ciProvisional)
  // The final classification (when a later stage places players, as in the XLSX): each row's final place and the
  // stage that gave it, as two more columns.
  if (data.classification.some((r) => r.group !== 'qualifying')) {
    const placed = new Map(data.classification.map((c) => [c.playerKey, c]))
    sheet.columns.push(
      { header: L.classificationPlace, width: 9, kind: 'int' },
      { header: L.classificationGroup, width: 18, kind: 'text' },
    )
    sheet.rows = sheet.rows.map((cells, i) => {
      const c = placed.get(rows[i].playerKey)
      return [...cells, c?.place ?? '', c ? L.stageKinds[c.group] : '']
    })
  }
  const lines = [sheet.columns.map((c) => c.header), ...sheet.rows].map((r) =>
    r.map((v) => csvField(v, delimiter)).join(delimiter),
  )
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8')
}

export interface StandingsJson {
  format: typeof STANDINGS_FORMAT
  version: typeof STANDINGS_VERSION
  title: string | null
  stage: string | null | 'overall'
  /** The tie-breaks after the total, in order; each row's `tieBreaks` and `decidedBy` refer to them. */
  tieBreaks: TieBreak[]
  ciProvisional: boolean
  /** Optional for readers (issue 31 §3): the normaliser the tables are ranked with; absent in older files. */
  normaliser?: Normaliser
  /** The ranked rows; under «очки за игру» each carries `perGame` and is ranked by it. */
  rows: StandingsRow[]
  /**
   * Optional for readers (issue 31 §3): the players listed apart, unranked (`rank` null, `minGames` the minimum they
   * did not reach), below `rows`. Each stage carries its own `apart`.
   */
  apart?: ApartRow[]
  stages: StageStandings[]
  games: GameSeatScore[]
  warnings: StandingsWarning[]
  /** Since version 1's first release, optional for readers: the final classification (see docs/protocol-format.md). */
  classification?: ClassificationRow[]
  /** Optional for readers (issue 31 §1): the awards of an overall export, with their winners and figures. */
  awards?: AwardResult[]
}

export function standingsToJson(data: StandingsExportData): Buffer {
  const json: StandingsJson = {
    format: STANDINGS_FORMAT,
    version: STANDINGS_VERSION,
    title: data.title,
    stage: data.stage === undefined ? 'overall' : data.stage,
    tieBreaks: data.tieBreaks,
    ciProvisional: data.ciProvisional,
    normaliser: data.normaliser,
    rows: data.rows,
    apart: data.apart,
    stages: data.stages,
    games: data.games,
    warnings: data.warnings,
    ...(data.classification.length > 0 ? { classification: data.classification } : {}),
    ...(data.awards !== null ? { awards: data.awards } : {}),
  }
  return Buffer.from(JSON.stringify(json, null, 2) + '\n', 'utf8')
}
