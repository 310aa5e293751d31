/**
 * ObsDirector / ObsService behaviour that needs no OBS: settings validation, the password never leaving
 * `settings()`, a refused connection, a bad address, a server that is not obs-websocket 5, and the game going on
 * while OBS is unreachable. (Everything that needs OBS itself is in obs.int.test.ts, against the real one.)
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { ObsDirector, obsSettingsSchema } from '../../src/main/obs/director-service'
import { ObsService, classifyConnectError } from '../../src/main/obs/client'
import { freePort } from './obs-env'
import { TEST_MAP, scriptedGame } from './game-script'

const cleanup: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

function director(settings: Record<string, unknown> = {}): ObsDirector {
  const d = new ObsDirector(settings)
  cleanup.push(() => d.dispose())
  return d
}

describe('settings', () => {
  it('defaults to ws://127.0.0.1:4455, auto-switch on, an empty map', () => {
    expect(obsSettingsSchema.parse({})).toEqual({
      url: 'ws://127.0.0.1:4455',
      password: '',
      autoSwitch: true,
      map: {},
    })
  })

  it('publicSettings() never contains the password, only passwordSet', () => {
    const d = director({ url: 'ws://127.0.0.1:4455', password: 's3cret-Pa55', map: TEST_MAP })
    const pub = d.publicSettings()
    expect(pub.passwordSet).toBe(true)
    expect('password' in pub).toBe(false)
    expect(JSON.stringify(pub)).not.toContain('s3cret-Pa55')
    expect(JSON.stringify(d.status())).not.toContain('s3cret-Pa55')
    expect(d.settings().password).toBe('s3cret-Pa55')
    expect(director({}).publicSettings().passwordSet).toBe(false)
  })

  it('updateSettings keeps the stored password when the patch omits it, replaces or clears it otherwise', () => {
    const d = director({ password: 'old' })
    expect(d.updateSettings({ map: { day: 'Day' } }).ok).toBe(true)
    expect(d.settings().password).toBe('old')
    expect(d.settings().map).toEqual({ day: 'Day' })
    expect(d.updateSettings({ password: 'new' }).ok).toBe(true)
    expect(d.settings().password).toBe('new')
    expect(d.updateSettings({ password: '' }).ok).toBe(true)
    expect(d.publicSettings().passwordSet).toBe(false)
  })

  it('rejects invalid settings with obs/invalid_settings and changes nothing', () => {
    const d = director({ map: { day: 'Day' } })
    for (const bad of [
      { url: 'http://127.0.0.1:4455' },
      { url: 'not a url' },
      { map: { dusk: 'X' } },
      { map: { speechBySeat: { '11': 'X' } } },
      { autoSwitch: 'yes' },
      { rolesSource: { sceneName: 'A' } },
      { rolesSource: { sceneName: 'A', sourceName: 'B', visibleIn: ['teatime'] } },
      { extra: 1 },
      null,
    ]) {
      const r = d.updateSettings(bad)
      expect(r.ok, JSON.stringify(bad)).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe('obs/invalid_settings')
        expect(r.error.message.ru).toContain('Неверные настройки OBS')
      }
    }
    expect(d.settings().map).toEqual({ day: 'Day' })
    expect(d.settings().url).toBe('ws://127.0.0.1:4455')
  })

  it('a rolesSource defaults to being visible at game end', () => {
    const d = director({ rolesSource: { sceneName: 'Game end', sourceName: 'Roles' } })
    expect(d.publicSettings().rolesSource).toEqual({
      sceneName: 'Game end',
      sourceName: 'Roles',
      visibleIn: ['gameEnd'],
    })
  })

  it('invalid stored settings fall back to defaults with a warning instead of throwing', () => {
    const d = director({ url: 'ftp://x', password: 'p' })
    expect(d.settings().url).toBe('ws://127.0.0.1:4455')
    expect(d.warning()?.code).toBe('obs/invalid_settings')
  })
})

describe('connection faults (no OBS needed)', () => {
  it('a refused connection gives obs/refused naming the address, and keeps retrying', async () => {
    const port = await freePort()
    const url = `ws://127.0.0.1:${port}`
    const svc = new ObsService({ backoffInitialMs: 50, backoffMaxMs: 100 })
    cleanup.push(() => svc.disconnect())
    const seen: string[] = []
    svc.subscribe((s) => seen.push(`${s.state}:${s.code ?? ''}`))
    const status = await svc.connect({ url, password: 'x' })
    expect(status.state).toBe('error')
    expect(status.code).toBe('obs/refused')
    expect(status.reason?.en).toContain(url)
    expect(status.reason?.en).toMatch(/WebSocket server/)
    expect(status.reason?.ru).toContain(url)
    expect(seen).toEqual(['connecting:', 'error:obs/refused'])
    // Still retrying in the background: a server that appears on that port is picked up.
    const wss = new WebSocketServer({ host: '127.0.0.1', port })
    const connections = new Promise<void>((resolve) => wss.once('connection', () => resolve()))
    cleanup.push(() => new Promise<void>((r) => wss.close(() => r())))
    await connections
    await svc.disconnect()
    expect(svc.status).toEqual({ state: 'disconnected', reason: null, code: null })
  })

  it('a server that is not obs-websocket 5 (no obswebsocket subprotocol, like obs-websocket 4.x) gives obs/version', async () => {
    const port = await freePort()
    const wss = new WebSocketServer({ host: '127.0.0.1', port, handleProtocols: () => false })
    cleanup.push(() => new Promise<void>((r) => wss.close(() => r())))
    const svc = new ObsService()
    cleanup.push(() => svc.disconnect())
    const status = await svc.connect({ url: `ws://127.0.0.1:${port}`, password: 'x' })
    expect(status.code).toBe('obs/version')
    expect(status.state).toBe('error')
    expect(status.reason?.en).toMatch(/OBS 28 or newer/)
  })

  it('a web server that is not a WebSocket server gives obs/not_obs', async () => {
    const port = await freePort()
    const server = createServer((_req, res) => {
      res.writeHead(404)
      res.end('not here')
    })
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()))
    cleanup.push(() => new Promise<void>((r) => server.close(() => r())))
    const svc = new ObsService()
    cleanup.push(() => svc.disconnect())
    const status = await svc.connect({ url: `ws://127.0.0.1:${port}`, password: 'x' })
    expect(status.code).toBe('obs/not_obs')
    expect(status.reason?.en).toMatch(/check the port/)
  })

  it('close code 4010 (unsupported RPC version) and 4009 (authentication) are explained', () => {
    const e4010 = Object.assign(new Error('Unsupported rpc version'), { code: 4010 })
    expect(classifyConnectError(e4010, 'ws://h:1', true).code).toBe('obs/version')
    const e4009 = Object.assign(new Error('Authentication failed.'), { code: 4009 })
    expect(classifyConnectError(e4009, 'ws://h:1', true).code).toBe('obs/auth_failed')
  })

  it('a malformed address gives obs/bad_url without trying', async () => {
    const svc = new ObsService()
    cleanup.push(() => svc.disconnect())
    const status = await svc.connect({ url: 'localhost:4455', password: '' })
    expect(status.code).toBe('obs/bad_url')
  })

  it('requests while disconnected return obs/not_connected instead of throwing', async () => {
    const svc = new ObsService()
    for (const r of [
      await svc.setScene('Day'),
      await svc.listScenes(),
      await svc.getCurrentScene(),
      await svc.setText('T', 'x'),
      await svc.setSourceVisible('S', 'R', true),
    ]) {
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('obs/not_connected')
    }
  })

  it('the game goes on while OBS is unreachable: onView never throws and stays fast', async () => {
    const port = await freePort()
    const d = director({
      url: `ws://127.0.0.1:${port}`,
      password: 'pw',
      map: TEST_MAP,
      speakerTextSource: 'T',
    })
    await d.connect()
    expect(d.status().code).toBe('obs/refused')
    for (let i = 0; i < 20; i++) for (const v of scriptedGame()) d.onView(v)
    expect(d.currentMoment()).toEqual({ kind: 'gameEnd' })
    expect(d.status().moment).toBe('gameEnd')
    expect(d.targetScene()).toBe('Game end')
    const sw = await d.switchTo('Day')
    expect(sw.ok).toBe(false)
    if (!sw.ok) expect(sw.error.code).toBe('obs/not_connected')
  })
})
