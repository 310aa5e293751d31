/**
 * Drives the real desktop app (Playwright's Electron support) where the Electron binary is installed:
 * the control window and the transparent overlay window open, and a foul in the control window reaches the
 * overlay window over IPC. Where the binary could not be downloaded (as on the CI machine, which has no
 * access to Electron's download host), the spec says so clearly and is skipped.
 */
import { test, expect, _electron as electron } from '@playwright/test'
import { createRequire } from 'node:module'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ROOT } from './helpers/server'

/** The installed Electron executable, found without requiring 'electron' (which would try to download it). */
function electronBinary(): string | null {
  try {
    const dir = dirname(createRequire(__filename).resolve('electron/package.json'))
    const pathFile = join(dir, 'path.txt')
    if (!existsSync(pathFile)) return null
    const exe = process.env.ELECTRON_OVERRIDE_DIST_PATH
      ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, readFileSync(pathFile, 'utf8'))
      : join(dir, 'dist', readFileSync(pathFile, 'utf8'))
    return existsSync(exe) ? exe : null
  } catch {
    return null
  }
}

const binary = electronBinary()
if (!binary)
  console.log('skipped: Electron binary not installed (the electron package could not download it here)')

test.describe('desktop app (Electron)', () => {
  test.skip(!binary, 'skipped: Electron binary not installed')

  test('control and overlay windows; a foul reaches the overlay over IPC', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'mafia-desk-electron-'))
    const app = await electron.launch({
      executablePath: binary!,
      args: [join(ROOT, 'out/main/index.js'), `--user-data-dir=${userData}`],
      env: { ...process.env, MAFIA_DESK_PORT: '0' },
    })
    try {
      await expect.poll(() => app.windows().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
      const pages = app.windows()
      const control = pages.find((p) => p.url().includes('/control'))!
      const overlay = pages.find((p) => p.url().includes('/overlay'))!
      expect(await control.evaluate(() => typeof window.api)).toBe('object')
      const gameId = await control.evaluate(async () => {
        const api = window.api!
        const active = await api['game.active']({})
        if (!active.ok || !active.value) throw new Error('no active game')
        await api['game.command']({ gameId: active.value.gameId, command: { cmd: 'start' } })
        return active.value.gameId
      })
      expect(gameId).toBeGreaterThan(0)
      // The overlay window may read but never command.
      const refused = await overlay.evaluate(
        async (id) => window.api!['game.command']({ gameId: id, command: { cmd: 'foul', seat: 2 } }),
        gameId,
      )
      expect(refused.ok).toBe(false)
      await control.getByTestId('foul-2').click()
      await expect(overlay.getByTestId('card-fouls-2')).toHaveAttribute('data-fouls', '1')
    } finally {
      await app.close()
    }
  })
})
