/**
 * Seasons, result exports and the registry's pairs through the contract on the real core (SQLite in temp folders):
 * - the season table from three played tournaments, each player's series points checked against the place the
 *   tournament's own final classification gives him (standings.get), with a weight and the formula;
 * - the season's and a tournament's results JSON validated by their zod schemas, their CSV parsed back; the
 *   standings CSV carries the final classification;
 * - a pair kept apart in the registry is honoured by seating.generate in a new tournament (nothing re-entered);
 * - games backfilled from exchange files change the ratings, whatever the order of the imports.
 */
import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../src/main/db/csv'
import { playAt } from './tournament-play'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'
import { tournamentCore } from './tournament-core'
import { seasonResultsSchema, tournamentResultsSchema } from '../../src/main/export/results'
import type { SeasonTable } from '../../src/shared/season-series'
import type { TournamentDetail } from '../../src/shared/tournament-ops'

const { call, refusal, tournament } = tournamentCore('md-season-series-', 'Серия', 'С')

const text = (file: { base64: string }): string => Buffer.from(file.base64, 'base64').toString('utf8')
/** The app's RFC 4180 reader (the players' CSV import): the separator found from the header, the BOM dropped. */
const parse = (csv: string, separator: ';' | ','): string[][] => {
  const out = parseCsv(csv)
  expect(out.error).toBeNull()
  expect(out.separator).toBe(separator)
  return out.records.map((r) => r.fields)
}

/** A tournament of 20 players played for one round at two tables (FULL_GAME), with a date. */
async function played(startsOn: string): Promise<TournamentDetail> {
  let t = await tournament(20, 1, 2)
  await call('tournaments.update', { tournamentId: t.id, startsOn })
  t = await call('seating.generate', { stageId: t.stages[0].id, seed: 7 })
  const round = t.stages[0].rounds[0]
  t = await call('rounds.start', { roundId: round.id })
  for (const table of [1, 2]) await playAt(call, t, t.stages[0].rounds[0], table)
  await call('rounds.finish', { roundId: round.id })
  return call('tournaments.get', { tournamentId: t.id })
}

describe('the season table', () => {
  let table: SeasonTable
  const ids: number[] = []

  it('takes each tournament’s final places, the points per place and the weights', async () => {
    for (const day of ['2026-03-01', '2026-04-01', '2026-05-01']) ids.push((await played(day)).id)
    // A range that holds the three tournaments (and not the demo tournament, which starts today).
    const season = await call('season.save', {
      name: 'Весна 2026',
      from: '2026-03-01',
      to: '2026-05-31',
      points: { kind: 'table', points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1] },
      weights: { [String(ids[2])]: 2 },
    })
    expect(season).toMatchObject({ name: 'Весна 2026', friendlies: true, tournamentIds: [] })
    table = await call('season.table', { seasonId: season.id })
    expect(table.tournaments.map((t) => t.id)).toEqual(ids)
    expect(table.tournaments.map((t) => t.weight)).toEqual([1, 1, 2])
    const expected = new Map<number, number>()
    for (const [i, id] of ids.entries()) {
      const s = await call('standings.get', { tournamentId: id })
      for (const c of s.classification!) {
        const pts = ([25, 18, 15, 12, 10, 8, 6, 4, 2, 1][c.place - 1] ?? 0) * (i === 2 ? 2 : 1)
        expected.set(c.playerId!, (expected.get(c.playerId!) ?? 0) + pts)
      }
    }
    const inTable = table.rows.filter((r) => r.tournaments > 0)
    expect(new Map(inTable.map((r) => [r.playerId, r.total]))).toEqual(expected)
    // Ordered by the total; the rating over the season's six games is a column.
    const totals = table.rows.map((r) => r.total)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    expect(table.ratedGames).toBe(6)
    expect(inTable.every((r) => r.rating !== null && r.ratedGames === 1)).toBe(true)

    // The formula and an explicit list of two tournaments.
    const two = await call('season.save', {
      seasonId: season.id,
      name: 'Весна 2026',
      tournamentIds: [ids[0], ids[1]],
      points: { kind: 'formula' },
    })
    const t2 = await call('season.table', { seasonId: two.id })
    expect(t2.tournaments.map((t) => t.id)).toEqual([ids[0], ids[1]])
    const s0 = await call('standings.get', { tournamentId: ids[0] })
    const first = s0.classification![0]
    const mine = t2.rows.find((r) => r.playerId === first.playerId)!
    expect(mine.results[0]).toEqual({
      tournamentId: ids[0],
      place: first.place,
      points: 20 - first.place + 1,
    })
    // Back to the range for the exports below.
    await call('season.save', {
      seasonId: season.id,
      name: 'Весна 2026',
      tournamentIds: [],
      points: { kind: 'table', points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1] },
    })
  })

  it('refuses a range that ends before it starts, and an unknown season, in the judge’s language', async () => {
    const bad = await refusal('season.save', { name: 'X', from: '2026-05-01', to: '2026-04-01' })
    expect(bad.code).toBe('db/invalid_input')
    expect(bad.ru).toContain('Сезон не сохранён')
    expect(bad.ru).toContain('сезон кончается (2026-04-01) раньше, чем начинается (2026-05-01)')
    expect(bad.en).toContain('the season ends (2026-04-01) before it starts (2026-05-01)')
    const none = await refusal('season.table', { seasonId: 999 })
    expect(none).toMatchObject({ code: 'season/not_found' })
    expect(none.ru).toContain('Сезон №999 не найден')
    const gone = await refusal('season.save', { name: 'X', tournamentIds: [9999] })
    expect(gone.code).toBe('db/not_found')
  })

  it('exports the season as JSON (valid by its schema) and as CSV that parses back to the table', async () => {
    const seasonId = table.season.id
    const json = JSON.parse(text(await call('export.seasonResults', { seasonId, format: 'json' })))
    const doc = seasonResultsSchema.parse(json)
    expect(doc).toMatchObject({ format: 'mafia-desk/season-results', version: 1 })
    expect(doc.rows).toEqual(table.rows)
    const file = await call('export.seasonResults', { seasonId, format: 'csv' })
    const raw = Buffer.from(file.base64, 'base64')
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(raw.toString('utf8'), ';')
    expect(rows[0].slice(0, 4)).toEqual(['Место', 'Игрок', 'ID игрока', 'Очки серии'])
    expect(rows).toHaveLength(table.rows.length + 1)
    const num = (s: string): number => Number(s.replace(',', '.'))
    rows.slice(1).forEach((r, i) => {
      expect(r[1]).toBe(table.rows[i].nickname)
      expect(num(r[3])).toBe(table.rows[i].total)
      expect(r[7] === '' ? null : num(r[7])).toBe(table.rows[i].rating)
    })
    const en = parse(text(await call('export.seasonResults', { seasonId, format: 'csv', lang: 'en' })), ',')
    expect(en[0].slice(0, 4)).toEqual(['Rank', 'Player', 'Player ID', 'Series points'])
  })

  it('exports a tournament’s results (JSON by its schema, CSV in the final classification’s order)', async () => {
    const tournamentId = ids[0]
    const s = await call('standings.get', { tournamentId })
    const doc = tournamentResultsSchema.parse(
      JSON.parse(text(await call('export.tournamentResults', { tournamentId, format: 'json' }))),
    )
    expect(doc).toMatchObject({ format: 'mafia-desk/tournament-results', version: 1 })
    expect(doc.classification.map((c) => c.playerId)).toEqual(s.classification!.map((c) => c.playerId))
    expect(doc.games).toHaveLength(20)
    expect(doc.awards).toBeUndefined()
    const rows = parse(text(await call('export.tournamentResults', { tournamentId, format: 'csv' })), ';')
    expect(rows[0].slice(0, 4)).toEqual(['Итоговое место', 'Игрок', 'ID игрока', 'Место определил этап'])
    expect(rows.slice(1).map((r) => Number(r[2]))).toEqual(s.classification!.map((c) => c.playerId))
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(s.classification!.map((c) => c.place))
  })

  it('the standings CSV carries the final classification once a final places players', async () => {
    let t = await call('stages.create', {
      tournamentId: ids[0],
      kind: 'final',
      games: 1,
      size: 10,
      tieAtCut: 'lot',
    })
    const final = t.stages.find((s) => s.kind === 'final')!
    t = await call('seating.generate', { stageId: final.id, seed: 3 })
    const round = t.stages.find((s) => s.kind === 'final')!.rounds[0]
    t = await call('rounds.start', { roundId: round.id })
    await playAt(call, t, t.stages.find((s) => s.kind === 'final')!.rounds[0], 1)
    const s = await call('standings.get', { tournamentId: ids[0] })
    expect(s.classification!.filter((c) => c.group === 'final')).toHaveLength(10)
    const rows = parse(text(await call('export.standings', { tournamentId: ids[0], format: 'csv' })), ',')
    const head = rows[0]
    const place = head.indexOf('Итоговое место')
    const group = head.indexOf('Место определил этап')
    expect(place).toBeGreaterThan(0)
    const byName = new Map(rows.slice(1).map((r) => [r[head.indexOf('Игрок')], r]))
    for (const c of s.classification!) {
      expect(Number(byName.get(c.name)![place]), c.name).toBe(c.place)
      expect(byName.get(c.name)![group]).toBe(c.group === 'final' ? 'Финал' : 'Отборочный этап')
    }
  })
})

describe('pairs kept apart in the registry', () => {
  it('every new tournament’s seating keeps them apart, with the stage’s own pairs added', async () => {
    let t = await tournament(20, 4, 2)
    const players = (await call('tournaments.get', { tournamentId: t.id })).stages[0].playerIds
    const [a, b, c, d, e, f, g, h] = players
    for (const [x, y] of [
      [a, b],
      [c, d],
      [e, f],
    ])
      await call('players.savePair', { a: y, b: x, reason: 'семья' })
    const pairs = await call('players.pairs', {})
    expect(pairs.map((p) => [p.a, p.b])).toEqual(
      [
        [a, b],
        [c, d],
        [e, f],
      ].map(([x, y]) => [Math.min(x, y), Math.max(x, y)]),
    )
    expect(pairs[0].reason).toBe('семья')
    // The stage adds a pair of its own; the registry's are not re-entered.
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 5, avoidPairs: [[g, h]] })
    const rounds = t.stages[0].rounds
    expect(rounds).toHaveLength(4)
    for (const r of rounds)
      for (const [x, y] of [
        [a, b],
        [c, d],
        [e, f],
        [g, h],
      ]) {
        const tableOf = (id: number): number =>
          r.tables.find((tb) => tb.seats.some((p) => p?.id === id))!.table
        expect(tableOf(x), `round ${r.number}: ${x} and ${y}`).not.toBe(tableOf(y))
      }
    expect(t.stages[0].figures!.generated.avoidViolations).toBe(0)
    // A pair of one player, and an unknown player: refused.
    expect((await refusal('players.savePair', { a, b: a })).code).toBe('contract/invalid_params')
    expect((await refusal('players.savePair', { a, b: 999_999 })).code).toBe('db/not_found')
    await call('players.deletePair', { a: b, b: a })
    expect((await call('players.pairs', {})).map((p) => p.a)).not.toContain(Math.min(a, b))
  })

  it('a withdrawn player is never offered by the stage’s pickers, and his registry pair binds nobody', async () => {
    let t = await tournament(21, 1, 2)
    const [gone, other] = t.stages[0].playerIds
    await call('players.savePair', { a: gone, b: other })
    t = await call('tournaments.withdraw', { tournamentId: t.id, playerId: gone })
    expect(t.stages[0].playerIds).not.toContain(gone)
    expect(t.stages[0].playerIds).toHaveLength(20)
    t = await call('seating.generate', { stageId: t.stages[0].id, seed: 2 })
    const seated = t.stages[0].rounds[0].tables.flatMap((tb) => tb.seats.map((p) => p?.id))
    expect(seated).not.toContain(gone)
  })
})

describe('pairs and a merge of registry entries', () => {
  it('the dropped entry’s pairs move to the kept one; a pair of the two merged entries is dropped', async () => {
    const add = async (nickname: string): Promise<number> => (await call('players.add', { nickname })).id
    const [keep, drop, x, y] = [
      await add('Слияние-1'),
      await add('Слияние-2'),
      await add('Пара-X'),
      await add('Пара-Y'),
    ]
    await call('players.savePair', { a: drop, b: x, reason: 'брат' })
    await call('players.savePair', { a: keep, b: drop })
    await call('players.savePair', { a: keep, b: y })
    await call('players.merge', { keepId: keep, dropId: drop })
    const mine = (await call('players.pairs', {})).filter(
      (p) => [keep, drop].includes(p.a) || [keep, drop].includes(p.b),
    )
    expect(mine.map((p) => [p.a, p.b, p.reason])).toEqual([
      [Math.min(keep, x), Math.max(keep, x), 'брат'],
      [Math.min(keep, y), Math.max(keep, y), ''],
    ])
  })
})

// Backfill: the games of two tournaments, exported from this database, imported into two fresh ones in both orders.
const second = tournamentCore('md-season-backfill-a-', 'Приём', 'П')
const third = tournamentCore('md-season-backfill-b-', 'Приём', 'П')

/** Moves every time of an exchange file's games by `delta` ms (log entries, commands, running timers). */
function shifted(file: string, delta: number): string {
  const move = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(move)
    if (v === null || typeof v !== 'object') return v
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        typeof x === 'number' && ['at', 'runningSince', 'createdAt', 'updatedAt'].includes(k)
          ? x + delta
          : move(x),
      ]),
    )
  }
  const doc = JSON.parse(file) as { games: unknown[] }
  return JSON.stringify({ ...doc, games: move(doc.games) })
}

const firstAt = (file: string): number =>
  Math.min(
    ...(JSON.parse(file) as { games: Array<{ log: Array<{ at: number }> }> }).games.map((g) => g.log[0].at),
  )

describe('backfill from exchange files', () => {
  it('imported games change the ratings, and games played at the same time rate alike in any import order', async () => {
    // Three friendly games of the same ten players, seated differently (so their teams differ), each exported alone.
    const ids: number[] = []
    for (let i = 1; i <= 10; i++) ids.push((await call('players.add', { nickname: `С0-${i}` })).id)
    const files: string[] = []
    for (const turn of [0, 3, 7]) {
      const seats = ids.map((_, i) => ids[(i + turn) % 10])
      const env = await call('game.create', {
        rulesetId: 'fiim',
        players: seats.map((id, i) => ({ name: `С0-${((i + turn) % 10) + 1}`, playerId: id })),
        roles: { ...FULL_GAME_ROLES },
      })
      for (const command of FULL_GAME) await call('game.command', { gameId: env.gameId, command })
      files.push(text(await call('data.export', { gameId: env.gameId })))
    }
    // All three moved onto the first one's start: played "at the same time", ordered by their uuids alone.
    for (const i of [1, 2]) files[i] = shifted(files[i], firstAt(files[0]) - firstAt(files[i]))
    const before = await second.call('season.ratings', {})
    for (const f of files) await second.call('data.import', { text: f })
    for (const f of [...files].reverse()) await third.call('data.import', { text: f })
    const afterB = await second.call('season.ratings', {})
    const afterC = await third.call('season.ratings', {})
    expect(afterB.rated).toBe(before.rated + 3)
    expect(afterC.rated).toBe(afterB.rated)
    const imported = (r: typeof afterB): Array<[string, number, number, number]> =>
      r.rows
        .filter((x) => /^С0-\d+$/.test(x.nickname))
        .map((x) => [x.nickname, x.games, x.wins, x.rating] as [string, number, number, number])
        .sort((p, q) => p[0].localeCompare(q[0]))
    expect(imported(afterB)).toHaveLength(10)
    expect(imported(afterB).every(([, games]) => games === 3)).toBe(true)
    expect(imported(afterC)).toEqual(imported(afterB))
    // Each player's history lists his two games in the same order on both machines.
    const id = (await second.call('players.list', { query: imported(afterB)[0][0] }))[0].id
    const idC = (await third.call('players.list', { query: imported(afterB)[0][0] }))[0].id
    const hb = (await second.call('season.player', { playerId: id })).history.map((h) => h.key)
    const hc = (await third.call('season.player', { playerId: idC })).history.map((h) => h.key)
    expect(hb).toHaveLength(3)
    expect(hc).toEqual(hb)
  })
})
