/**
 * Issue 11's leftovers through the contract on the real core with SQLite in a temp folder: the seating's band
 * figures (pairs outside ⌊λ⌋..⌈λ⌉, Σ meetings² and its bound) next to a random seating's and updated after a
 * manual change; moving a player into a spare seat; who does not play a round and why (dashboard and XLSX); a
 * replay in a closed round.
 */
import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import type { DashboardStage } from '../../src/shared/tournament-ops'
import { playAt } from './tournament-play'
import { tournamentCore } from './tournament-core'

const { call, refusal, tournament } = tournamentCore('md-tournament-leftovers-', 'Остатки', 'О')

/** Meetings per pair of the stage's seated players, counted from the dashboard's seats (pairs never met: 0). */
function meetings(stage: DashboardStage): number[] {
  const ids = new Set<number>()
  const met = new Map<string, number>()
  for (const round of stage.rounds) {
    for (const tb of round.tables) {
      const here = tb.seats.flatMap((p) => (p ? [p.id] : []))
      for (const id of here) ids.add(id)
      for (let i = 0; i < here.length; i++) {
        for (let j = i + 1; j < here.length; j++) {
          const key = [here[i], here[j]].sort((x, y) => x - y).join('-')
          met.set(key, (met.get(key) ?? 0) + 1)
        }
      }
    }
  }
  const pairs = (ids.size * (ids.size - 1)) / 2
  return [...met.values(), ...new Array<number>(pairs - met.size).fill(0)]
}

/** The band figures of the stored seating agree with its meetings counted from the dashboard. */
function checkFigures(stage: DashboardStage): void {
  const m = meetings(stage)
  const f = stage.figures!.generated
  expect(f.pairsOutsideBand).toBe(m.filter((x) => x < f.pairsBandLow || x > f.pairsBandHigh).length)
  expect(f.pairsSumSquares).toBe(m.reduce((a, b) => a + b * b, 0))
}

describe('seating figures: the band of meetings per pair, pairs outside it, Σ meetings² and its bound', () => {
  it('are those of the stored seating, next to a random one, and follow a manual swap', async () => {
    let t = await tournament(30, 4)
    const stageId = t.stages[0].id
    t = await call('seating.generate', { stageId, seed: 7 })
    const check = (stage: DashboardStage): void => {
      const m = meetings(stage)
      const lambda = m.reduce((a, b) => a + b, 0) / m.length
      const f = stage.figures!.generated
      expect([f.pairsBandLow, f.pairsBandHigh]).toEqual([Math.floor(lambda), Math.ceil(lambda)])
      expect(f.pairsOutsideBand).toBe(m.filter((x) => x < f.pairsBandLow || x > f.pairsBandHigh).length)
      expect(f.pairsSumSquares).toBe(m.reduce((a, b) => a + b * b, 0))
      expect(f.pairsSumSquaresBound).toBeLessThanOrEqual(f.pairsSumSquares)
      // The random seating of the same shape: same band and bound, its own counts.
      const r = stage.figures!.random
      expect([r.pairsBandLow, r.pairsBandHigh, r.pairsSumSquaresBound]).toEqual([
        f.pairsBandLow,
        f.pairsBandHigh,
        f.pairsSumSquaresBound,
      ])
      expect(r.pairsSumSquares).toBeGreaterThanOrEqual(r.pairsSumSquaresBound)
    }
    check(t.stages[0])
    // 30 players × 4 games: 540 meetings over 435 pairs, λ ≈ 1.24 → the band is 1–2.
    expect(t.stages[0].figures!.generated).toMatchObject({ pairsBandLow: 1, pairsBandHigh: 2 })
    // A swap of two players of different tables changes who meets whom: the figures follow.
    const round = t.stages[0].rounds[3]
    const a = round.tables[0].seats[0]!.id
    const b = round.tables[1].seats[0]!.id
    t = await call('seating.swap', { roundId: round.id, a, b })
    check(t.stages[0])
    expect(t.stages[0].rounds[3].tables[1].seats[0]!.id).toBe(a)
  })
})

describe('moving a player into a spare seat', () => {
  it('moves him to the free seat of another table of a round not started, with the figures updated', async () => {
    let t = await tournament(19, 2)
    const stageId = t.stages[0].id
    t = await call('seating.generate', { stageId, seed: 5, uneven: 'spareSeats' })
    const [r1, r2] = t.stages[0].rounds
    const spareAt = (round: typeof r2): { tableId: number; table: number; seat: number } => {
      for (const tb of round.tables) {
        const i = tb.seats.indexOf(null)
        if (i >= 0) return { tableId: tb.tableId, table: tb.table, seat: i + 1 }
      }
      throw new Error('no spare seat')
    }
    const free = spareAt(r2)
    const full = r2.tables.find((tb) => tb.tableId !== free.tableId)!
    const mover = full.seats[3]!
    t = await call('seating.move', {
      roundId: r2.id,
      playerId: mover.id,
      tableId: free.tableId,
      seat: free.seat,
    })
    const after = t.stages[0].rounds[1]
    expect(after.tables.find((tb) => tb.tableId === free.tableId)!.seats[free.seat - 1]?.id).toBe(mover.id)
    expect(after.tables.find((tb) => tb.tableId === full.tableId)!.seats[3]).toBeNull()
    expect(after.spareSeats).toBe(1)
    checkFigures(t.stages[0])

    // A taken seat is no spare seat: refused, with the way out named.
    const taken = after.tables[0].seats.findIndex((p) => p !== null && p.id !== mover.id)
    const busy = await refusal('seating.move', {
      roundId: r2.id,
      playerId: mover.id,
      tableId: after.tables[0].tableId,
      seat: taken + 1,
    })
    expect(busy.code).toBe('db/seat_taken')
    expect(busy.ru).toContain('не запасное')

    // A started round's seating is locked.
    await call('rounds.start', { roundId: r1.id })
    const f1 = spareAt(r1)
    const other = r1.tables.find((tb) => tb.tableId !== f1.tableId)!.seats[0]!
    const locked = await refusal('seating.move', {
      roundId: r1.id,
      playerId: other.id,
      tableId: f1.tableId,
      seat: f1.seat,
    })
    expect(locked.code).toBe('db/round_started')
    expect(locked.ru).toContain('закреплена')
  })
})

/** The rows of an XLSX sheet as text cells. */
function rowsOf(ws: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = []
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))))
  return rows
}
async function book(stageId: number, lang: 'ru' | 'en'): Promise<ExcelJS.Workbook> {
  const file = await call('seating.export', { stageId, lang })
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer)
  return wb
}

describe('who does not play a round, and why: the dashboard and the seating XLSX say the same', () => {
  it('a late registrant is "not yet registered" in the rounds started before him; a withdrawn player "withdrew"', async () => {
    let t = await tournament(20, 3, 2)
    const stageId = t.stages[0].id
    t = await call('seating.generate', { stageId, seed: 9 })
    t = await call('rounds.start', { roundId: t.stages[0].rounds[0].id })
    await new Promise((r) => setTimeout(r, 5))
    const gone = t.stages[0].rounds[0].tables[0].seats[2]!
    await call('tournaments.withdraw', { tournamentId: t.id, playerId: gone.id })
    const late = await call('players.add', { nickname: `Опоздавший ${t.id}` })
    t = await call('tournaments.register', { tournamentId: t.id, playerIds: [late.id] })
    const [r1, r2, r3] = t.stages[0].rounds
    // Round 1 started before he registered: listed as not playing it, as not registered yet — not as a sit-out.
    expect(r1.absent).toEqual([
      { player: expect.objectContaining({ id: late.id }), reason: 'notYetRegistered' },
    ])
    expect(r1.sittingOut.map((p) => p.id)).toEqual([late.id])
    // Rounds 2 and 3 were seated again: the withdrawn player is named as such, not among those sitting out.
    for (const r of [r2, r3]) {
      expect(r.absent).toEqual([{ player: expect.objectContaining({ id: gone.id }), reason: 'withdrawn' }])
      expect(r.sittingOut).toEqual([])
    }

    const ru = await book(stageId, 'ru')
    const sheet1 = rowsOf(ru.worksheets[0])
    expect(sheet1.find((r) => r[0] === 'ещё не зарегистрирован')).toContain(late.nickname)
    expect(sheet1.find((r) => r[0] === 'отдыхает')).toBeUndefined()
    expect(rowsOf(ru.worksheets[1]).find((r) => r[0] === 'снялся')).toContain(gone.nickname)
    const byPlayer = rowsOf(ru.worksheets[3])
    const lateRow = byPlayer.find((r) => r[0] === late.nickname)!
    expect(lateRow[1]).toBe('ещё не зарегистрирован')
    expect(lateRow[2]).toMatch(/^стол \d+ · место \d+$/)
    const goneRow = byPlayer.find((r) => r[0] === gone.nickname)!
    expect(goneRow.slice(1)).toEqual([expect.stringMatching(/^стол 1 · место 3$/), 'снялся', 'снялся'])

    const en = await book(stageId, 'en')
    expect(rowsOf(en.worksheets[0]).find((r) => r[0] === 'not yet registered')).toContain(late.nickname)
    expect(rowsOf(en.worksheets[2]).find((r) => r[0] === 'withdrawn')).toContain(gone.nickname)
  })
})

describe('a replay in a closed round', () => {
  it('reopens the round with a prepared game at the cancelled table; refused where it makes no sense', async () => {
    let t = await tournament(20, 1, 2)
    t = await call('tournaments.update', { tournamentId: t.id, judges: ['Анна', 'Борис'] })
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 3 })
    const roundId = t.stages[0].rounds[0].id
    t = await call('rounds.start', { roundId })
    const [tb1, tb2] = t.stages[0].rounds[0].tables
    await playAt(call, t, t.stages[0].rounds[0], 1)
    await call('games.cancel', { gameId: tb2.game!.id, reason: 'Сбой: перепутаны роли' })
    await call('rounds.finish', { roundId })
    t = await call('tournaments.get', { tournamentId: t.id })
    expect(t.stages[0].rounds[0].finished).toBe(true)

    // Table 1 has its game: nothing to replay there.
    const busy = await refusal('rounds.replay', { roundId, tableId: tb1.tableId })
    expect(busy.code).toBe('tournament/table_has_game')
    expect(busy.ru).toContain('только отменённую')

    // Table 2: the round opens again, its game is prepared with the seating and the judge.
    t = await call('rounds.replay', { roundId, tableId: tb2.tableId })
    const round = t.stages[0].rounds[0]
    expect(round.finished).toBe(false)
    const replay = round.tables[1]
    expect(replay.game).toMatchObject({ status: 'setup', cancelled: false, judge: 'Борис' })
    expect(replay.game!.id).not.toBe(tb2.game!.id)
    expect(replay.cancelled.map((g) => g.id)).toEqual([tb2.game!.id])
    expect(replay.seats).toEqual(tb2.seats)
    // In an open round the usual way applies.
    expect((await refusal('rounds.replay', { roundId, tableId: tb2.tableId })).code).toBe(
      'tournament/round_open',
    )
    // Played and closed again.
    await playAt(call, t, round, 2)
    await call('rounds.finish', { roundId })
    t = await call('tournaments.get', { tournamentId: t.id })
    expect(t.stages[0].rounds[0].finished).toBe(true)
    expect(t.stages[0].rounds[0].tables[1].game).toMatchObject({ status: 'finished' })

    // Once a later stage was seeded from these standings, a replay would change who went through: refused.
    t = await call('stages.create', {
      tournamentId: t.id,
      kind: 'final',
      games: 1,
      size: 10,
      tieAtCut: 'lot',
    })
    await call('games.cancel', { gameId: t.stages[0].rounds[0].tables[1].game!.id, reason: 'Нарушение' })
    const later = await refusal('rounds.replay', { roundId, tableId: tb2.tableId })
    expect(later.code).toBe('tournament/later_stage')
    expect(later.ru).toContain('финал')
  })
})
