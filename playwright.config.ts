import { defineConfig } from '@playwright/test'

/**
 * Playwright e2e against the headless server (out/main/serve.js, built by `npm run build`) in Debian's
 * Chromium. Never `playwright install`: the browser is the system one (CHROMIUM_PATH, else /usr/bin/chromium).
 */
export default defineConfig({
  testDir: './e2e',
  // The desktop app's spec runs in its own script, `npm run test:electron` (it prepares Electron's native build).
  testIgnore: process.env.MAFIA_DESK_ELECTRON_TEST ? [] : ['**/electron.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1366, height: 768 },
    trace: 'off',
  },
})
