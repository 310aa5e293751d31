/**
 * `cli awards`: a tournament's diplomas PDF (and the awards CSV) written from a real database file, by number or
 * by UUID, read back with pdftotext page by page; the refusals (an unknown tournament, a bad id, no winners, a
 * missing option, a database that is not there) are printed in both languages and write nothing. One run goes
 * through the real command line (`tsx src/main/cli.ts awards …`).
 */
import { spawnSync, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/main/db'
import { AppService } from '../../src/main/app/service'
import { overlayStandings } from '../../src/main/app/exports'
import { seedDemo } from '../../src/main/app/demo-games'
import { awardsView } from '../../src/main/app/organiser/awards'
import { runAwards } from '../../src/main/cli-awards'
import { defaultAwardSettings, type AwardsView } from '../../src/shared/awards'

const root = join(__dirname, '..', '..')
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A database file with the demo tournament (its played games) and an own award in its rules. */
async function database(): Promise<{
  dir: string
  file: string
  id: number
  uuid: string
  view: AwardsView
  empty: number
}> {
  const dir = mkdtempSync(join(tmpdir(), 'md-cli-awards-'))
  dirs.push(dir)
  const file = join(dir, 'db.sqlite')
  const db = await openDatabase(file)
  const service = new AppService(db, { clock: () => 1_000_000, standings: (id) => overlayStandings(db, id) })
  service.init()
  seedDemo(service, db)
  const t = db.tournaments.listTournaments()[0]
  const settings = defaultAwardSettings()
  settings.awards.push({
    id: 'own1',
    enabled: true,
    title: 'Приз главного судьи',
    roles: 'red',
    measure: 'wins',
    minGames: 1,
    tieBreaks: ['rank'],
  })
  db.awards.setAwardRules(t.id, settings)
  const view = awardsView(db, t.id)
  const empty = db.tournaments.createTournament({ name: 'Пустой кубок' }).id
  db.close()
  return { dir, file, id: t.id, uuid: t.uuid, view, empty }
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runAwards(args, { out: (t) => (out += t), err: (t) => (err += t) })
  return { code, out, err }
}

function pdfPages(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
    .map((p) => p.replace(/\s+/g, ' '))
}

describe('cli awards', () => {
  it('writes the diplomas PDF and the awards CSV of a tournament named by number or UUID', async () => {
    const { dir, file, id, uuid, view } = await database()
    const pdf = join(dir, 'diplomas.pdf')
    const csv = join(dir, 'awards.csv')
    const r = await run([
      '--db',
      file,
      '--tournament',
      String(id),
      '--lang',
      'ru',
      '--out',
      pdf,
      '--csv',
      csv,
    ])
    expect(r).toMatchObject({ code: 0, err: '' })
    expect(r.out).toContain(pdf)
    const pages = pdfPages(pdf)
    const expected = view.results.flatMap((a) => a.winners.map((w) => ({ a, w })))
    expect(expected.length).toBeGreaterThan(5)
    expect(pages).toHaveLength(expected.length)
    expected.forEach(({ a, w }, i) => {
      expect(pages[i], `page ${i + 1}`).toContain('ДИПЛОМ')
      expect(pages[i]).toContain(w.name)
      if (a.id === 'own1') expect(pages[i]).toContain('«Приз главного судьи»')
    })
    expect(pages.some((p) => p.includes('«Приз главного судьи»'))).toBe(true)
    const lines = readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(lines[0].startsWith('Номинация,')).toBe(true)
    expect(lines.some((l) => l.startsWith('Приз главного судьи'))).toBe(true)
    // By UUID, in English, through the real command line.
    const en = join(dir, 'diplomas-en.pdf')
    const p = spawnSync(
      join(root, 'node_modules', '.bin', 'tsx'),
      [
        join(root, 'src', 'main', 'cli.ts'),
        'awards',
        '--db',
        file,
        '--tournament',
        uuid,
        '--lang',
        'en',
        '--out',
        en,
      ],
      { encoding: 'utf8', cwd: dir, timeout: 60_000 },
    )
    expect(p.stderr).toBe('')
    expect(p.status).toBe(0)
    const enPages = pdfPages(en)
    expect(enPages).toHaveLength(expected.length)
    expect(enPages[0]).toContain('«Best red player»')
    expect(enPages[0]).toContain('Head judge')
  })

  it('refuses in both languages and writes nothing: unknown tournament, bad id, no winners, missing option, no file', async () => {
    const { dir, file, empty } = await database()
    const out = join(dir, 'x.pdf')
    let r = await run(['--db', file, '--tournament', '999', '--out', out])
    expect(r.code).toBe(1)
    expect(r.err).toContain('[export/tournament_not_found] Турнир №999 не найден')
    expect(r.err).toContain('Tournament 999 not found')
    r = await run(['--db', file, '--tournament', '3a1d2c7e-0000-4000-8000-000000000000', '--out', out])
    expect(r.code).toBe(1)
    expect(r.err).toContain('Турнир с UUID 3a1d2c7e-0000-4000-8000-000000000000 не найден')
    r = await run(['--db', file, '--tournament', 'кубок', '--out', out])
    expect(r.code).toBe(1)
    expect(r.err).toContain('[export/bad_id]')
    expect(r.err).toContain('not "кубок"')
    // A tournament without played games: no award has a winner.
    r = await run(['--db', file, '--tournament', String(empty), '--out', out, '--csv', join(dir, 'x.csv')])
    expect(r.code).toBe(1)
    expect(r.err).toContain('[awards/no_winners]')
    expect(existsSync(join(dir, 'x.csv'))).toBe(false)
    r = await run(['--db', file, '--tournament', '1'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('Не хватает параметров: --out')
    expect(r.err).toContain('Missing options: --out')
    r = await run(['--db', file, '--tournament', '1', '--out', out, '--lang', 'de'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('--lang must be ru or en')
    r = await run(['--db', join(dir, 'none.sqlite'), '--tournament', '1', '--out', out])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^\[db\//)
    expect(existsSync(out)).toBe(false)
  })
})
