/**
 * The stream settings in the panel: overlay role visibility and theme saved through overlay.setSettings (the
 * overlay page follows), and OBS errors shown gracefully (a red light with the reason) when OBS is not there.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { shot } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('overlay settings are saved and read back', async ({ page }) => {
  await page.goto(server.controlUrl)
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('settings')).toBeVisible()
  await page.getByTestId('overlay-roles-shown').check()
  await page.getByLabel('Заголовок').fill('Кубок e2e')
  await page.getByTestId('overlay-save').click()
  await expect(page.getByText('Сохранено')).toBeVisible()
  // A fresh page reads the stored settings back.
  await page.reload()
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('overlay-roles-shown')).toBeChecked()
  await expect(page.getByLabel('Заголовок')).toHaveValue('Кубок e2e')
  await expect(page.getByTestId('theme-swatch')).toContainText('Кубок e2e')
})

test('OBS that is not running: a red light and the reason, the game goes on', async ({ page }) => {
  await page.goto(server.controlUrl)
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('obs-url').fill('ws://127.0.0.1:9')
  await page.getByTestId('obs-auto').uncheck()
  await page.getByTestId('obs-save').click()
  await page.getByTestId('obs-connect').click()
  await expect(page.getByTestId('obs-light')).toHaveAttribute('data-state', /error|disconnected|connecting/)
  await expect(page.locator('[data-testid=obs-reason], [data-testid=obs-error]').first()).toBeVisible({
    timeout: 15_000,
  })
  await shot(page, 'settings-obs-error')
  await page.getByTestId('nav-game').click()
  await expect(page.getByTestId('seat-1')).toBeVisible()
})

test('a database backup is made, listed and restored (confirming while a game runs)', async ({ page }) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('backups').locator('summary').click()
  await page.getByTestId('backup-now').click()
  await expect(page.getByTestId('backups').getByText(/Копия сохранена/)).toBeVisible()
  const restoreButtons = page.getByTestId('backups').getByRole('button', { name: /Восстановить из копии/ })
  await expect(restoreButtons.first()).toBeVisible()
  await restoreButtons.first().click()
  const force = page.getByTestId('restore-force')
  const restored = page.getByTestId('backups').getByText(/База восстановлена/)
  await expect(force.or(restored)).toBeVisible()
  if (await force.isVisible()) await force.click()
  await expect(restored).toBeVisible()
  await page.getByTestId('nav-game').click()
  await expect(page.getByTestId('seat-1')).toBeVisible()
})
