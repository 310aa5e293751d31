/**
 * OBS scene maps per tournament and per table on the /admin page, against the real headless server: a
 * tournament's own map is saved and survives a reload, a table without its own map says it inherits, the
 * demo game (of that tournament) then runs under the tournament's map, and removing it falls back.
 */
import { test, expect } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, startServer, type TestServer } from '../helpers/server'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('a tournament scene map is saved, in force for its game, and removable', async ({ page }) => {
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#obs`)
  const panel = page.getByTestId('obs-maps')
  await expect(panel).toBeVisible()
  await expect(page.getByTestId('obs-maps-active')).toContainText('общая карта')

  const scope = page.getByTestId('obs-maps-scope')
  const tournamentValue = await scope
    .locator('option', { hasText: 'Турнир «Демо-турнир»' })
    .getAttribute('value')
  await scope.selectOption(tournamentValue!)
  await page.getByTestId('obs-map-day').fill('Day (cup)')
  await panel.getByText('Речь по местам').click() // opens the per-seat section
  await page.getByTestId('obs-map-seat-3').fill('Camera 3')
  await page.getByTestId('obs-maps-save').click()
  await expect(page.getByRole('status').filter({ hasText: 'Карта сцен сохранена' })).toBeVisible()
  // The demo game belongs to the demo tournament: its map is now in force.
  await expect(page.getByTestId('obs-maps-active')).toContainText('карта турнира')

  await page.reload()
  await scope.selectOption(tournamentValue!)
  await expect(page.getByTestId('obs-map-day')).toHaveValue('Day (cup)')
  await expect(page.getByTestId('obs-map-seat-3')).toHaveValue('Camera 3')

  const tableValue = await scope.locator('option', { hasText: 'стол 1' }).getAttribute('value')
  await scope.selectOption(tableValue!)
  await expect(page.getByTestId('obs-maps-inherits')).toBeVisible()
  mkdirSync(join(ROOT, 'artifacts/screenshots'), { recursive: true })
  await page.screenshot({ path: join(ROOT, 'artifacts/screenshots/admin-obs-maps.png') })

  await scope.selectOption(tournamentValue!)
  await page.getByTestId('obs-maps-remove').click()
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('obs-maps-active')).toContainText('общая карта')
  await expect(page.getByTestId('obs-maps-inherits')).toBeVisible()
})
