// The game protocol (docs/rules.md §14): PDF checked with pdftotext and turned into PNGs (artifacts/), HTML, JSON,
// unfinished games. Needs poppler-utils (pdftotext, pdffonts, pdftoppm).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportProtocol, protocolFileName } from '../../src/main/export/commands'
import { parseProtocolJson, type ProtocolHeader } from '../../src/main/export/protocol'
import { AppError } from '../../src/shared/errors'
import { finishedGame, GAME_NAMES, unfinishedGame } from '../tournament/fixtures'

const header: ProtocolHeader = {
  tournament: 'Кубок Первой столицы 2026',
  stage: 'Отбор',
  round: 3,
  table: 2,
  gameNumber: 17,
  date: '2026-11-29',
  judge: 'Иван Петров',
  rulesetName: 'ФИИМ',
  comments: ['Протест игрока №5 по голосованию четвёртого дня рассмотрен и отклонён.'],
}

const ARTIFACTS = resolve(__dirname, '../../artifacts')
let dir = ''

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mafia-protocol-'))
  mkdirSync(ARTIFACTS, { recursive: true })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function pdfText(pdf: Buffer, name: string, layout = true): string {
  const file = join(dir, name)
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' })
}

/** Collapses whitespace so table cells split over columns still match. */
const flat = (s: string): string => s.replace(/\s+/g, ' ')

describe('protocol PDF', () => {
  let ru: Buffer
  let text: string

  beforeAll(async () => {
    ru = await exportProtocol(finishedGame(), header, { format: 'pdf' })
    text = pdfText(ru, 'ru.pdf')
    writeFileSync(join(ARTIFACTS, 'protocol-ru.pdf'), ru)
  })

  it('is an A4 landscape PDF of two pages with DejaVu embedded', () => {
    expect(ru.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const info = execFileSync('pdfinfo', [join(dir, 'ru.pdf')], { encoding: 'utf8' })
    expect(info).toMatch(/Pages:\s+2/)
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/)
    const fonts = execFileSync('pdffonts', [join(dir, 'ru.pdf')], { encoding: 'utf8' })
    expect(fonts).toContain('DejaVuSansCondensed')
    expect(fonts).toContain('DejaVuSansCondensed-Bold')
    // Every font line says emb=yes.
    for (const line of fonts.split('\n').filter((l) => l.includes('DejaVu')))
      expect(line).toMatch(/yes\s+yes\s+(yes|no)/)
  })

  it('contains the header, every player, roles, fouls, departures and points', () => {
    for (const s of [
      'ПРОТОКОЛ ИГРЫ',
      'Кубок Первой столицы 2026',
      'Отбор',
      'Иван Петров',
      'ФИИМ',
      '2026-11-29',
    ]) {
      expect(text).toContain(s)
    }
    for (const name of GAME_NAMES) expect(text).toContain(name)
    const lines = text.split('\n')
    const line = (name: string): string => flat(lines.find((l) => l.includes(name)) ?? '')
    // Seat rows: number, name, role, fouls, how he left, points.
    expect(line('Алексей Смирнов')).toMatch(/1 Алексей Смирнов мирный убит ночью 1 1 0,3 1,3/)
    expect(line('Дмитрий Кузнецов')).toMatch(/3 Дмитрий Кузнецов дон 2 заголосован днём 2 0/)
    expect(line('Сергей Новиков')).toMatch(/7 Сергей Новиков мирный 3 1 −0,2 0,8/)
    expect(line('Павел Волков')).toMatch(
      /9 Павел Волков мирный 1 удалён днём 3: оскорбление игрока 1 −0,5 0,5/,
    )
    expect(line('John Smith')).toMatch(/10 John Smith шериф убит ночью 2 1 \+0,4 1,4/)
    expect(text).toContain('мафия')
  })

  it('contains the winner, best move, nights and the votings with revote and lift-all', () => {
    const f = flat(text)
    expect(f).toContain('Победитель красные (мирные)')
    expect(f).toContain('все чёрные покинули игру')
    expect(f).toContain('Лучший ход (игрок №1) названы №3, №5, №7; чёрных: 2; баллы 0,3')
    expect(f).toContain('Голосование: №4 — 5 (1, 2, 3, 4, 5); №6 — 5 (6, 7, 8, 9, 10)')
    expect(f).toContain('Переголосование: №4 — 5 (1, 2, 3, 4, 5); №6 — 5 (6, 7, 8, 9, 10)')
    expect(f).toContain('Подъём всех №4, №6: за 1, 2, 3 (3); против 4, 5, 6, 7, 8, 9, 10 (7) → остаются')
    expect(f).toContain('Голосование: №3 — 5 (2, 4, 6, 9, 10); №10 — 3 (3, 5, 8); №7 — 1 (7)')
    expect(f).toContain('голосование не проводилось')
    expect(f).toContain('10→3, 3→10, 5→7')
    expect(f).toContain('№10: шериф') // don's check
    expect(f).toContain('№3: чёрный') // sheriff's check
    expect(f).toContain('№5→2, №8→2')
  })

  it('page 2: reasons of extra points and penalties, fouls with when, comments, signatures', () => {
    const page2 = flat(text.split('\f')[1] ?? '')
    expect(page2).toContain('Верная версия в речи второго дня')
    expect(page2).toContain('Удаление: оскорбление игрока')
    expect(page2).toMatch(/9 Павел Волков тех\. фол день 2, речь игрока №9/)
    expect(page2).toMatch(/7 Сергей Новиков фол день 4, речь игрока №7/)
    expect(page2).toContain('Протест игрока №5')
    expect(page2).toContain('Главный судья')
  })

  it('is deterministic: the same input gives the same bytes', async () => {
    const again = await exportProtocol(finishedGame(), header, { format: 'pdf' })
    expect(again.equals(ru)).toBe(true)
  })

  it('renders PNG pages for review (artifacts/protocol-ru-1.png, -2.png)', () => {
    execFileSync('pdftoppm', [
      '-r',
      '90',
      '-png',
      join(ARTIFACTS, 'protocol-ru.pdf'),
      join(ARTIFACTS, 'protocol-ru'),
    ])
    const out = execFileSync('ls', [ARTIFACTS], { encoding: 'utf8' })
    expect(out).toContain('protocol-ru-1.png')
    expect(out).toContain('protocol-ru-2.png')
  })

  it('long content flows onto continuation pages without losing text', async () => {
    const g = finishedGame()
    g.seats[1].name = 'Константин Константинопольский-Долгоруковский Младший'
    for (let d = 6; d <= 12; d++) g.days.push({ ...g.days[1], day: d, opener: (d % 10) + 1 })
    for (let i = 0; i < 12; i++)
      g.seats[i % 10].extraPoints.push({ points: 0.1, reason: `Причина №${i + 1} `.repeat(8) })
    const pdf = await exportProtocol(g, { ...header, comments: ['Протест '.repeat(60)] }, { format: 'pdf' })
    const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' })
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThan(2)
    const f = flat(pdfText(pdf, 'long.pdf', false))
    expect(f).toContain('Долгоруковский Младший')
    expect(f).toContain('Причина №12')
    expect(f.match(/Голосование: №3 — 5/g)?.length).toBe(8) // day 2 and its 7 copies, none cut off
    expect(f).toContain('Главный судья')
  })

  it('English', async () => {
    const en = await exportProtocol(
      finishedGame(),
      { ...header, comments: [] },
      { format: 'pdf', lang: 'en' },
    )
    writeFileSync(join(ARTIFACTS, 'protocol-en.pdf'), en)
    const f = flat(pdfText(en, 'en.pdf'))
    for (const s of [
      'GAME PROTOCOL',
      'sheriff',
      'civilian',
      'don',
      'mafia',
      'Winner red (civilians)',
      'Revote:',
    ]) {
      expect(f).toContain(s)
    }
    expect(f).toContain('Lift-all #4, #6: yes 1, 2, 3 (3); no 4, 5, 6, 7, 8, 9, 10 (7) → they stay')
    expect(f).toContain('Алексей Смирнов') // names stay as entered
  })
})

describe('unfinished games', () => {
  it('are refused with export/game_not_finished in every format', async () => {
    for (const format of ['pdf', 'html', 'json'] as const) {
      const err = await exportProtocol(unfinishedGame(), header, { format }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).code).toBe('export/game_not_finished')
      expect((err as AppError).data.message.ru).toContain('не завершена')
    }
  })

  it('are exported marked НЕ ЗАВЕРШЕНА / NOT FINISHED when asked', async () => {
    const pdf = await exportProtocol(unfinishedGame(), header, { format: 'pdf', allowUnfinished: true })
    writeFileSync(join(ARTIFACTS, 'protocol-unfinished.pdf'), pdf)
    const text = pdfText(pdf, 'unfinished.pdf')
    expect(text).toContain('НЕ ЗАВЕРШЕНА')
    expect(text.split('\f')[1]).toContain('НЕ ЗАВЕРШЕНА') // on both pages
    const en = await exportProtocol(unfinishedGame(), header, {
      format: 'html',
      lang: 'en',
      allowUnfinished: true,
    })
    expect(en.toString('utf8')).toContain('NOT FINISHED')
    const json = JSON.parse(
      (await exportProtocol(unfinishedGame(), header, { format: 'json', allowUnfinished: true })).toString(
        'utf8',
      ),
    ) as { finished: boolean }
    expect(json.finished).toBe(false)
    // A finished game carries no mark.
    const done = await exportProtocol(finishedGame(), header, { format: 'html' })
    expect(done.toString('utf8')).not.toContain('НЕ ЗАВЕРШЕНА')
  })

  it('an unknown format is a clear error', async () => {
    const err = await exportProtocol(finishedGame(), header, { format: 'docx' as 'pdf' }).catch(
      (e: unknown) => e,
    )
    expect((err as AppError).code).toBe('export/bad_format')
  })
})

describe('protocol HTML', () => {
  it('is self-contained and printable on A4 landscape, with the same content', async () => {
    const html = (await exportProtocol(finishedGame(), header, { format: 'html' })).toString('utf8')
    writeFileSync(join(ARTIFACTS, 'protocol-ru.html'), html)
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain('<meta charset="utf-8">')
    expect(html).toContain('@page { size: A4 landscape')
    expect(html).toContain('break-before: page')
    expect(html).not.toMatch(/<(script|link|img)\b/)
    expect(html).not.toMatch(/https?:\/\//)
    for (const name of GAME_NAMES) expect(html).toContain(name)
    expect(html).toContain('Переголосование: №4 — 5 (1, 2, 3, 4, 5)')
    expect(html).toContain('Подъём всех')
    expect(html).toContain('удалён днём 3: оскорбление игрока')
  })

  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  it.skipIf(!existsSync(chromium))(
    'prints from Chromium on two A4 landscape pages (skipped without Chromium)',
    async () => {
      const html = await exportProtocol(finishedGame(), header, { format: 'html' })
      const src = join(dir, 'print.html')
      const out = join(dir, 'print.pdf')
      writeFileSync(src, html)
      const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
      args.push(
        '--disable-component-update',
        '--disable-sync',
        '--no-pdf-header-footer',
        `--print-to-pdf=${out}`,
      )
      execFileSync(chromium, [...args, `file://${src}`], { stdio: 'ignore', timeout: 60000 })
      const info = execFileSync('pdfinfo', [out], { encoding: 'utf8' })
      expect(info).toMatch(/Pages:\s+2/)
      expect(info).toMatch(/Page size:\s+841\.\d+ x 59\d\.\d+ pts \(A4\)/)
      const text = flat(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' }))
      expect(text).toContain('Павел Волков')
      expect(text).toContain('Подъём всех')
    },
  )

  it('votes entered as a count show the count', async () => {
    const g = finishedGame()
    const day4 = g.days[3].votings[0]
    if (day4.kind === 'liftAll') throw new Error('fixture')
    day4.candidates = [
      { seat: 5, voters: [], count: 3 },
      { seat: 4, voters: [], count: 2 },
    ] as typeof day4.candidates
    const html = (await exportProtocol(g, header, { format: 'html' })).toString('utf8')
    expect(html).toContain('Голосование: №5 — 3; №4 — 2')
    const json = await exportProtocol(g, header, { format: 'json' })
    expect(parseProtocolJson(json.toString('utf8')).ok).toBe(true)
  })

  it('engine reason codes are printed in words', async () => {
    const g = finishedGame()
    g.seats[8].left = { how: 'removed', day: 3, night: null, reason: 'insult' }
    g.seats[8].penalties = [{ points: -0.5, reason: 'insult' }]
    g.seats[7].left = { how: 'fouledOut', day: 5, night: null, reason: 'fouls' }
    const ru = (await exportProtocol(g, header, { format: 'html' })).toString('utf8')
    expect(ru).toContain('удалён днём 3: оскорбление')
    expect(ru).toContain('удалён (4 фола) днём 5<')
    const en = (await exportProtocol(g, header, { format: 'html', lang: 'en' })).toString('utf8')
    expect(en).toContain('removed day 3: insult')
  })

  it('escapes what the judge typed', async () => {
    const g = finishedGame()
    g.seats[0].name = '<b>Хакер</b> & "Ко"'
    const html = (await exportProtocol(g, header, { format: 'html' })).toString('utf8')
    expect(html).toContain('&lt;b&gt;Хакер&lt;/b&gt; &amp; &quot;Ко&quot;')
    expect(html).not.toContain('<b>Хакер')
  })
})

describe('protocol JSON (mafia-desk/protocol v1)', () => {
  it('holds the header and the full record and validates against the schema', async () => {
    const buf = await exportProtocol(finishedGame(), header, { format: 'json' })
    writeFileSync(join(ARTIFACTS, 'protocol.json'), buf)
    const parsed = parseProtocolJson(buf.toString('utf8'))
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.value.format).toBe('mafia-desk/protocol')
    expect(parsed.value.version).toBe(1)
    expect(parsed.value.header).toEqual(header)
    expect(parsed.value.record).toEqual(finishedGame())
  })

  it('rejects a file of another shape', () => {
    const bad = parseProtocolJson(
      JSON.stringify({ format: 'mafia-desk/protocol', version: 2, header, record: {} }),
    )
    expect(!bad.ok && bad.error.code).toBe('export/bad_protocol_json')
    const notJson = parseProtocolJson('{oops')
    expect(!notJson.ok && notJson.error.code).toBe('export/bad_protocol_json')
  })

  it('suggests a file name', () => {
    expect(protocolFileName(header, 'pdf')).toBe('protocol-t2-g17.pdf')
  })
})
