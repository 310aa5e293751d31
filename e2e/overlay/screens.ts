/// <reference lib="dom" />
/**
 * Every overlay layout × every on-demand graphic × both languages (and the game's moments without a graphic), as
 * sample pages (`?demo=…&show=…`): the one list that the screenshot script (scripts/screens.ts) shoots and the
 * layouts spec checks for clipping. A picture lands in artifacts/screens/ (git-ignored).
 */
import type { Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../helpers/server'

export const SCREENS_DIR = join(ROOT, 'artifacts/screens')

export const LAYOUTS = {
  full: { width: 1920, height: 1080 },
  strip: { width: 1920, height: 260 },
  bar: { width: 1920, height: 100 },
  standings: { width: 1920, height: 1080 },
} as const
export type Layout = keyof typeof LAYOUTS

/**
 * `classification`: the standings graphic of a tournament with a final (its final classification); `normalised`: the
 * standings ranked by points per game, with players listed apart.
 */
export const GRAPHICS = [
  'none',
  'nominees',
  'night',
  'standings',
  'classification',
  'normalised',
  'lowerThird',
  'break',
] as const
export const SCENES = ['day', 'voting', 'tie', 'night', 'end'] as const
export const LANGS = ['ru', 'en'] as const

export interface Screen {
  layout: Layout
  scene: (typeof SCENES)[number]
  graphic: (typeof GRAPHICS)[number]
  lang: (typeof LANGS)[number]
}

/** Every graphic over the day scene, and every scene without a graphic, in every layout and language. */
export function screenMatrix(): Screen[] {
  const out: Screen[] = []
  for (const lang of LANGS)
    for (const layout of Object.keys(LAYOUTS) as Layout[]) {
      for (const graphic of GRAPHICS) out.push({ layout, scene: 'day', graphic, lang })
      for (const scene of SCENES) if (scene !== 'day') out.push({ layout, scene, graphic: 'none', lang })
    }
  return out
}

export const screenName = (s: Screen): string => `overlay-${s.layout}-${s.scene}-${s.graphic}-${s.lang}`

export function screenQuery(s: Screen): string {
  const q = new URLSearchParams({ layout: s.layout, demo: s.scene, lang: s.lang, motion: '0' })
  if (s.graphic === 'classification') {
    q.set('show', 'standings')
    q.set('classification', '1')
  } else if (s.graphic === 'normalised') {
    q.set('show', 'standings')
    q.set('normaliser', '1')
  } else if (s.graphic !== 'none') q.set('show', s.graphic)
  return q.toString()
}

/**
 * What is cut on the page: an element whose box leaves the stage (the layout's rectangle), and a text whose line
 * leaves an ancestor that clips it (overflow other than visible) — an ellipsis («Загол…») included.
 */
export async function clipIssues(page: Page, root = '[data-testid="stage"]'): Promise<string[]> {
  return page.evaluate((rootSel) => {
    // On an app page a list that scrolls up and down is not cut (its rows are reached by scrolling); sideways it is.
    const appPage = rootSel === 'body'
    const rootEl = document.querySelector(rootSel) ?? document.body
    const box = rootEl.getBoundingClientRect()
    const bad: string[] = []
    const name = (el: Element): string =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${String(
        (el as HTMLElement).className || '',
      )
        .split(' ')
        .filter(Boolean)
        .join('.')}`
    const inside = (r: DOMRect, c: DOMRect): boolean =>
      r.left >= c.left - 0.5 && r.top >= c.top - 0.5 && r.right <= c.right + 0.5 && r.bottom <= c.bottom + 0.5
    const shown = (el: Element): boolean => {
      const cs = getComputedStyle(el)
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0
    }
    for (const el of Array.from(rootEl.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || !shown(el)) continue
      const out = appPage ? r.left < box.left - 0.5 || r.right > box.right + 0.5 : !inside(r, box)
      if (out)
        bad.push(
          `outside the layout: ${name(el)} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)},${Math.round(r.bottom)}`,
        )
    }
    const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? ''
      const parent = n.parentElement
      if (!text || !parent || !shown(parent)) continue
      // A visually hidden text for screen readers (a 1 px clipped box) is meant to be out of sight.
      const pr = parent.getBoundingClientRect()
      if (pr.width <= 1 && pr.height <= 1) continue
      const range = document.createRange()
      range.selectNodeContents(n)
      const r = range.getBoundingClientRect()
      if (r.width === 0) continue
      if (
        parent.scrollWidth > parent.clientWidth + 1 &&
        getComputedStyle(parent).textOverflow === 'ellipsis'
      ) {
        bad.push(`text cut: «${text}» in ${name(parent)}`)
        continue
      }
      // A line's glyph box is taller than a tight line box (line-height 1): only more than a fifth of it outside is
      // a cut letter; sideways every pixel counts.
      const slack = r.height * 0.2
      const fits = (c: DOMRect): boolean =>
        r.left >= c.left - 0.5 &&
        r.right <= c.right + 0.5 &&
        r.top >= c.top - slack &&
        r.bottom <= c.bottom + slack
      let scrolled = false
      for (let a: Element | null = parent; a && a !== rootEl.parentElement; a = a.parentElement) {
        const cs = getComputedStyle(a)
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible' && a !== rootEl) continue
        const c = a.getBoundingClientRect()
        // Inside a box that scrolls up and down, the boxes around it are reached by scrolling too.
        scrolled ||= appPage && (cs.overflowY === 'auto' || cs.overflowY === 'scroll')
        if (scrolled ? r.left < c.left - 0.5 || r.right > c.right + 0.5 : !fits(c)) {
          bad.push(`text cut: «${text}» in ${name(parent)} by ${name(a)}`)
          break
        }
      }
    }
    return bad
  }, root)
}

/** Opens the screen at the layout's own size, waits for fonts and transitions, and writes its PNG. */
export async function shootScreen(page: Page, origin: string, s: Screen): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true })
  await page.setViewportSize(LAYOUTS[s.layout])
  await page.goto(`${origin}/overlay?${screenQuery(s)}`)
  await page.getByTestId('overlay').waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.waitForTimeout(100)
  const file = join(SCREENS_DIR, `${screenName(s)}.png`)
  await page.screenshot({ path: file, omitBackground: true })
  return file
}
