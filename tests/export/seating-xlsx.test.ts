// Seating XLSX: one sheet per round and a sheet "by player", read back with exceljs.
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { seatingToXlsx } from '../../src/main/export/seating-xlsx'
import { generateSeating, SPARE_SEAT } from '../../src/main/tournament/seating'

const names = Array.from({ length: 25 }, (_, i) => `Игрок ${String(i + 1).padStart(2, '0')}`)

async function load(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(buf as unknown as ArrayBuffer)
  return wb
}

describe('seating XLSX', () => {
  it('a sheet per round (table rows, seat columns) and "by player" with table and seat per round', async () => {
    const r = generateSeating({ players: 20, games: 3, seed: 5, effort: 50 })
    if (!r.ok) throw new Error(r.error.code)
    const plan = r.value
    const wb = await load(await seatingToXlsx(plan, names, { title: 'Кубок', judges: { 1: 'Иван Петров' } }))
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Тур 1', 'Тур 2', 'Тур 3', 'По игрокам'])
    const t1 = wb.getWorksheet('Тур 1')
    if (t1 === undefined) throw new Error('no sheet')
    expect((t1.getRow(1).values as ExcelJS.CellValue[]).slice(1, 4)).toEqual(['Стол', 'Судья', 'Место 1'])
    expect(t1.getRow(2).getCell(1).value).toBe(1)
    expect(t1.getRow(2).getCell(2).value).toBe('Иван Петров')
    for (const [ti, table] of plan.rounds[0].tables.entries()) {
      table.seats.forEach((p, s) => expect(t1.getRow(ti + 2).getCell(s + 3).value).toBe(names[p]))
    }
    expect(t1.pageSetup.orientation).toBe('landscape')

    const by = wb.getWorksheet('По игрокам')
    if (by === undefined) throw new Error('no sheet')
    expect((by.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      'Игрок',
      'Тур 1',
      'Тур 2',
      'Тур 3',
    ])
    expect(by.rowCount).toBe(21)
    // Игрок 01 (index 0): the cell of each round names his table and seat.
    const row = by.getRow(2)
    expect(row.getCell(1).value).toBe('Игрок 01')
    plan.rounds.forEach((round, ri) => {
      const t = round.tables.find((x) => x.seats.includes(0))
      expect(row.getCell(ri + 2).value).toBe(`стол ${t?.table} · место ${(t?.seats.indexOf(0) ?? 0) + 1}`)
    })
  })

  it('English labels; spare seats and players sitting out are marked', async () => {
    const spare = generateSeating({ players: 25, games: 2, seed: 1, uneven: 'spareSeats', effort: 50 })
    if (!spare.ok) throw new Error(spare.error.code)
    const wb = await load(await seatingToXlsx(spare.value, names, { lang: 'en' }))
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Round 1', 'Round 2', 'By player'])
    const r1 = wb.getWorksheet('Round 1')
    const cells = [2, 3, 4].flatMap((row) =>
      Array.from({ length: 10 }, (_, s) => r1?.getRow(row).getCell(s + 2).value),
    )
    const spares = spare.value.rounds[0].tables.flatMap((t) => t.seats).filter((p) => p === SPARE_SEAT).length
    expect(cells.filter((c) => c === '(spare)')).toHaveLength(spares)

    const extra = generateSeating({ players: 25, games: 2, seed: 1, uneven: 'extraGame', effort: 50 })
    if (!extra.ok) throw new Error(extra.error.code)
    const wb2 = await load(await seatingToXlsx(extra.value, names, { lang: 'en' }))
    const by = wb2.getWorksheet('By player')
    const out = extra.value.rounds[0].sittingOut ?? []
    expect(out.length).toBeGreaterThan(0)
    const rowOf = by?.getRows(2, 25)?.find((r) => r.getCell(1).value === names[out[0]])
    expect(rowOf?.getCell(2).value).toBe('sits out')
  })
})
