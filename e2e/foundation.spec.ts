/**
 * The vertical slice of issue 2 against the real headless server in Chromium: both pages load, a foul given
 * in the control panel shows in the overlay, the overlay is transparent, WebSocket access rules hold.
 */
import { test, expect, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { inflateSync } from 'node:zlib'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

/** Decodes an RGBA PNG (Chromium's screenshots: 8-bit RGBA, non-interlaced) into its alpha values. */
function pngAlpha(png: Buffer): { width: number; height: number; alpha: (x: number, y: number) => number } {
  let pos = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  while (pos < png.length) {
    const len = png.readUInt32BE(pos)
    const type = png.toString('ascii', pos + 4, pos + 8)
    const data = png.subarray(pos + 8, pos + 8 + len)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      if (data[8] !== 8 || data[9] !== 6) throw new Error('expected 8-bit RGBA')
    } else if (type === 'IDAT') idat.push(data)
    pos += 12 + len
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * 4
  const out = Buffer.alloc(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? out[y * stride + x - 4] : 0
      const b = y > 0 ? out[(y - 1) * stride + x] : 0
      const c = x >= 4 && y > 0 ? out[(y - 1) * stride + x - 4] : 0
      let v = line[x]
      if (filter === 1) v += a
      else if (filter === 2) v += b
      else if (filter === 3) v += (a + b) >> 1
      else if (filter === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      }
      out[y * stride + x] = v & 0xff
    }
  }
  return { width, height, alpha: (x, y) => out[y * stride + x * 4 + 3] }
}

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
  const png = pngAlpha(await overlay.screenshot({ omitBackground: true }))
  expect(png.width).toBe(1920)
  expect(png.height).toBe(1080)
  expect(png.alpha(5, 5)).toBe(0)
  expect(png.alpha(960, 300)).toBe(0)
  const card = await overlay.getByTestId('card-1').boundingBox()
  expect(card).not.toBeNull()
  expect(
    png.alpha(Math.round(card!.x + card!.width / 2), Math.round(card!.y + card!.height / 2)),
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
