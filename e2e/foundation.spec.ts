/**
 * The vertical slice of issue 2 against the real headless server in Chromium: both pages load, a foul given
 * in the control panel shows in the overlay, the overlay is transparent, WebSocket access rules hold.
 */
import { test, expect, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { decodePng, pixel } from './overlay/png'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

async function openBoth(
  browser: import('@playwright/test').Browser,
): Promise<{ control: Page; overlay: Page }> {
  const control = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage()
  const overlay = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage()
  await control.goto(server.controlUrl)
  await overlay.goto(server.overlayUrl)
  await expect(control.getByTestId('seat-1')).toBeVisible()
  await expect(overlay.getByTestId('card-1')).toBeVisible()
  return { control, overlay }
}

test('a foul given in the control panel shows in the overlay', async ({ browser }) => {
  const wsUrl = server.origin.replace('http', 'ws') + '/ws'
  const active = await wsCall(`${wsUrl}?token=${server.token}`, 'game.active', {})
  const gameId = (active.result.value as { gameId: number }).gameId
  // The demo game waits in setup; a foul is accepted once it has started.
  const started = await wsCall(`${wsUrl}?token=${server.token}`, 'game.command', {
    gameId,
    command: { cmd: 'start' },
  })
  expect(started.result.ok).toBe(true)
  const { control, overlay } = await openBoth(browser)
  const before = Number(await overlay.getByTestId('card-fouls-4').getAttribute('data-fouls'))
  await control.getByTestId('foul-4').click()
  await expect(overlay.getByTestId('card-fouls-4')).toHaveAttribute('data-fouls', String(before + 1))
  await expect(control.getByTestId('fouls-4')).toHaveText(String(before + 1))
})

test('the overlay page is transparent outside the drawn parts', async ({ browser }) => {
  const { overlay } = await openBoth(browser)
  const png = decodePng(await overlay.screenshot({ omitBackground: true }))
  const alpha = (x: number, y: number): number => pixel(png, x, y)[3]
  expect(png.width).toBe(1920)
  expect(png.height).toBe(1080)
  expect(alpha(5, 5)).toBe(0)
  expect(alpha(960, 300)).toBe(0)
  const card = await overlay.getByTestId('card-1').boundingBox()
  expect(card).not.toBeNull()
  expect(
    alpha(Math.round(card!.x + card!.width / 2), Math.round(card!.y + card!.height / 2)),
  ).toBeGreaterThan(100)
})

function wsCall(
  url: string,
  method: string,
  params: unknown,
): Promise<{ hello: unknown; result: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    let hello: unknown = null
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as Record<string, unknown>
      if (msg.type === 'hello') {
        hello = msg
        ws.send(JSON.stringify({ type: 'call', id: 1, method, params }))
      } else if (msg.type === 'result' && msg.id === 1) {
        ws.close()
        resolve({ hello, result: msg })
      }
    })
    ws.on('error', reject)
  })
}

test('WebSocket: reads are open, commands need the token', async () => {
  const wsUrl = server.origin.replace('http', 'ws') + '/ws'
  const read = await wsCall(wsUrl, 'overlay.view', {})
  expect(read.result.ok).toBe(true)
  const refused = await wsCall(wsUrl, 'game.command', { gameId: 1, command: { cmd: 'foul', seat: 1 } })
  expect(refused.result.ok).toBe(false)
  expect((refused.result.error as { code: string }).code).toBe('contract/forbidden')
  const allowed = await wsCall(`${wsUrl}?token=${server.token}`, 'game.active', {})
  expect((allowed.hello as { access: string }).access).toBe('control')
  expect(allowed.result.ok).toBe(true)
})
