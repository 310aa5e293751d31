/**
 * Hardening of the WebSocket transport against a real server on 127.0.0.1 (issue 13, items 1 and 3): no request
 * target can throw outside a handler, foreign origins are refused, oversized and deeply nested messages get typed
 * errors before parsing, read calls are rate-limited per connection, a client that stops reading is dropped, and
 * a reader never sees an absolute path in an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import WebSocket from 'ws'
import { startServer, CLOSE_SLOW_READER, type RunningServer } from '../../src/main/transport/http-server'
import { createRouter, redactPaths, type Handlers } from '../../src/main/transport/router'
import { jsonDepthExceeds, ReadRateLimiter } from '../../src/main/transport/limits'
import { createWsTransport, CallError } from '../../src/renderer/src/common/transport'
import { WIRE_BULK_MAX_BYTES, WIRE_MAX_BYTES, WIRE_MAX_DEPTH } from '../../src/shared/contract'

const staticDir = mkdtempSync(join(tmpdir(), 'md-static-'))
mkdirSync(join(staticDir, 'assets'))
writeFileSync(join(staticDir, 'overlay.html'), '<!doctype html><title>overlay</title>')

let imported = 0
const handlers = new Proxy({} as Handlers, {
  get: (_t, name: string) => {
    if (name === 'data.import')
      return ({ text }: { text: string }) => {
        imported = text.length
        return { games: 0, players: 0, playersMatched: 0 }
      }
    if (name === 'standings.get')
      return () => {
        throw new Error('cannot open /home/judge/secret-folder/mafia-desk.sqlite: busy')
      }
    return () => ({ ok: true })
  },
})

let server: RunningServer
let wsUrl: string
beforeAll(async () => {
  server = await startServer({
    port: 0,
    router: createRouter(handlers),
    staticDir,
    version: 'test',
    token: 'secret-token',
  })
  wsUrl = `ws://127.0.0.1:${server.port}/ws`
})
afterAll(async () => {
  await server.close()
})

/** Sends raw bytes on a fresh TCP connection and returns everything the server answered. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(server.port, '127.0.0.1')
    let out = ''
    sock.on('data', (d) => (out += d.toString()))
    sock.on('error', () => resolve(out))
    sock.on('close', () => resolve(out))
    sock.write(text)
    setTimeout(() => sock.destroy(), 1500).unref()
  })
}

function upgrade(target: string, extra = ''): string {
  return (
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`
  )
}

interface Conn {
  ws: WebSocket
  next: () => Promise<Record<string, unknown>>
}
function open(url: string, headers: Record<string, string> = {}): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers })
    const queue: Record<string, unknown>[] = []
    const waiters: Array<(m: Record<string, unknown>) => void> = []
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as Record<string, unknown>
      const w = waiters.shift()
      if (w) w(m)
      else queue.push(m)
    })
    ws.on('open', () =>
      resolve({ ws, next: () => new Promise((r) => (queue.length ? r(queue.shift()!) : waiters.push(r))) }),
    )
    ws.on('error', reject)
  })
}

async function healthy(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${server.port}/healthz`)
  expect(res.status).toBe(200)
}

describe('request targets that cannot be parsed', () => {
  it.each(['//[', '//%', 'http://[/ws', '//[::1', 'http://:99999/ws', 'http://[::1/ws', '/%ws'])(
    'an upgrade to %s is refused and the server keeps answering',
    async (target) => {
      const answer = await rawRequest(upgrade(target))
      expect(answer).toMatch(/^HTTP\/1\.1 (400|404)/)
      await healthy()
    },
  )

  it('a plain GET to an unparsable target gets 400', async () => {
    const answer = await rawRequest(`GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    await healthy()
  })
})

describe('Origin', () => {
  it('refuses a WebSocket from another origin, accepts our own pages and no-Origin clients (OBS)', async () => {
    await expect(open(wsUrl, { Origin: 'http://evil.example' })).rejects.toThrow(/403/)
    await expect(open(wsUrl, { Origin: 'null' })).rejects.toThrow(/403/)
    await expect(open(wsUrl, { Origin: `http://127.0.0.1:${server.port + 1}` })).rejects.toThrow(/403/)
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      const c = await open(wsUrl, { Origin: origin })
      expect(await c.next()).toMatchObject({ type: 'hello' })
      c.ws.close()
    }
    const obs = await open(wsUrl)
    expect(await obs.next()).toMatchObject({ type: 'hello', access: 'read' })
    obs.ws.close()
  })
})

describe('message size and nesting', () => {
  it('a deeply nested message is refused before parsing', async () => {
    expect(jsonDepthExceeds(Buffer.from('{"a":"[[[[[[[[[["}'), 3)).toBe(false)
    expect(jsonDepthExceeds(Buffer.from('[[[[1]]]]'), 3)).toBe(true)
    const c = await open(`${wsUrl}?token=secret-token`)
    await c.next()
    c.ws.send('['.repeat(WIRE_MAX_DEPTH + 1) + ']'.repeat(WIRE_MAX_DEPTH + 1))
    expect(await c.next()).toMatchObject({ ok: false, error: { code: 'transport/too_deep' } })
    const deep = '{"type":"call","id":1,"method":"app.info","params":' + '['.repeat(200_000)
    c.ws.send(deep)
    expect(await c.next()).toMatchObject({ ok: false, error: { code: 'transport/too_deep' } })
    c.ws.send(JSON.stringify({ type: 'call', id: 2, method: 'app.info', params: {} }))
    expect(await c.next()).toMatchObject({ id: 2, ok: true })
    c.ws.close()
  })

  it('a large message is refused for an ordinary call, accepted for an import from the judge', async () => {
    const c = await open(`${wsUrl}?token=secret-token`)
    await c.next()
    const big = 'x'.repeat(WIRE_MAX_BYTES + 10)
    c.ws.send(JSON.stringify({ type: 'call', id: 1, method: 'players.create', params: { nickname: big } }))
    expect(await c.next()).toMatchObject({ id: 1, ok: false, error: { code: 'transport/too_large' } })
    const file = 'y'.repeat(12 * 1024 * 1024)
    c.ws.send(JSON.stringify({ type: 'call', id: 2, method: 'data.import', params: { text: file } }))
    expect(await c.next()).toMatchObject({ id: 2, ok: true })
    expect(imported).toBe(file.length)
    c.ws.close()
  })

  it('a connection without the token cannot send more than the small cap (ws closes it with 1009)', async () => {
    const c = await open(wsUrl)
    await c.next()
    const closed = new Promise<number>((r) => c.ws.on('close', (code) => r(code)))
    c.ws.send(
      JSON.stringify({ type: 'call', id: 1, method: 'app.info', params: { x: 'z'.repeat(WIRE_MAX_BYTES) } }),
    )
    expect(await closed).toBe(1009)
    await healthy()
  })

  it('the renderer client answers a too-large file with a typed error and keeps its connection', async () => {
    const t = createWsTransport({
      url: wsUrl,
      token: 'secret-token',
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    })
    const text = '"'.repeat(WIRE_BULK_MAX_BYTES / 2 + 10) // every quote doubles when escaped
    const err = await t.call('data.import', { text }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CallError)
    expect((err as CallError).data.code).toBe('transport/too_large')
    expect((err as CallError).data.message.ru).toMatch(/МБ/)
    expect(await t.call('app.info', {})).toMatchObject({ ok: true })
    expect(t.state()).toBe('open')
    t.close()
  })
})

describe('read calls are rate-limited per connection', () => {
  it('a bucket refills with time', () => {
    let now = 0
    const bucket = new ReadRateLimiter(2, 1, () => now)
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false])
    now = 1000
    expect(bucket.take()).toBe(true)
  })

  it('a flood of reads gets rate_limited answers while the judge still gets through', async () => {
    const reader = await open(wsUrl)
    await reader.next()
    const judge = await open(`${wsUrl}?token=secret-token`)
    await judge.next()
    const n = 300
    for (let id = 1; id <= n; id++)
      reader.ws.send(JSON.stringify({ type: 'call', id, method: 'overlay.view', params: {} }))
    const answers = await Promise.all(Array.from({ length: n }, () => reader.next()))
    const limited = answers.filter(
      (a) => (a.error as { code?: string } | undefined)?.code === 'transport/rate_limited',
    )
    expect(limited.length).toBeGreaterThan(0)
    expect(answers.length - limited.length).toBeGreaterThan(0)
    judge.ws.send(
      JSON.stringify({
        type: 'call',
        id: 1,
        method: 'game.command',
        params: { gameId: 1, command: { cmd: 'next' } },
      }),
    )
    expect(await judge.next()).toMatchObject({ id: 1, ok: true })
    reader.ws.close()
    judge.ws.close()
  })
})

describe('slow readers', () => {
  it('a client that never reads is dropped with a close code; others keep receiving', async () => {
    // A raw WebSocket handshake, then the socket stops reading: the server's unsent buffer for it grows.
    const sock = connect(server.port, '127.0.0.1')
    let head = ''
    await new Promise<void>((r) => {
      const onHead = (d: Buffer): void => {
        head += d.toString('latin1')
        if (head.includes('\r\n\r\n')) {
          sock.off('data', onHead)
          sock.pause()
          r()
        }
      }
      sock.on('data', onHead)
      sock.write(upgrade('/ws'))
    })
    expect(head).toMatch(/^HTTP\/1\.1 101/)
    const good = await open(wsUrl)
    await good.next()
    let received = 0
    good.ws.on('message', () => received++)
    const before = server.clientCount()
    expect(before).toBeGreaterThanOrEqual(2)
    const payload = { blob: 'p'.repeat(256 * 1024) }
    const pushes = 160 // 40 MB: more than the kernel's socket buffers and the 4 MB allowed unsent
    for (let i = 0; i < pushes; i++) {
      server.broadcast('overlay.view', payload as never)
      await new Promise((r) => setTimeout(r, 2))
    }
    await expect.poll(() => server.clientCount()).toBe(before - 1)
    await expect.poll(() => received).toBe(pushes)
    const data: Buffer[] = []
    const closed = new Promise((r) => sock.on('close', r))
    sock.on('data', (d: Buffer) => data.push(d))
    sock.resume()
    await closed
    // The close frame (0x88) carries 4008 when the reader comes back before it is terminated; either way it is gone.
    const all = Buffer.concat(data)
    const at = all.indexOf(Buffer.from([0x88]))
    if (at >= 0 && all.length >= at + 4) expect(all.readUInt16BE(at + 2)).toBe(CLOSE_SLOW_READER)
    good.ws.close()
  })
})

describe('paths', () => {
  it('a reader never sees an absolute path in an error; the judge does', async () => {
    expect(redactPaths('cannot open /home/judge/x/db.sqlite now')).toBe('cannot open …/db.sqlite now')
    expect(redactPaths('C:\\Users\\judge\\db.sqlite')).toBe('…/db.sqlite')
    const reader = await open(wsUrl)
    await reader.next()
    reader.ws.send(JSON.stringify({ type: 'call', id: 1, method: 'standings.get', params: {} }))
    const r = await reader.next()
    expect(JSON.stringify(r)).not.toContain('/home/judge')
    expect(JSON.stringify(r)).toContain('mafia-desk.sqlite')
    reader.ws.close()
    const judge = await open(`${wsUrl}?token=secret-token`)
    await judge.next()
    judge.ws.send(JSON.stringify({ type: 'call', id: 1, method: 'standings.get', params: {} }))
    expect(JSON.stringify(await judge.next())).toContain('/home/judge/secret-folder')
    judge.ws.close()
  })
})
