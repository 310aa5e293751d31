/**
 * Awards (issue 31 §1) through the contract on the real core and a real SQLite file: the shipped rules and their
 * winners, rules stored (migration 10) and validated at the door, the exports (XLSX sheet, JSON section, CSV) and
 * the diplomas PDF read back with pdftotext, page by page.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import {
  MAX_OWN_AWARDS,
  defaultAwardSettings,
  type AwardRule,
  type AwardsView,
} from '../../src/shared/awards'
import { playAt } from './tournament-play'
import { tournamentCore } from './tournament-core'

const { call, refusal, tournament, core } = tournamentCore('md-awards-', 'Номинации', 'Н')
const dir = mkdtempSync(join(tmpdir(), 'md-awards-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function pdfPages(base64: string): string[] {
  const file = join(dir, `d-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, Buffer.from(base64, 'base64'))
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  // pdftotext ends each page with a form feed.
  return text.split('\f').slice(0, -1)
}

async function played(): Promise<number> {
  let t = await tournament(10, 1, 1)
  t = await call('seating.generate', { stageId: t.stages[0].id, seed: 7 })
  const round = t.stages[0].rounds[0]
  t = await call('rounds.start', { roundId: round.id })
  await playAt(call, t, t.stages[0].rounds[0], 1)
  return t.id
}

describe('awards through the contract', () => {
  it('shows the shipped awards with their winners, from the standings’ own points', async () => {
    const id = await played()
    const view = await call('awards.get', { tournamentId: id })
    expect(view.isDefault).toBe(true)
    expect(view.settings).toEqual(defaultAwardSettings())
    const standings = await call('standings.get', { tournamentId: id })
    const total = new Map(standings.overall.map((r) => [r.name, r.total]))
    // The game: the reds win; the sheriff (killed first, best move 3, 8, 1: two blacks) has 1.3, the top red.
    const red = view.results.find((r) => r.id === 'bestRed')!
    expect(red.winners).toHaveLength(1)
    expect(red.winners[0].points).toBe(1.3)
    expect(red.winners[0].points).toBe(total.get(red.winners[0].name))
    expect(red.decidedBy).toBe('measure')
    const sheriff = view.results.find((r) => r.id === 'bestSheriff')!
    expect(sheriff.winners.map((w) => w.name)).toEqual(red.winners.map((w) => w.name))
    expect(sheriff.winners[0].bestMoveHits).toBe(1)
    // Every award's winners score exactly what the standings give them (one game each here).
    for (const r of view.results)
      for (const w of r.winners) expect(w.points, `${r.id} ${w.name}`).toBe(total.get(w.name))
  })

  it('stores the rules (custom title, minimum, disabled award), keeps them in the database file, refuses bad ones', async () => {
    const id = await played()
    const settings = defaultAwardSettings()
    settings.awards[0].title = 'Красная звезда'
    settings.awards[1].enabled = false
    settings.awards[2].minGames = 2
    let view = await call('awards.setRules', { tournamentId: id, settings })
    expect(view.isDefault).toBe(false)
    expect(view.results.map((r) => r.id)).toEqual(['bestRed', 'bestSheriff', 'bestDon', 'bestCivilian'])
    expect(view.results[0].title).toBe('Красная звезда')
    // One game played: nobody has two games as sheriff.
    expect(view.results[1]).toMatchObject({ winners: [], contenders: 0 })
    // Stored in the database file (migration 10's table).
    const row = core()
      .db.connection.prepare('SELECT rules FROM tournament_awards WHERE tournament_id = ?')
      .get(id) as { rules: string }
    expect(JSON.parse(row.rules)).toEqual(settings)
    view = await call('awards.get', { tournamentId: id })
    expect(view.settings).toEqual(settings)
    // Every door validates: repeated ids, a negative minimum, an unknown measure, an extra field.
    const bad = [
      { ...settings, awards: [settings.awards[0], settings.awards[0]] },
      { ...settings, awards: [{ ...settings.awards[0], minGames: -1 }] },
      { ...settings, awards: [{ ...settings.awards[0], measure: 'kills' }] },
      { ...settings, stages: ['playoff'] },
      { ...settings, extra: true },
    ]
    for (const b of bad) {
      const r = await refusal('awards.setRules', { tournamentId: id, settings: b })
      expect(r.code, JSON.stringify(b).slice(0, 80)).toBe('contract/invalid_params')
    }
    // The repository refuses them too (the same schema behind the contract).
    expect(() => core().db.awards.setAwardRules(id, bad[1] as never)).toThrow(/minGames/)
    // Back to the defaults.
    view = await call('awards.setRules', { tournamentId: id, settings: null })
    expect(view.isDefault).toBe(true)
    // An unknown tournament: a clear refusal.
    expect((await refusal('awards.get', { tournamentId: 99999 })).code).toBe('export/tournament_not_found')
  })

  it('refuses new rules for an archived tournament', async () => {
    const id = await played()
    await call('rounds.finish', {
      roundId: (await call('tournaments.get', { tournamentId: id })).stages[0].rounds[0].id,
    })
    await call('tournaments.archive', { tournamentId: id, archived: true })
    const r = await refusal('awards.setRules', { tournamentId: id, settings: defaultAwardSettings() })
    expect(r.code).toBe('db/tournament_archived')
    expect(r.ru).toContain('в архиве')
    // Reading still works.
    expect((await call('awards.get', { tournamentId: id })).results.length).toBe(5)
  })

  it('exports the awards: an XLSX sheet «Номинации», a JSON section and a CSV', async () => {
    const id = await played()
    const view: AwardsView = await call('awards.get', { tournamentId: id })
    const red = view.results.find((r) => r.id === 'bestRed')!.winners[0].name
    const xlsx = await call('export.standings', { tournamentId: id, format: 'xlsx' })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer)
    const sheet = book.getWorksheet('Номинации')!
    expect(sheet).toBeDefined()
    expect(sheet.getRow(1).getCell(1).value).toBe('Номинация')
    expect(sheet.getRow(2).getCell(1).value).toBe('Лучший игрок красной команды')
    expect(sheet.getRow(2).getCell(5).value).toBe(red)
    const en = await call('export.standings', { tournamentId: id, format: 'xlsx', lang: 'en' })
    const bookEn = new ExcelJS.Workbook()
    await bookEn.xlsx.load(Buffer.from(en.base64, 'base64') as unknown as ArrayBuffer)
    expect(bookEn.getWorksheet('Awards')!.getRow(2).getCell(1).value).toBe('Best red player')
    const json = await call('export.standings', { tournamentId: id, format: 'json' })
    const doc = JSON.parse(Buffer.from(json.base64, 'base64').toString('utf8')) as {
      awards: AwardsView['results']
    }
    expect(doc.awards).toEqual(view.results)
    const csv = await call('awards.export', { tournamentId: id, format: 'csv' })
    const lines = Buffer.from(csv.base64, 'base64')
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(lines[0].startsWith('Номинация,Роли,Показатель')).toBe(true)
    expect(lines[1]).toContain(`Лучший игрок красной команды`)
    expect(lines[1]).toContain(red)
  })

  it('prints one diploma page per winner with the tournament, the award, the player and the figure', async () => {
    const id = await played()
    await call('tournaments.update', { tournamentId: id, startsOn: '2026-11-28', endsOn: '2026-11-29' })
    // Awards with one winner each: a named civilian award by wins would be shared by all six, so it is off.
    const settings = defaultAwardSettings()
    settings.awards[4].enabled = false
    const view = await call('awards.setRules', { tournamentId: id, settings })
    const file = await call('awards.diplomas', { tournamentId: id, lang: 'ru' })
    expect(file.mime).toBe('application/pdf')
    const pages = pdfPages(file.base64)
    const expected = view.results.flatMap((r) => r.winners.map((w) => ({ r, w })))
    expect(pages).toHaveLength(expected.length)
    const titles: Record<string, string> = {
      bestRed: 'Лучший игрок красной команды',
      bestBlack: 'Лучший игрок чёрной команды',
      bestSheriff: 'Лучший шериф',
      bestDon: 'Лучший дон',
    }
    expected.forEach(({ r, w }, i) => {
      const page = pages[i].replace(/\s+/g, ' ')
      expect(page, `page ${i + 1}`).toContain('ДИПЛОМ')
      expect(page).toContain(w.name)
      expect(page).toContain(`«${titles[r.id]}»`)
      expect(page).toContain('28.11.2026 — 29.11.2026')
      expect(page).toContain('Главный судья')
      expect(page).toContain(`игр: ${w.games}`)
    })
    const enPages = pdfPages((await call('awards.diplomas', { tournamentId: id, lang: 'en' })).base64)
    expect(enPages[0].replace(/\s+/g, ' ')).toContain('«Best red player»')
    expect(enPages[0]).toContain('Head judge')
    // No winner anywhere: a clear refusal, not an empty file.
    const none = defaultAwardSettings()
    for (const a of none.awards) a.minGames = 5
    await call('awards.setRules', { tournamentId: id, settings: none })
    const r = await refusal('awards.diplomas', { tournamentId: id })
    expect(r.code).toBe('awards/no_winners')
  })

  it('takes awards of the organiser’s own: shown with winners, exported, printed; removed again; shipped ones only switched off', async () => {
    const id = await played()
    const own = (n: number, patch: Partial<AwardRule> = {}): AwardRule => ({
      id: `own${n}`,
      enabled: true,
      title: `Приз зрительских симпатий ${n}`,
      roles: 'black',
      measure: 'wins',
      minGames: 1,
      tieBreaks: ['fouls', 'rank'],
      ...patch,
    })
    const settings = defaultAwardSettings()
    settings.awards.push(own(1, { title: 'Шериф турнира', roles: 'sheriff', measure: 'points' }))
    let view = await call('awards.setRules', { tournamentId: id, settings })
    const mine = view.results.find((r) => r.id === 'own1')!
    expect(mine).toMatchObject({ title: 'Шериф турнира', roles: 'sheriff', measure: 'points', minGames: 1 })
    // The game's one sheriff wins it, as the shipped «Лучший шериф» does.
    expect(mine.contenders).toBe(1)
    expect(mine.winners.map((w) => w.name)).toEqual(
      view.results.find((r) => r.id === 'bestSheriff')!.winners.map((w) => w.name),
    )
    // Exported: the CSV, the XLSX sheet and the JSON section carry it with its title.
    const csv = Buffer.from(
      (await call('awards.export', { tournamentId: id, format: 'csv' })).base64,
      'base64',
    )
      .toString('utf8')
      .split('\r\n')
    expect(csv.find((l) => l.startsWith('Шериф турнира'))).toContain(mine.winners[0].name)
    const xlsx = await call('export.standings', { tournamentId: id, format: 'xlsx' })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(xlsx.base64, 'base64') as unknown as ArrayBuffer)
    const titles: unknown[] = []
    book.getWorksheet('Номинации')!.eachRow((row) => titles.push(row.getCell(1).value))
    expect(titles).toContain('Шериф турнира')
    const json = JSON.parse(
      Buffer.from(
        (await call('export.standings', { tournamentId: id, format: 'json' })).base64,
        'base64',
      ).toString('utf8'),
    ) as { awards: AwardsView['results'] }
    expect(json.awards.find((a) => a.id === 'own1')).toEqual(mine)
    // Printed: a diploma page with its title and its winner.
    const pages = pdfPages((await call('awards.diplomas', { tournamentId: id, lang: 'ru' })).base64).map(
      (p) => p.replace(/\s+/g, ' '),
    )
    expect(
      pages.filter((p) => p.includes('«Шериф турнира»') && p.includes(mine.winners[0].name)),
    ).toHaveLength(1)

    // An own award needs its title: refused in both languages, naming the field; nothing stored.
    const untitled = { ...settings, awards: [...settings.awards, own(2, { title: null })] }
    let r = await refusal('awards.setRules', { tournamentId: id, settings: untitled })
    expect(r.code).toBe('contract/invalid_params')
    expect(r.ru).toContain('у своей номинации должно быть название')
    expect(r.en).toContain('an award of your own needs a title')
    expect(r.en).toContain('awards[6].title')
    // At most MAX_OWN_AWARDS of one's own (20 in all): the next one is refused, translated.
    const full = defaultAwardSettings()
    for (let n = 1; n <= MAX_OWN_AWARDS; n++) full.awards.push(own(n))
    view = await call('awards.setRules', { tournamentId: id, settings: full })
    expect(view.settings.awards).toHaveLength(20)
    expect(view.results).toHaveLength(20)
    // Dropping the shipped ones does not make room: they stay (switched off), so 15 own ones are the bound.
    const over = { stages: 'all' as const, awards: [...full.awards.slice(5), own(16)] }
    r = await refusal('awards.setRules', { tournamentId: id, settings: over })
    expect(r.ru).toContain(`не больше ${MAX_OWN_AWARDS} своих номинаций`)
    expect(r.en).toContain(`at most ${MAX_OWN_AWARDS} awards of your own`)
    expect((await call('awards.get', { tournamentId: id })).settings).toEqual(full)

    // Removed again: an own award leaves the rules; a shipped one left out is only switched off.
    const fewer = { stages: 'all' as const, awards: [settings.awards[0], settings.awards[2]] }
    view = await call('awards.setRules', { tournamentId: id, settings: fewer })
    expect(view.settings.awards.map((a) => [a.id, a.enabled])).toEqual([
      ['bestRed', true],
      ['bestSheriff', true],
      ['bestBlack', false],
      ['bestDon', false],
      ['bestCivilian', false],
    ])
    expect(view.results.map((a) => a.id)).toEqual(['bestRed', 'bestSheriff'])
    // The repository is the same door: the stored row holds the five.
    const row = core()
      .db.connection.prepare('SELECT rules FROM tournament_awards WHERE tournament_id = ?')
      .get(id) as { rules: string }
    expect((JSON.parse(row.rules) as { awards: unknown[] }).awards).toHaveLength(5)
  })
})
