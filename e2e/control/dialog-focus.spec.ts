/**
 * The panel gives the keyboard's focus back to the board in the next frame (after the setup screen, after a dialog).
 * A frame can come late on a busy machine: a dialog the judge opened in between must keep its field's focus, or his
 * typing goes to the board's shortcuts. Here every animation frame comes 400 ms late.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { command, seats, setUpGame } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('a dialog opened before a late frame keeps its field’s focus', async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  // From now on each frame callback runs 400 ms after it was asked for.
  await page.evaluate(() => {
    const raf = window.requestAnimationFrame.bind(window)
    window.requestAnimationFrame = (cb: FrameRequestCallback): number =>
      window.setTimeout(() => raf(cb), 400) as unknown as number
  })
  await seats(page, [2])
  await page.keyboard.press('x')
  await expect(page.getByTestId('extra-points')).toBeFocused()
  // Closing the dialog asks for the board's focus in the next frame; the judge opens the next dialog before it.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await seats(page, [6])
  await page.keyboard.press('x')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await expect(page.getByTestId('extra-points')).toBeFocused()
  // The late frame has come and gone: the field still has the focus, and typing goes into it.
  await page.waitForTimeout(800)
  await expect(page.getByTestId('extra-points')).toBeFocused()
  await page.getByTestId('extra-points').fill('')
  await page.keyboard.type('0.3')
  await expect(page.getByTestId('extra-points')).toHaveValue('0.3')
  // Closing it gives the focus back to the board, a frame later.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeFocused()
})
