/// <reference lib="dom" />
/**
 * Issue 30: a seat card with three badges — a nominee voted out, on his last word («Заголосован», «говорит»,
 * «выст. 1») — reads each badge whole («Загол… го… в…» was cut), in Russian and English, at 1920×1080 and
 * 1366×768; nothing else on the panel is cut either. The pictures land in artifacts/screens/.
 */
import { expect, test } from '@playwright/test'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from '../overlay/control-client'
import { SCREENS_DIR, clipIssues } from '../overlay/screens'
import type { GameEnvelope } from '../../src/shared/contract'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
  const control = await connectControl(server.origin, server.token)
  try {
    const { gameId } = await control.call<GameEnvelope>('game.active')
    const steps: Array<Record<string, unknown>> = [
      { cmd: 'start' },
      { cmd: 'next' },
      { cmd: 'nominate', target: 5 },
      { cmd: 'foul', seat: 5 },
      { cmd: 'foul', seat: 5 },
      { cmd: 'foul', seat: 5 },
      { cmd: 'next' },
      { cmd: 'nominate', target: 7 },
      ...Array.from({ length: 9 }, () => ({ cmd: 'next' })),
      { cmd: 'vote', candidate: 5, voters: [1, 2, 3, 4, 5, 6] },
      { cmd: 'vote', candidate: 7 },
    ]
    for (const step of steps) await control.command(gameId, step)
  } finally {
    control.close()
  }
})
test.afterAll(async () => {
  await server?.stop()
})

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
]

for (const lang of ['ru', 'en'] as const)
  for (const size of SIZES)
    test(`a voted-out nominee on his last word: every badge whole (${lang}, ${size.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(size)
      await page.addInitScript((l) => localStorage.setItem('mafia-desk.locale', l), lang)
      await page.goto(server.controlUrl)
      const seat = page.getByTestId('seat-5')
      await expect(seat).toHaveAttribute('data-status', 'votedOut')
      await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '5')
      await expect(seat.locator('.marks > span:visible')).toHaveCount(3)
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      await page.screenshot({ path: join(SCREENS_DIR, `panel-badges-${lang}-${size.width}.png`) })
      expect(await clipIssues(page, 'body')).toEqual([])
    })
