/// <reference lib="dom" />
/**
 * Screenshots for a look before calling a screen done (issue 30): every overlay layout × every on-demand graphic ×
 * RU/EN at its own size (the sample pages of e2e/overlay/screens.ts), and the control panel and every /admin tab in
 * both languages at 1920×1080 and 1366×768 — against a real headless server with a fresh database in a temporary
 * folder. The PNGs land in artifacts/screens/ (git-ignored); what is cut (an element outside its page, a text cut
 * by its box) is printed per picture, and the exit code is 1 when anything is.
 *
 *   npx electron-vite build && npx tsx scripts/screens.ts
 */
import { chromium, type Page } from '@playwright/test'
import { join } from 'node:path'
import { startServer } from '../e2e/helpers/server'
import { SCREENS_DIR, clipIssues, screenMatrix, screenName, shootScreen } from '../e2e/overlay/screens'
import { connectControl } from '../e2e/overlay/control-client'
import type { GameEnvelope } from '../src/shared/contract'

const PAGE_SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
]
const ADMIN_TABS = ['players', 'tournaments', 'office', 'games', 'data', 'backups', 'obs', 'tables']

async function shootPage(page: Page, url: string, name: string, lang: 'ru' | 'en'): Promise<string[]> {
  const issues: string[] = []
  for (const size of PAGE_SIZES) {
    await page.setViewportSize(size)
    await page.addInitScript((l) => localStorage.setItem('mafia-desk.locale', l), lang)
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    await page.waitForTimeout(300)
    const file = `${name}-${lang}-${size.width}.png`
    await page.screenshot({ path: join(SCREENS_DIR, file), fullPage: true })
    for (const issue of await clipIssues(page, 'body')) issues.push(`${file}: ${issue}`)
  }
  return issues
}

async function main(): Promise<void> {
  const server = await startServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const issues: string[] = []
  let shots = 0
  // tsx compiles with esbuild's keepNames: the functions handed to page.evaluate call its `__name` helper, which the
  // page does not have (Playwright's own runner does not add it).
  const newPage = async (): Promise<Page> => {
    const page = await browser.newPage({ reducedMotion: 'reduce' })
    await page.addInitScript('window.__name = (f) => f')
    return page
  }
  try {
    const overlay = await newPage()
    for (const s of screenMatrix()) {
      await shootScreen(overlay, server.origin, s)
      shots++
      for (const issue of await clipIssues(overlay)) issues.push(`${screenName(s)}: ${issue}`)
    }
    // The panel at the start, in a day 1 tie with a silenced nominee (three fouls) and on his last word after the
    // revote: the seat cards' badges, the undo label, the tie's banners; then the «?» sheet.
    const control = await connectControl(server.origin, server.token)
    const { gameId } = await control.call<GameEnvelope>('game.active')
    const panelStates: Array<[string, Array<Record<string, unknown>>]> = [
      ['panel-setup', []],
      [
        'panel-tie',
        [
          { cmd: 'start' },
          { cmd: 'next' },
          { cmd: 'nominate', target: 5 },
          { cmd: 'foul', seat: 5 },
          { cmd: 'foul', seat: 5 },
          { cmd: 'foul', seat: 5 },
          { cmd: 'next' },
          { cmd: 'nominate', target: 7 },
          ...Array.from({ length: 9 }, () => ({ cmd: 'next' })),
          { cmd: 'vote', candidate: 5, voters: [1, 2, 3, 4, 5] },
          { cmd: 'vote', candidate: 7 },
        ],
      ],
      // After the tie speeches the revote sends seat 5 out: his card stacks three badges (voted out, speaking,
      // nominated) on his last word — the «Загол… го… в…» card of issue 30.
      [
        'panel-lastword',
        [
          { cmd: 'next' },
          { cmd: 'next' },
          { cmd: 'vote', candidate: 5, voters: [1, 2, 3, 4, 5, 6] },
          { cmd: 'vote', candidate: 7 },
        ],
      ],
    ]
    for (const [name, commands] of panelStates) {
      for (const command of commands) await control.command(gameId, command)
      for (const lang of ['ru', 'en'] as const) {
        const page = await newPage()
        issues.push(...(await shootPage(page, server.controlUrl, name, lang)))
        shots += PAGE_SIZES.length
        await page.close()
      }
    }
    for (const lang of ['ru', 'en'] as const) {
      const page = await newPage()
      for (const size of PAGE_SIZES) {
        await page.setViewportSize(size)
        await page.addInitScript((l) => localStorage.setItem('mafia-desk.locale', l), lang)
        await page.goto(server.controlUrl)
        await page.waitForLoadState('networkidle')
        await page.keyboard.press('?')
        await page.waitForTimeout(300)
        const file = `panel-help-${lang}-${size.width}.png`
        await page.screenshot({ path: join(SCREENS_DIR, file) })
        shots++
        for (const issue of await clipIssues(page, 'body')) issues.push(`${file}: ${issue}`)
      }
      await page.close()
    }
    control.close()
    for (const lang of ['ru', 'en'] as const) {
      const page = await newPage()
      for (const tab of ADMIN_TABS) {
        const url = `${server.origin}/admin?token=${encodeURIComponent(server.token)}#${tab}`
        issues.push(...(await shootPage(page, url, `admin-${tab}`, lang)))
        shots += PAGE_SIZES.length
      }
      await page.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.log(`${shots} screenshots in ${SCREENS_DIR}`)
  for (const issue of issues) console.log(`CUT ${issue}`)
  console.log(issues.length === 0 ? 'nothing cut' : `${issues.length} cut`)
  process.exitCode = issues.length === 0 ? 0 : 1
}

void main()
