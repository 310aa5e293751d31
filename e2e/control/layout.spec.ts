/**
 * The panel at 1366×768 and 1920×1080: nothing overflows, every control has a name, the focus is visible;
 * the settings screen and the shortcut help render. Saves screenshots next to the game ones.
 */
import { test, expect, type Page } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { command, shot } from './panel'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

async function overflow(page: Page): Promise<{ x: number; y: number; offenders: string[] }> {
  return page.evaluate(() => {
    const doc = document.documentElement
    const offenders: string[] = []
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && (r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1)) {
        if (!el.closest('.preview'))
          offenders.push(`${el.tagName}.${el.className} ${Math.round(r.right)}×${Math.round(r.bottom)}`)
      }
    }
    return {
      x: doc.scrollWidth - doc.clientWidth,
      y: doc.scrollHeight - doc.clientHeight,
      offenders: offenders.slice(0, 5),
    }
  })
}

async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, input, select, textarea'))
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const labelled = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.length
        return !labelled && !(el.textContent ?? '').trim()
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  )
}

for (const [size, lang] of [
  [{ width: 1366, height: 768 }, 'ru'],
  [{ width: 1366, height: 768 }, 'en'],
  [{ width: 1920, height: 1080 }, 'ru'],
] as const) {
  test(`no overflow and every control labelled at ${size.width}×${size.height} (${lang})`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: size })).newPage()
    await page.goto(`${server.controlUrl}&lang=${lang}`)
    await expect(page.getByTestId('seat-1')).toBeVisible()
    if ((await page.getByTestId('phase').getAttribute('data-phase')) === 'setup') await command(page, 'Enter')
    for (const screen of ['game', 'setup', 'settings'] as const) {
      await page.getByTestId(`nav-${screen}`).click()
      await page.waitForTimeout(150)
      const o = await overflow(page)
      expect(o.offenders, `${screen} overflows`).toEqual([])
      expect(o.x).toBeLessThanOrEqual(0)
      expect(o.y).toBeLessThanOrEqual(0)
      expect(await unnamedControls(page), `${screen}: controls without a name`).toEqual([])
      if (size.width === 1920) await shot(page, `${screen}-1920`)
      else if (lang === 'en') await shot(page, `${screen}-en`)
      else if (screen === 'settings') await shot(page, 'settings')
    }
    await page.getByTestId('nav-game').click()
    await page.keyboard.press('?')
    await expect(page.getByTestId('help')).toBeVisible()
    if (size.width === 1366 && lang === 'ru') await shot(page, 'help')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('help')).toHaveCount(0)
    await expect(page.getByTestId('board')).toBeFocused()

    // A button pressed with the mouse leaves the keyboard's focus where it was (Enter keeps its panel meaning).
    for (let i = 0; i < 2; i++) await page.getByTestId('hide-roles').click()
    await expect(page.getByTestId('board')).toBeFocused()

    // The focus is visible: Tab onto a button draws the outline.
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    )
    expect(outline).not.toBe('none')
  })
}

test('the live game buttons do not light on hover (their result is the feedback); the other screens do', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage()
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  if ((await page.getByTestId('phase').getAttribute('data-phase')) === 'setup') await command(page, 'Enter')
  const fill = (id: string): Promise<string> =>
    page.getByTestId(id).evaluate((el) => getComputedStyle(el).backgroundColor)
  // A foul, so that undo is enabled (a disabled button never lights), then the pointer away.
  await page.getByTestId('foul-3').click()
  await expect(page.getByTestId('undo')).toBeEnabled()
  await page.mouse.move(1, 1)
  for (const id of ['foul-3', 'undo', 'nav-setup']) {
    const before = await fill(id)
    await page.getByTestId(id).hover()
    const after = await fill(id)
    if (id === 'nav-setup') expect(after, `${id} lights on hover`).not.toBe(before)
    else expect(after, `${id} stays as it was`).toBe(before)
    await page.mouse.move(1, 1)
  }
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('fouls-3')).toContainText('0')
  await page.close()
})
