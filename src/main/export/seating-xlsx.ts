/**
 * The seating as XLSX (issue 11): one sheet per round (a row per table, a column per seat, printable landscape)
 * and a sheet "by player" with each player's table and seat in every round. Pure: the plan and the players'
 * names in, the file's bytes out.
 */
import type ExcelJS from 'exceljs'
import { loadExcel } from './heavy'
import { SPARE_SEAT, type SeatingRound } from '../tournament/seating'
import type { Lang } from './i18n'
import type { AbsenceReason } from '../../shared/tournament-ops'

export interface SeatingXlsxOptions {
  lang?: Lang
  /** Document title (the tournament's name). */
  title?: string
  /** Judge per table number, shown on the round sheets. */
  judges?: Record<number, string>
  /** Judge per table number for one round (by the plan's round number), over `judges`. */
  roundJudges?: Record<number, Record<number, string>>
  /** Why a player of a round's `sittingOut` does not play it (by round number, then player index); default: he
   * sits out. */
  absence?: Record<number, Record<number, AbsenceReason>>
}

interface SeatingLabels {
  round: (n: number) => string
  byPlayer: string
  table: string
  judge: string
  seat: (n: number) => string
  player: string
  at: (table: number, seat: number) => string
  absent: Record<AbsenceReason, string>
  spare: string
  roundColumn: (n: number) => string
}

const LABELS: Record<Lang, SeatingLabels> = {
  ru: {
    round: (n) => `Тур ${n}`,
    byPlayer: 'По игрокам',
    table: 'Стол',
    judge: 'Судья',
    seat: (n) => `Место ${n}`,
    player: 'Игрок',
    at: (table, seat) => `стол ${table} · место ${seat}`,
    absent: { sitsOut: 'отдыхает', notYetRegistered: 'ещё не зарегистрирован', withdrawn: 'снялся' },
    spare: '(запасной)',
    roundColumn: (n) => `Тур ${n}`,
  },
  en: {
    round: (n) => `Round ${n}`,
    byPlayer: 'By player',
    table: 'Table',
    judge: 'Judge',
    seat: (n) => `Seat ${n}`,
    player: 'Player',
    at: (table, seat) => `table ${table} · seat ${seat}`,
    absent: { sitsOut: 'sits out', notYetRegistered: 'not yet registered', withdrawn: 'withdrawn' },
    spare: '(spare)',
    roundColumn: (n) => `Round ${n}`,
  },
}

const FIXED_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0))

function styleHeader(ws: ExcelJS.Worksheet): void {
  const head = ws.getRow(1)
  head.font = { bold: true }
  head.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true }
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6E6E6' } }
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF555555' } } }
  })
}

/** The seating workbook. `names[i]` is the name of player index i of the plan. */
export async function seatingToXlsx(
  plan: { rounds: SeatingRound[] },
  names: readonly string[],
  options: SeatingXlsxOptions = {},
): Promise<Buffer> {
  const L = LABELS[options.lang ?? 'ru']
  const nameOf = (p: number): string => (p === SPARE_SEAT ? L.spare : (names[p] ?? `#${p + 1}`))
  const wb = new (await loadExcel()).Workbook()
  wb.creator = 'Mafia Desk'
  wb.lastModifiedBy = 'Mafia Desk'
  wb.created = FIXED_DATE
  wb.modified = FIXED_DATE
  if (options.title !== undefined) wb.title = options.title
  const judges = options.judges ?? {}
  const roundJudges = options.roundJudges ?? {}
  const reasonOf = (round: number, p: number): AbsenceReason => options.absence?.[round]?.[p] ?? 'sitsOut'
  const showJudges = [judges, ...Object.values(roundJudges)].some((m) =>
    Object.values(m).some((j) => j.trim() !== ''),
  )

  for (const round of plan.rounds) {
    const ws = wb.addWorksheet(L.round(round.round), {
      views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
      pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    })
    ws.columns = [
      { header: L.table, width: 7 },
      ...(showJudges ? [{ header: L.judge, width: 18 }] : []),
      ...Array.from({ length: 10 }, (_, s) => ({ header: L.seat(s + 1), width: 18 })),
    ]
    for (const t of round.tables) {
      const judge = roundJudges[round.round]?.[t.table] ?? judges[t.table] ?? ''
      ws.addRow([t.table, ...(showJudges ? [judge] : []), ...t.seats.map(nameOf)])
    }
    const out = round.sittingOut ?? []
    if (out.length > 0) ws.addRow([])
    // A row per reason: who sits the round out, who was not registered yet, who had withdrawn.
    for (const reason of ['sitsOut', 'notYetRegistered', 'withdrawn'] as const) {
      const here = out.filter((p) => reasonOf(round.round, p) === reason)
      if (here.length > 0) ws.addRow([L.absent[reason], ...(showJudges ? [''] : []), ...here.map(nameOf)])
    }
    styleHeader(ws)
  }

  // By player: each player's table and seat per round, players by name.
  const where = new Map<number, string[]>()
  const players = new Set<number>()
  plan.rounds.forEach((round, ri) => {
    for (const t of round.tables)
      t.seats.forEach((p, s) => {
        if (p === SPARE_SEAT) return
        players.add(p)
        const list = where.get(p) ?? new Array<string>(plan.rounds.length).fill('')
        list[ri] = L.at(t.table, s + 1)
        where.set(p, list)
      })
    for (const p of round.sittingOut ?? []) {
      players.add(p)
      const list = where.get(p) ?? new Array<string>(plan.rounds.length).fill('')
      list[ri] = L.absent[reasonOf(round.round, p)]
      where.set(p, list)
    }
  })
  const ws = wb.addWorksheet(L.byPlayer, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  })
  ws.columns = [
    { header: L.player, width: 26 },
    ...plan.rounds.map((r) => ({ header: L.roundColumn(r.round), width: 18 })),
  ]
  const sorted = [...players].sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || a - b)
  for (const p of sorted) ws.addRow([nameOf(p), ...(where.get(p) ?? [])])
  styleHeader(ws)
  if (sorted.length > 0)
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: plan.rounds.length + 1 } }

  const out = await wb.xlsx.writeBuffer({ zip: { compression: 'DEFLATE', compressionOptions: { level: 1 } } })
  return Buffer.from(out as ArrayBuffer)
}
