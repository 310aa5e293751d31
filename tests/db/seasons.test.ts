/**
 * The seasons' rows (migration 13) on a real SQLite file: a definition is checked on every write and every read, so
 * a row damaged behind the app's back is a clear error naming the season, never a wrong table or a crash; a pair
 * is stored once whatever the order of its players.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { AppError } from '../../src/shared/errors'
import { DEFAULT_SERIES_POINTS } from '../../src/shared/season-series'

const dirs: string[] = []
const open: MafiaDb[] = []
afterEach(() => {
  for (const db of open.splice(0)) db.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function database(): Promise<MafiaDb> {
  const dir = mkdtempSync(join(tmpdir(), 'md-seasons-'))
  dirs.push(dir)
  const db = await openDatabase(join(dir, 'db.sqlite'))
  open.push(db)
  return db
}

const config = {
  name: 'Зима',
  from: '2026-12-01',
  to: '2027-02-28',
  tournamentIds: [],
  friendlies: true,
  points: DEFAULT_SERIES_POINTS,
  weights: {},
}

function refusal(fn: () => unknown): { code: string; ru: string; en: string } {
  try {
    fn()
  } catch (e) {
    if (!(e instanceof AppError)) throw e
    return { code: e.data.code, ru: e.data.message.ru, en: e.data.message.en }
  }
  throw new Error('no refusal')
}

describe('seasons in the database', () => {
  it('a damaged stored definition is refused with the season named, in both languages', async () => {
    const db = await database()
    const s = db.seasons.saveSeason(null, config)
    expect(db.seasons.getSeason(s.id)).toEqual({ id: s.id, ...config })
    db.connection
      .prepare('UPDATE seasons SET config = ? WHERE id = ?')
      .run(JSON.stringify({ ...config, points: { kind: 'table', points: [-1] } }), s.id)
    const r = refusal(() => db.seasons.listSeasons())
    expect(r.code).toBe('db/bad_season')
    expect(r.ru).toContain(`Сезон №${s.id} в базе повреждён`)
    expect(r.ru).toContain('points.points[0]')
    expect(r.en).toContain(`Season ${s.id} in the database is damaged`)
    db.connection.prepare('UPDATE seasons SET config = ? WHERE id = ?').run('"just text"', s.id)
    expect(refusal(() => db.seasons.getSeason(s.id)).code).toBe('db/bad_season')
  })

  it('a pair is one row whatever the order of its players; an unknown pair is a clear refusal', async () => {
    const db = await database()
    const a = db.players.addPlayer({ nickname: 'Первый' }).id
    const b = db.players.addPlayer({ nickname: 'Второй' }).id
    db.seasons.savePairPolicy(b, a, 'пара')
    db.seasons.savePairPolicy(a, b, 'семья')
    expect(db.seasons.listPairPolicies()).toEqual([{ a: Math.min(a, b), b: Math.max(a, b), reason: 'семья' }])
    db.seasons.deletePairPolicy(b, a)
    expect(db.seasons.listPairPolicies()).toEqual([])
    const r = refusal(() => db.seasons.deletePairPolicy(a, b))
    expect(r.code).toBe('db/not_found')
    expect(r.ru).toContain('нет в реестре')
  })
})
