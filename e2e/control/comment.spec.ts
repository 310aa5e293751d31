/**
 * A comment or protest for the protocol (§14), written from the keyboard (K), lands in the game's protocol.
 */
import { test, expect } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from '../overlay/control-client'
import { command, expectPhase, setUpGame } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('K writes a comment into the protocol; Esc cancels; an empty one only hints', async ({ page }) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  await command(page, 'Enter')
  await expectPhase(page, 'day', 'speech')

  await page.keyboard.press('k')
  await expect(page.getByTestId('comment-text')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)

  await page.keyboard.press('k')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await page.getByTestId('comment-text').fill('Протест: шум в зале во время речи №1')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('error')).toHaveCount(0)

  const control = await connectControl(server.origin, server.token)
  const active = await control.call<{ gameId: number }>('game.active')
  const file = await control.call<{ base64: string }>('export.protocol', {
    gameId: active.gameId,
    format: 'html',
    allowUnfinished: true,
  })
  control.close()
  expect(Buffer.from(file.base64, 'base64').toString()).toContain(
    'день 1: Протест: шум в зале во время речи №1',
  )
})
