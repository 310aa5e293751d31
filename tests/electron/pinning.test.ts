/**
 * Issue 29 §6: the desktop shell opens a hub's https pages only with the hub's own, pinned certificate, and never
 * plain http beyond this machine. The decisions under Node (src/main/electron/pinning.ts), then the real shell and
 * the real core in LAN mode (with the stand-in for 'electron') whose loopback port is taken, so its own windows
 * use the hub's https address: the hooks it set on the session accept exactly the hub's certificate.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect as tlsConnect } from 'node:tls'
import { generate } from 'selfsigned'
import {
  CERT_ACCEPT,
  CERT_CHROMIUM,
  CERT_REFUSE,
  certificateErrorAllowed,
  certificateVerdict,
  pemFingerprint,
  transportAllowed,
} from '../../src/main/electron/pinning'
import { createFakeElectron, launchShell, type FakeElectron } from './fake-electron'

async function certificate(): Promise<string> {
  const made = await generate([{ name: 'commonName', value: 'Mafia Desk hub' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  })
  return made.cert
}

describe('the pinned certificate of our own https origins', () => {
  it('accepts exactly the hub’s certificate for its host; refuses any other; leaves other hosts to Chromium', async () => {
    const [hub, other] = [await certificate(), await certificate()]
    const ctx = { origins: ['https://192.168.1.10:4800'], fingerprint: pemFingerprint(hub) }
    expect(ctx.fingerprint).toMatch(/^[a-z2-7]{52}$/)
    expect(certificateVerdict('192.168.1.10', hub, ctx)).toBe(CERT_ACCEPT)
    expect(certificateVerdict('192.168.1.10', other, ctx)).toBe(CERT_REFUSE)
    expect(certificateVerdict('192.168.1.10', 'not a certificate', ctx)).toBe(CERT_REFUSE)
    expect(certificateVerdict('192.168.1.10', hub, { ...ctx, fingerprint: null })).toBe(CERT_REFUSE)
    expect(certificateVerdict('github.com', other, ctx)).toBe(CERT_CHROMIUM)
    // IPv6: Electron names the host bare, the origin keeps it in brackets.
    const v6 = { origins: ['https://[fd00::10]:4800'], fingerprint: pemFingerprint(hub) }
    expect(certificateVerdict('fd00::10', hub, v6)).toBe(CERT_ACCEPT)
    expect(certificateVerdict('fd00::10', other, v6)).toBe(CERT_REFUSE)
    // Plain http origins pin nothing: a TLS connection to their host is Chromium's to judge.
    expect(
      certificateVerdict('127.0.0.1', other, { origins: ['http://127.0.0.1:4800'], fingerprint: null }),
    ).toBe(CERT_CHROMIUM)
  })

  it('a certificate error is overridden only for an own https origin with the pinned certificate', async () => {
    const [hub, other] = [await certificate(), await certificate()]
    const ctx = { origins: ['https://192.168.1.10:4800'], fingerprint: pemFingerprint(hub) }
    expect(certificateErrorAllowed('https://192.168.1.10:4800/control?token=x', hub, ctx)).toBe(true)
    expect(certificateErrorAllowed('https://192.168.1.10:4800/control', other, ctx)).toBe(false)
    expect(certificateErrorAllowed('https://192.168.1.10:9999/', hub, ctx)).toBe(false)
    expect(certificateErrorAllowed('https://evil.example/', hub, ctx)).toBe(false)
    expect(certificateErrorAllowed('not a url', hub, ctx)).toBe(false)
  })

  it('plain http and ws only to loopback', () => {
    for (const ok of [
      'http://127.0.0.1:4800/control',
      'http://127.0.0.2:4800/',
      'http://localhost:5173/',
      'http://[::1]:4800/',
      'ws://127.0.0.1:4800/ws',
      'https://192.168.1.10:4800/control',
      'wss://192.168.1.10:4800/ws',
      'about:blank',
    ])
      expect(transportAllowed(ok), ok).toBe(true)
    for (const refused of [
      'http://192.168.1.10:4800/control',
      'http://hub.local/',
      'ws://192.168.1.10:4800/ws',
      'http://[fd00::10]:4800/',
      'http://127.0.0.1.evil.example/',
      'not a url',
    ])
      expect(transportAllowed(refused), refused).toBe(false)
  })
})

describe('the shell in LAN mode, its own windows on the hub’s https address', () => {
  let running: FakeElectron | null = null
  let blocker: Server | null = null
  afterEach(async () => {
    if (running && !running.app.quitted) {
      const fake = running
      fake.app.quit()
      await vi.waitFor(() => expect(fake.app.quitted).toBe(true), { timeout: 10_000 })
    }
    running = null
    if (blocker) await new Promise((r) => blocker!.close(r))
    blocker = null
    vi.unstubAllEnvs()
    vi.doUnmock('electron')
  })

  it('accepts the hub’s own certificate, refuses another on its address, and cancels plain http to the hall', async () => {
    // 127.0.0.1:PORT is taken: the app's windows then use the hall address over HTTPS (transport/http-server.ts).
    blocker = createServer()
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', r))
    const port = (blocker.address() as { port: number }).port
    const fake = createFakeElectron({ userData: mkdtempSync(join(tmpdir(), 'mafia-desk-pin-')) })
    running = await launchShell(fake, { MAFIA_DESK_PORT: String(port), MAFIA_DESK_LAN: '127.0.0.41' })
    const url = fake.windows[0].urls[0]
    expect(url).toMatch(new RegExp(`^https://127\\.0\\.0\\.41:${port}/`))
    // The certificate the hub really serves.
    const served = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.41', port, rejectUnauthorized: false }, () => {
        resolve(socket.getPeerX509Certificate()!.toString())
        socket.destroy()
      })
      socket.on('error', reject)
    })
    const verify = (hostname: string, pem: string) =>
      new Promise<number>((resolve) =>
        fake.network.verify!({ hostname, certificate: { data: pem } }, resolve),
      )
    expect(await verify('127.0.0.41', served)).toBe(CERT_ACCEPT)
    expect(await verify('127.0.0.41', await certificate())).toBe(CERT_REFUSE)
    expect(await verify('github.com', await certificate())).toBe(CERT_CHROMIUM)
    // Chromium's certificate error on the hub's address: overridden only for the pinned certificate.
    const certificateError = (pem: string) => {
      let prevented = false
      let trusted: boolean | null = null
      fake.app.emit(
        'certificate-error',
        { preventDefault: () => (prevented = true) },
        {},
        url,
        'net::ERR_CERT_AUTHORITY_INVALID',
        { data: pem },
        (ok: boolean) => (trusted = ok),
      )
      return { prevented, trusted }
    }
    expect(certificateError(served)).toEqual({ prevented: true, trusted: true })
    expect(certificateError(await certificate())).toEqual({ prevented: false, trusted: false })
    // Plain requests: loopback only (the hall is reached over the pinned https).
    const before = fake.network.beforeRequest!
    expect(before.filter.urls).toEqual(expect.arrayContaining(['http://*/*', 'ws://*/*']))
    const cancel = (u: string) =>
      new Promise<boolean | undefined>((resolve) => before.listener({ url: u }, (r) => resolve(r.cancel)))
    // (127.0.0.41 is this machine's loopback too; a hall address is not.)
    expect(await cancel(`http://192.168.1.10:${port}/control`)).toBe(true)
    expect(await cancel(`ws://192.168.1.10:${port}/ws`)).toBe(true)
    expect(await cancel(`http://127.0.0.1:${port}/overlay`)).toBe(false)
  })
})
