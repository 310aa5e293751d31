/**
 * The club rating on /admin (#season) in Chromium against the real headless server with its demo games: the
 * rating table, a player's page with his record by role and the rating's chart, and a head-to-head view.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { DEMO_FINISHED_GAMES } from '../../src/main/app/demo-games'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('the rating table, a player page with its chart, and a head-to-head', async ({ page }) => {
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#season`)
  const table = page.getByTestId('season-ratings')
  await expect(table).toBeVisible()
  await expect(page.getByTestId('season')).toContainText(`Учтено игр: ${DEMO_FINISHED_GAMES}`)
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(10)
  // The first row's player: his page, with as many games as the rating table says.
  const first = rows.first()
  const games = Number(await first.locator('td').nth(5).innerText())
  await first.getByRole('button').click()
  const pageOf = page.getByTestId('season-player')
  await expect(pageOf).toContainText('Место в рейтинге: 1')
  const roleGames = await Promise.all(
    ['civilian', 'sheriff', 'mafia', 'don'].map(async (r) =>
      Number(await page.getByTestId(`season-role-${r}`).locator('td').first().innerText()),
    ),
  )
  expect(roleGames.reduce((a, b) => a + b, 0)).toBe(games)
  await expect(page.getByTestId('season-chart').locator('polyline')).toHaveCount(1)
  // Head to head with the second player: the demo's ten players share every game.
  await page.getByTestId('season-versus').selectOption({ index: 1 })
  await expect(page.getByTestId('season-h2h')).toContainText(`за одним столом ${DEMO_FINISHED_GAMES}`)
})
