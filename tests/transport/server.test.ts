/**
 * The HTTP + WebSocket transport against a real server on 127.0.0.1: access rules, typed errors for bad input
 * (the server never crashes), the renderer's WebSocket client reconnecting with backoff and resyncing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { request } from 'node:http'
import { startServer, type RunningServer } from '../../src/main/transport/http-server'
import { createRouter, type Handlers } from '../../src/main/transport/router'
import { createWsTransport, CallError } from '../../src/renderer/src/common/transport'
import type { OverlayEnvelope } from '../../src/shared/contract'

const staticDir = mkdtempSync(join(tmpdir(), 'md-static-'))
mkdirSync(join(staticDir, 'assets'))
writeFileSync(join(staticDir, 'control.html'), '<!doctype html><title>control</title>')
writeFileSync(join(staticDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
writeFileSync(join(staticDir, 'assets', 'a.js'), 'console.log(1)')
writeFileSync(join(tmpdir(), 'secret.txt'), 'secret')

let fouls = 0
const envelope = (): OverlayEnvelope => ({
  gameId: 1,
  view: null,
  frame: 0,
  standings: null,
  settings: {
    roles: 'hidden',
    theme: { accent: '#000000', background: '#000000', text: '#ffffff', logoUrl: null, title: 't' },
  },
})
const handlers = new Proxy({} as Handlers, {
  get: (_t, name: string) => {
    if (name === 'overlay.view') return () => envelope()
    if (name === 'game.command') return () => ({ fouls: ++fouls })
    if (name === 'game.active')
      return () => {
        throw new Error('boom')
      }
    return () => null
  },
})

async function start(port = 0): Promise<RunningServer> {
  return startServer({
    port,
    router: createRouter(handlers),
    staticDir,
    version: 'test',
    token: 'secret-token',
  })
}

function raw(url: string): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
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

let server: RunningServer
beforeAll(async () => {
  server = await start()
})
afterAll(async () => {
  await server.close()
})

describe('HTTP', () => {
  it('listens on 127.0.0.1 only and serves both pages with a CSP', async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    for (const page of ['control', 'overlay']) {
      const res = await fetch(`${server.origin}/${page}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(await res.text()).toContain(`<title>${page}</title>`)
    }
  })

  it('refuses path traversal and foreign Host headers', async () => {
    expect((await fetch(`${server.origin}/assets/..%2f..%2fsecret.txt`)).status).toBe(404)
    expect((await fetch(`${server.origin}/assets/a.js`)).status).toBe(200)
    // DNS rebinding guard: a page on another host name that resolves to 127.0.0.1 gets nothing.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/control', headers: { Host: 'evil.example' } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(421)
  })
})

describe('WebSocket contract', () => {
  it('says hello with the access level; reads open, commands need the token', async () => {
    const anon = await raw(`${server.origin.replace('http', 'ws')}/ws`)
    expect(await anon.next()).toMatchObject({ type: 'hello', access: 'read' })
    anon.ws.send(JSON.stringify({ type: 'call', id: 1, method: 'overlay.view', params: {} }))
    expect(await anon.next()).toMatchObject({ id: 1, ok: true })
    anon.ws.send(
      JSON.stringify({
        type: 'call',
        id: 2,
        method: 'game.command',
        params: { gameId: 1, command: { cmd: 'next' } },
      }),
    )
    const refused = await anon.next()
    expect(refused).toMatchObject({ id: 2, ok: false, error: { code: 'contract/forbidden' } })
    expect((refused.error as { message: { ru: string } }).message.ru).toMatch(/токен/)
    anon.ws.close()

    const wrong = await raw(`${server.origin.replace('http', 'ws')}/ws?token=nope`)
    expect(await wrong.next()).toMatchObject({ type: 'hello', access: 'read' })
    expect(await wrong.next()).toMatchObject({ ok: false, error: { code: 'transport/bad_token' } })
    wrong.ws.close()

    const judge = await raw(`${server.origin.replace('http', 'ws')}/ws?token=secret-token`)
    expect(await judge.next()).toMatchObject({ type: 'hello', access: 'control' })
    judge.ws.send(
      JSON.stringify({
        type: 'call',
        id: 3,
        method: 'game.command',
        params: { gameId: 1, command: { cmd: 'next' } },
      }),
    )
    expect(await judge.next()).toMatchObject({ id: 3, ok: true })
    judge.ws.close()
  })

  it('answers malformed and unknown messages with typed errors and keeps serving', async () => {
    const c = await raw(`${server.origin.replace('http', 'ws')}/ws?token=secret-token`)
    await c.next()
    c.ws.send('{not json')
    expect(await c.next()).toMatchObject({ id: null, ok: false, error: { code: 'contract/malformed' } })
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(await c.next()).toMatchObject({ ok: false, error: { code: 'contract/malformed' } })
    c.ws.send(JSON.stringify({ type: 'call', id: 7, method: 'rm -rf', params: {} }))
    expect(await c.next()).toMatchObject({ id: 7, ok: false, error: { code: 'contract/unknown_call' } })
    c.ws.send(
      JSON.stringify({
        type: 'call',
        id: 8,
        method: 'game.command',
        params: { gameId: -1, command: { cmd: 'fly' } },
      }),
    )
    expect(await c.next()).toMatchObject({ id: 8, ok: false, error: { code: 'contract/invalid_params' } })
    c.ws.send(JSON.stringify({ type: 'call', id: 9, method: 'game.active', params: {} }))
    expect(await c.next()).toMatchObject({ id: 9, ok: false, error: { code: 'app/internal' } })
    c.ws.send(JSON.stringify([1, 2, 3]))
    expect(await c.next()).toMatchObject({ ok: false, error: { code: 'contract/malformed' } })
    c.ws.send(JSON.stringify({ type: 'call', id: 10, method: 'overlay.view' }))
    expect(await c.next()).toMatchObject({ id: 10, ok: true })
    c.ws.close()
  })
})

describe('renderer WebSocket client', () => {
  it('reconnects with backoff after the server restarts, then resyncs', async () => {
    const first = await start()
    const port = first.port
    const t = createWsTransport({
      url: `ws://127.0.0.1:${port}/ws`,
      token: 'secret-token',
      minDelay: 50,
      maxDelay: 200,
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    })
    expect(await t.call('game.command', { gameId: 1, command: { cmd: 'next' } })).toHaveProperty('fouls')
    let resyncs = 0
    t.onResync(() => resyncs++)
    const pushes: unknown[] = []
    t.onPush((channel, payload) => pushes.push([channel, payload]))
    first.broadcast('overlay.view', envelope())
    await expect.poll(() => pushes.length).toBe(1)

    await first.close()
    await expect.poll(() => t.state()).toBe('closed')
    await expect(t.call('overlay.view', {})).rejects.toBeInstanceOf(CallError)
    const second = await start(port)
    await expect.poll(() => t.state(), { timeout: 3000 }).toBe('open')
    expect(resyncs).toBe(1)
    expect(t.access()).toBe('control')
    expect(await t.call('overlay.view', {})).toMatchObject({ gameId: 1 })
    t.close()
    await second.close()
  })
})
