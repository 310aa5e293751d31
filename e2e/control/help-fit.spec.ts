/**
 * Issue 30: the «?» sheet fits the screen — every key and the setup keys are on it at 1366×768 and 1920×1080 in
 * both languages without scrolling, and no text is cut. The pictures land in artifacts/screens/.
 */
import { expect, test } from '@playwright/test'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { SCREENS_DIR, clipIssues } from '../overlay/screens'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

for (const lang of ['ru', 'en'] as const)
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ])
    test(`the help sheet fits ${size.width}×${size.height} without scrolling (${lang})`, async ({ page }) => {
      await page.setViewportSize(size)
      await page.addInitScript((l) => localStorage.setItem('mafia-desk.locale', l), lang)
      await page.goto(server.controlUrl)
      await expect(page.getByTestId('seat-1')).toBeVisible()
      await page.keyboard.press('?')
      const help = page.getByTestId('help')
      await expect(help).toBeVisible()
      await expect(page.getByTestId('help-setup')).toBeVisible()
      await page.screenshot({ path: join(SCREENS_DIR, `panel-help-fit-${lang}-${size.width}.png`) })
      const fit = await help.evaluate((e) => ({ sh: e.scrollHeight, ch: e.clientHeight }))
      expect(fit.sh, 'the sheet scrolls').toBeLessThanOrEqual(fit.ch)
      const box = (await help.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(size.height)
      expect(await clipIssues(page, '[data-testid="help"]')).toEqual([])
    })
