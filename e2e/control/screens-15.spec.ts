/**
 * The screens a newcomer and a stream operator tripped over (issue 15), at 1920×1080 and 1366×768: the panel
 * without the token says what to open; "hide roles on this screen" (H); the seat cards keep their height when
 * badges stack; the header keeps the game's name readable; /admin has no sideways scroll and the OBS tab looks
 * like the others; no favicon 404; the information bar prints the winner once and its title uncut. Screenshots
 * of each go to artifacts/issue-15.
 */
import { test, expect, type Page } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { issueShot } from '../helpers/artifacts'
import { command, seats } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
]

function watch404(page: Page): string[] {
  const missing: string[] = []
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url())
  })
  return missing
}

test('the control panel opened without the token says it needs the server’s link', async ({ page }) => {
  await page.goto(`${server.origin}/control`)
  await expect(page.getByTestId('need-token')).toBeVisible()
  await expect(page.getByTestId('need-token')).toContainText('/control?token=')
  await page.setViewportSize(SIZES[1])
  await issueShot(page, 'control-no-token')
})

for (const size of SIZES) {
  test(`the table at ${size.width}: hide roles (H), steady seat cards, readable game name, no 404`, async ({
    page,
  }) => {
    const missing = watch404(page)
    // A server of its own: the game below is played from its start at each size.
    const own = await startServer()
    try {
      await page.setViewportSize(size)
      await page.goto(own.controlUrl)
      await expect(page.getByTestId('seat-1')).toBeVisible()
      expect(await page.locator('link[rel=icon]').count()).toBe(1)
      // The demo game (№ 4 after the three finished demo games, in round 4 at table 1): its name, with its round
      // and table, is shown whole in the header.
      const title = page.locator('.game-title')
      await expect(title).toHaveAttribute('title', 'Тур 4 · Стол 1 · Игра 4')
      await expect(page.getByTestId('game-title-place')).toHaveText('Тур 4 · Стол 1')
      await expect(title.locator('.game')).toHaveText('Игра 4')
      for (const part of await title.locator('span').all())
        expect(await part.evaluate((e) => e.clientWidth > 30 && e.scrollWidth <= e.clientWidth)).toBe(true)
      expect(await title.evaluate((e) => e.scrollHeight <= e.clientHeight)).toBe(true)

      await command(page, 'Enter') // zero night
      await command(page, 'Enter') // day 1, seat 1 speaks
      await expect(page.getByTestId('role-1')).not.toHaveText('···')
      const h0 = (await page.getByTestId('seat-2').boundingBox())!.height
      // Seat 2: nominated, silenced (three fouls), then speaking his silent turn: three badges, and
      // the card does not grow.
      await seats(page, [2])
      await command(page, 'n')
      for (let i = 0; i < 3; i++) {
        await seats(page, [2])
        await command(page, 'f')
      }
      await command(page, 'Enter')
      await expect(page.getByTestId('nominated-2')).toBeVisible()
      await expect(page.getByTestId('silenced-2')).toBeVisible()
      await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
      expect((await page.getByTestId('seat-2').boundingBox())!.height).toBe(h0)
      // Every badge is read whole: none leaves the card's badge line, none ends in «…».
      const cut = await page
        .getByTestId('seat-2')
        .locator('.marks')
        .evaluate((marks) => {
          const box = marks.getBoundingClientRect()
          return Array.from(marks.children)
            .filter((m) => {
              const r = m.getBoundingClientRect()
              if (r.width === 0) return false
              return (
                m.scrollWidth > m.clientWidth + 1 ||
                r.right > box.right + 0.5 ||
                r.bottom > box.bottom + 0.5 ||
                r.left < box.left - 0.5
              )
            })
            .map((m) => m.textContent?.trim() ?? '')
        })
      expect(cut).toEqual([])
      await expect(page.getByTestId('seat-2').locator('.marks > span:visible')).toHaveCount(3)
      await issueShot(page, 'control-table')

      // H hides the roles on this screen (the overlay is not affected), H again shows them.
      await page.keyboard.press('h')
      await expect(page.getByTestId('hide-roles')).toHaveAttribute('aria-pressed', 'true')
      for (const s of [1, 3, 5, 8, 10]) await expect(page.getByTestId(`role-${s}`)).toHaveText('···')
      await expect(page.getByTestId('seat-3')).toHaveAttribute('data-role', 'hidden')
      await expect(page.getByTestId('board')).not.toContainText(/МАФИЯ|ДОН|ШЕРИФ|мафия|дон|шериф/)
      await issueShot(page, 'control-roles-hidden')
      await page.keyboard.press('h')
      await expect(page.getByTestId('hide-roles')).toHaveAttribute('aria-pressed', 'false')
      await expect(page.getByTestId('role-1')).not.toHaveText('···')

      // The setup screen lists the finished demo games; the help sheet lists every screen's keys.
      await page.keyboard.press('g')
      // A tournament game is named with its round and table: the demo's games 1–3 are three rounds at table 1.
      const list = page.getByTestId('game-list')
      for (const n of [1, 2, 3]) await expect(list).toContainText(`Тур ${n} · Стол 1 · Игра ${n}`)
      await issueShot(page, 'control-setup')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await page.keyboard.press('?')
      await expect(page.getByTestId('help')).toBeVisible()
      await issueShot(page, 'control-help')
      await page.keyboard.press('Escape')
      await page.keyboard.press('o')
      await expect(page.getByTestId('settings')).toBeVisible()
      await issueShot(page, 'control-stream')
      expect(missing).toEqual([])
    } finally {
      await own.stop()
    }
  })

  test(`/admin at ${size.width}: no sideways scroll on any tab, the OBS tab as a card`, async ({ page }) => {
    const missing = watch404(page)
    await page.setViewportSize(size)
    for (const tab of ['players', 'tournaments', 'games', 'data', 'backups', 'obs']) {
      await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#${tab}`)
      await expect(page.getByTestId(`panel-${tab}`)).toBeVisible()
      await page.waitForTimeout(300)
      const { sw, cw } = await page.evaluate(() => ({
        sw: document.documentElement.scrollWidth,
        cw: document.documentElement.clientWidth,
      }))
      expect(sw, `${tab} scrolls sideways`).toBeLessThanOrEqual(cw)
      if (tab === 'players' || tab === 'obs' || tab === 'tournaments') await issueShot(page, `admin-${tab}`)
    }
    await expect(page.getByTestId('obs-maps')).toHaveClass(/card/)
    // Stage names in the page's language, never the stored id.
    await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#tournaments`)
    await expect(page.getByTestId('panel-tournaments')).not.toContainText('qualifying')
    expect(missing).toEqual([])
  })
}

test('the information bar: the title uncut, the winner printed once', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 100 })
  const title = 'Кубок Первой столицы 2026 — финальный стол'
  await page.goto(`${server.overlayUrl}?layout=bar&demo=end&title=${encodeURIComponent(title)}`)
  const bar = page.getByTestId('info-bar')
  await expect(bar).toBeVisible()
  await expect(bar.locator('.title')).toHaveText(title)
  expect(await bar.locator('.title').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
  expect((await bar.innerText()).match(/ПОБЕДА МИРНЫХ|Победа мирных/gi)?.length).toBe(1)
  await issueShot(page, 'overlay-bar-end')
  await page.goto(`${server.overlayUrl}?layout=bar&demo=day&title=${encodeURIComponent(title)}`)
  await expect(bar.locator('.title')).toHaveText(title)
  await issueShot(page, 'overlay-bar-day')
})
