/**
 * `cli export results|season`: the versioned result files from a database on disk, read back with their zod
 * schemas; a wrong format or a missing season is refused in both languages and nothing is written.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/main/db'
import { runExport } from '../../src/main/cli-export'
import { parseResultsJson, seasonResultsSchema } from '../../src/main/export/results'
import { DEFAULT_SERIES_POINTS } from '../../src/shared/season-series'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function database(): Promise<{ dir: string; file: string; tournamentId: number; seasonId: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'md-cli-results-'))
  dirs.push(dir)
  const file = join(dir, 'db.sqlite')
  const db = await openDatabase(file)
  const t = db.tournaments.createTournament({ name: 'Кубок осени', startsOn: '2026-10-01' })
  const s = db.seasons.saveSeason(null, {
    name: 'Осень',
    from: '2026-09-01',
    to: '2026-11-30',
    tournamentIds: [],
    friendlies: false,
    points: DEFAULT_SERIES_POINTS,
    weights: {},
  })
  db.close()
  return { dir, file, tournamentId: t.id, seasonId: s.id }
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runExport(args, { out: (t) => (out += t), err: (t) => (err += t) })
  return { code, out, err }
}

describe('cli export results and season', () => {
  it('writes the season and the tournament results as versioned JSON', async () => {
    const { dir, file, tournamentId, seasonId } = await database()
    const season = join(dir, 'season.json')
    const r = await run([
      'season',
      '--season',
      String(seasonId),
      '--format',
      'json',
      '--out',
      season,
      '--db',
      file,
    ])
    expect(r).toMatchObject({ code: 0, err: '' })
    const doc = seasonResultsSchema.parse(JSON.parse(readFileSync(season, 'utf8')))
    expect(doc.season.name).toBe('Осень')
    expect(doc.tournaments.map((t) => t.name)).toEqual(['Кубок осени'])
    // The reader: this file, and refusals for a version it does not know, another format, a field that does not fit.
    const text = readFileSync(season, 'utf8')
    expect(parseResultsJson(text)).toMatchObject({ ok: true, value: { format: 'mafia-desk/season-results' } })
    const v2 = parseResultsJson(JSON.stringify({ ...JSON.parse(text), version: 2 }))
    expect(v2).toMatchObject({ ok: false, error: { code: 'export/unsupported_results_version' } })
    if (!v2.ok) expect(v2.error.message.ru).toContain('Версия 2 формата mafia-desk/season-results')
    const other = parseResultsJson(JSON.stringify({ ...JSON.parse(text), format: 'mafia-desk/protocol' }))
    expect(other).toMatchObject({ ok: false, error: { code: 'export/bad_results_json' } })
    const broken = parseResultsJson(JSON.stringify({ ...JSON.parse(text), ratedGames: -1 }))
    expect(broken).toMatchObject({ ok: false, error: { code: 'export/bad_results_json' } })
    if (!broken.ok) expect(broken.error.message.en).toContain('ratedGames')
    expect(parseResultsJson('{').ok).toBe(false)
    const results = join(dir, 'results.csv')
    const c = await run([
      'results',
      '--tournament',
      String(tournamentId),
      '--format',
      'csv',
      '--out',
      results,
      '--db',
      file,
    ])
    expect(c.code).toBe(0)
    expect(readFileSync(results, 'utf8')).toMatch(/^\uFEFFИтоговое место;Игрок;/)
  })

  it('refuses an unknown format and an unknown season, and writes nothing', async () => {
    const { dir, file, seasonId } = await database()
    const out = join(dir, 'x.xlsx')
    const f = await run([
      'season',
      '--season',
      String(seasonId),
      '--format',
      'xlsx',
      '--out',
      out,
      '--db',
      file,
    ])
    expect(f.code).toBe(1)
    expect(f.err).toContain('[export/bad_format] Неизвестный формат «xlsx»; возможные: json, csv')
    expect(f.err).toContain('expected one of: json, csv')
    const s = await run(['season', '--season', '42', '--format', 'json', '--out', out, '--db', file])
    expect(s.code).toBe(1)
    expect(s.err).toContain('[season/not_found] Сезон №42 не найден')
    expect(existsSync(out)).toBe(false)
  })
})
