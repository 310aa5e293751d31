/**
 * Extra points typed the way judges type them: «0,3» in Russian and «0.3» (or «0,2») in English mean the same
 * number; the dialog shows the parsed value before saving and refuses bad input with its own message, in the
 * panel's language, inside the dialog (not the browser's tooltip, never a silent +1.0).
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

async function openExtra(page: Page, seat: number): Promise<void> {
  await seats(page, [seat])
  await page.keyboard.press('x')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await expect(page.getByTestId('extra-points')).toBeFocused()
}

async function typePoints(page: Page, text: string): Promise<void> {
  await page.getByTestId('extra-points').fill('')
  await page.keyboard.type(text)
}

test('extra points with a decimal comma: Russian panel', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')

  await openExtra(page, 4)
  const parsed = page.getByTestId('extra-points-parsed')
  // The default is shown in the panel's own format.
  await expect(page.getByTestId('extra-points')).toHaveValue('0,1')
  await typePoints(page, '0,3')
  await expect(parsed).toHaveText('Будет записано: +0,3')
  await expect(parsed).toHaveAttribute('data-value', '0.3')

  // Not a number: the dialog says so in Russian, inside itself, and saves nothing.
  await typePoints(page, '0,3,')
  await expect(parsed).toHaveText(/Введите число/)
  await page.getByTestId('extra-reason').fill('Лучшая речь')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await expect(page.getByTestId('action-dialog').getByTestId('dialog-error')).toHaveText(/Введите число/)
  // Out of the ruleset's range.
  await typePoints(page, '2,5')
  await expect(parsed).toHaveText(/от −1,6 до 1,6/)
  // A missing reason: the message is inside the dialog.
  await typePoints(page, '-0,5')
  await expect(parsed).toHaveText('Будет записано: −0,5')
  await page.getByTestId('extra-reason').fill('')
  await page.getByTestId('extra-points').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog').getByTestId('dialog-error')).toHaveText('Укажите причину.')
  await issueShot(page, 'control-extra-points-ru')
  await page.setViewportSize({ width: 1920, height: 1080 })
  await issueShot(page, 'control-extra-points-ru')
  await page.setViewportSize({ width: 1366, height: 768 })

  await typePoints(page, '0,3')
  await page.getByTestId('extra-reason').fill('Лучшая речь')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('undo-label')).toContainText(/№4 .+: \+0,3 \(Лучшая речь\)/)
})

test('extra points in an English panel take a dot and a comma alike', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await page.getByTestId('lang-en').click()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')

  await openExtra(page, 2)
  await expect(page.getByTestId('extra-points')).toHaveValue('0.1')
  const parsed = page.getByTestId('extra-points-parsed')
  await typePoints(page, '0,2')
  await expect(parsed).toHaveText('Will be recorded: +0.2')
  await typePoints(page, 'abc')
  await expect(parsed).toHaveText(/Type a number/)
  await typePoints(page, '0.4')
  await expect(parsed).toHaveText('Will be recorded: +0.4')
  await page.getByTestId('extra-reason').fill('Best speech')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('undo-label')).toContainText(/seat 2 \(.+\): \+0\.4 \(Best speech\)/)

  await openExtra(page, 6)
  await typePoints(page, '0,2')
  await page.getByTestId('extra-reason').fill('Good move')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('undo-label')).toContainText(/seat 6 \(.+\): \+0\.2 \(Good move\)/)
  await page.getByTestId('lang-ru').click()
})

// The panel gives the keyboard's focus back to the board in the next frame (after the setup screen, after a dialog).
// A frame can come late on a busy machine: a dialog the judge opened in between must keep its field's focus, or his
// typing goes to the board's shortcuts. Here every animation frame comes 400 ms late.
test('a dialog opened before a late frame keeps its field’s focus', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  await page.evaluate(() => {
    const raf = window.requestAnimationFrame.bind(window)
    window.requestAnimationFrame = (cb: FrameRequestCallback): number =>
      window.setTimeout(() => raf(cb), 400) as unknown as number
  })
  await openExtra(page, 2)
  // Closing the dialog asks for the board's focus in the next frame; the judge opens the next dialog before it.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await openExtra(page, 6)
  // The late frame has come and gone: the field still has the focus, and typing goes into it.
  await page.waitForTimeout(800)
  await expect(page.getByTestId('extra-points')).toBeFocused()
  await typePoints(page, '0,3')
  await expect(page.getByTestId('extra-points')).toHaveValue('0,3')
  // Closing it gives the focus back to the board, a frame later.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeFocused()
})
