/**
 * The season's series table on /admin (#season) in Chromium against the real headless server with its demo
 * tournament: a season defined in the form, its table on the page agreeing with the exported season JSON, each
 * player's series points equal to the points of his final place in the tournament's own results file, the CSV
 * with a BOM and `;`; and a pair kept apart added on the players page, kept after a reload.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect, type Download } from '@playwright/test'
import { ROOT, startServer, type TestServer } from '../helpers/server'

/** Screenshots for a reviewer, in an ignored folder. */
const SHOTS = join(ROOT, 'artifacts/screenshots')

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

async function downloaded(d: Download): Promise<Buffer> {
  return readFileSync(await d.path())
}

const POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]

test('a season defined on the page: its table, its JSON and CSV, and the tournament results behind it', async ({
  page,
}) => {
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#season`)
  const series = page.getByTestId('series')
  await expect(series).toContainText('Сезонов пока нет')
  await page.getByTestId('series-name').fill('Сезон клуба')
  await page.getByTestId('series-save').click()
  await expect(page.getByTestId('notice')).toContainText('Сезон «Сезон клуба» сохранён')
  const rows = page.getByTestId('series-table').locator('tbody tr')
  await expect(rows.first()).toBeVisible()

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('series-export-json').click(),
  ])
  const doc = JSON.parse((await downloaded(json)).toString('utf8')) as {
    format: string
    version: number
    tournaments: Array<{ id: number; name: string }>
    rows: Array<{
      place: number
      nickname: string
      total: number
      results: Array<{ place: number; points: number }>
    }>
  }
  expect(doc).toMatchObject({ format: 'mafia-desk/season-results', version: 1 })
  expect(doc.tournaments.map((t) => t.name)).toContain('Демо-турнир')
  // The page shows the same table.
  await expect(rows).toHaveCount(doc.rows.length)
  await expect(page.getByTestId('series-player')).toHaveText(doc.rows.map((r) => r.nickname))
  await expect(page.getByTestId('series-place')).toHaveText(doc.rows.map((r) => String(r.place)))
  mkdirSync(SHOTS, { recursive: true })
  await page.getByTestId('series').screenshot({ path: join(SHOTS, 'admin-season-table.png') })

  // The demo tournament's results file: every player's series points are those of his final place.
  const demo = doc.tournaments.find((t) => t.name === 'Демо-турнир')!
  const [results] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`results-json-${demo.id}`).click(),
  ])
  const res = JSON.parse((await downloaded(results)).toString('utf8')) as {
    format: string
    classification: Array<{ place: number; name: string; playerId: number | null }>
  }
  expect(res.format).toBe('mafia-desk/tournament-results')
  expect(res.classification.length).toBeGreaterThan(0)
  for (const c of res.classification) {
    const row = doc.rows.find((r) => r.nickname === c.name)!
    expect(row.total, c.name).toBe(POINTS[c.place - 1] ?? 0)
  }

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('series-export-csv').click(),
  ])
  const bytes = await downloaded(csv)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.toString('utf8').slice(1).trim().split('\r\n')
  expect(lines[0].startsWith('Место;Игрок;ID игрока;Очки серии;')).toBe(true)
  expect(lines).toHaveLength(doc.rows.length + 1)
})

test('a pair kept apart, added on the players page, stays after a reload', async ({ page }) => {
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#players`)
  const pairs = page.getByTestId('pairs')
  await expect(pairs).toContainText('Пар пока нет')
  await page.getByTestId('pairs-a').selectOption({ index: 1 })
  await page.getByTestId('pairs-b').selectOption({ index: 2 })
  await page.getByTestId('pairs-reason').fill('семья')
  await page.getByTestId('pairs-add').click()
  await expect(page.getByTestId('notice')).toContainText('добавлена')
  await expect(page.getByTestId('pairs-list').locator('li')).toHaveCount(1)
  await expect(page.getByTestId('pairs-list')).toContainText('(семья)')
  await page.reload()
  await expect(page.getByTestId('pairs-list').locator('li')).toHaveCount(1)
  const pair = (await page.getByTestId('pairs-list').locator('li').innerText()).split(' (')[0]
  const [a, b] = pair.split(' — ')
  // The demo tournament's seating form shows the club's pair beside the stage's own, not entered again.
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
  await page.getByTestId('office-tab-seating').click()
  const club = page.getByTestId('club-pairs').first()
  await expect(club).toContainText(`${a} — ${b}`)
  await expect(club).toContainText('пара клуба из реестра')
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#players`)
  await page.getByTestId('pairs-list').getByRole('button', { name: 'Убрать' }).click()
  await expect(pairs).toContainText('Пар пока нет')
})
