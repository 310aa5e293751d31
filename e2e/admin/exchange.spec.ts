/**
 * «Данные» → «Всю базу» against two real headless servers in Chromium: the whole database of one (its demo
 * tournament, a season, a pair of players) goes into one exchange file through the page and comes out on the
 * other, whose import reports the season and the pair; the season and the pair are then there (read through the
 * contract).
 */
import { test, expect, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from '../overlay/control-client'

let first: TestServer
let second: TestServer
test.beforeAll(async () => {
  first = await startServer()
  second = await startServer()
})
test.afterAll(async () => {
  await second?.stop()
  await first?.stop()
})

async function openData(page: Page, s: TestServer): Promise<void> {
  await page.goto(`${s.origin}/admin?token=${encodeURIComponent(s.token)}#data`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Турнир и данные')
}

test('the whole database moves to another machine through the page', async ({ page }) => {
  const a = await connectControl(first.origin, first.token)
  const players = await a.call<Array<{ id: number; nickname: string }>>('players.list', {})
  await a.call('players.savePair', { a: players[0].id, b: players[1].id, reason: 'супруги' })
  await a.call('season.save', { name: 'Сезон клуба', from: '2020-01-01', to: null })
  a.close()

  await openData(page, first)
  await expect(page.getByTestId('scope-all').locator('..')).toContainText('Всю базу')
  await page.getByTestId('scope-all').check()
  await expect(page.getByTestId('scope-all-hint')).toContainText('сезоны')
  await expect(page.getByTestId('export-item')).toHaveCount(0)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('data-export').click(),
  ])
  expect(download.suggestedFilename()).toBe('mafia-desk-database.json')
  const file = readFileSync(await download.path())
  const doc = JSON.parse(file.toString('utf8')) as {
    version: number
    tournaments: Array<{ uuid: string }>
    seasons: Array<{ name: string }>
    pairs: unknown[]
    games: unknown[]
  }
  expect(doc.version).toBe(2)
  expect(doc.tournaments).toHaveLength(1)
  expect(doc.seasons.map((s) => s.name)).toEqual(['Сезон клуба'])
  expect(doc.pairs).toHaveLength(1)

  await openData(page, second)
  await page
    .getByTestId('data-import-file')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: file })
  const result = page.getByTestId('data-import-result')
  await expect(result).toContainText(`Загружено игр: ${doc.games.length}`)
  await expect(result).toContainText('сезонов: 1, пар игроков: 1')
  await page.getByTestId('lang-en').click()
  await expect(result).toContainText('seasons: 1, pairs of players: 1')

  const b = await connectControl(second.origin, second.token)
  expect((await b.call<Array<{ name: string }>>('season.list', {})).map((s) => s.name)).toEqual([
    'Сезон клуба',
  ])
  expect(await b.call<Array<{ reason: string }>>('players.pairs', {})).toMatchObject([{ reason: 'супруги' }])
  b.close()
})
