// A stage without a name of its own is named by its kind in the reader's language: the protocol's header (not
// «ЭТАП: —») and the standings XLSX (sheet names and the games sheet's stage column, not `qualifying`).
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { exportProtocol, exportStandings } from '../../src/main/export/commands'
import type { ProtocolHeader } from '../../src/main/export/protocol'
import { SHIPPED_SCORING_SYSTEMS } from '../../src/main/tournament/scoring'
import { finishedGame } from '../tournament/fixtures'

const header: ProtocolHeader = {
  tournament: 'Кубок',
  stage: null,
  stageKind: 'qualifying',
  round: 1,
  table: 1,
  gameNumber: 1,
  date: '2026-12-01',
  judge: 'Анна',
  rulesetName: 'ФИИМ',
}

const html = async (h: ProtocolHeader, lang: 'ru' | 'en'): Promise<string> =>
  (await exportProtocol(finishedGame(), h, { format: 'html', lang })).toString('utf8')

describe('stage labels', () => {
  it('the protocol names an unnamed stage by its kind, and a named one by its name', async () => {
    expect(await html(header, 'ru')).toContain('Отборочный этап')
    expect(await html(header, 'en')).toContain('Qualifying')
    expect(await html({ ...header, stage: '', stageKind: 'final' }, 'ru')).toContain('Финал')
    const named = await html({ ...header, stage: 'Весенний отбор' }, 'ru')
    expect(named).toContain('Весенний отбор')
    expect(named).not.toContain('Отборочный этап')
  })

  it('the standings XLSX names the stages in Russian', async () => {
    const games = [
      { gameId: 1, stage: 'qualifying', record: finishedGame() },
      { gameId: 2, stage: 'final', record: finishedGame() },
    ]
    const buf = await exportStandings(games, { scoring: SHIPPED_SCORING_SYSTEMS.fiim, title: 'Кубок' }, 'xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(buf as unknown as ArrayBuffer)
    const names = wb.worksheets.map((w) => w.name)
    expect(names).toContain('Таблица — Отборочный этап')
    expect(names).toContain('Таблица — Финал')
    expect(names.some((n) => /qualifying|final/.test(n))).toBe(false)
    const sheet = wb.getWorksheet('Игры')!
    const stages = new Set<string>()
    sheet.eachRow((row, n) => {
      if (n > 1) stages.add(String(row.getCell(2).value))
    })
    expect([...stages].sort()).toEqual(['Отборочный этап', 'Финал'])
  })
})
