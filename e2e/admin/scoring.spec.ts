/**
 * The scoring page on /admin (issue 31 §3) in Chromium against the real headless server with its demo tournament:
 * copy a shipped system, edit the copy (2 points per red win), and preview the standings under it side by side
 * with the tournament's own; the normaliser puts players with too few games apart.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { DEMO_TOURNAMENT_NAME } from '../../src/main/db/tournaments'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const totals = async (side: import('@playwright/test').Locator): Promise<Map<string, number>> => {
  const out = new Map<string, number>()
  for (const row of await side.getByTestId('scoring-row').all()) {
    const cells = await row.locator('td').allInnerTexts()
    out.set(cells[1], Number(cells[3]))
  }
  return out
}

test('copy a system, edit it and preview the standings under it', async ({ page }) => {
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: DEMO_TOURNAMENT_NAME })
  await page.getByTestId('office-tab-scoring').click()
  await expect(page.getByTestId('scoring-tournament-system')).toContainText('Система турнира')
  await page.getByTestId('scoring-system').selectOption('fiim')
  await expect(page.getByTestId('scoring-save')).toHaveCount(0)
  await page.getByTestId('scoring-copy-name').fill('Красные ×2')
  await page.getByTestId('scoring-copy').click()
  await expect(page.getByTestId('scoring-save')).toBeVisible()
  await expect(page.getByTestId('scoring-system')).toContainText('Красные ×2 (своя)')
  await page.getByTestId('scoring-win-civilian').fill('2')
  await page.getByTestId('scoring-win-sheriff').fill('2')
  await page.getByTestId('scoring-save').click()
  await expect(page.getByText('Система «Красные ×2» сохранена.')).toBeVisible()

  await page.getByTestId('scoring-show').click()
  const current = page.getByTestId('scoring-current')
  const preview = page.getByTestId('scoring-preview')
  await expect(preview).toContainText('По системе «Красные ×2»')
  const now = await totals(current)
  const other = await totals(preview)
  expect(now.size).toBeGreaterThan(0)
  expect(other.size).toBe(now.size)
  // A red win is worth 2 instead of 1: nobody loses points and someone gains.
  for (const [name, total] of other) expect(total).toBeGreaterThanOrEqual(now.get(name)! - 1e-9)
  expect([...other].some(([name, total]) => total > now.get(name)! + 1e-9)).toBe(true)

  // Points per game with a minimum nobody reaches: everyone is listed apart, unranked.
  await page.getByTestId('scoring-normaliser').selectOption('perGame')
  await page.getByTestId('scoring-min-games').fill('100')
  await page.getByTestId('scoring-show').click()
  await expect(preview.getByTestId('scoring-apart')).toHaveCount(now.size)
  await expect(current.getByTestId('scoring-apart')).toHaveCount(0)
})
