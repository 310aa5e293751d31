/**
 * Issue 29 §2, the hub's guards on the hall network (LAN mode on 127.0.0.2, over TLS): a strong control token,
 * the token checked before a byte of the body is read, bytes in flight bounded per client, wrong tokens
 * rate-limited and counted without a disk write each, `pending` bounded, tokens that expire, overlays that stay
 * in their tournament, and pairing addresses a table can reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { startCore, type Core } from '../../src/main/core'
import { call, coreBase, until } from '../app/sync-kit'
import { hubAddresses } from '../../src/main/transport/lan'
import { MAX_OPEN_CONFLICTS_PER_TABLE } from '../../src/main/db/sync'
import { AppError } from '../../src/shared/errors'

const dir = mkdtempSync(join(tmpdir(), 'md-lan-guards-'))
const base = coreBase(dir)
let hub: Core
let tournamentId = 0
let tableId = 0
let token = ''

/** One raw request over TLS to the hub: the status line, once the hub answers (the body may be left unsent). */
function raw(head: string, body = ''): Promise<{ status: number; text: string; socket: TLSSocket }> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.2', port: hub.server.port, rejectUnauthorized: false }, () => {
      socket.write(head + body)
    })
    let text = ''
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8')
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (m && text.includes('\r\n\r\n')) resolve({ status: Number(m[1]), text, socket })
    })
    socket.on('error', reject)
  })
}

function pushHead(bearer: string, length: number): string {
  return (
    `POST /sync/hello HTTP/1.1\r\nHost: 127.0.0.2:${hub.server.port}\r\nAuthorization: Bearer ${bearer}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`
  )
}

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, lan: '127.0.0.2', dbFile: join(dir, 'hub', 'db.sqlite') })
  const t = hub.db.tournaments.createTournament({ name: 'Guards' })
  tournamentId = t.id
  tableId = hub.db.tournaments.addTable(t.id, { judge: 'J' }).id
  token = (await call(hub, 'sync.createToken', { tableId })).tables[0].token!
})
afterAll(async () => {
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the control token on the hall network', () => {
  it('a 4-digit token is refused at the start in LAN mode; loopback keeps working with it', async () => {
    let code = ''
    try {
      await startCore({
        ...base,
        port: 0,
        lan: '127.0.0.2',
        token: '1234',
        dbFile: join(dir, 'weak', 'db.sqlite'),
      })
    } catch (err) {
      code = err instanceof AppError ? err.code : String(err)
    }
    expect(code).toBe('transport/weak_token')
    const local = await startCore({
      ...base,
      port: 0,
      token: '1234',
      dbFile: join(dir, 'local', 'db.sqlite'),
    })
    await local.close()
  })
})

describe('/sync checks the token before it reads the body', () => {
  it('a wrong token with a declared 2 MB body is answered at once, the body never sent', async () => {
    const r = await raw(pushHead('wrong', 2 * 1024 * 1024))
    expect(r.status).toBe(401)
    expect(r.text).toContain('sync/bad_token')
    r.socket.destroy()
  })

  it('a client may have two full batches in flight; a third is refused at once, typed', async () => {
    const size = 2 * 1024 * 1024
    const a = tlsConnect({ host: '127.0.0.2', port: hub.server.port, rejectUnauthorized: false })
    const b = tlsConnect({ host: '127.0.0.2', port: hub.server.port, rejectUnauthorized: false })
    await Promise.all([a, b].map((s) => new Promise((r) => s.once('secureConnect', r))))
    a.write(pushHead(token, size) + '{')
    b.write(pushHead(token, size) + '{')
    await new Promise((r) => setTimeout(r, 200))
    const third = await raw(pushHead(token, size))
    expect(third.status).toBe(429)
    expect(third.text).toContain('sync/busy')
    for (const s of [a, b, third.socket]) s.destroy()
    // Once those are gone, the client's budget is back.
    await until('budget back', () => hub.sync.guards.inFlight.total() === 0)
    const body = '{}'
    const ok = await raw(pushHead(token, body.length), body)
    expect(ok.status).toBe(200)
    ok.socket.destroy()
  })

  it('`pending: 1e15` is refused', async () => {
    const body = JSON.stringify({ pending: 1e15 })
    const r = await raw(pushHead(token, Buffer.byteLength(body)), body)
    expect(r.status).toBe(400)
    expect(r.text).toContain('sync/malformed')
    r.socket.destroy()
  })
})

describe('wrong tokens are rate-limited per address and cost no disk write each', () => {
  it('after 10 wrong tokens even the right one waits; every refusal is counted, written in aggregate', async () => {
    hub.sync.refusals.flush()
    const rowsBefore = hub.db.sync.refusals().length
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      const r = await raw(pushHead(`guess${i}`, 2), '{}')
      statuses.push(r.status)
      r.socket.destroy()
    }
    // One wrong token was spent above: 9 more are answered, then the address waits (10 in a burst).
    expect(statuses).toEqual([...Array<number>(9).fill(401), ...Array<number>(21).fill(429)])
    const right = await raw(pushHead(token, 2), '{}')
    expect(right.status).toBe(429)
    expect(right.text).toContain('sync/too_many_failures')
    right.socket.destroy()
    // One row per kind and source so far (the first of each, written at once); the rest is counted in memory.
    expect(hub.db.sync.refusals().length - rowsBefore).toBeLessThanOrEqual(2)
    const counts = Object.fromEntries(hub.sync.refusals.counts().map((c) => [c.code, c.count]))
    expect(counts['sync/bad_token']).toBeGreaterThanOrEqual(10)
    expect(counts['sync/too_many_failures']).toBeGreaterThanOrEqual(21)
    hub.sync.refusals.flush()
    const rows = hub.db.sync.refusals().slice(0, hub.db.sync.refusals().length - rowsBefore)
    expect(rows.length).toBeLessThanOrEqual(4) // 31 refusals, at most 4 writes
    expect(rows.reduce((n, r) => n + r.count, 0)).toBeGreaterThanOrEqual(31)
  })
})

describe('conflict rows are bounded', () => {
  it('a table keeps at most MAX_OPEN_CONFLICTS_PER_TABLE undecided conflicts; the next one is not written', () => {
    const uuid = '00000000-0000-4000-8000-000000000001'
    for (let i = 1; i <= MAX_OPEN_CONFLICTS_PER_TABLE; i++) {
      expect(
        hub.db.sync.addConflict({ tableId, gameUuid: uuid, seq: i, stored: { i }, received: { i, x: 1 } }),
      ).toBe(true)
    }
    expect(
      hub.db.sync.addConflict({ tableId, gameUuid: uuid, seq: 9999, stored: {}, received: { x: 2 } }),
    ).toBe(false)
    expect(hub.db.sync.openConflictCount(tableId)).toBe(MAX_OPEN_CONFLICTS_PER_TABLE)
  })
})

describe('table tokens expire and stay in their tournament', () => {
  it('a token with a set time stops working when it passes', async () => {
    const other = hub.db.tournaments.addTable(tournamentId, { judge: 'K' }).id
    const status = await call(hub, 'sync.createToken', { tableId: other, validHours: 0.0002 })
    const t = status.tables.find((x) => x.tableId === other)!
    expect(t.expiresAt).not.toBeNull()
    expect(hub.db.sync.grant(t.token!)).not.toBeNull()
    await new Promise((r) => setTimeout(r, 900))
    expect(hub.db.sync.grant(t.token!)).toBeNull()
  })

  it('a token ends with its tournament’s last day', async () => {
    const past = hub.db.tournaments.createTournament({ name: 'Past', endsOn: '2020-01-02' })
    const tid = hub.db.tournaments.addTable(past.id, { judge: 'L' }).id
    const tk = hub.db.sync.createToken(tid)
    expect(hub.db.sync.grant(tk)).toBeNull()
  })

  it('sync.overlay with table 1’s token of another tournament is refused with a hint', async () => {
    const streamed = hub.db.tournaments.createTournament({ name: 'On stream' })
    const t1 = hub.db.tournaments.addTable(streamed.id, { judge: 'M' }).id
    hub.sync.hub.setOnStream(t1)
    const grant = hub.sync.grantFor(token)!
    const refused = grant.check('sync.overlay', { table: 1 })
    expect(refused?.code).toBe('sync/forbidden')
    expect(refused?.message.en).toContain('another tournament')
    const wrongTable = grant.check('sync.overlay', { table: 2 })
    expect(wrongTable?.message.en).toContain('table=1')
    hub.sync.hub.setOnStream(null)
  })
})

describe('the pairing codes name an address a table can reach', () => {
  it('for 0.0.0.0: every interface address but loopback and link-local, IPv4 first', () => {
    const lo = {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4',
      mac: '',
      internal: true,
      cidr: null,
    }
    const wifi = { ...lo, address: '192.168.1.10', internal: false }
    const eth = { ...lo, address: '10.0.0.5', internal: false }
    const v6 = { ...lo, address: 'fe80::1', family: 'IPv6', internal: false, scopeid: 1 }
    expect(hubAddresses('0.0.0.0', { lo: [lo], wlan0: [wifi, v6], eth0: [eth] } as never)).toEqual([
      '192.168.1.10',
      '10.0.0.5',
    ])
    expect(hubAddresses('192.168.1.10')).toEqual(['192.168.1.10'])
  })

  it('the organiser picks one of the addresses; the codes name it', async () => {
    const status = await call(hub, 'sync.status', { tournamentId, address: 'https://evil.example:1' })
    expect(status.address).toBe(`https://127.0.0.2:${hub.server.port}`)
    expect(status.tables[0].pairingUrl).toContain(`https://127.0.0.2:${hub.server.port}/#t=`)
  })
})
