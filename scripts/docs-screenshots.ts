/**
 * `npm run docs:screenshots` — the README's three pictures, made by hand (never by `npm test`): the judge's panel
 * in a game, the overlay on a stream (over a stand-in for the camera picture) and the organiser's dashboard. It
 * starts the real headless server on a fresh database in a temporary folder, plays a few moves of the demo game
 * through the panel's keys in Debian's Chromium, and writes docs/images/panel.png, overlay-stream.jpg and organiser.png.
 * Commit the images when the screens change.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { startServer } from '../e2e/helpers/server'

const ROOT = resolve(__dirname, '..')
const OUT = join(ROOT, 'docs/images')

async function keys(page: Page, ...pressed: string[]): Promise<void> {
  for (const k of pressed) {
    await page.keyboard.press(k)
    await page.waitForTimeout(150)
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const server = await startServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const panel = await browser.newPage({ viewport: { width: 1366, height: 768 } })
    await panel.goto(server.controlUrl)
    await panel.getByTestId('seat-1').waitFor()
    // Zero night, day 1: seat 1 nominates 5, seat 2 gets a foul, seat 3 speaks.
    await keys(panel, 'Enter', 'Enter', '5', 'n', 'Enter', '2', 'f', 'Enter')
    await panel.locator('[data-testid="speaker"][data-seat="3"]').waitFor()
    await panel.waitForTimeout(600)
    await panel.screenshot({ path: join(OUT, 'panel.png') })

    const overlay = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    await overlay.goto(server.overlayUrl)
    await overlay.locator('[data-testid="card-3"][data-speaking="true"]').waitFor()
    await overlay.waitForTimeout(800)
    // The overlay is transparent (alpha 0 where it draws nothing); OBS lays it over the table camera. Here it is
    // laid over a stand-in for the camera picture, on a blank page of its own.
    const transparent = await overlay.screenshot({ omitBackground: true })
    const stream = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    await stream.setContent(
      `<body style="margin:0;background:radial-gradient(ellipse at 50% 40%, #7a5434 0%, #4a3321 40%, #1d1712 75%, #0d0d0d 100%)">` +
        `<img style="display:block" src="data:image/png;base64,${transparent.toString('base64')}"></body>`,
    )
    await stream.screenshot({ path: join(OUT, 'overlay-stream.jpg'), type: 'jpeg', quality: 85 })

    const admin = await browser.newPage({ viewport: { width: 1366, height: 768 } })
    await admin.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
    await admin.getByTestId('panel-office').waitFor()
    await admin.waitForTimeout(800)
    await admin.screenshot({ path: join(OUT, 'organiser.png') })
    for (const name of ['panel.png', 'overlay-stream.jpg', 'organiser.png']) console.log(join(OUT, name))
  } finally {
    await browser.close()
    await server.stop()
    rmSync(server.dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err))
  process.exit(1)
})
