/**
 * The exchange file keeps what a club keeps across a season (issue 31, "nothing lost"), through the contract on two
 * real cores (SQLite in temp folders): a database with two seasons (one by dates, one by a list with weights), three
 * registry pairs, a tournament's normaliser and an accepted and a rejected appeal with their steps → `data.export
 * {all}` → `data.import` into a fresh database gives the same season tables, pairs, normaliser, appeals, and the
 * amended game's protocol still prints «Исправлен по апелляции №1». Importing twice changes nothing; a tampered file
 * is refused whole with nothing written; a merge matches appeals by (tournament uuid, number) and refuses a
 * different appeal under a number already taken.
 */
import { describe, expect, it } from 'vitest'
import type { Appeal } from '../../src/shared/appeals'
import type { SeasonDef, SeasonTable } from '../../src/shared/season-series'
import type { TournamentDetail } from '../../src/shared/tournament-ops'
import { tournamentNormaliser } from '../../src/main/app/organiser/scoring-systems'
import type { MafiaDb } from '../../src/main/db'
import { playAt } from './tournament-play'
import { tournamentCore, type TournamentCore } from './tournament-core'

const src = tournamentCore('md-exchange-src-', 'Сезонный', 'Ж')
const dst = tournamentCore('md-exchange-dst-', 'Чужой', 'Ч')
const fresh = tournamentCore('md-exchange-fresh-', 'Пустой', 'П')
const other = tournamentCore('md-exchange-other-', 'Другой', 'Д')

const TABLES = [
  'games',
  'game_events',
  'players',
  'tournaments',
  'seasons',
  'pair_policies',
  'appeals',
  'appeal_events',
  'settings',
]

/** Row counts of the tables an import writes. */
function counts(db: MafiaDb): Record<string, number> {
  const raw = db.connection
  return Object.fromEntries(
    TABLES.map((t) => [t, (raw.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]),
  )
}

const fileText = (file: { base64: string }): string => Buffer.from(file.base64, 'base64').toString('utf8')

/** A tournament of 10 at one table, two rounds planned, round 1 played (FULL_GAME) and closed. */
async function played(h: TournamentCore, startsOn: string): Promise<{ t: TournamentDetail; gameId: number }> {
  let t = await h.tournament(10, 2)
  await h.call('tournaments.update', { tournamentId: t.id, startsOn })
  t = await h.call('seating.generate', { stageId: t.stages[0].id, seed: 3 })
  const round = t.stages[0].rounds[0]
  t = await h.call('rounds.start', { roundId: round.id })
  const gameId = await playAt(h.call, t, t.stages[0].rounds[0], 1)
  await h.call('rounds.finish', { roundId: round.id })
  return { t: await h.call('tournaments.get', { tournamentId: t.id }), gameId }
}

/** A season table with every local id replaced by names: what must be the same on both machines. */
async function seasonByName(h: TournamentCore, name: string): Promise<unknown> {
  const seasons: SeasonDef[] = await h.call('season.list', {})
  const season = seasons.find((s) => s.name === name)!
  const table: SeasonTable = await h.call('season.table', { seasonId: season.id })
  const tName = new Map(table.tournaments.map((t) => [t.id, t.name]))
  return {
    config: {
      ...season,
      id: undefined,
      weights: undefined,
      tournamentIds: season.tournamentIds.map((id) => tName.get(id)),
    },
    weights: Object.entries(season.weights).map(([id, w]) => [tName.get(Number(id)), w]),
    tournaments: table.tournaments.map((t) => ({ ...t, id: undefined })),
    rows: table.rows.map((r) => ({
      ...r,
      playerId: undefined,
      results: r.results.map((x) => ({ ...x, tournamentId: tName.get(x.tournamentId) })),
    })),
    ratedGames: table.ratedGames,
  }
}

const appealsOf = async (h: TournamentCore, tournamentId: number): Promise<unknown[]> =>
  ((await h.call('appeals.list', { tournamentId })) as Appeal[]).map((a) => ({
    ...a,
    id: undefined,
    tournamentId: undefined,
    gameId: undefined,
    filer: { role: a.filer.role, name: a.filer.name },
  }))

const pairsOf = async (h: TournamentCore): Promise<string[]> =>
  ((await h.call('players.pairs', {})) as Array<{ aName: string; bName: string; reason: string }>)
    .map((p) => [p.aName, p.bName].sort().join(' + ') + ` (${p.reason})`)
    .sort()

const localTournament = (h: TournamentCore, uuid: string): number =>
  h
    .core()
    .db.tournaments.listTournaments()
    .find((t) => t.uuid === uuid)!.id

describe('the whole database in one exchange file', () => {
  let one: { t: TournamentDetail; gameId: number }
  let two: { t: TournamentDetail; gameId: number }
  let text = ''

  it('round trip: seasons, pairs, the normaliser and the appeals come back the same; the protocol keeps its mark', async () => {
    one = await played(src, '2026-02-01')
    two = await played(src, '2026-03-01')
    // Appeal №1 accepted (an amendment in the closed round's game), №2 rejected; both with their steps.
    const seat = (await src.call('tournaments.get', { tournamentId: one.t.id })).stages[0].rounds[0].tables[0]
      .seats as Array<{ id: number } | null>
    const first: Appeal = await src.call('appeals.file', {
      gameId: one.gameId,
      filer: { role: 'player', playerId: seat[0]!.id },
      text: 'Мой голос не засчитан.',
      by: 'Главный судья',
    })
    await src.call('appeals.accept', {
      id: first.id,
      answer: 'Засчитан: доп. баллы',
      by: 'Иванов (ГС)',
      amendment: { extraPoints: [{ seat: 1, points: 0.4 }] },
    })
    const second: Appeal = await src.call('appeals.file', {
      gameId: one.gameId,
      filer: { role: 'captain', name: 'Капитан команды' },
      text: 'Фол выдан неверно.',
      by: 'Главный судья',
    })
    await src.call('appeals.reject', { id: second.id, answer: 'Фол выдан верно.', by: 'Иванов (ГС)' })
    // The second tournament's №1 answered by a replay: its game cancelled (with the appeal's number), the table's
    // replay prepared.
    const third: Appeal = await src.call('appeals.file', {
      gameId: two.gameId,
      filer: { role: 'captain', name: 'Капитан' },
      text: 'Игра сорвана.',
      by: 'Главный судья',
    })
    await src.call('appeals.replay', { id: third.id, answer: 'Переиграть.', by: 'Иванов (ГС)' })
    await src.call('tournaments.setNormaliser', {
      tournamentId: one.t.id,
      normaliser: { kind: 'perGame', minGames: 1 },
    })
    await src.call('season.save', { name: 'Зима', from: '2026-01-01', to: '2026-03-31' })
    await src.call('season.save', {
      name: 'Кубки',
      tournamentIds: [two.t.id, one.t.id],
      weights: { [String(one.t.id)]: 2, [String(two.t.id)]: 0.5 },
      points: { kind: 'formula' },
    })
    const players = src.core().db.players.listPlayers()
    const nick = (n: string): number => players.find((p) => p.nickname === n)!.id
    await src.call('players.savePair', { a: nick('Ж1-1'), b: nick('Ж1-2'), reason: 'супруги' })
    await src.call('players.savePair', { a: nick('Ж2-3'), b: nick('Ж1-4'), reason: 'один клуб' })
    await src.call('players.savePair', { a: nick('Ж2-5'), b: nick('Ж2-6') })

    // A custom scoring system (a copy with its own best-move values) travels with the club's data.
    const copy = await src.call('scoring.copy', { id: 'fiim', name: 'Клубная' })
    await src.call('scoring.save', {
      system: { ...copy.system, bestMove: { two: 0.25, three: 0.45 } },
    })
    text = fileText(await src.call('data.export', { all: true }))
    const report = await dst.call('data.import', { text })
    expect(report).toMatchObject({ appeals: 3, seasons: 2, pairs: 3, scoringSystems: 1 })
    const custom = async (h: TournamentCore): Promise<unknown> =>
      (await h.call('scoring.list', {})).filter((e) => !e.shipped)
    expect(await custom(dst)).toEqual(await custom(src))

    for (const season of ['Зима', 'Кубки']) {
      const there = (await seasonByName(src, season)) as { rows: Array<{ total: number }> }
      expect(there.rows.filter((r) => r.total > 0).length).toBeGreaterThan(0)
      expect(await seasonByName(dst, season)).toEqual(there)
    }
    // The list's tournaments (by uuid in the file) came back with their weights, in the table's date order.
    expect((await seasonByName(dst, 'Кубки')) as { tournaments: unknown[] }).toMatchObject({
      tournaments: [
        { name: one.t.name, weight: 2 },
        { name: two.t.name, weight: 0.5 },
      ],
    })
    expect(await pairsOf(dst)).toEqual(await pairsOf(src))
    expect(await pairsOf(dst)).toHaveLength(3)
    const oneHere = localTournament(dst, one.t.uuid)
    expect(tournamentNormaliser(dst.core().db, oneHere)).toEqual({ kind: 'perGame', minGames: 1 })
    expect(tournamentNormaliser(dst.core().db, localTournament(dst, two.t.uuid))).toEqual({ kind: 'none' })
    const appeals = await appealsOf(dst, oneHere)
    expect(appeals).toEqual(await appealsOf(src, one.t.id))
    expect(appeals.map((a) => (a as Appeal).status)).toEqual(['rejected', 'accepted'])
    const amended = ((await dst.call('appeals.list', { tournamentId: oneHere })) as Appeal[]).find(
      (a) => a.number === 1,
    )!
    // The replayed game stays cancelled, with its reason: it counts nowhere, here as there.
    const twoHere = localTournament(dst, two.t.uuid)
    expect(await appealsOf(dst, twoHere)).toEqual(await appealsOf(src, two.t.id))
    const cancelled = dst
      .core()
      .db.games.getGame(((await dst.call('appeals.list', { tournamentId: twoHere })) as Appeal[])[0].gameId)!
    expect(cancelled.cancelReason).toContain('Апелляция №1')
    expect(
      (await dst.call('standings.get', { tournamentId: twoHere })).overall.map((r) => [
        r.name,
        r.games,
        r.total,
      ]),
    ).toEqual(
      (await src.call('standings.get', { tournamentId: two.t.id })).overall.map((r) => [
        r.name,
        r.games,
        r.total,
      ]),
    )
    const html = await dst.call('export.protocol', { gameId: amended.gameId, format: 'html' })
    expect(fileText(html)).toContain('Исправлен по апелляции №1')
    expect(
      (await dst.call('standings.get', { tournamentId: oneHere })).overall.map((r) => [
        r.name,
        r.games,
        r.total,
      ]),
    ).toEqual(
      (await src.call('standings.get', { tournamentId: one.t.id })).overall.map((r) => [
        r.name,
        r.games,
        r.total,
      ]),
    )
  })

  it('importing the same file again changes nothing (the games are already here: refused, no row added)', async () => {
    const before = counts(dst.core().db)
    const again = await dst.refusal('data.import', { text })
    expect(again.code).toBe('db/import_duplicate')
    expect(counts(dst.core().db)).toEqual(before)
    // The club's part alone (seasons and pairs, tournaments named by uuid, already here) twice: nothing doubled.
    const doc = JSON.parse(text) as Record<string, unknown>
    const clubOnly = JSON.stringify({ ...doc, tournaments: [], games: [] })
    for (let i = 0; i < 2; i++) {
      expect(await dst.call('data.import', { text: clubOnly })).toMatchObject({
        appeals: 0,
        seasons: 0,
        pairs: 0,
        scoringSystems: 0,
      })
      expect(counts(dst.core().db)).toEqual(before)
    }
    // The same name or pair with something else in it is another fact: refused, never overwritten.
    const changed: Array<(d: Doc) => void> = [
      (d) => (d.seasons[0].points = { kind: 'formula' }),
      (d) => (d.pairs[0].reason = 'другая причина'),
    ]
    for (const change of changed) {
      const d = parse(clubOnly)
      change(d)
      const r = await dst.refusal('data.import', { text: JSON.stringify(d) })
      expect(r.code).toBe('db/import_conflict')
      expect(counts(dst.core().db)).toEqual(before)
    }
  })

  it('a tampered file is refused whole, nothing written', async () => {
    const cases: Array<[string, (d: Doc) => void, string]> = [
      [
        'an appeal on a game not in the file',
        (d) => (appealed(d)[0].game = 'no-such-game'),
        'appeals.0.game',
      ],
      [
        'a season with a bad points table',
        (d) => (d.seasons[0].points = { kind: 'table', points: [-5] }),
        'seasons.0.points',
      ],
      ['an accepted appeal naming no amendment', (d) => (appealed(d)[1].amendSeq = 1), 'amendSeq'],
      [
        'an appeal by a player who did not play the game',
        (d) => {
          const a = appealed(d)[0]
          const seated = new Set(
            d.games.find((g) => g.uuid === appealed(d)[0].game)!.setup.players.map((p) => p.playerId),
          )
          a.filer = { ...a.filer, role: 'player', playerId: d.players.find((p) => !seated.has(p.id))!.id }
        },
        'did not play',
      ],
      ['a pair with an unknown player', (d) => (d.pairs[0].b = 999_999), 'pairs.0.b'],
    ]
    for (const [what, tamper, where] of cases) {
      const doc = parse(text)
      tamper(doc)
      const before = counts(fresh.core().db)
      const r = await fresh.refusal('data.import', { text: JSON.stringify(doc) })
      expect(r.code, what).toBe('db/import_malformed')
      expect(r.en, what).toContain(where)
      expect(r.ru.length, what).toBeGreaterThan(0)
      expect(counts(fresh.core().db), what).toEqual(before)
    }
    // An amended game without its appeal in the file: the amendment's number would name nothing here.
    const orphan = parse(text)
    const t = orphan.tournaments.find((x) => x.appeals !== undefined)!
    t.appeals = t.appeals!.filter((a) => a.number !== 1)
    const before0 = counts(fresh.core().db)
    const o = await fresh.refusal('data.import', { text: JSON.stringify(orphan) })
    expect(o.code).toBe('db/import_malformed')
    expect(o.ru).toContain('по апелляции №1')
    expect(counts(fresh.core().db)).toEqual(before0)
    // A season naming a tournament that is neither in the file nor here: refused after the games were written in
    // the same transaction, which rolls back whole.
    const doc = parse(text)
    doc.seasons[1].tournaments.push('no-such-tournament')
    const before = counts(fresh.core().db)
    const r = await fresh.refusal('data.import', { text: JSON.stringify(doc) })
    expect(r.code).toBe('db/import_malformed')
    expect(r.en).toContain('no-such-tournament')
    expect(counts(fresh.core().db)).toEqual(before)
  })

  it('a merge matches appeals by tournament and number; a different appeal under a taken number is refused', async () => {
    // Round 2 of the first tournament played at the source, with appeal №3 on it.
    let t = await src.call('tournaments.get', { tournamentId: one.t.id })
    const round = t.stages[0].rounds[1]
    t = await src.call('rounds.start', { roundId: round.id })
    const gameId = await playAt(src.call, t, t.stages[0].rounds[1], 1)
    await src.call('appeals.file', {
      gameId,
      filer: { role: 'captain', name: 'Капитан' },
      text: 'Просим пересмотреть голосование.',
      by: 'Главный судья',
    })
    const roundFile = fileText(await src.call('data.export', { roundId: round.id }))
    // The target files its own №3 (on a game of round 1) first: the file's №3 is another appeal.
    const oneHere = localTournament(dst, one.t.uuid)
    const localGame = ((await dst.call('appeals.list', { tournamentId: oneHere })) as Appeal[])[0].gameId
    await dst.call('appeals.file', {
      gameId: localGame,
      filer: { role: 'captain', name: 'Другой капитан' },
      text: 'Другая апелляция.',
      by: 'ГС',
    })
    const before = counts(dst.core().db)
    const refused = await dst.refusal('data.import', { text: roundFile })
    expect(refused.code).toBe('db/import_conflict')
    expect(refused.ru).toContain('апелляция №3')
    expect(counts(dst.core().db)).toEqual(before)
    // Where the tournament has no other №3, the same round file merges: №3 joins №1 and №2, matched by number.
    expect(await fresh.call('data.import', { text })).toMatchObject({ appeals: 3 })
    expect(await fresh.call('data.import', { text: roundFile })).toMatchObject({ games: 1, appeals: 1 })
    expect(await appealsOf(fresh, localTournament(fresh, one.t.uuid))).toEqual(await appealsOf(src, one.t.id))
  })
})

describe('a season names only tournaments of its database', () => {
  it('a weight for a tournament that is not here is refused at save (it could not be named by uuid in the file)', async () => {
    const r = await src.refusal('season.save', { name: 'Лишний вес', weights: { '987654': 2 } })
    expect(r.code).toBe('db/not_found')
    expect(r.en).toContain('987654')
  })
})

describe('a whole-database import into a database that already has one of its tournaments', () => {
  it('fills a tournament handed over earlier as its structure: its games and standings arrive', async () => {
    // A tournament handed over as its structure (no games yet): the other machine reads its empty standings.
    const t = await src.tournament(10, 1)
    await other.call('data.import', {
      text: fileText(await src.call('data.export', { tournamentId: t.id })),
    })
    const here = localTournament(other, t.uuid)
    expect(
      (await other.call('standings.get', { tournamentId: here })).overall.every((r) => r.games === 0),
    ).toBe(true)
    // Its game is played at the source; the whole database comes over.
    const seated = await src.call('seating.generate', { stageId: t.stages[0].id, seed: 9 })
    const started = await src.call('rounds.start', { roundId: seated.stages[0].rounds[0].id })
    await playAt(src.call, started, started.stages[0].rounds[0], 1)
    await src.call('tournaments.setNormaliser', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 1 },
    })
    const report = await other.call('data.import', {
      text: fileText(await src.call('data.export', { all: true })),
    })
    expect(report.tournamentIds).toContain(here)
    const rows = (await other.call('standings.get', { tournamentId: here })).overall
    expect(rows.filter((r) => r.games === 1)).toHaveLength(10)
    // It had no normaliser here: it takes the file's. One chosen here stays (the database's own choice wins).
    expect(tournamentNormaliser(other.core().db, here)).toEqual({ kind: 'perGame', minGames: 1 })
    await other.call('tournaments.setNormaliser', { tournamentId: here, normaliser: { kind: 'none' } })
    await src.call('tournaments.setNormaliser', {
      tournamentId: t.id,
      normaliser: { kind: 'perGame', minGames: 3 },
    })
    const structure = JSON.parse(fileText(await src.call('data.export', { tournamentId: t.id }))) as Record<
      string,
      unknown
    >
    await other.call('data.import', { text: JSON.stringify({ ...structure, games: [] }) })
    expect(tournamentNormaliser(other.core().db, here)).toEqual({ kind: 'none' })
  })
})

interface Filer {
  role: string
  playerId: number | null
  name: string
}
interface Doc {
  players: Array<{ id: number }>
  games: Array<{ uuid: string; setup: { players: Array<{ playerId: number | null }> } }>
  tournaments: Array<{
    appeals?: Array<{ number: number; game: string; amendSeq: number | null; filer: Filer }>
  }>
  seasons: Array<{ points: unknown; tournaments: string[] }>
  pairs: Array<{ a: number; b: number; reason: string }>
}
const parse = (text: string): Doc => JSON.parse(text) as Doc
/** The appeals of the file's tournament that has them (the first tournament). */
const appealed = (d: Doc): Array<{ number: number; game: string; amendSeq: number | null; filer: Filer }> =>
  d.tournaments.find((t) => t.appeals !== undefined)!.appeals!
