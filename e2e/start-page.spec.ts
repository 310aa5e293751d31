/**
 * The first five minutes: `/` is a start page (the panel, the organiser's page, one overlay URL per layout with a
 * copy button, how to connect OBS), and a token kept in a --token-file survives a restart, so a bookmarked panel
 * link keeps working.
 */
import { expect, test } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('/ is a start page with the panel, the organiser page, the overlay URLs per layout and the OBS steps', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin })
  const page = await context.newPage()
  await page.goto(`${server.origin}/`)
  await expect(page.getByTestId('start-page')).toBeVisible()
  await expect(page.getByTestId('start-control')).toHaveAttribute('href', '/control')
  await expect(page.getByTestId('start-admin')).toHaveAttribute('href', '/admin')
  await expect(page.getByTestId('start-keep-token')).toContainText('MAFIA_DESK_TOKEN')
  await expect(page.getByTestId('start-keep-token')).toContainText('--token-file')
  await expect(page.getByTestId('start-overlay-url')).toHaveCount(4)
  const urls = await page
    .getByTestId('start-overlay-url')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
  expect(urls).toEqual([
    `${server.origin}/overlay`,
    `${server.origin}/overlay?layout=strip`,
    `${server.origin}/overlay?layout=bar`,
    `${server.origin}/overlay?layout=standings`,
  ])
  await expect(page.getByTestId('start-overlay-strip')).toContainText('1920×260')
  await expect(page.getByTestId('start-obs-steps').locator('li')).toHaveCount(5)
  await expect(page.getByTestId('start-obs-steps')).toContainText('«Браузер»')

  const strip = page.getByTestId('start-overlay-strip')
  await strip.getByTestId('start-copy').click()
  await expect(strip.getByTestId('start-copy')).toHaveText('Скопировано')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${server.origin}/overlay?layout=strip`,
  )

  // Each address opens its layout of the overlay.
  const overlay = await context.newPage()
  await overlay.goto(urls[1])
  await expect(overlay.locator('[data-layout="strip"]')).toBeVisible()

  await page.getByTestId('start-lang').click()
  await expect(page.getByTestId('start-obs-steps')).toContainText('Sources → + → Browser')
  await expect(page.getByTestId('start-copy').first()).toHaveText('Copy')
  await context.close()
})

test('the panel link from the start page works in a browser that opened the token link once', async ({
  page,
}) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await page.goto(`${server.origin}/`)
  await page.getByTestId('start-control').click()
  await expect(page.getByTestId('seat-1')).toBeVisible()
})

test('a --token-file keeps the token, and so the bookmarked panel link, across restarts', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-token-'))
  const tokenFile = join(dir, 'token.txt')
  const first = await startServer({ dir, args: ['--token-file', tokenFile] })
  const bookmark = first.controlUrl
  expect(readFileSync(tokenFile, 'utf8').trim()).toBe(first.token)
  await first.stop()
  const second = await startServer({ dir, args: ['--token-file', tokenFile] })
  try {
    expect(second.token).toBe(first.token)
    expect(second.controlUrl.replace(second.origin, '')).toBe(bookmark.replace(first.origin, ''))
    await page.goto(second.controlUrl)
    await expect(page.getByTestId('seat-1')).toBeVisible()
  } finally {
    await second.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
