/**
 * Issue 30 §1: with a friendly game on the table the standings graphic had nothing to show («Турнирной таблицы пока
 * нет»). In the panel's stream screen the operator pins a tournament; the standings layout and Shift+T over the
 * full layout then show its table, and «auto» goes back to the game's own tournament (none: the empty state).
 */
import { expect, test } from '@playwright/test'
import type { GameEnvelope } from '../../src/shared/contract'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from './control-client'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test('a friendly game: the operator pins the tournament, both standings graphics show it', async ({
  page,
}) => {
  const control = await connectControl(server.origin, server.token)
  const friendly = await control.call<GameEnvelope>('game.create', {
    rulesetId: 'fiim',
    players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({ name })),
  })
  await control.call('game.open', { gameId: friendly.gameId })
  control.close()

  const standings = await page.context().newPage()
  await standings.setViewportSize({ width: 1920, height: 1080 })
  await standings.goto(`${server.overlayUrl}?layout=standings`)
  await expect(standings.getByTestId('standings')).toHaveAttribute('data-state', 'empty')

  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await page.keyboard.press('o')
  const pin = page.getByTestId('g-standings-tournament')
  await expect(pin).toBeVisible()
  await expect(pin).toHaveValue('')
  await pin.selectOption({ label: 'Демо-турнир' })

  await expect(standings.getByTestId('standings')).toHaveAttribute('data-state', 'rows')
  await expect(standings.getByTestId('standings')).toContainText('Демо-турнир')
  await expect(standings.getByTestId('standings-row').first()).toBeVisible()

  const full = await page.context().newPage()
  await full.setViewportSize({ width: 1920, height: 1080 })
  await full.goto(server.overlayUrl)
  await page.bringToFront()
  await page.locator('[data-testid="g-standings"]:visible').click()
  await expect(full.getByTestId('ondemand-standings').getByTestId('standings')).toHaveAttribute(
    'data-state',
    'rows',
  )

  await pin.selectOption('')
  await expect(standings.getByTestId('standings')).toHaveAttribute('data-state', 'empty')
})
