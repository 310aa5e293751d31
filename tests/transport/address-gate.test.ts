/**
 * Issue 29 §2: an address that goes on failing against the hub (wrong tokens, knocking on while it waits, broken
 * TLS handshakes) is closed at the socket, before the TLS handshake, while other addresses of the hall go on
 * working; the table of addresses stays bounded. A real hub in LAN mode over TLS on 127.0.0.3, clients from
 * distinct 127.0.0.x source addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect as tcpConnect } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { startCore, type Core } from '../../src/main/core'
import { call, coreBase } from '../app/sync-kit'
import { AUTH_FAILURE_BURST, AuthFailureLimiter, SOCKET_STRIKE_BURST } from '../../src/main/transport/limits'

const HUB = '127.0.0.3'
const dir = mkdtempSync(join(tmpdir(), 'md-address-gate-'))
let hub: Core
let token = ''

type Answer = { status: number; text: string } | { closed: string }

/** One POST /sync/hello over TLS from `source`: the hub's status line, or how the connection ended without one. */
function hello(source: string, bearer: string): Promise<Answer> {
  return new Promise((resolve) => {
    const body = '{}'
    let text = ''
    let secure = false
    // TLS over a TCP socket bound to the source address (a machine of the hall with its own address).
    const tcp = tcpConnect({ host: HUB, port: hub.server.port, localAddress: source })
    tcp.on('error', () => {})
    const socket = tlsConnect({ socket: tcp, rejectUnauthorized: false }, () => {
      secure = true
      socket.write(
        `POST /sync/hello HTTP/1.1\r\nHost: ${HUB}:${hub.server.port}\r\nAuthorization: Bearer ${bearer}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      )
    })
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8')
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (m && text.includes('\r\n\r\n')) {
        resolve({ status: Number(m[1]), text })
        socket.destroy()
      }
    })
    const end = (why: string) => resolve({ closed: secure ? `after TLS: ${why}` : `before TLS: ${why}` })
    socket.on('error', (err: NodeJS.ErrnoException) => end(err.code ?? err.message))
    socket.on('close', () => end('closed'))
  })
}

/** A plain TCP connection from `source` that sends `bytes`: whatever the hub sends back before it closes. */
function rawBytes(source: string, bytes: Buffer | null): Promise<{ received: number }> {
  return new Promise((resolve) => {
    let received = 0
    const socket = tcpConnect({ host: HUB, port: hub.server.port, localAddress: source }, () => {
      if (bytes) socket.write(bytes)
    })
    socket.on('data', (d: Buffer) => (received += d.length))
    socket.on('error', () => {})
    socket.on('close', () => resolve({ received }))
  })
}

/** What `refused` counted so far for a code (the hub's refusal log, in memory). */
const counted = (code: string): number => hub.sync.refusals.counts().find((c) => c.code === code)?.count ?? 0

beforeAll(async () => {
  hub = await startCore({ ...coreBase(dir), port: 0, lan: HUB, dbFile: join(dir, 'hub', 'db.sqlite') })
  const t = hub.db.tournaments.createTournament({ name: 'Gate' })
  const tableId = hub.db.tournaments.addTable(t.id, { judge: 'J' }).id
  token = (await call(hub, 'sync.createToken', { tableId })).tables[0].token!
})
afterAll(async () => {
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('an address that goes on failing is closed before the TLS handshake', () => {
  it('wrong tokens: typed 401, then typed 429, then the socket closes before TLS; another address still works', async () => {
    const guesser = '127.0.0.11'
    const answers: Answer[] = []
    for (let i = 0; i < SOCKET_STRIKE_BURST + 3; i++) answers.push(await hello(guesser, `guess${i}`))
    const statuses = answers.map((a) => ('status' in a ? a.status : a.closed))
    expect(statuses.slice(0, AUTH_FAILURE_BURST)).toEqual(Array<number>(AUTH_FAILURE_BURST).fill(401))
    expect(statuses.slice(AUTH_FAILURE_BURST, SOCKET_STRIKE_BURST)).toEqual(
      Array<number>(SOCKET_STRIKE_BURST - AUTH_FAILURE_BURST).fill(429),
    )
    for (const s of statuses.slice(SOCKET_STRIKE_BURST)) expect(String(s)).toMatch(/^before TLS/)
    // Even the right token no longer reaches the handshake from there; a raw socket gets not one byte.
    expect(await hello(guesser, token)).toMatchObject({ closed: expect.stringMatching(/^before TLS/) })
    expect(await rawBytes(guesser, Buffer.from('GET / HTTP/1.1\r\n\r\n'))).toEqual({ received: 0 })
    expect(counted('transport/address_shut')).toBeGreaterThanOrEqual(5)
    // Another address of the hall is not touched.
    expect(await hello('127.0.0.12', token)).toMatchObject({ status: 200 })
  })

  it('broken TLS handshakes are strikes too', async () => {
    const breaker = '127.0.0.13'
    // A record header of a handshake, then garbage: the TLS server fails each.
    const broken = Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5])
    for (let i = 0; i < SOCKET_STRIKE_BURST; i++) await rawBytes(breaker, broken)
    const before = counted('transport/address_shut')
    expect(await hello(breaker, token)).toMatchObject({ closed: expect.stringMatching(/^before TLS/) })
    expect(counted('transport/address_shut')).toBe(before + 1)
    expect(await hello('127.0.0.14', token)).toMatchObject({ status: 200 })
  })
})

describe('the table of addresses is bounded', () => {
  it('keeps at most maxKeys addresses, forgetting the least recently failing; a shut address earns its way back', () => {
    let now = 0
    const limiter = new AuthFailureLimiter({ maxKeys: 100 }, () => now)
    for (let i = 0; i < 5000; i++) limiter.fail(`10.0.${i >> 8}.${i & 255}`)
    expect(limiter.size()).toBe(100)
    for (let i = 0; i < SOCKET_STRIKE_BURST; i++) limiter.fail('10.9.9.9')
    expect(limiter.shut('10.9.9.9')).toBe(true)
    expect(limiter.shut('10.9.9.8')).toBe(false) // an address never seen is not stored by asking
    expect(limiter.size()).toBe(100)
    now += 60_000 // 20 strikes a minute come back
    expect(limiter.shut('10.9.9.9')).toBe(false)
  })
})
