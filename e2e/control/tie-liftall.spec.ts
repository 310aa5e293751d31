/**
 * A tie, tie speeches, a revote that ties again and a lift-all vote that lifts both, played from the keyboard;
 * then Ctrl+Z takes the lift-all vote back (the undo button says what it will undo) and Ctrl+Shift+Z redoes it.
 * Also: a refused command shows the engine's reason in place, in the judge's language, and changes nothing.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { command, expectPhase, revision, seats, setUpGame } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('tie → tie speeches → tied revote → lift-all; undo restores the lift-all vote', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })

  await command(page, 'Enter')
  await seats(page, [4])
  await command(page, 'n')
  await command(page, 'Enter')
  await seats(page, [6])
  await command(page, 'n')
  for (let i = 0; i < 9; i++) await command(page, 'Enter')
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('nominees')).toHaveAttribute('data-seats', '4,6')

  // An action the engine refuses: a redo with nothing to redo (a key of another moment, like M in the daytime, only
  // hints, see keyboard-back.spec). The engine's reason shows in place; nothing changes.
  const before = await revision(page)
  await seats(page, [5])
  await page.keyboard.press('Control+y')
  const error = page.getByTestId('error')
  await expect(error).toBeVisible()
  await expect(error).toHaveText(/\p{Script=Cyrillic}/u)
  expect(await revision(page)).toBe(before)
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '5')
  await page.getByTestId('lang-en').click()
  await expect(error).not.toHaveText(/\p{Script=Cyrillic}/u)
  await page.getByTestId('lang-ru').click()
  await page.keyboard.press('Escape')
  await expect(error).toHaveCount(0)
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '')

  // 5 : 5.
  await seats(page, [1, 2, 3, 4, 5])
  await command(page, 'Enter')
  await seats(page, [6, 7, 8, 9, 10])
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'tieSpeech')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '4')
  await command(page, 'Enter')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '6')
  await command(page, 'Enter')

  // The revote ties again.
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('voting')).toContainText('Переголосование')
  await seats(page, [1, 2, 3, 4, 5])
  await command(page, 'Enter')
  await seats(page, [6, 7, 8, 9, 10])
  await command(page, 'Enter')

  // Lift-all: 7 of 10 say yes → both leave, each with a last word.
  await expectPhase(page, 'day', 'liftAll')
  await seats(page, [1, 2, 3, 5, 7, 8, 9])
  await expect(page.getByTestId('lift-count')).toContainText('7')
  await command(page, 'l')
  await expectPhase(page, 'day', 'lastWord')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '4')
  await expect(page.getByTestId('seat-4')).toHaveAttribute('data-status', 'votedOut')
  await expect(page.getByTestId('seat-6')).toHaveAttribute('data-status', 'votedOut')

  // Undo says what it will take back, and takes back exactly that.
  await expect(page.getByTestId('undo-label')).toContainText('Подъём всех: за 1, 2, 3, 5, 7, 8, 9')
  await command(page, 'Control+z')
  await expectPhase(page, 'day', 'liftAll')
  await expect(page.getByTestId('seat-4')).toHaveAttribute('data-status', 'alive')
  await expect(page.getByTestId('seat-6')).toHaveAttribute('data-status', 'alive')
  await expect(page.getByTestId('lift-all')).toBeVisible()
  await expect(page.getByTestId('redo-label')).toContainText('Подъём всех: за 1, 2, 3, 5, 7, 8, 9')

  // Redo, then the last words and the night.
  await command(page, 'Control+Shift+z')
  await expectPhase(page, 'day', 'lastWord')
  await expect(page.getByTestId('seat-4')).toHaveAttribute('data-status', 'votedOut')
  await command(page, 'Enter')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '6')
  await command(page, 'Enter')
  await expectPhase(page, 'night')
  await expect(page.getByTestId('seat-6')).toHaveAttribute('data-status', 'votedOut')
})
