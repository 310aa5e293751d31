/**
 * Awards (issue 31 §1) in /admin against the real headless server in Chromium: the demo tournament's winners as
 * the server computes them, the rules edited and saved through the page (a custom title, a minimum of games that
 * leaves an award without contenders, a disabled award), a refused value shown in the error area, the diplomas
 * PDF downloaded and read back page by page with pdftotext, and the defaults restored. An award of one's own added
 * with «Добавить номинацию» (its title required, at most 15 of them), shown with its winners, printed, removed.
 */
import { test, expect, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, startServer, type TestServer } from '../helpers/server'
import { connectControl, type ControlClient } from '../overlay/control-client'
import type { AwardsView } from '../../src/shared/awards'

const SHOTS = join(ROOT, 'artifacts/screenshots')

let server: TestServer
let control: ControlClient
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
  control = await connectControl(server.origin, server.token)
})
test.afterAll(async () => {
  control?.close()
  await server?.stop()
})

async function openAwards(page: Page): Promise<number> {
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
  await expect(page.getByTestId('office-select')).toContainText('Демо-турнир')
  await page.getByTestId('office-tab-awards').click()
  await expect(page.getByTestId('awards-winners')).toBeVisible()
  return Number(await page.getByTestId('office-select').inputValue())
}

test('the demo tournament’s awards: winners shown, rules edited and saved, diplomas printed', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const id = await openAwards(page)
  const view = await control.call<AwardsView>('awards.get', { tournamentId: id })
  expect(view.isDefault).toBe(true)
  await expect(page.getByTestId('awards-default')).toBeVisible()
  // Every award and every winner the server gives is on the page, with the award's title.
  for (const a of view.results) {
    const rows = page.getByTestId(`award-${a.id}`)
    await expect(rows).toHaveCount(Math.max(1, a.winners.length))
    for (const w of a.winners) await expect(rows.filter({ hasText: w.name })).toHaveCount(1)
  }
  await expect(page.getByTestId('award-bestRed').first()).toContainText('Лучший игрок красной команды')
  await page.screenshot({ path: join(SHOTS, 'admin-awards.png'), fullPage: true })

  // Edit the rules: a custom title, three games as sheriff (nobody has them in the demo), the don award off.
  const red = page.getByTestId('award-rule-bestRed')
  await red.getByTestId('award-title').fill('Красная звезда')
  await red.getByTestId('award-title').press('Tab')
  const sheriff = page.getByTestId('award-rule-bestSheriff')
  await sheriff.getByTestId('award-min-games').fill('3')
  await sheriff.getByTestId('award-min-games').press('Tab')
  await page.getByTestId('award-rule-bestDon').getByTestId('award-enabled').uncheck()
  // The tie-breaks of the black award: «fewer fouls» up one place, «more games» dropped, then added back last.
  const black = page.getByTestId('award-rule-bestBlack')
  await black.getByTestId('award-tb-fouls').getByTestId('award-tb-up').click()
  await black.getByTestId('award-tb-games').getByTestId('award-tb-drop').click()
  await black.getByTestId('award-tb-add').selectOption('games')
  await page.getByTestId('awards-save').click()
  await expect(page.getByTestId('notice')).toHaveText('Правила номинаций сохранены.')
  await expect(page.getByTestId('award-bestRed').first()).toContainText('Красная звезда')
  await expect(page.getByTestId('award-bestSheriff')).toContainText('нет претендентов')
  await expect(page.getByTestId('award-bestDon')).toHaveCount(0)
  const stored = await control.call<AwardsView>('awards.get', { tournamentId: id })
  expect(stored.isDefault).toBe(false)
  expect(stored.settings.awards.find((a) => a.id === 'bestRed')!.title).toBe('Красная звезда')
  expect(stored.settings.awards.find((a) => a.id === 'bestSheriff')!.minGames).toBe(3)
  expect(stored.settings.awards.find((a) => a.id === 'bestDon')!.enabled).toBe(false)
  expect(stored.settings.awards.find((a) => a.id === 'bestBlack')!.tieBreaks).toEqual([
    'wins',
    'ci',
    'fouls',
    'bestMove',
    'rank',
    'games',
  ])

  // A value the rules refuse: the error area says so and nothing is stored.
  // The previous save's change notice may still reload the form under a loaded machine and take the edit back:
  // the edit is made again until the refusal shows.
  await expect(async () => {
    await sheriff.getByTestId('award-min-games').fill('-2')
    await sheriff.getByTestId('award-min-games').press('Tab')
    await page.getByTestId('awards-save').click()
    await expect(page.getByTestId('error-text')).toContainText('minGames', { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  expect((await control.call<AwardsView>('awards.get', { tournamentId: id })).settings).toEqual(
    stored.settings,
  )

  // The diplomas: one page per winner, each with the award's title and the winner's name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('awards-diplomas').click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const file = await download.path()
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
  const expected = stored.results.flatMap((a) => a.winners.map((w) => ({ a, w })))
  expect(pages).toHaveLength(expected.length)
  expected.forEach(({ a, w }, i) => {
    const text = pages[i].replace(/\s+/g, ' ')
    expect(text, `page ${i + 1}`).toContain(w.name)
    if (a.id === 'bestRed') expect(text).toContain('«Красная звезда»')
    expect(text).toContain('Демо-турнир')
  })

  // Back to the defaults.
  await page.getByTestId('awards-reset').click()
  await expect(page.getByTestId('notice')).toHaveText('Действуют правила номинаций по умолчанию.')
  await expect(page.getByTestId('awards-default')).toBeVisible()
  await expect(page.getByTestId('award-bestDon')).not.toHaveCount(0)
})

test('an award of one’s own: added from the page with its title, shown with its winners, printed, removed again', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const id = await openAwards(page)
  // The title is required: «Добавить номинацию» with none is refused in words, nothing is added.
  await page.getByTestId('awards-add').click()
  await expect(page.getByTestId('error-text')).toContainText('Введите название новой номинации')
  await expect(page.getByTestId('award-rule-own1')).toHaveCount(0)
  await page.getByTestId('awards-new-title').fill('Лучший мафиози')
  await page.getByTestId('awards-add').click()
  const own = page.getByTestId('award-rule-own1')
  await expect(own).toBeVisible()
  await own.getByTestId('award-roles').selectOption('mafia')
  await own.getByTestId('award-measure').selectOption('wins')
  await own.getByTestId('award-min-games').fill('1')
  await own.getByTestId('award-min-games').press('Tab')
  // The shipped ones can only be switched off: no remove button on them.
  await expect(page.getByTestId('award-rule-bestRed').getByTestId('award-remove')).toHaveCount(0)
  await page.getByTestId('awards-save').click()
  await expect(page.getByTestId('notice')).toHaveText('Правила номинаций сохранены.')
  const stored = await control.call<AwardsView>('awards.get', { tournamentId: id })
  expect(stored.settings.awards.find((a) => a.id === 'own1')).toMatchObject({
    title: 'Лучший мафиози',
    roles: 'mafia',
    measure: 'wins',
    minGames: 1,
  })
  const result = stored.results.find((a) => a.id === 'own1')!
  expect(result.winners.length).toBeGreaterThan(0)
  // Shown with its winners, as the server computes them.
  const rows = page.getByTestId('award-own1')
  await expect(rows).toHaveCount(result.winners.length)
  await expect(rows.first()).toContainText('Лучший мафиози')
  for (const w of result.winners) await expect(rows.filter({ hasText: w.name })).toHaveCount(1)
  // Printed in the diplomas.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('awards-diplomas').click(),
  ])
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ')
  expect(text).toContain('«Лучший мафиози»')
  // An own award whose title is cleared: the server refuses it in words, nothing stored.
  await expect(async () => {
    await own.getByTestId('award-title').fill('')
    await own.getByTestId('award-title').press('Tab')
    await page.getByTestId('awards-save').click()
    await expect(page.getByTestId('error-text')).toContainText('у своей номинации должно быть название', {
      timeout: 2000,
    })
  }).toPass({ timeout: 20_000 })
  // Removed again.
  await own.getByTestId('award-remove').click()
  await expect(page.getByTestId('award-rule-own1')).toHaveCount(0)
  await page.getByTestId('awards-save').click()
  await expect(page.getByTestId('notice')).toHaveText('Правила номинаций сохранены.')
  await expect(page.getByTestId('award-own1')).toHaveCount(0)
  const after = await control.call<AwardsView>('awards.get', { tournamentId: id })
  expect(after.settings.awards.map((a) => a.id)).not.toContain('own1')
  // At most 15 awards of one's own: with 15 stored (another window), the page refuses a 16th in words.
  const full = after.settings.awards.concat(
    Array.from({ length: 15 }, (_, i) => ({
      ...after.settings.awards[0],
      id: `own${i + 1}`,
      title: `Приз ${i + 1}`,
    })),
  )
  await control.call('awards.setRules', { tournamentId: id, settings: { ...after.settings, awards: full } })
  await expect(page.getByTestId('award-rule-own15')).toBeVisible()
  await page.getByTestId('awards-new-title').fill('Шестнадцатый')
  await page.getByTestId('awards-add').click()
  await expect(page.getByTestId('error-text')).toContainText('Своих номинаций не может быть больше 15')
  await expect(page.getByTestId('award-rule-own16')).toHaveCount(0)
  await page.getByTestId('awards-reset').click()
  await expect(page.getByTestId('awards-default')).toBeVisible()
})
