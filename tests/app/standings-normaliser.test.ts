// Issue 31 §3: the tournament's normaliser («очки за игру» with a minimum of games) ranks its standings everywhere
// they are shown or exported — standings.get, the overlay's standings payload, the JSON/CSV/XLSX files — from one
// computation. A hand-computed case on the real core and SQLite: 12 players, unequal game counts, minimum 3.
import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import type { Command } from '../../src/shared/game/commands'
import type { StandingsPublicRow } from '../../src/shared/contract'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'
import { tournamentCore } from './tournament-core'
import { playAt } from './tournament-play'
import { NORMALISER_GAMES as GAMES } from '../fixtures/normaliser-games'

const tc = tournamentCore('md-normaliser-', 'Нормировка', 'nm')
const { call } = tc

// FULL_GAME: the reds win; seats 3, 5 and 8 are black (0 points), every other seat scores 1. Ci and the best move
// are switched off in the tournament's system, so a player's points are his wins plus the extra points below.

// By hand. Games: A–F 5, G–J 4, K and L 2. Totals: A 4.2, B 3, C 3.1, D 4, E 2, F 4, G 4.5, H 1, I 4.3, J 4,
// K 2.4, L 0. Per game: G 1.125, I 1.075, J 1, A 0.84, D 0.8 = F 0.8 (no tie-break: a shared 5th place), C 0.62,
// B 0.6, E 0.4, H 0.25. K (2 games) and L (2 games) are below the minimum of 3: apart, K 1.2 above L 0.
const RANKED: Array<[string, number, number, number, number]> = [
  // name, rank, per game, total, games
  ['G', 1, 1.125, 4.5, 4],
  ['I', 2, 1.075, 4.3, 4],
  ['J', 3, 1, 4, 4],
  ['A', 4, 0.84, 4.2, 5],
  ['D', 5, 0.8, 4, 5],
  ['F', 5, 0.8, 4, 5],
  ['C', 7, 0.62, 3.1, 5],
  ['B', 8, 0.6, 3, 5],
  ['E', 9, 0.4, 2, 5],
  ['H', 10, 0.25, 1, 4],
]
const APART: Array<[string, number, number, number]> = [
  ['K', 1.2, 2.4, 2],
  ['L', 0, 0, 2],
]

async function playedTournament(): Promise<number> {
  const copy = await call('scoring.copy', { id: 'fiim', name: `Без Ci ${Math.random()}` })
  await call('scoring.save', {
    system: {
      ...copy.system,
      bestMove: { two: 0, three: 0 },
      ci: { ...copy.system.ci, enabled: false, k: 0 },
      extraPoints: { min: -1, max: 1 },
      tieBreaks: [{ key: 'total', order: 'desc' }],
    },
  })
  const t = await call('tournaments.create', {
    name: `Нормировка ${Math.random()}`,
    rulesetId: 'fiim',
    tables: 1,
    scoringSystemId: copy.system.id,
  })
  for (const g of GAMES) {
    const env = await call('game.create', {
      rulesetId: t.rulesetId,
      players: g.seats.map((name) => ({ name, playerId: null })),
      roles: { ...FULL_GAME_ROLES },
      tournamentId: t.id,
    })
    const extras: Command[] = (g.extra ?? []).map(([seat, points]) => ({
      cmd: 'extraPoints',
      seat,
      points,
      reason: 'тест',
    }))
    for (const command of [...FULL_GAME, ...extras])
      await call('game.command', { gameId: env.gameId, command })
  }
  return t.id
}

const ranked = (rows: StandingsPublicRow[]): unknown[] =>
  rows.filter((r) => r.rank !== null).map((r) => [r.name, r.rank, r.perGame, r.total, r.games])
const apart = (rows: StandingsPublicRow[]): unknown[] =>
  rows.filter((r) => r.rank === null).map((r) => [r.name, r.perGame, r.total, r.games])

describe('the tournament normaliser applies to every view of its standings', () => {
  it('standings.get, the overlay payload and the JSON/CSV/XLSX files agree on the hand-computed table', async () => {
    const id = await playedTournament()
    // Without a normaliser: by the total, nobody apart (G 4.5, I 4.3, A 4.2, …).
    const plain = await call('standings.get', { tournamentId: id })
    expect(plain.normaliser).toEqual({ kind: 'none' })
    expect(plain.overall.slice(0, 3).map((r) => r.name)).toEqual(['G', 'I', 'A'])
    expect(plain.overall.every((r) => r.rank !== null && r.perGame === null)).toBe(true)

    await call('tournaments.setNormaliser', {
      tournamentId: id,
      normaliser: { kind: 'perGame', minGames: 3 },
    })
    const s = await call('standings.get', { tournamentId: id })
    expect(s.normaliser).toEqual({ kind: 'perGame', minGames: 3 })
    expect(ranked(s.overall)).toEqual(RANKED)
    expect(apart(s.overall)).toEqual(APART)
    // The apart rows come last and say why; the ranked rows carry no reason.
    expect(s.overall.slice(-2).map((r) => r.unranked)).toEqual([
      { reason: 'fewerGames', minGames: 3 },
      { reason: 'fewerGames', minGames: 3 },
    ])
    expect(s.overall.slice(0, -2).every((r) => r.unranked === null)).toBe(true)
    // The games have no stage: that table is a qualifying one and follows the normaliser too.
    expect(s.stages).toHaveLength(1)
    expect(ranked(s.stages[0].rows)).toEqual(RANKED)
    expect(apart(s.stages[0].rows)).toEqual(APART)
    // The classification (no later stage: the qualifying order) follows the normaliser; the apart are not placed.
    expect(s.classification?.map((r) => [r.name, r.place])).toEqual(RANKED.map(([n, rank]) => [n, rank]))

    // The overlay's standings graphic: the same rows, the same order, the apart ones with place null.
    const view = await call('overlay.view', {})
    await call('overlay.setSettings', { ...view.settings, standingsTournamentId: id })
    const ov = (await call('overlay.view', {})).standings
    expect(ov?.normaliser).toEqual({ kind: 'perGame', minGames: 3 })
    const ovRows = ov?.rows ?? []
    expect(
      ovRows.filter((r) => r.place !== null).map((r) => [r.name, r.place, r.perGame, r.points, r.games]),
    ).toEqual(RANKED)
    expect(ovRows.filter((r) => r.place === null).map((r) => [r.name, r.perGame, r.points, r.games])).toEqual(
      APART,
    )
    expect(ovRows.slice(-2).every((r) => r.unranked?.minGames === 3)).toBe(true)
    await call('overlay.setSettings', { ...view.settings, standingsTournamentId: null })

    // JSON: the ranked rows with their per-game figure, the apart list, the normaliser.
    const file = async (format: 'json' | 'csv' | 'xlsx', lang: 'ru' | 'en'): Promise<Buffer> =>
      Buffer.from((await call('export.standings', { tournamentId: id, format, lang })).base64, 'base64')
    const json = JSON.parse((await file('json', 'ru')).toString('utf8')) as {
      normaliser: unknown
      rows: Array<{ name: string; rank: number; perGame: number; total: number; games: number }>
      apart: Array<{
        name: string
        rank: null
        perGame: number
        total: number
        games: number
        minGames: number
      }>
    }
    expect(json.normaliser).toEqual({ kind: 'perGame', minGames: 3 })
    expect(json.rows.map((r) => [r.name, r.rank, r.perGame, r.total, r.games])).toEqual(RANKED)
    expect(json.apart.map((r) => [r.name, r.perGame, r.total, r.games])).toEqual(APART)
    expect(json.apart.every((r) => r.rank === null && r.minGames === 3)).toBe(true)

    // CSV (RU and EN): the per-game column after the total; the apart rows last, «вне зачёта» with the reason.
    for (const [lang, perGame, unranked, reason] of [
      ['ru', 'Очки за игру', 'вне зачёта', 'вне зачёта: меньше 3 игр'],
      ['en', 'Points per game', 'unranked', 'unranked: fewer than 3 games'],
    ] as const) {
      const lines = (await file('csv', lang))
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      const head = lines[0].split(',')
      const col = (name: string): number => head.indexOf(name)
      expect(col(perGame)).toBe(3)
      const body = lines.slice(1).map((l) => l.split(','))
      expect(body.map((c) => [c[1], c[0], Number(c[3]), Number(c[2])])).toEqual([
        ...RANKED.map(([n, rank, pg, total]) => [n, String(rank), pg, total]),
        ...APART.map(([n, pg, total]) => [n, unranked, pg, total]),
      ])
      const note = head.length - 1
      expect(body.map((c) => c[note])).toEqual([...RANKED.map(() => ''), reason, reason])
    }

    // The tournament results document (for the season): the same ranked rows and the apart list.
    const results = await call('export.tournamentResults', { tournamentId: id, format: 'json' })
    const doc = JSON.parse(Buffer.from(results.base64, 'base64').toString('utf8')) as typeof json
    const docRows = (doc as unknown as { standings: typeof json.rows }).standings
    expect(docRows.map((r) => [r.name, r.rank, r.perGame, r.total, r.games])).toEqual(RANKED)
    expect(doc.apart.map((r) => [r.name, r.perGame, r.total, r.games])).toEqual(APART)

    // XLSX: the standings sheet has the same column and rows.
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await file('xlsx', 'en')) as unknown as ArrayBuffer)
    const sheet = wb.worksheets[0]
    expect(sheet.getRow(1).getCell(4).value).toBe('Points per game')
    const names: unknown[] = []
    sheet.eachRow((row, n) => {
      if (n > 1) names.push([row.getCell(2).value, row.getCell(1).value, row.getCell(4).value])
    })
    expect(names).toEqual([
      ...RANKED.map(([n, rank, pg]) => [n, rank, pg]),
      ...APART.map(([n, pg]) => [n, 'unranked', pg]),
    ])
  }, 120_000)

  it('the cut into a final takes its places from the qualifying as the normaliser ranks it', async () => {
    // 20 players, one qualifying game each at two tables.
    let t = await tc.tournament(20, 1, 2)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 5 })
    const round = t.stages[0].rounds[0]
    t = await call('rounds.start', { roundId: round.id })
    for (const table of [1, 2]) await playAt(call, t, t.stages[0].rounds[0], table)
    await call('rounds.finish', { roundId: round.id })
    const finalInput = { tournamentId: t.id, kind: 'final', name: 'Финал', games: 1, size: 10 } as const

    // A minimum of 2 games nobody reached: the whole qualifying is apart, nobody has a place to go through on.
    await call('tournaments.setNormaliser', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 2 },
    })
    const refused = await tc.refusal('stages.create', finalInput)
    expect(refused.code).toBe('tournament/not_enough_players')
    expect(refused.ru).toContain('только 0 игроков, а нужно 10. Ещё 20 вне зачёта: у них игр меньше 2.')
    expect(refused.en).toContain('20 more are unranked: fewer than 2 games.')

    // A minimum of 1: everyone is ranked (by points per game, here the total); the cut works on that table.
    await call('tournaments.setNormaliser', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 1 },
    })
    const q = (await call('standings.get', { tournamentId: t.id })).stages[0].rows
    expect(q.every((r) => r.rank !== null && r.perGame === r.total)).toBe(true)
    const decided = await tc.refusal('stages.create', finalInput)
    expect(decided.code).toBe('tournament/tie_at_cut')
  }, 120_000)

  it('a damaged stored normaliser is refused with a translated message, never read as «none»', async () => {
    const id = await playedTournament()
    const t = tc.core().db.tournaments.getTournament(id)!
    tc.core().db.settings.setSetting(`standings.normaliser.${t.uuid}`, { kind: 'perGame', minGames: -4 })
    const refused = await tc.refusal('standings.get', { tournamentId: id })
    expect(refused.code).toBe('standings/normaliser_invalid')
    expect(refused.ru).toContain('нормировка')
    expect(refused.en).toContain('normaliser')
    // The tournament still opens, so the head judge can choose the normaliser again; that mends the standings.
    expect((await call('tournaments.get', { tournamentId: id })).normaliser).toEqual({ kind: 'none' })
    await call('tournaments.setNormaliser', {
      tournamentId: id,
      normaliser: { kind: 'perGame', minGames: 3 },
    })
    expect(ranked((await call('standings.get', { tournamentId: id })).overall)).toEqual(RANKED)
  }, 120_000)
})
