/**
 * Issue 30 §2: the ending is kept for the end. Every WebSocket frame the overlay page receives, from the start of a
 * game through the deciding vote and the last word that follows it, is inspected: none carries the winner, the
 * notice that the result is fixed, how the game ended or a "win" text — whatever the roles setting. Only the `next`
 * that ends the last word brings the result, and the end screen then says how the game ended.
 */
import { expect, test } from '@playwright/test'
import type { GameEnvelope, OverlayEnvelope } from '../../src/shared/contract'
import type { ControlView } from '../../src/shared/game/views'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from './control-client'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const ROLES = {
  '1': 'civilian',
  '2': 'civilian',
  '3': 'don',
  '4': 'civilian',
  '5': 'mafia',
  '6': 'civilian',
  '7': 'civilian',
  '8': 'mafia',
  '9': 'civilian',
  '10': 'sheriff',
}
const BLACKS = [3, 5, 8]

/** Everything in a frame that tells the result before the end. */
function spoilers(payload: string): string[] {
  const found: string[] = []
  if (/"winner":"(red|black|draw)"/.test(payload)) found.push('winner')
  if (/"end":\{/.test(payload)) found.push('end')
  if (payload.includes('"result.')) found.push('a result notice')
  if (/побед|ничья|\bwins?\b/i.test(payload)) found.push('a win text')
  return found
}

for (const roles of ['shown', 'atEnd', 'hidden'] as const) {
  test(`roles ${roles}: no frame carries the winner before the deciding last word is over`, async ({
    page,
  }) => {
    const frames: string[] = []
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
    const control = await connectControl(server.origin, server.token)
    const before = await control.call<OverlayEnvelope>('overlay.view')
    await control.call('overlay.setSettings', { ...before.settings, roles })
    const created = await control.call<GameEnvelope>('game.create', {
      rulesetId: 'fiim',
      players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
        name,
      })),
      roles: ROLES,
    })
    const gameId = created.gameId
    await control.call('game.open', { gameId })
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto(server.overlayUrl)
    await expect(page.getByTestId('card-1')).toContainText('Ace')

    let view: ControlView = created.view
    const send = async (command: Record<string, unknown>): Promise<void> => {
      view = ((await control.command(gameId, command)) as GameEnvelope).view
    }
    /** Waits until the page has the overlay's current frame. */
    const caughtUp = async (): Promise<void> => {
      const now = await control.call<OverlayEnvelope>('overlay.view')
      await expect
        .poll(() => frames.some((f) => f.includes(`"frame":${now.frame}`)), { timeout: 5000 })
        .toBe(true)
    }
    // Day 1 votes out the don (two nominees), later days one more black each (a lone nominee is voted on day 2+);
    // the nights miss. The vote that takes the last black out decides the game: the reds win.
    for (let guard = 0; guard < 200 && !(view.winner && view.phase === 'day'); guard++) {
      const alive = view.players.filter((p) => p.status === 'alive').map((p) => p.seat)
      const target = BLACKS.find((s) => alive.includes(s))
      if (view.phase === 'setup') await send({ cmd: 'start' })
      else if (view.phase === 'zeroNight') await send({ cmd: 'next' })
      else if (view.phase === 'night') {
        if (view.nightStep === 'shot') await send({ cmd: 'shot', target: null })
        else await send({ cmd: 'next' })
      } else if (view.step === 'speech') {
        const want = view.day === 1 ? 2 : 1
        const free = alive.filter((s) => !view.nominees.some((n) => n.seat === s))
        const pick = view.nominees.length === 0 ? target : free.find((s) => !BLACKS.includes(s))
        if (view.nominees.length < want && pick !== undefined && view.speaker !== null)
          await send({ cmd: 'nominate', target: pick })
        await send({ cmd: 'next' })
      } else if (view.step === 'voting' && view.voting?.current) {
        const first = view.voting.candidates.findIndex((c) => c.voters === null) === 0
        await send({ cmd: 'vote', candidate: view.voting.current, voters: first ? view.voting.notVoted : [] })
      } else await send({ cmd: 'next' })
    }
    // The deciding last word: the judge knows, the stream does not.
    expect(view.winner).toBe('red')
    expect([view.phase, view.step]).toEqual(['day', 'lastWord'])
    await caughtUp()
    expect(frames.length).toBeGreaterThan(20)
    const early = frames.flatMap((f) => spoilers(f).map((s) => `${s}: ${f.slice(0, 160)}`))
    expect(early, early.slice(0, 3).join('\n')).toEqual([])
    await expect(page.getByTestId('winner')).toHaveCount(0)
    await expect(page.getByTestId('overlay-notice')).toHaveCount(0)

    // The last word ends: now the result and how the game ended are on air.
    await send({ cmd: 'next' })
    expect(view.phase).toBe('finished')
    await expect(page.getByTestId('winner')).toHaveAttribute('data-winner', 'red')
    await expect(page.getByTestId('ending')).toHaveText('чёрных за столом не осталось')
    control.close()
  })
}
