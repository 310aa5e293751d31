/**
 * Tournament operations through the contract (issue 11), on the real core with SQLite in a temp folder: create a
 * tournament, register 20 players from CSV and XLSX, seat two rounds, start round 1, play one game here and one on
 * another machine, refuse a second game on a busy table, cancel with a reason, withdraw a player (rounds not
 * started are seated again), close the round, seed a final of 10 and start it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { startCore, type Core } from '../../src/main/core'
import type { CallName, CallOutput, PushName } from '../../src/shared/contract'
import type { DashboardRound, TournamentDetail } from '../../src/shared/tournament-ops'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'
import { liveStandings } from '../../src/main/app/exports'
import { DEMO_TOURNAMENT_NAME } from '../../src/main/db/tournaments'
import { playAt as playOn } from './tournament-play'

const dir = mkdtempSync(join(tmpdir(), 'md-tournament-'))
let a: Core
let b: Core

async function call<K extends CallName>(core: Core, name: K, params: unknown): Promise<CallOutput<K>> {
  const r = await core.router.dispatch(name, params, 'control')
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message.en}`)
  return r.value as CallOutput<K>
}
async function refusal(core: Core, name: CallName, params: unknown): Promise<{ code: string; ru: string }> {
  const r = await core.router.dispatch(name, params, 'control')
  if (r.ok) throw new Error(`${name} should have failed`)
  return { code: r.error.code, ru: r.error.message.ru }
}

const base = {
  staticDir: join(dir, 'none'),
  resourcesDir: join(dir, 'none'),
  version: 'test',
  port: 0,
} as const

const NICKS = Array.from({ length: 20 }, (_, i) => `Игрок ${String(i + 1).padStart(2, '0')}`)

beforeAll(async () => {
  a = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'a', 'db.sqlite') })
  b = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'b', 'db.sqlite') })
})
afterAll(async () => {
  await a?.close()
  await b?.close()
  rmSync(dir, { recursive: true, force: true })
})

function seatedIds(round: DashboardRound): number[] {
  return round.tables.flatMap((t) => t.seats.map((s) => s?.id ?? 0))
}

/** Commands of FULL_GAME need its roles; the table's players come from the stored seating. */
function playAt(core: Core, t: TournamentDetail, round: DashboardRound, table: number): Promise<number> {
  return playOn((name, params) => call(core, name, params), t, round, table)
}

describe('a tournament from creation to its final', () => {
  it('runs end to end through the contract', async () => {
    const pushes: Array<{ channel: PushName; payload: unknown }> = []
    const off = a.onPush((channel, payload) => pushes.push({ channel, payload }))

    let t = await call(a, 'tournaments.create', {
      name: 'Кубок города',
      startsOn: '2026-12-05',
      endsOn: '2026-12-06',
      venue: 'Клуб «Ночь»',
      club: 'Ночь',
      rulesetId: 'fiim',
      scoring: { bestMove2: 0.5, bestMove3: 0.7, ciK: 0.5 },
      tables: 2,
      judges: ['Судья А', 'Судья Б'],
    })
    expect(t).toMatchObject({
      name: 'Кубок города',
      venue: 'Клуб «Ночь»',
      rulesetId: 'fiim',
      archived: false,
    })
    expect(t.scoring).toEqual({ bestMove2: 0.5, bestMove3: 0.7, ciK: 0.5 })
    expect(t.tables.map((x) => x.judge)).toEqual(['Судья А', 'Судья Б'])
    // The ruleset is a copy stored with the tournament.
    expect((a.db.tournaments.getTournament(t.id)?.ruleset as { scoring: { ciK: number } }).scoring.ciK).toBe(
      0.5,
    )

    // CSV import is all or nothing, with a per-line report.
    const bad = await call(a, 'tournaments.importPlayers', {
      tournamentId: t.id,
      csv: `nickname;club\n${NICKS[0]};Ночь\n;Ночь\n`,
    })
    expect(bad.added).toBe(0)
    expect(bad.errors.map((e) => e.line)).toEqual([3])
    expect((await call(a, 'tournaments.get', { tournamentId: t.id })).players).toEqual([])
    const good = await call(a, 'tournaments.importPlayers', {
      tournamentId: t.id,
      csv: `nickname;club\n${NICKS.slice(0, 18)
        .map((n, i) => `${n};${i < 2 ? 'Ночь' : 'День'}`)
        .join('\n')}\n`,
    })
    expect(good).toMatchObject({ added: 18, errors: [] })
    // XLSX goes through the same checks.
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Игроки')
    ws.addRow(['Ник', 'Клуб'])
    ws.addRow([NICKS[18], 'День'])
    ws.addRow([NICKS[19], 'День'])
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64')
    expect(
      await call(a, 'tournaments.importPlayers', { tournamentId: t.id, xlsxBase64: xlsx }),
    ).toMatchObject({
      added: 2,
      errors: [],
    })
    expect(
      (await refusal(a, 'tournaments.importPlayers', { tournamentId: t.id, xlsxBase64: 'bm90IHhsc3g=' }))
        .code,
    ).toBe('app/xlsx_unreadable')

    t = await call(a, 'stages.create', { tournamentId: t.id, kind: 'qualifying', name: 'Отбор', games: 2 })
    const stageId = t.stages[0].id
    expect(t.stages[0].rounds.map((r) => r.number)).toEqual([1, 2])

    const [p1, p2] = t.players
    t = await call(a, 'seating.generate', {
      stageId,
      seed: 7,
      avoidPairs: [[p1.id, p2.id]],
      fixedTable: [{ playerId: p1.id, table: 1 }],
    })
    let stage = t.stages[0]
    for (const round of stage.rounds) {
      expect(round.tables).toHaveLength(2)
      expect(new Set(seatedIds(round)).size).toBe(20)
    }
    expect(stage.figures?.generated).toMatchObject({ players: 20, tables: 2, games: 2 })
    expect(stage.figures?.random).toMatchObject({ players: 20, tables: 2, games: 2 })
    // The constraints hold: the pair never meets, the fixed player always sits at table 1.
    expect(stage.figures?.generated).toMatchObject({ avoidViolations: 0, fixedViolations: 0 })
    for (const round of stage.rounds) {
      const table = round.tables.find((x) => x.seats.some((p) => p?.id === p1.id))!
      expect(table.table).toBe(1)
      expect(table.seats.some((p) => p?.id === p2.id)).toBe(false)
    }

    // The same seed gives the same seating.
    const again = await call(a, 'seating.generate', {
      stageId,
      seed: 7,
      avoidPairs: [[p1.id, p2.id]],
      fixedTable: [{ playerId: p1.id, table: 1 }],
    })
    expect(again.stages[0].rounds.map(seatedIds)).toEqual(stage.rounds.map(seatedIds))

    // The seating as XLSX: a sheet per round and one by player.
    const sheet = await call(a, 'seating.export', { stageId })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(sheet.base64, 'base64') as unknown as ArrayBuffer)
    expect(book.worksheets.length).toBe(3)

    // A manual swap of two players in round 2.
    const r2 = stage.rounds[1]
    const x = r2.tables[0].seats[0]!
    const y = r2.tables[1].seats[4]!
    t = await call(a, 'seating.swap', { roundId: r2.id, a: x.id, b: y.id })
    expect(t.stages[0].rounds[1].tables[0].seats[0]?.id).toBe(y.id)
    expect(t.stages[0].rounds[1].tables[1].seats[4]?.id).toBe(x.id)

    // A judge for one round only: round 2's table 2 gets another judge, round 1 keeps the usual one.
    const r2t2 = t.stages[0].rounds[1].tables.find((x) => x.table === 2)!
    t = await call(a, 'tournaments.setJudge', { tableId: r2t2.tableId, judge: 'Сменный', roundId: r2.id })
    expect(t.stages[0].rounds[1].tables.find((x) => x.table === 2)?.judge).toBe('Сменный')
    expect(t.stages[0].rounds[0].tables.find((x) => x.table === 2)?.judge).toBe('Судья Б')

    // Start round 1: one prepared game per table, with its seating and judge.
    const r1 = t.stages[0].rounds[0]
    t = await call(a, 'rounds.start', { roundId: r1.id })
    stage = t.stages[0]
    expect(stage.rounds[0].started).toBe(true)
    expect(stage.rounds[0].tables.map((tb) => [tb.judge, tb.game?.status])).toEqual([
      ['Судья А', 'setup'],
      ['Судья Б', 'setup'],
    ])
    expect((await refusal(a, 'seating.swap', { roundId: r1.id, a: x.id, b: y.id })).code).toBe(
      'db/round_started',
    )
    expect((await refusal(a, 'rounds.start', { roundId: r1.id })).code).toBe('tournament/round_started')

    // Table 1 is played here (the panel's "new game" takes over the prepared game).
    const prepared1 = stage.rounds[0].tables[0].game!.id
    const g1 = await playAt(a, t, stage.rounds[0], 1)
    expect(g1).toBe(prepared1)
    // A second game on the busy table is refused with a clear message.
    const busy = await refusal(a, 'game.create', {
      rulesetId: 'fiim',
      players: NICKS.slice(0, 10).map((name) => ({ name })),
      tournamentId: t.id,
      roundId: r1.id,
      tableId: stage.rounds[0].tables[0].tableId,
    })
    expect(busy.code).toBe('db/table_busy')
    expect(busy.ru).toMatch(/уже есть игра.*отмените/)

    // Table 2 is played on machine B from the exported prepared game, and comes back as JSON.
    const prepared2 = stage.rounds[0].tables[1].game!.id
    const out = await call(a, 'data.export', { gameId: prepared2 })
    const imported = await call(b, 'data.import', { text: Buffer.from(out.base64, 'base64').toString() })
    const tb = await call(b, 'tournaments.get', { tournamentId: imported.tournamentId! })
    const bRound = tb.stages[0].rounds[0]
    const seatsOnB = bRound.tables.find((x2) => x2.table === 2)
    expect(seatsOnB?.game?.status).toBe('setup')
    const gameOnB = b.db.games.listGames({ tournamentId: tb.id, roundId: bRound.id })[0]
    const players = (gameOnB.setup as { players: Array<{ name: string; playerId: number | null }> }).players
    const envB = await call(b, 'game.create', {
      rulesetId: 'fiim',
      players: players.map((p) => ({ name: p.name, playerId: p.playerId })),
      roles: { ...FULL_GAME_ROLES },
      tournamentId: tb.id,
      roundId: bRound.id,
      tableId: gameOnB.tableId,
    })
    expect(envB.gameId).toBe(gameOnB.id)
    for (const command of FULL_GAME) await call(b, 'game.command', { gameId: envB.gameId, command })
    const back = await call(b, 'data.export', { gameId: envB.gameId })
    expect(
      await call(a, 'data.import', { text: Buffer.from(back.base64, 'base64').toString() }),
    ).toMatchObject({
      games: 1,
    })
    t = await call(a, 'tournaments.get', { tournamentId: t.id })
    expect(t.stages[0].rounds[0].tables.map((x2) => [x2.game?.status, x2.game?.winner])).toEqual([
      ['finished', 'red'],
      ['finished', 'red'],
    ])

    // The round closes with its backup; the standings hold the 20 players.
    const closed = await call(a, 'rounds.finish', { roundId: r1.id })
    expect(closed.backup).toMatch(/end-of-round-1/)
    const standings = await call(a, 'standings.get', { tournamentId: t.id })
    expect(standings.overall).toHaveLength(20)

    // A late withdrawal: round 2 (not started) is seated again without him, the spare seat marked.
    const gone = t.players[5].id
    t = await call(a, 'tournaments.withdraw', { tournamentId: t.id, playerId: gone })
    const round2 = t.stages[0].rounds[1]
    expect(seatedIds(round2)).not.toContain(gone)
    expect(seatedIds(round2).filter((id) => id === 0)).toHaveLength(1)
    expect(t.players.find((p) => p.id === gone)?.withdrawn).toBe(true)
    expect(t.stages[0].figures?.generated.players).toBe(20)
    // His played game stays.
    expect(standings.overall.some((r) => r.playerId === gone)).toBe(true)
    // He comes back: round 2 is full again.
    t = await call(a, 'tournaments.register', { tournamentId: t.id, playerIds: [gone] })
    expect(new Set(seatedIds(t.stages[0].rounds[1])).size).toBe(20)

    // A final of the top 10, seeded from the qualifying standings, started. Two identical games leave twelve
    // players tied on every criterion across the cut: that is refused with their names until a lot is drawn.
    const finalInput = { tournamentId: t.id, kind: 'final', name: 'Финал', games: 1, size: 10 } as const
    const tie = await refusal(a, 'stages.create', finalInput)
    expect(tie.code).toBe('tournament/tie_at_cut')
    expect(tie.ru).toMatch(/На границе отбора равенство: .*делят 3-е место.*проходят 8 из 12.*жребий/)
    t = await call(a, 'stages.create', { ...finalInput, tieAtCut: 'lot' })
    const final = t.stages[1]
    expect(final.players).toBe(10)
    const rows = standings.stages[0].rows
    const above = rows.filter((r) => r.rank !== null && r.rank < 3).map((r) => r.playerId)
    const tiedIds = rows.filter((r) => r.rank === 3).map((r) => r.playerId)
    expect(final.cutLot?.tied.map((p) => p.id)).toEqual(tiedIds)
    expect(final.cutLot?.through).toHaveLength(8)
    t = await call(a, 'seating.generate', { stageId: final.id, seed: 3 })
    // The lot is kept when the final is seated.
    expect(t.stages[1].cutLot?.through).toEqual(final.cutLot?.through)
    const finalRound = t.stages[1].rounds[0]
    const top10 = [...above, ...final.cutLot!.through.map((p) => p.id)]
    expect(new Set(seatedIds(finalRound))).toEqual(new Set(top10))
    t = await call(a, 'rounds.start', { roundId: finalRound.id })
    expect(t.stages[1].rounds[0].tables.map((x2) => x2.game?.status)).toEqual(['setup'])

    expect(pushes.some((p) => p.channel === 'tournament.changed')).toBe(true)
    off()
  })

  it('refuses an uneven seating with the options, and seats with marked spare seats when asked', async () => {
    let t = await call(a, 'tournaments.create', { name: 'Малый', rulesetId: 'fiim', tables: 1 })
    const ids: number[] = []
    for (let i = 0; i < 13; i++) ids.push((await call(a, 'players.add', { nickname: `Малый ${i}` })).id)
    t = await call(a, 'tournaments.register', { tournamentId: t.id, playerIds: ids })
    t = await call(a, 'stages.create', { tournamentId: t.id, kind: 'qualifying', games: 3 })
    const refused = await refusal(a, 'seating.generate', { stageId: t.stages[0].id })
    expect(refused.code).toBe('tournament/players_not_multiple_of_10')
    expect(refused.ru).toMatch(/13 игроков не делятся.*лишняя игра.*запасные места/)
    t = await call(a, 'seating.generate', { stageId: t.stages[0].id, uneven: 'spareSeats', seed: 1 })
    for (const round of t.stages[0].rounds) {
      expect(round.tables).toHaveLength(2)
      expect(seatedIds(round).filter((id) => id === 0)).toHaveLength(7)
    }
    expect(t.stages[0].figures?.generated.spareSeats).toBe(21)
    // The other option: one table, some players sit each round out, the rounds are added as needed.
    t = await call(a, 'seating.generate', { stageId: t.stages[0].id, uneven: 'extraGame', seed: 1 })
    expect(t.stages[0].rounds.length).toBe(4)
    for (const round of t.stages[0].rounds) {
      expect(round.tables).toHaveLength(1)
      expect(new Set(seatedIds(round)).size).toBe(10)
    }
  })

  it('a cancelled game keeps its protocol, counts nowhere and frees its table for a replay', async () => {
    let t = await call(a, 'tournaments.create', { name: 'Отмена', rulesetId: 'fiim', tables: 1 })
    const ids: number[] = []
    for (let i = 0; i < 10; i++) ids.push((await call(a, 'players.add', { nickname: `Отмена ${i}` })).id)
    t = await call(a, 'tournaments.register', { tournamentId: t.id, playerIds: ids })
    t = await call(a, 'stages.create', { tournamentId: t.id, kind: 'qualifying', games: 1 })
    t = await call(a, 'seating.generate', { stageId: t.stages[0].id, seed: 5 })
    t = await call(a, 'rounds.start', { roundId: t.stages[0].rounds[0].id })
    const first = await playAt(a, t, t.stages[0].rounds[0], 1)
    expect((await call(a, 'standings.get', { tournamentId: t.id })).overall).toHaveLength(10)
    expect((await refusal(a, 'games.cancel', { gameId: first, reason: ' ' })).code).toBe(
      'contract/invalid_params',
    )
    const cancelled = await call(a, 'games.cancel', { gameId: first, reason: 'Ошибка рассадки' })
    expect(cancelled.id).toBe(first)
    expect((await call(a, 'standings.get', { tournamentId: t.id })).overall).toHaveLength(0)
    t = await call(a, 'tournaments.get', { tournamentId: t.id })
    const table = t.stages[0].rounds[0].tables[0]
    expect(table.game).toBeNull()
    expect(table.cancelled).toMatchObject([{ id: first, cancelled: true, cancelReason: 'Ошибка рассадки' }])
    expect((await refusal(a, 'game.command', { gameId: first, command: { cmd: 'undo' } })).code).toBe(
      'app/game_cancelled',
    )
    // The replay.
    const replay = await playAt(a, t, t.stages[0].rounds[0], 1)
    expect(replay).not.toBe(first)
    expect((await call(a, 'standings.get', { tournamentId: t.id })).overall).toHaveLength(10)
    const pdf = await call(a, 'export.protocol', { gameId: first, format: 'pdf' })
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString()).toBe('%PDF')
    const html = await call(a, 'export.protocol', { gameId: first, format: 'html' })
    expect(Buffer.from(html.base64, 'base64').toString()).toContain('ИГРА ОТМЕНЕНА: Ошибка рассадки')
  })

  it('edits and archives a tournament; tables follow the count', async () => {
    let t = await call(a, 'tournaments.create', { name: 'Правка', rulesetId: 'fiim', tables: 3 })
    t = await call(a, 'tournaments.update', {
      tournamentId: t.id,
      name: 'Правка 2',
      tables: 2,
      judges: ['X'],
    })
    expect(t.name).toBe('Правка 2')
    expect(t.tables.map((x) => [x.number, x.judge])).toEqual([
      [1, 'X'],
      [2, ''],
    ])
    expect(
      (
        await refusal(a, 'tournaments.update', {
          tournamentId: t.id,
          startsOn: '2026-12-05',
          endsOn: '2026-12-01',
        })
      ).code,
    ).toBe('db/invalid_input')
    t = await call(a, 'tournaments.archive', { tournamentId: t.id, archived: true })
    expect(t.archived).toBe(true)
  })

  it('finishing the last round of a stage stores its Ci per seat (docs/rules.md §16.3), no longer provisional', async () => {
    // The demo stage: three finished rounds (a red killed first loses the blacks' game: Ci) and the open one.
    const demo = a.db.tournaments.listTournaments().find((x) => x.name === DEMO_TOURNAMENT_NAME)!
    const stage = a.db.tournaments.listStages(demo.id)[0]
    const last = a.db.tournaments.listRounds(stage.id).at(-1)!
    const before = liveStandings(a.db, demo.id)
    expect(before.ciProvisional).toBe(true)
    const earned = before.games.filter((g) => g.ci > 0)
    expect(earned.length).toBeGreaterThan(0)
    for (const g of earned) expect(a.db.games.getResults(g.gameId).find((r) => r.seat === g.seat)?.ci).toBe(0)
    // The open demo game was never played: closing the round is confirmed, as an organiser would.
    await call(a, 'rounds.finish', { roundId: last.id, force: true })
    const after = liveStandings(a.db, demo.id)
    expect(after.ciProvisional).toBe(false)
    for (const g of after.games)
      expect(a.db.games.getResults(g.gameId).find((r) => r.seat === g.seat)?.ci).toBe(g.ci)
    expect(after.games.filter((g) => g.ci > 0).length).toBe(earned.length)
  })
})
