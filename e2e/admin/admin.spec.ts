/**
 * The "Tournament and data" page (/admin) against the real headless server in Chromium: the player registry
 * (add, Cyrillic search, CSV import all-or-nothing, a real PNG photo), standings XLSX, backups, and moving a
 * tournament from one machine to another through the page (import, then the duplicate refused).
 */
import { test, expect, type Page, type Download } from '@playwright/test'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import WebSocket from 'ws'
import { ROOT, startServer, type TestServer } from '../helpers/server'
import { DEMO_FINISHED_GAMES } from '../../src/main/app/demo-games'

/** A fresh database's demo: its finished games and the open one. */
const DEMO_GAMES = DEMO_FINISHED_GAMES + 1

const SHOTS = join(ROOT, 'artifacts/screenshots')

let server: TestServer
let second: TestServer | null = null
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
})
test.afterAll(async () => {
  await second?.stop()
  await server?.stop()
})

function adminUrl(s: TestServer, hash = ''): string {
  return `${s.origin}/admin?token=${encodeURIComponent(s.token)}${hash}`
}

async function openAdmin(page: Page, s: TestServer, hash = ''): Promise<void> {
  await page.goto(adminUrl(s, hash))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Турнир и данные')
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `admin-${name}.png`) })
}

async function downloaded(d: Download): Promise<Buffer> {
  const path = await d.path()
  return readFileSync(path)
}

// ---- a real PNG, drawn here -------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
/** A 64×64 RGB PNG: a red disc on a blue background. */
function makePng(size = 64): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  const raw = Buffer.alloc(size * (size * 3 + 1))
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1)
    raw[row] = 0
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2
      raw.set(inside ? [220, 40, 40] : [30, 60, 160], row + 1 + x * 3)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** One contract call over the WebSocket with the control token. */
function wsCall(s: TestServer, method: string, params: unknown): Promise<{ ok: boolean; value?: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.origin.replace('http', 'ws')}/ws?token=${encodeURIComponent(s.token)}`)
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { type: string; id?: number; ok?: boolean; value?: unknown }
      if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'call', id: 1, method, params }))
      else if (msg.type === 'result' && msg.id === 1) {
        ws.close()
        resolve({ ok: msg.ok === true, value: msg.value })
      }
    })
    ws.on('error', reject)
  })
}

// ---- the tests ----------------------------------------------------------------------------------------

test('players: add, find by a Cyrillic search, upload a real PNG photo', async ({ page }) => {
  await openAdmin(page, server)
  await expect(page.getByTestId('player-count')).not.toHaveText('Найдено: 0')

  await page.getByTestId('add-nickname').fill('Щукин')
  await page.getByTestId('add-fullName').fill('Пётр Щукин')
  await page.getByTestId('add-club').fill('Клуб «Север»')
  await page.getByTestId('add-city').fill('Казань')
  await page.getByTestId('add-player').click()
  await expect(page.getByTestId('notice')).toContainText('Щукин')

  await page.getByLabel('Поиск по нику').fill('щук')
  const rows = page.locator('[data-testid^="player-row-"]')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('player-nickname')).toHaveText('Щукин')
  await expect(rows.first()).toContainText('Казань')

  // Inline edit: the city changes, Enter saves.
  await rows.first().getByRole('button', { name: 'Изменить игрока Щукин' }).click()
  await page.getByLabel('Город игрока Щукин').fill('Самара')
  await page.getByLabel('Город игрока Щукин').press('Enter')
  await expect(rows.first()).toContainText('Самара')

  // A real PNG, drawn by the test, through the file input.
  await rows
    .first()
    .getByLabel(/Загрузить фото игрока Щукин/)
    .setInputFiles({
      name: 'shchukin.png',
      mimeType: 'image/png',
      buffer: makePng(),
    })
  await expect(page.getByTestId('notice')).toContainText('Фото игрока «Щукин» сохранено')
  const img = rows.first().locator('img')
  await expect(img).toHaveAttribute('src', /^\/photos\//)
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64)

  // Not an image: the server's refusal in the error area.
  await rows
    .first()
    .getByLabel(/Загрузить фото игрока Щукин/)
    .setInputFiles({
      name: 'not-a-photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('definitely not a picture'),
    })
  await expect(page.getByTestId('error-area')).toBeVisible()
  await shot(page, 'players')
})

test('players: a CSV with one bad line imports nothing and says which line; a good one imports', async ({
  page,
}) => {
  await openAdmin(page, server)
  const bad = 'nickname;full name;club;city\nАльфа;Анна Альфа;Клуб;Москва\n;Без ника;Клуб;Москва\nБета;;;\n'
  await page.getByTestId('csv-file').setInputFiles({
    name: 'players.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad, 'utf8'),
  })
  await expect(page.getByTestId('csv-text')).toHaveValue(bad)
  await page.getByTestId('csv-import').click()
  await expect(page.getByTestId('csv-failed')).toContainText('Ничего не импортировано')
  await expect(page.getByTestId('csv-error')).toHaveCount(1)
  await expect(page.getByTestId('csv-error').first()).toContainText('Строка 3')
  await shot(page, 'csv-error')
  await page.getByLabel('Поиск по нику').fill('Альфа')
  await expect(page.getByText('Игроков не найдено')).toBeVisible()

  // The English report.
  await page.getByTestId('lang-en').click()
  await page.getByTestId('csv-import').click()
  await expect(page.getByTestId('csv-error').first()).toContainText('Line 3')
  await shot(page, 'players-en')
  await page.getByTestId('lang-ru').click()

  const good = 'nickname;full name;club;city\nАльфа;Анна Альфа;Клуб;Москва\nБета;;;\n'
  await page.getByTestId('csv-text').fill(good)
  await page.getByTestId('csv-import').click()
  await expect(page.getByTestId('csv-ok')).toContainText('Добавлено игроков: 2')
  await expect(page.locator('[data-testid^="player-row-"]')).toHaveCount(1)
  await expect(page.locator('[data-nickname="Альфа"]')).toContainText('Москва')

  // Merge "Бета" into "Альфа": pick both, confirm, and "Бета" is gone.
  const registry = (await wsCall(server, 'players.list', {})).value as Array<{ id: number; nickname: string }>
  const idOf = (n: string): string => String(registry.find((p) => p.nickname === n)?.id)
  await page.getByLabel('Оставить').selectOption(idOf('Альфа'))
  await page.getByLabel('Объединить с ним и удалить').selectOption(idOf('Бета'))
  await page.getByTestId('merge-button').click()
  await expect(page.getByTestId('confirm-text')).toContainText('Объединить «Бета» с «Альфа»?')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('notice')).toHaveText('«Бета» объединён с «Альфа».')
  await page.getByLabel('Поиск по нику').fill('Бета')
  await expect(page.getByText('Игроков не найдено')).toBeVisible()
})

test('tournament: the standings table, XLSX download starts with PK', async ({ page }) => {
  await openAdmin(page, server, '#tournaments')
  await expect(page.getByTestId('tournament-select')).toContainText('Демо-турнир')
  await expect(page.getByTestId('standings-table')).toBeVisible()
  await page.getByTestId('standings-refresh').click()
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('standings-xlsx').click(),
  ])
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/)
  const bytes = await downloaded(xlsx)
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('standings-csv').click()])
  expect(csv.suggestedFilename()).toMatch(/\.csv$/)
  await shot(page, 'tournaments')
})

test('games: the list, the protocol as HTML and print into a hidden frame, open in the panel', async ({
  page,
}) => {
  await openAdmin(page, server, '#games')
  const rows = page.locator('[data-kind="game-row"]')
  // The demo: its finished games and the open one, still in preparation.
  await expect(rows).toHaveCount(DEMO_GAMES)
  const open = rows.filter({ hasText: 'Подготовка' })
  await expect(open).toHaveCount(1)

  // The demo game is not finished: the page asks, then exports it marked "not finished".
  const download = page.waitForEvent('download')
  await open.getByTestId('protocol-html').click()
  await expect(page.getByTestId('confirm-text')).toContainText('не окончена')
  await shot(page, 'confirm-unfinished')
  await page.getByTestId('confirm-yes').click()
  const html = (await downloaded(await download)).toString('utf8')
  expect(html).toContain('<html')

  // Print: the HTML protocol lands in the hidden same-origin frame.
  await open.getByTestId('protocol-print').click()
  await page.getByTestId('confirm-yes').click()
  await expect
    .poll(() => page.getByTestId('print-frame').evaluate((f) => (f as HTMLIFrameElement).srcdoc.length))
    .toBeGreaterThan(100)
  await expect(page.getByTestId('notice')).toContainText('отправлен на печать')
  // The frame really holds the protocol (same origin, not blocked by the page's CSP).
  await expect(page.frameLocator('[data-testid="print-frame"]').locator('body')).toContainText('Барсук')
  await shot(page, 'games')

  await open.getByTestId('open-game').click()
  await expect(page).toHaveURL(/\/control\?token=/)
  await expect(page.getByTestId('board')).toBeAttached()
})

test('backups: back up now and see it listed; the link back to the panel keeps the token', async ({
  page,
}) => {
  await openAdmin(page, server, '#backups')
  const rows = page.getByTestId('backup-row')
  await expect(page.getByTestId('backups-table')).toHaveAttribute('data-loaded', 'true')
  const before = await rows.count()
  await page.getByTestId('backup-now').click()
  await expect(page.getByTestId('notice')).toContainText('Резервная копия сделана')
  await expect(rows).toHaveCount(before + 1)
  const made = (await page.getByTestId('notice').textContent())?.split(': ').pop()?.trim()
  await expect(rows.first()).toHaveAttribute('data-file', made ?? '')
  // Restore asks first; cancelling changes nothing.
  await rows.first().getByTestId('restore-backup').click()
  await expect(page.getByTestId('confirm-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0)
  await shot(page, 'backups')

  // A game is running: the server refuses, the page asks again explicitly, then restores with force.
  const active = await wsCall(server, 'game.active', {})
  const gameId = (active.value as { gameId: number }).gameId
  expect((await wsCall(server, 'game.command', { gameId, command: { cmd: 'start' } })).ok).toBe(true)
  await rows.first().getByTestId('restore-backup').click()
  await expect(page.getByTestId('confirm-text')).toContainText('Восстановить базу из копии')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('confirm-text')).toContainText('Сейчас идёт игра')
  await shot(page, 'backups-running')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('notice')).toContainText('База восстановлена', { timeout: 15_000 })
  const after = await wsCall(server, 'game.list', {})
  expect((after.value as Array<{ id: number; status: string }>).find((g) => g.id === gameId)?.status).toBe(
    'setup',
  )
  await expect(page.getByTestId('to-control')).toHaveAttribute(
    'href',
    `/control?token=${encodeURIComponent(server.token)}`,
  )
})

test('data exchange: export the demo tournament, import it on a second machine, the duplicate refused', async ({
  page,
}) => {
  await openAdmin(page, server, '#data')
  await page.getByTestId('scope-tournament').check()
  await expect(page.getByTestId('export-item')).toContainText('Демо-турнир')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('data-export').click(),
  ])
  const file = await downloaded(download)
  const doc = JSON.parse(file.toString('utf8')) as { format: string; games: unknown[] }
  expect(doc.games.length).toBeGreaterThan(0)

  second = await startServer()
  await openAdmin(page, second, '#games')
  await expect(page.locator('[data-kind="game-row"]')).toHaveCount(DEMO_GAMES)
  await page.getByTestId('tab-data').click()
  const upload = { name: download.suggestedFilename(), mimeType: 'application/json', buffer: file }
  await page.getByTestId('data-import-file').setInputFiles(upload)
  await expect(page.getByTestId('data-import-result')).toContainText(`Загружено игр: ${doc.games.length}`)
  await shot(page, 'data-import')
  await page.getByTestId('tab-games').click()
  await expect(page.locator('[data-kind="game-row"]')).toHaveCount(DEMO_GAMES + doc.games.length)
  await shot(page, 'games-imported')

  await page.getByTestId('tab-data').click()
  await page.getByTestId('data-import-file').setInputFiles(upload)
  await expect(page.getByTestId('error-area')).toBeVisible()
  await expect(page.getByTestId('error-text')).not.toBeEmpty()
  await expect(page.getByTestId('error-area')).toContainText('db/import_duplicate')
  await shot(page, 'data-duplicate')

  // Another format: a refusal, also in English.
  await page.getByTestId('lang-en').click()
  await page.getByTestId('data-import-file').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello":"world"}'),
  })
  await expect(page.getByTestId('error-area')).toContainText(/db\/import_(wrong_format|malformed)/)
  await page.getByTestId('lang-ru').click()
})

test('keyboard: tabs move with the arrows, a dialog answers to Escape and Enter', async ({ page }) => {
  await openAdmin(page, server)
  await page.getByTestId('tab-players').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('tab-tournaments')).toBeFocused()
  await expect(page.getByTestId('tab-tournaments')).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/#tournaments$/)
  await page.keyboard.press('End')
  await expect(page.getByTestId('tab-tables')).toBeFocused()
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-tables')
  await page.keyboard.press('Home')
  await expect(page.getByTestId('tab-players')).toBeFocused()
  // Every control of the visible section has an accessible name.
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, input, select, textarea, a')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || el.matches('input[type=file]'))
      .filter((el) => {
        const e = el as HTMLElement
        const labelled =
          e.getAttribute('aria-label') ||
          e.getAttribute('aria-labelledby') ||
          (e as HTMLInputElement).labels?.length ||
          (e.tagName === 'BUTTON' || e.tagName === 'A' ? e.textContent?.trim() : '')
        return !labelled
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  )
  expect(unnamed).toEqual([])
  // The dialog by keyboard: Escape cancels and gives the focus back.
  await page.getByTestId('tab-games').click()
  const protocol = page.locator('[data-kind="game-row"]').first().getByTestId('protocol-json')
  await protocol.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('confirm-yes')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0)
  await expect(protocol).toBeFocused()
  const download = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('confirm-yes')).toBeFocused()
  await page.keyboard.press('Enter')
  expect((await download).suggestedFilename()).toMatch(/\.json$/)
})

test('a finished game: standings rows, the winner, the PDF protocol without a question', async ({ page }) => {
  // A short game through the contract (docs/rules.md §10.5: a team defeat ends it at once; the reds win): the demo's
  // open game, in the last round of the demo stage (the earlier rounds hold the finished demo games).
  const [tournament] = (await wsCall(server, 'tournaments.list', {})).value as Array<{
    id: number
    rounds: Array<{ id: number; number: number }>
  }>
  const round = tournament.rounds[tournament.rounds.length - 1]
  const active = (await wsCall(server, 'game.active', {})).value as {
    gameId: number
    view: { players: Array<{ seat: number; name: string; role: string | null }> }
  }
  const gameId = active.gameId
  const culprit = active.view.players.find((s) => s.role === 'mafia')!
  for (const command of [
    { cmd: 'start' },
    { cmd: 'next' },
    { cmd: 'teamDefeat', seat: culprit.seat, reason: 'oath' },
  ]) {
    expect((await wsCall(server, 'game.command', { gameId, command })).ok).toBe(true)
  }

  await openAdmin(page, server, '#tournaments')
  const rows = page.getByTestId('standings-row')
  await expect(rows).toHaveCount(10)
  // The culprit of the team defeat (a mafia) carries the −0.7 penalty.
  await expect(rows.filter({ hasText: culprit.name })).toContainText(/[-−]0,7/)
  await shot(page, 'standings')

  // Finishing the round asks first, then names the backup it took.
  const finish = page.getByRole('button', { name: `Завершить тур ${round.number}` })
  await finish.click()
  await expect(page.getByTestId('confirm-text')).toContainText(`Завершить тур ${round.number}?`)
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('notice')).toContainText(
    new RegExp(`Тур ${round.number} завершён\\. Резервная копия: .+\\.sqlite`),
  )
  await expect(page.getByTestId(`round-${round.id}`)).toContainText('Завершён')
  await expect(finish).toBeDisabled()

  await page.getByTestId('tab-games').click()
  const row = page.getByTestId(`game-row-${gameId}`)
  await expect(row).toContainText('Окончена')
  await expect(row).toContainText('Победа мирных')
  const [pdf] = await Promise.all([page.waitForEvent('download'), row.getByTestId('protocol-pdf').click()])
  expect((await downloaded(pdf)).subarray(0, 4).toString('latin1')).toBe('%PDF')
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0)
  await shot(page, 'games-finished')
})
