import type { CsvImportResult } from '../../../shared/contract'
import type { TournamentDetail } from '../../../shared/tournament-ops'
import { loadExcel } from '../../export/heavy'
import type { StagesSeating } from './stages-seating'
import { fail, OrganiserRoom, type OrganiserDeps } from './context'
/** The registration page: players join (from the registry, new, by CSV/XLSX) or withdraw from a tournament. */
export class Registration extends OrganiserRoom {
  constructor(
    deps: OrganiserDeps,
    private readonly seating: StagesSeating,
  ) {
    super(deps)
  }

  register(tournamentId: number, playerIds: number[]): TournamentDetail {
    const db = this.db()
    this.writable(tournamentId)
    db.transaction(() => {
      db.registrations.registerPlayers(tournamentId, playerIds)
      this.seating.reseatOpenRounds(tournamentId)
    })
    return this.changed(tournamentId)
  }

  registerNew(
    tournamentId: number,
    p: { nickname: string; fullName?: string; club?: string; city?: string },
  ): TournamentDetail {
    const db = this.db()
    this.writable(tournamentId)
    db.transaction(() => {
      const player = db.players.addPlayer(p)
      db.registrations.registerPlayers(tournamentId, [player.id])
      this.seating.reseatOpenRounds(tournamentId)
    })
    return this.changed(tournamentId)
  }

  /** CSV text or an XLSX workbook (first sheet, same columns): registered all or nothing, per-line report. */
  async importPlayers(
    tournamentId: number,
    source: { csv: string } | { xlsxBase64: string },
  ): Promise<CsvImportResult> {
    this.writable(tournamentId)
    const csv = 'csv' in source ? source.csv : await xlsxToCsv(source.xlsxBase64)
    const db = this.db()
    const report = db.transaction(() => {
      const r = db.registrations.importTournamentCsv(tournamentId, csv)
      if (r.added > 0) this.seating.reseatOpenRounds(tournamentId)
      return r
    })
    this.service.tournamentChanged(tournamentId)
    return report
  }

  /** Withdraws a player: his played games stay; the rounds not started are seated again without him. */
  withdraw(tournamentId: number, playerId: number): TournamentDetail {
    const db = this.db()
    this.writable(tournamentId)
    db.transaction(() => {
      db.registrations.withdrawPlayer(tournamentId, playerId)
      this.seating.reseatOpenRounds(tournamentId)
    })
    return this.changed(tournamentId)
  }
}

/** The first sheet of an XLSX workbook as CSV text (`;`, quoted), so it goes through the CSV import's checks. */
export async function xlsxToCsv(base64: string): Promise<string> {
  const wb = new (await loadExcel()).Workbook()
  try {
    await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer)
  } catch (err) {
    throw fail(
      'app/xlsx_unreadable',
      'Файл XLSX не читается: это не книга Excel или он повреждён. Ничего не изменено.',
      'The XLSX file cannot be read: it is not an Excel workbook or it is damaged. Nothing was changed.',
      { cause: err instanceof Error ? err.message : String(err) },
    )
  }
  const sheet = wb.worksheets[0]
  if (!sheet) return ''
  const lines: string[] = []
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    const cells: string[] = []
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) {
      const text = row.getCell(c).text ?? ''
      cells.push(`"${text.replace(/"/g, '""')}"`)
    }
    lines.push(cells.some((c) => c !== '""') ? cells.join(';') : '')
  }
  return lines.join('\n')
}
