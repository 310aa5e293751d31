/**
 * An overlay set to hide roles never receives them: every WebSocket frame the overlay page gets over a whole game
 * (start to the winner, with checks, best move, votes and fouls) is inspected for a role, a check result or
 * per-seat points. Then the control side sets roles to 'shown' and they do arrive, and the cards show them.
 */
import { expect, test } from '@playwright/test'
import type { GameEnvelope, OverlayEnvelope } from '../../src/shared/contract'
import type { ControlView } from '../../src/shared/game/views'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl, type ControlClient } from './control-client'

let server: TestServer

test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const ROLE_NAMES = ['civilian', 'sheriff', 'mafia', 'don']

/** Everything in a frame that would reveal a role when roles are hidden. */
function leaks(payload: string): string[] {
  const found: string[] = []
  if (/"(civilian|sheriff|mafia|don)"/.test(payload)) found.push(`role name in ${payload.slice(0, 200)}`)
  let msg: unknown
  try {
    msg = JSON.parse(payload)
  } catch {
    return found
  }
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`))
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'role' && x !== null) found.push(`${path}.role = ${JSON.stringify(x)}`)
        if ((k === 'donCheck' || k === 'sheriffCheck') && x !== null)
          found.push(`${path}.${k} = ${JSON.stringify(x)}`)
        if (k === 'scores' && x !== null) found.push(`${path}.scores present`)
        if (k === 'rolesVisible' && x === true) found.push(`${path}.rolesVisible = true`)
        walk(x, `${path}.${k}`)
      }
    }
  }
  walk(msg, '$')
  return found
}

/** Plays the active game to its end: votes out the blacks one by one, shoots reds at night. */
async function playToEnd(c: ControlClient, gameId: number, log: string[]): Promise<ControlView> {
  let view = (await c.call<GameEnvelope>('game.view', { gameId })).view
  const send = async (command: Record<string, unknown>): Promise<void> => {
    try {
      view = ((await c.command(gameId, command)) as GameEnvelope).view
      log.push(`${JSON.stringify(command)} → ${view.phase}/${view.step ?? view.nightStep ?? ''}`)
    } catch (err) {
      log.push(`${JSON.stringify(command)} rejected: ${String(err)}`)
      throw err
    }
  }
  const alive = (pred: (p: ControlView['players'][number]) => boolean): number[] =>
    view.players.filter((p) => p.status === 'alive' && pred(p)).map((p) => p.seat)
  const isBlack = (p: ControlView['players'][number]): boolean => p.role === 'mafia' || p.role === 'don'
  let fouled = false
  for (let guard = 0; guard < 300 && view.phase !== 'finished'; guard++) {
    if (view.phase === 'setup') await send({ cmd: 'start' })
    else if (view.phase === 'zeroNight') await send({ cmd: 'next' })
    else if (view.phase === 'night') {
      if (view.nightStep === 'shot')
        await send({ cmd: 'shot', target: alive((p) => !isBlack(p) && p.role !== 'sheriff')[0] })
      else if (view.nightStep === 'donCheck')
        await send({ cmd: 'donCheck', target: alive((p) => p.role === 'sheriff')[0] ?? alive(() => true)[0] })
      else if (view.nightStep === 'sheriffCheck')
        await send({ cmd: 'sheriffCheck', target: alive(isBlack)[0] })
      else await send({ cmd: 'next' })
    } else if (view.phase === 'day') {
      if (view.bestMove && view.bestMove.seats === null && view.step === 'lastWord') {
        await send({ cmd: 'bestMove', seats: view.players.filter(isBlack).map((p) => p.seat) })
      } else if (view.step === 'speech') {
        if (!fouled && view.speaker !== null) {
          await send({ cmd: 'foul', seat: view.speaker })
          fouled = true
        }
        const targets = alive(isBlack).filter((s) => !view.nominees.some((n) => n.seat === s))
        const want = view.day === 1 ? 2 : 1
        if (
          view.nominees.length < want &&
          targets.length > 0 &&
          view.speaker !== null &&
          !view.voteCancelled
        ) {
          const target = view.nominees.length === 0 ? targets[0] : targets[targets.length - 1]
          await send({ cmd: 'nominate', target })
        }
        await send({ cmd: 'next' })
      } else if (view.step === 'voting' && view.voting?.current) {
        const first = view.voting.candidates.findIndex((x) => x.voters === null) === 0
        await send({ cmd: 'vote', candidate: view.voting.current, voters: first ? view.voting.notVoted : [] })
      } else if (view.step === 'liftAll' && view.liftAll) {
        await send({ cmd: 'liftAll', yes: view.liftAll.eligible })
      } else await send({ cmd: 'next' })
    }
  }
  return view
}

test('roles hidden: no frame to the overlay carries a role; shown: they arrive', async ({ page }) => {
  const frames: Array<{ at: number; payload: string }> = []
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => frames.push({ at: Date.now(), payload: String(f.payload) }))
  })
  const control = await connectControl(server.origin, server.token)
  const before = await control.call<OverlayEnvelope>('overlay.view')
  await control.call('overlay.setSettings', { ...before.settings, roles: 'hidden' })
  const active = await control.call<GameEnvelope>('game.active')

  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(server.overlayUrl)
  await expect(page.getByTestId('card-1')).toBeVisible()

  const log: string[] = []
  const final = await playToEnd(control, active.gameId, log)
  expect(final.phase, log.join('\n')).toBe('finished')
  expect(final.winner).toBe('red')
  await expect(page.getByTestId('winner')).toHaveAttribute('data-winner', 'red')
  // The game passed through checks and the best move on the control side…
  expect(
    log.some((l) => l.startsWith('{"cmd":"sheriffCheck"')),
    log.join('\n'),
  ).toBe(true)
  // …and the overlay got many frames, none of them with a role.
  const hiddenFrames = frames.length
  console.log(
    `roles hidden: ${log.length} commands, ${hiddenFrames} frames to the overlay, winner ${final.winner}`,
  )
  expect(hiddenFrames).toBeGreaterThan(20)
  const leaked = frames.flatMap((f) => leaks(f.payload))
  expect(leaked, leaked.slice(0, 5).join('\n')).toEqual([])
  for (let seat = 1; seat <= 10; seat++)
    await expect(page.getByTestId(`card-${seat}`)).toHaveAttribute('data-role', 'hidden')
  await page.waitForTimeout(700) // let the transitions settle for the picture
  await page.screenshot({ path: 'artifacts/screenshots/overlay-live-end-hidden.png', omitBackground: true })

  // Shown: the same overlay now receives the roles (the server pushes the new envelope).
  await control.call('overlay.setSettings', { ...before.settings, roles: 'shown' })
  await expect(page.getByTestId('card-1')).not.toHaveAttribute('data-role', 'hidden')
  const shown = frames.slice(hiddenFrames).map((f) => f.payload)
  const roles = new Set<string>()
  for (const p of shown) for (const m of p.matchAll(/"role":"(\w+)"/g)) roles.add(m[1])
  expect([...roles].sort()).toEqual([...ROLE_NAMES].sort())
  for (const [seat, p] of final.players.entries()) {
    await expect(page.getByTestId(`card-${seat + 1}`)).toHaveAttribute('data-role', p.role ?? 'hidden')
  }
  await page.waitForTimeout(700) // let the transitions settle for the picture
  await page.screenshot({ path: 'artifacts/screenshots/overlay-live-end-shown.png', omitBackground: true })
  control.close()
})

test("roles 'atEnd': hidden during the game, revealed by the server once it is over", async ({ page }) => {
  const frames: string[] = []
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
  const control = await connectControl(server.origin, server.token)
  const before = await control.call<OverlayEnvelope>('overlay.view')
  await control.call('overlay.setSettings', { ...before.settings, roles: 'atEnd' })
  const created = await control.call<GameEnvelope>('game.create', {
    rulesetId: 'fiim',
    players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({ name })),
    roles: {
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
    },
  })
  await control.call('game.open', { gameId: created.gameId })
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(server.overlayUrl)
  await expect(page.getByTestId('card-1')).toContainText('Ace')

  const log: string[] = []
  // Stop right before the last command and check that nothing leaked so far.
  const spy: ControlClient = {
    ...control,
    command: async (gameId, command) => {
      const res = (await control.command(gameId, command)) as GameEnvelope
      if (res.view.phase !== 'finished') {
        // The overlay numbers its own frames (one step only when the overlay can see a change): wait until the
        // page has the overlay's current one.
        const now = await control.call<OverlayEnvelope>('overlay.view')
        await expect
          .poll(() => frames.some((f) => f.includes(`"frame":${now.frame}`)), { timeout: 5000 })
          .toBe(true)
        const leaked = frames.flatMap(leaks)
        expect(leaked, `${JSON.stringify(command)}: ${leaked.slice(0, 3).join('\n')}`).toEqual([])
      }
      return res
    },
  }
  const final = await playToEnd(spy, created.gameId, log)
  expect(final.phase).toBe('finished')
  await expect(page.getByTestId('card-3')).toHaveAttribute('data-role', 'don')
  await expect(page.getByTestId('card-10')).toHaveAttribute('data-role', 'sheriff')
  await expect(page.getByTestId('winner')).toContainText('Победа мирных')
  await page.waitForTimeout(700) // let the transitions settle for the picture
  await page.screenshot({ path: 'artifacts/screenshots/overlay-live-end-atend.png', omitBackground: true })
  await control.call('overlay.setSettings', { ...before.settings, roles: 'hidden' })
  await expect(page.getByTestId('card-3')).toHaveAttribute('data-role', 'hidden')
  control.close()
})
