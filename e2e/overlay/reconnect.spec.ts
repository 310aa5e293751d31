/**
 * The app restarts (here: the headless server is killed and started again on the same port and database): the
 * overlay keeps showing the last view meanwhile, reconnects by itself and follows the game again.
 */
import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from './control-client'

test('the overlay survives a restart of the app and reconnects by itself', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-overlay-'))
  let first: TestServer | null = null
  let second: TestServer | null = null
  try {
    first = await startServer({ dir })
    const port = new URL(first.origin).port
    let control = await connectControl(first.origin, first.token)
    const active = await control.call<{ gameId: number }>('game.active')
    await control.command(active.gameId, { cmd: 'start' })
    await control.command(active.gameId, { cmd: 'foul', seat: 2 })
    control.close()

    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto(first.overlayUrl)
    await expect(page.getByTestId('card-fouls-2')).toHaveAttribute('data-fouls', '1')
    await expect(page.getByTestId('overlay')).toHaveAttribute('data-connection', 'open')

    await first.kill()
    await expect(page.getByTestId('overlay')).not.toHaveAttribute('data-connection', 'open')
    // Nothing broken meanwhile: the last view stays.
    await expect(page.getByTestId('card-fouls-2')).toHaveAttribute('data-fouls', '1')
    await expect(page.getByTestId('phase-title')).toHaveText('Договорка')
    await page.screenshot({ path: 'artifacts/screenshots/overlay-reconnecting.png', omitBackground: true })

    second = await startServer({ dir, dbFile: first.dbFile, args: ['--port', port] })
    expect(second.origin).toBe(first.origin)
    control = await connectControl(second.origin, second.token)
    await control.command(active.gameId, { cmd: 'foul', seat: 2 })
    control.close()
    await expect(page.getByTestId('overlay')).toHaveAttribute('data-connection', 'open', { timeout: 15_000 })
    await expect(page.getByTestId('card-fouls-2')).toHaveAttribute('data-fouls', '2', { timeout: 15_000 })
  } finally {
    await first?.kill()
    await second?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
