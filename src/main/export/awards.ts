/**
 * Awards (issue 31 §1) in the exports: the «Номинации» sheet of the standings XLSX (the same rows as the awards CSV)
 * and the printable diplomas, one A4 landscape page per winner of each award (pdfkit, the embedded DejaVu fonts,
 * deterministic bytes like the protocol's PDF).
 */
import { AWARD_NAMES, awardTitle, type AwardResult, type AwardWinner } from '../../shared/awards'
import { formatNumber } from '../../shared/numbers'
import { AppError, appError } from '../../shared/errors'
import { openPdf } from './pdf-document'
import type { Lang } from './i18n'
import { csvField, type Cell, type Sheet } from './standings-file'

const SHEET_LABELS = {
  ru: {
    sheet: 'Номинации',
    award: 'Номинация',
    player: 'Игрок',
    roles: 'Роли',
    measure: 'Показатель',
    value: 'Значение',
    minGames: 'Мин. игр',
    games: 'Игр в роли',
    wins: 'Побед в роли',
    points: 'Баллы в роли',
    ci: 'Ci в роли',
    bestMove: 'Лучших ходов',
    fouls: 'Фолов',
    rank: 'Место в турнире',
    decidedBy: 'Решило',
    shared: 'разделено',
    noWinner: 'нет претендентов',
  },
  en: {
    sheet: 'Awards',
    award: 'Award',
    player: 'Player',
    roles: 'Roles',
    measure: 'Measure',
    value: 'Value',
    minGames: 'Min. games',
    games: 'Games in role',
    wins: 'Wins in role',
    points: 'Points in role',
    ci: 'Ci in role',
    bestMove: 'Best-move hits',
    fouls: 'Fouls',
    rank: 'Standings place',
    decidedBy: 'Decided by',
    shared: 'shared',
    noWinner: 'no contenders',
  },
} as const

export function awardsSheetName(lang: Lang): string {
  return SHEET_LABELS[lang].sheet
}

/** What decided an award, in words: the measure, a tie-break, «shared», or nothing to decide. */
export function decidedText(a: AwardResult, lang: Lang): string {
  const N = AWARD_NAMES[lang]
  if (a.winners.length > 1) return SHEET_LABELS[lang].shared
  if (a.decidedBy === null) return ''
  return a.decidedBy === 'measure' ? N.byMeasure : N.tieBreaks[a.decidedBy]
}

/** One row per winner (a shared award has several; an award nobody qualifies for has one empty row). */
export function awardsSheet(results: readonly AwardResult[], lang: Lang): Sheet {
  const L = SHEET_LABELS[lang]
  const N = AWARD_NAMES[lang]
  const rows: Cell[][] = []
  for (const a of results) {
    const head: Cell[] = [awardTitle(a, lang), N.roles[a.roles], N.measures[a.measure], a.minGames]
    if (a.winners.length === 0) {
      rows.push([...head, L.noWinner, '', '', '', '', '', '', '', '', '', ''])
      continue
    }
    for (const w of a.winners)
      rows.push([
        ...head,
        w.name,
        w.value,
        w.games,
        w.wins,
        w.points,
        w.ci,
        w.bestMoveHits,
        w.fouls,
        w.rank ?? '',
        decidedText(a, lang),
      ])
  }
  return {
    columns: [
      { header: L.award, width: 30, kind: 'text' },
      { header: L.roles, width: 22, kind: 'text' },
      { header: L.measure, width: 16, kind: 'text' },
      { header: L.minGames, width: 9, kind: 'int' },
      { header: L.player, width: 26, kind: 'text' },
      { header: L.value, width: 10, kind: 'points' },
      { header: L.games, width: 10, kind: 'int' },
      { header: L.wins, width: 10, kind: 'int' },
      { header: L.points, width: 11, kind: 'points' },
      { header: L.ci, width: 9, kind: 'points' },
      { header: L.bestMove, width: 11, kind: 'int' },
      { header: L.fouls, width: 8, kind: 'int' },
      { header: L.rank, width: 12, kind: 'int' },
      { header: L.decidedBy, width: 22, kind: 'text' },
    ],
    rows,
  }
}

/** The awards as CSV: UTF-8 with BOM, CRLF, the standings CSV's quoting and formula guard. */
export function awardsToCsv(
  results: readonly AwardResult[],
  lang: Lang = 'ru',
  delimiter: ',' | ';' | '\t' = ',',
): Buffer {
  const sheet = awardsSheet(results, lang)
  const lines = [sheet.columns.map((c) => c.header), ...sheet.rows].map((r) =>
    r.map((v) => csvField(v, delimiter)).join(delimiter),
  )
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8')
}

// ---- diplomas ------------------------------------------------------------------------------------------

export interface DiplomaHeader {
  tournament: string
  startsOn: string | null
  endsOn: string | null
  venue: string
}

/** A winner's club, when the registry knows it. */
export type ClubOf = (w: AwardWinner) => string | null

const DIPLOMA = {
  ru: {
    diploma: 'ДИПЛОМ',
    awarded: 'награждается',
    inAward: 'в номинации',
    club: 'Клуб',
    headJudge: 'Главный судья',
    figure: (a: AwardResult, w: AwardWinner): string =>
      `${capital(AWARD_NAMES.ru.measures[a.measure])}: ${fig(w.value, a, 'ru')} · игр: ${w.games} · побед: ${w.wins}`,
    noWinners: 'Ни в одной номинации пока нет победителя: дипломы печатать некому.',
  },
  en: {
    diploma: 'DIPLOMA',
    awarded: 'is awarded to',
    inAward: 'in the award',
    club: 'Club',
    headJudge: 'Head judge',
    figure: (a: AwardResult, w: AwardWinner): string =>
      `${capital(AWARD_NAMES.en.measures[a.measure])}: ${fig(w.value, a, 'en')} · games: ${w.games} · wins: ${w.wins}`,
    noWinners: 'No award has a winner yet: there is no diploma to print.',
  },
} as const

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

function fig(value: number, a: AwardResult, lang: Lang): string {
  return a.measure === 'wins' ? String(value) : formatNumber(value, lang)
}

function dateText(iso: string | null, lang: Lang): string | null {
  if (iso === null) return null
  const [y, m, d] = iso.split('-')
  return lang === 'ru' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`
}

export function diplomaDates(h: DiplomaHeader, lang: Lang): string {
  const a = dateText(h.startsOn, lang)
  const b = dateText(h.endsOn, lang)
  if (a !== null && b !== null && a !== b) return `${a} — ${b}`
  return a ?? b ?? ''
}

const PAGE = { width: 841.89, height: 595.28, margin: 48 }

/**
 * The diplomas: one A4 landscape page per winner of each award (a shared award gives each winner his own page),
 * in the awards' order. Refused with `awards/no_winners` when no award has a winner.
 */
export async function renderDiplomas(
  header: DiplomaHeader,
  results: readonly AwardResult[],
  clubOf: ClubOf,
  lang: Lang = 'ru',
): Promise<Buffer> {
  const L = DIPLOMA[lang]
  const pages = results.flatMap((a) => a.winners.map((w) => ({ a, w })))
  if (pages.length === 0)
    throw new AppError(appError('awards/no_winners', DIPLOMA.ru.noWinners, DIPLOMA.en.noWinners))
  const { doc, done } = await openPdf(`${header.tournament} — ${L.diploma}`, { margin: PAGE.margin })
  const x = PAGE.margin
  const width = PAGE.width - 2 * PAGE.margin
  const centred = { width, align: 'center' as const }
  const dates = diplomaDates(header, lang)
  for (const { a, w } of pages) {
    doc.addPage()
    doc
      .lineWidth(3)
      .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
      .stroke('#7a5c12')
    doc
      .lineWidth(1)
      .rect(32, 32, PAGE.width - 64, PAGE.height - 64)
      .stroke('#7a5c12')
    doc.fillColor('#111111')
    let y = 70
    doc
      .font('bold')
      .fontSize(20)
      .text(header.tournament, x, y, { ...centred, height: 52, ellipsis: true })
    y += 30
    const place = [dates, header.venue].filter((s) => s !== '').join(' · ')
    if (place !== '') doc.font('regular').fontSize(13).fillColor('#444444').text(place, x, y, centred)
    y += 50
    doc.fillColor('#7a5c12').font('bold').fontSize(46).text(L.diploma, x, y, centred)
    y += 70
    doc.fillColor('#111111').font('regular').fontSize(15).text(L.awarded, x, y, centred)
    y += 26
    doc
      .font('bold')
      .fontSize(32)
      .text(w.name, x, y, { ...centred, height: 44, ellipsis: true })
    y += 46
    const club = clubOf(w)
    if (club !== null && club !== '')
      doc.font('regular').fontSize(14).fillColor('#444444').text(`${L.club}: ${club}`, x, y, centred)
    y += 30
    doc.fillColor('#111111').font('regular').fontSize(15).text(L.inAward, x, y, centred)
    y += 24
    doc
      .font('bold')
      .fontSize(24)
      .text(`«${awardTitle(a, lang)}»`, x, y, { ...centred, height: 34, ellipsis: true })
    y += 40
    doc.font('regular').fontSize(13).fillColor('#444444').text(L.figure(a, w), x, y, centred)
    // The head judge's signature line.
    const sy = PAGE.height - 100
    doc
      .fillColor('#111111')
      .font('regular')
      .fontSize(13)
      .text(L.headJudge, x + 60, sy - 4, { lineBreak: false })
    doc
      .lineWidth(0.8)
      .moveTo(x + 200, sy + 10)
      .lineTo(x + 460, sy + 10)
      .stroke('#111111')
  }
  doc.end()
  return done
}
