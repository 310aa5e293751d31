/**
 * Fouls, a removal with a reason, a team defeat and extra points, all from the keyboard; dialogs confirm with
 * Enter and cancel with Esc.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { DEMO_FINISHED_GAMES } from '../../src/main/app/demo-games'
import { command, expectPhase, seats, setUpGame } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('fouls, removal, team defeat and extra points from the keyboard', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')

  // Fouls: F gives one, Shift+F takes one back; F without a seat only hints.
  await seats(page, [4])
  await command(page, 'f')
  await seats(page, [4])
  await command(page, 'f')
  await expect(page.getByTestId('fouls-4')).toHaveText('2')
  await seats(page, [4])
  await command(page, 'Shift+F')
  await expect(page.getByTestId('fouls-4')).toHaveText('1')
  await page.keyboard.press('f')
  await expect(page.getByTestId('hint')).toBeVisible()
  await page.keyboard.press('Escape')

  // A removal with a reason chosen in the dialog.
  await seats(page, [7])
  await page.keyboard.press('r')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  // FIIM opens on its first reason (betting); a letter picks another, B picks betting again.
  await expect(page.getByTestId('remove-reason')).toHaveValue('betting')
  await page.keyboard.press('o')
  await expect(page.getByTestId('remove-reason')).toHaveValue('other')
  await page.keyboard.press('b')
  await expect(page.getByTestId('remove-reason')).toHaveValue('betting')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('seat-7')).toHaveAttribute('data-status', 'removed')
  await expect(page.getByTestId('undo-label')).toContainText('№7')
  // The engine says why there will be no vote (docs/rules.md §10.3), where the judge looks — once: the step panel's
  // own «vote cancelled» line waits until the notice is gone (issue 30, one fact once).
  await expect(page.getByTestId('engine-notice')).toHaveAttribute('data-code', 'noVote.removal')
  await expect(page.getByTestId('engine-notice')).toContainText('№7')
  await expect(page.getByTestId('vote-cancelled')).toHaveCount(0)

  // Esc cancels a dialog and changes nothing.
  await seats(page, [5])
  await page.keyboard.press('x')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await page.keyboard.press('Escape')

  // Team defeat by the don: the reds win at once.
  await seats(page, [3])
  await page.keyboard.press('p')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await page.keyboard.type('клятва')
  await page.keyboard.press('Enter')
  await expectPhase(page, 'finished')
  await expect(page.getByTestId('winner')).toHaveAttribute('data-winner', 'red')

  // Extra points after the end.
  await seats(page, [2])
  await page.keyboard.press('x')
  await expect(page.getByTestId('extra-points')).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('0.5')
  await page.keyboard.press('Tab')
  await page.keyboard.type('лучший игрок')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('points-2')).toHaveText('1,5')
  await expect(page.getByTestId('summary-status-7')).toHaveAttribute('data-status', 'removed')

  // game.list / game.open: switch back to the demo game and forth to this one.
  const thisGame = (await page.getByTestId('app').getAttribute('data-game')) ?? ''
  await page.keyboard.press('g')
  const list = page.getByTestId('game-list')
  // The demo's finished games, its open game and this one.
  await expect(list.locator('li')).toHaveCount(DEMO_FINISHED_GAMES + 2)
  await list.locator('li:not(.current) button').first().click()
  await expect(page.getByTestId('app')).not.toHaveAttribute('data-game', thisGame)
  await expect(page.getByTestId('board')).toBeVisible()
  await page.keyboard.press('g')
  await list.locator(`li[data-game="${thisGame}"] button`).click()
  await expect(page.getByTestId('app')).toHaveAttribute('data-game', thisGame)
  await expectPhase(page, 'finished')
})
