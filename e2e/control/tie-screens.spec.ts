/**
 * The tie screens, in the panel and on the overlay: the tied counts and who is tied («5 : 5 — №4 и №6»), the
 * 0-vote nominee gone from «Выставлены» during the tie speeches and the revote, and each stage by its own term:
 * перестрелка → переголосование → «автокатастрофа»: подъём всех (never «Автокатастрофа» before the lift-all).
 * Also: a silent turn's timer label is translated (no raw «SILENTTURN»).
 */
import { test, expect, type Page } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { command, expectPhase, seats, setUpGame } from './panel'
import { issueShot } from '../helpers/artifacts'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

async function overlayPanel(page: Page) {
  const ov = await page.context().newPage()
  await ov.setViewportSize({ width: 1920, height: 1080 })
  await ov.goto(`${server.overlayUrl}?lang=ru`)
  return ov
}

test('tie speeches, revote and lift-all: counts, who, and the right term at each stage', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  await seats(page, [4])
  await command(page, 'n')
  await command(page, 'Enter')
  await seats(page, [6])
  await command(page, 'n')
  await command(page, 'Enter')
  await seats(page, [7])
  await command(page, 'n')
  for (let i = 0; i < 8; i++) await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('nominees')).toHaveAttribute('data-seats', '4,6,7')

  // 5 : 5 : 0.
  await seats(page, [1, 2, 3, 4, 5])
  await command(page, 'Enter')
  await seats(page, [6, 7, 8, 9, 10])
  await command(page, 'Enter')
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'tieSpeech')

  const tie = page.getByTestId('tie')
  await expect(tie).toHaveText('5 : 5 — №4 и №6')
  await expect(tie).toHaveAttribute('data-stage', 'tieSpeech')
  await expect(page.getByTestId('status-panel-tie-term')).toHaveText('Перестрелка')
  await expect(page.getByTestId('nominees')).toHaveAttribute('data-seats', '4,6')
  await issueShot(page, 'control-tie-speech')
  await page.setViewportSize({ width: 1366, height: 768 })
  await issueShot(page, 'control-tie-speech')
  await page.setViewportSize({ width: 1920, height: 1080 })

  const ov = await overlayPanel(page)
  const panel = ov.getByTestId('nominees')
  await expect(panel).toContainText('Перестрелка')
  await expect(ov.getByTestId('tie-line')).toHaveText('5 : 5 — №4 и №6')
  await expect(ov.getByTestId('nominee-7')).toHaveCount(0)
  await expect(ov.getByTestId('nominee-4')).toBeVisible()
  await expect(ov.getByTestId('overlay')).not.toContainText(/автокатастрофа/i)
  await issueShot(ov, 'overlay-tie-speech')

  // The panel in English says the same.
  await page.getByTestId('lang-en').click()
  await expect(tie).toHaveText('5 : 5 — #4 and #6')
  await page.getByTestId('lang-ru').click()

  // Revote.
  await command(page, 'Enter')
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')
  await expect(tie).toHaveAttribute('data-stage', 'revote')
  await expect(page.getByTestId('status-panel-tie-term')).toHaveText('Переголосование')
  await expect(page.getByTestId('nominees')).toHaveAttribute('data-seats', '4,6')
  await expect(panel).toContainText('Переголосование')
  await expect(ov.getByTestId('nominee-7')).toHaveCount(0)
  await expect(ov.getByTestId('overlay')).not.toContainText(/автокатастрофа/i)
  await seats(page, [1, 2, 3, 4, 5])
  await command(page, 'Enter')
  await seats(page, [6, 7, 8, 9, 10])
  await command(page, 'Enter')

  // The same two tie again: the lift-all vote, where «автокатастрофа» applies.
  await expectPhase(page, 'day', 'liftAll')
  await expect(tie).toHaveAttribute('data-stage', 'liftAll')
  await expect(tie).toHaveText('5 : 5 — №4 и №6')
  await expect(panel).toContainText('Автокатастрофа')
  await expect(panel).toContainText('Подъём всех')
  await issueShot(page, 'control-tie-liftall')
  await issueShot(ov, 'overlay-tie-liftall')
  await ov.close()
})

test('a silent turn shows a translated timer label', async ({ page }) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  // Three fouls for seat 2 before his speech: his turn is a silent turn (FIIM: he may still nominate).
  for (let i = 0; i < 3; i++) {
    await seats(page, [2])
    await command(page, 'f')
  }
  await command(page, 'Enter')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
  const label = page.getByTestId('timer-label')
  await expect(label).toHaveText('Молчаливый ход')
  await issueShot(page, 'control-silent-turn')
  await page.getByTestId('lang-en').click()
  await expect(label).toHaveText('Silent turn')
  await expect(page.getByTestId('app')).not.toContainText(/silentturn/i)
  await page.getByTestId('lang-ru').click()
})
