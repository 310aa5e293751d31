/**
 * Overlay screenshots with a transparent background (omitBackground) in Chromium: every layout preset at its
 * own size, alpha 0 outside the drawn parts, and each card status distinguishable in the DOM and in the pixels.
 * The images land in artifacts/screenshots/overlay-*.png.
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, startServer, type TestServer } from '../helpers/server'
import { connectControl } from './control-client'
import { colourDistance, coverage, decodePng, maxAlpha, meanColour, type Image } from './png'

const SHOTS = join(ROOT, 'artifacts/screenshots')
const SIZES = {
  full: { width: 1920, height: 1080 },
  strip: { width: 1920, height: 260 },
  bar: { width: 1920, height: 100 },
  standings: { width: 1920, height: 1080 },
} as const

let server: TestServer

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

async function open(page: Page, query: string): Promise<void> {
  await page.goto(`${server.overlayUrl}?${query}`)
  await page.getByTestId('overlay').waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

async function shoot(page: Page, name: string): Promise<Image> {
  const buf = await page.screenshot({ omitBackground: true })
  writeFileSync(join(SHOTS, `overlay-${name}.png`), buf)
  return decodePng(buf)
}

/** Every element's box lies inside the preset's rectangle. */
async function allInside(page: Page, width: number, height: number): Promise<string[]> {
  return page.evaluate(
    ({ width, height }) => {
      const bad: string[] = []
      for (const el of Array.from(document.querySelectorAll('[data-testid="stage"] *'))) {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || r.height === 0) continue
        if (r.left < -0.5 || r.top < -0.5 || r.right > width + 0.5 || r.bottom > height + 0.5) {
          bad.push(
            `${el.tagName}.${String((el as HTMLElement).className)} ${r.left},${r.top},${r.right},${r.bottom}`,
          )
        }
      }
      return bad
    },
    { width, height },
  )
}

test.use({ reducedMotion: 'reduce' })

test('full layout (1920×1080): transparent video area, cards, banner, panels', async ({ page }) => {
  await page.setViewportSize(SIZES.full)
  await open(page, 'demo=day')
  const img = await shoot(page, 'full-day')
  expect([img.width, img.height]).toEqual([1920, 1080])
  // The middle of the screen (the players' video) stays fully transparent; the corners too.
  expect(maxAlpha(img, 560, 460, 1240, 740)).toBe(0)
  expect(maxAlpha(img, 0, 0, 20, 20)).toBe(0)
  expect(maxAlpha(img, 1900, 0, 1920, 20)).toBe(0)
  expect(maxAlpha(img, 0, 1076, 1920, 1080)).toBe(0)
  // The cards are drawn, semi-opaque at least.
  expect(coverage(img, 30, 820, 1890, 1050)).toBeGreaterThan(0.9)
  expect(await allInside(page, 1920, 1080)).toEqual([])
  await expect(page.getByTestId('phase-title')).toHaveText('День 2')
  await expect(page.getByTestId('nominees').getByTestId('nominee-7')).toBeVisible()
})

test('each card status looks different (DOM and pixels)', async ({ page }) => {
  await page.setViewportSize(SIZES.full)
  await open(page, 'demo=day')
  const img = await shoot(page, 'full-statuses')
  const states: Record<number, string> = { 1: 'alive', 2: 'killed', 6: 'votedOut', 9: 'removed' }
  for (const [seat, status] of Object.entries(states)) {
    await expect(page.getByTestId(`card-${seat}`)).toHaveAttribute('data-status', status)
  }
  await expect(page.getByTestId('card-status-1')).toHaveCount(0)
  // Sample the same spot of each card: where the status ribbon is drawn.
  const ribbon = await page.getByTestId('card-status-2').boundingBox()
  const card2 = await page.getByTestId('card-2').boundingBox()
  expect(ribbon && card2).toBeTruthy()
  const dx = ribbon!.x - card2!.x + 20
  const dy = ribbon!.y - card2!.y + 6
  const colours: Record<string, number[]> = {}
  for (const [seat, status] of Object.entries(states)) {
    const box = (await page.getByTestId(`card-${seat}`).boundingBox())!
    colours[status] = meanColour(img, box.x + dx, box.y + dy, box.x + dx + 20, box.y + dy + 14)
  }
  const names = Object.keys(colours)
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const d = colourDistance(colours[names[i]], colours[names[j]])
      expect(d, `${names[i]} vs ${names[j]}: ${JSON.stringify(colours)}`).toBeGreaterThan(40)
    }
  }
  // Fouls as pips, the silenced mark, roles (the demo shows them), the speaker with a running ring.
  await expect(page.getByTestId('card-fouls-5')).toHaveAttribute('data-fouls', '3')
  await expect(page.getByTestId('card-silenced-5')).toBeVisible()
  await expect(page.getByTestId('card-4')).toHaveAttribute('data-speaking', 'true')
  await expect(page.getByTestId('card-4').getByTestId('countdown')).toHaveAttribute('data-seconds', '42')
  await expect(page.getByTestId('card-7')).toHaveAttribute('data-role', 'don')
})

for (const scene of ['voting', 'night', 'end'] as const) {
  test(`full layout, ${scene}`, async ({ page }) => {
    await page.setViewportSize(SIZES.full)
    await open(page, `demo=${scene}`)
    const img = await shoot(page, `full-${scene}`)
    expect(maxAlpha(img, 0, 0, 20, 20)).toBe(0)
    expect(await allInside(page, 1920, 1080)).toEqual([])
    if (scene === 'end') await expect(page.getByTestId('winner')).toHaveAttribute('data-winner', 'red')
    if (scene === 'voting') await expect(page.getByTestId('nominee-7')).toHaveAttribute('data-votes', '3')
    if (scene === 'night') await expect(page.getByTestId('night-shot')).toHaveAttribute('data-kind', 'kill')
  })
}

test('strip (1920×260): cards only, nothing below the strip', async ({ page }) => {
  // A taller window than the preset: the stage keeps its size, and nothing is drawn below it.
  await page.setViewportSize({ width: 1920, height: 600 })
  await open(page, 'layout=strip&demo=day')
  const tall = await shoot(page, 'strip-in-tall-window')
  expect(maxAlpha(tall, 0, 261, 1920, 600)).toBe(0)
  await page.setViewportSize(SIZES.strip)
  const img = await shoot(page, 'strip')
  expect([img.width, img.height]).toEqual([1920, 260])
  expect(coverage(img, 20, 30, 1900, 250)).toBeGreaterThan(0.9)
  expect(maxAlpha(img, 0, 0, 1920, 4)).toBe(0)
  expect(await allInside(page, 1920, 260)).toEqual([])
  await expect(page.getByTestId('phase-banner')).toHaveCount(0)
  await expect(page.getByTestId('card-10')).toBeVisible()
})

test('bar (1920×100): one information bar', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 400 })
  await open(page, 'layout=bar&demo=day')
  const tall = await shoot(page, 'bar-in-tall-window')
  expect(maxAlpha(tall, 0, 101, 1920, 400)).toBe(0)
  await page.setViewportSize(SIZES.bar)
  for (const scene of ['day', 'voting', 'night', 'end'] as const) {
    await open(page, `layout=bar&demo=${scene}`)
    const img = await shoot(page, `bar-${scene}`)
    expect([img.width, img.height]).toEqual([1920, 100])
    expect(maxAlpha(img, 0, 0, 1920, 3)).toBe(0)
    expect(coverage(img, 40, 20, 1880, 80)).toBeGreaterThan(0.95)
    expect(await allInside(page, 1920, 100)).toEqual([])
  }
  await expect(page.getByTestId('winner')).toHaveAttribute('data-winner', 'red')
})

test('standings (1920×1080): the table, and the "no standings yet" state', async ({ page }) => {
  await page.setViewportSize(SIZES.standings)
  await open(page, 'layout=standings&demo=day')
  const img = await shoot(page, 'standings')
  expect(maxAlpha(img, 0, 0, 300, 1080)).toBe(0)
  await expect(page.getByTestId('standings-row')).toHaveCount(10)
  expect(await allInside(page, 1920, 1080)).toEqual([])
  // Live: the demo game's tournament has its finished demo games, so its table is shown …
  await open(page, 'layout=standings')
  await expect(page.getByTestId('standings-row')).toHaveCount(10)
  // … and a friendly game has none: the "no standings yet" state. Then the demo game is the active one again.
  const control = await connectControl(server.origin, server.token)
  try {
    const demo = await control.call<{ gameId: number }>('game.active')
    await control.call('game.create', {
      rulesetId: 'fiim',
      players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((name) => ({ name })),
      seed: 1,
    })
    await expect(page.getByTestId('standings-empty')).toBeVisible()
    await shoot(page, 'standings-empty')
    await control.call('game.open', { gameId: demo.gameId })
  } finally {
    control.close()
  }
})

test('theme from URL parameters, English, and the scaled preview', async ({ page }) => {
  await page.setViewportSize(SIZES.full)
  await open(page, 'demo=voting&accent=38bdf8&title=Final%20day&lang=en')
  await expect(page.getByTestId('phase-step')).toHaveText('Voting')
  await expect(page.getByTestId('theme-title')).toHaveText('Final day')
  const accent = await page
    .getByTestId('stage')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--md-accent'))
  expect(accent.trim()).toBe('#38bdf8')
  await shoot(page, 'full-theme-en')
  await page.setViewportSize({ width: 640, height: 360 })
  await open(page, 'demo=day&preview=1')
  const box = await page.getByTestId('stage').boundingBox()
  expect(Math.round(box!.width)).toBe(640)
  expect(Math.round(box!.height)).toBe(360)
  await shoot(page, 'preview')
})

test('live overlay from the server (the demo game), transparent background', async ({ page }) => {
  await page.setViewportSize(SIZES.full)
  await open(page, '')
  await expect(page.getByTestId('card-1')).toBeVisible()
  const img = await shoot(page, 'live')
  expect(maxAlpha(img, 560, 460, 1240, 740)).toBe(0)
  expect(maxAlpha(img, 0, 0, 20, 20)).toBe(0)
})
