/**
 * Electron security (issue 2): both windows follow Electron's checklist, and the IPC bridge refuses a command
 * sent from the overlay window or from an unknown sender. Runs under Node: no Electron binary needed.
 */
import { describe, expect, it, vi } from 'vitest'
import {
  controlWindowOptions,
  overlayDisplay,
  overlayWindowOptions,
} from '../../src/main/electron/window-options'
import { isOwnUrl } from '../../src/main/electron/policy'
import { handleIpcCall, registerIpc, type IpcEventLike, type IpcMainLike } from '../../src/main/transport/ipc'
import { createRouter, type Handlers } from '../../src/main/transport/router'
import { callNames, ipcChannel } from '../../src/shared/contract'

describe('window options', () => {
  for (const [name, opts] of [
    ['control', controlWindowOptions('/app/preload.js')],
    ['overlay', overlayWindowOptions('/app/preload.js', { x: 0, y: 0, width: 1920, height: 1080 })],
  ] as const) {
    it(`${name}: context isolation, sandbox, no node integration`, () => {
      const wp = opts.webPreferences!
      expect(wp.contextIsolation).toBe(true)
      expect(wp.sandbox).toBe(true)
      expect(wp.nodeIntegration).toBe(false)
      expect(wp.nodeIntegrationInWorker).toBe(false)
      expect(wp.nodeIntegrationInSubFrames).toBe(false)
      expect(wp.webSecurity).toBe(true)
      expect(wp.allowRunningInsecureContent).toBe(false)
      expect(wp.webviewTag).toBe(false)
      expect(wp.preload).toBe('/app/preload.js')
    })
  }

  it('overlay: frameless, transparent, always on top, not resizable (defect 4), on the display given', () => {
    const o = overlayWindowOptions('/p.js', { x: 1920, y: 0, width: 2560, height: 1440 })
    expect(o.frame).toBe(false)
    expect(o.transparent).toBe(true)
    expect(o.alwaysOnTop).toBe(true)
    expect(o.backgroundColor).toBe('#00000000')
    expect(o.resizable).toBe(false)
    expect([o.x, o.y, o.width, o.height]).toEqual([1920, 0, 2560, 1440])
  })

  it('DevTools are closed in a packaged build (and by default), open only in development', () => {
    const display = { x: 0, y: 0, width: 1920, height: 1080 }
    for (const opts of [
      controlWindowOptions('/p.js', undefined, { packaged: true }),
      overlayWindowOptions('/p.js', display, { packaged: true }),
      controlWindowOptions('/p.js'),
      overlayWindowOptions('/p.js', display),
    ])
      expect(opts.webPreferences!.devTools).toBe(false)
    expect(controlWindowOptions('/p.js', undefined, { packaged: false }).webPreferences!.devTools).toBe(true)
    expect(overlayWindowOptions('/p.js', display, { packaged: false }).webPreferences!.devTools).toBe(true)
  })

  it('control window: the app icon when given (Linux/Windows taskbars)', () => {
    expect(controlWindowOptions('/p.js', '/res/icons/png/256x256.png').icon).toBe(
      '/res/icons/png/256x256.png',
    )
    expect(controlWindowOptions('/p.js')).not.toHaveProperty('icon')
  })

  it('the first overlay goes on the chosen display, else the primary one, at its real size', () => {
    const laptop = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 } }
    const tv = { id: 2, bounds: { x: 1366, y: 0, width: 3840, height: 2160 } }
    expect(overlayDisplay([laptop, tv], laptop)).toBe(laptop)
    expect(overlayDisplay([laptop, tv], laptop, 2)).toBe(tv)
    expect(overlayDisplay([laptop], laptop, 2)).toBe(laptop)
  })

  it('navigation is allowed only to our own origin', () => {
    const own = ['http://127.0.0.1:4800']
    expect(isOwnUrl('http://127.0.0.1:4800/control', own)).toBe(true)
    expect(isOwnUrl('http://127.0.0.1:4801/control', own)).toBe(false)
    expect(isOwnUrl('https://evil.example/', own)).toBe(false)
    expect(isOwnUrl('not a url', own)).toBe(false)
  })
})

describe('IPC sender checks', () => {
  const commands: unknown[] = []
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name: string) => (params: unknown) => {
      commands.push({ name, params })
      return { ok: name }
    },
  })
  const router = createRouter(handlers)
  const CONTROL = 1
  const OVERLAY = 2
  const resolve = (e: IpcEventLike) =>
    e.sender.id === CONTROL ? 'control' : e.sender.id === OVERLAY ? 'overlay' : null
  const ev = (id: number): IpcEventLike => ({
    sender: { id },
    senderFrame: { url: 'http://127.0.0.1:4800/x' },
  })
  const foul = { gameId: 1, command: { cmd: 'foul', seat: 4 } }

  it('refuses a command from the overlay window and runs nothing', async () => {
    commands.length = 0
    const res = await handleIpcCall(router, resolve, 'game.command', ev(OVERLAY), foul)
    expect(res.ok).toBe(false)
    if (!res.ok) expect(res.error.code).toBe('contract/forbidden')
    expect(commands).toEqual([])
  })

  it('lets the overlay read and the control window command', async () => {
    expect((await handleIpcCall(router, resolve, 'overlay.view', ev(OVERLAY), {})).ok).toBe(true)
    expect((await handleIpcCall(router, resolve, 'game.command', ev(CONTROL), foul)).ok).toBe(true)
  })

  it('refuses an unknown sender and an invalid payload', async () => {
    const unknown = await handleIpcCall(router, resolve, 'overlay.view', ev(99), {})
    expect(unknown.ok || unknown.error.code).toBe('contract/unknown_sender')
    const bad = await handleIpcCall(router, resolve, 'game.command', ev(CONTROL), {
      gameId: 'x',
      command: { cmd: 'fly' },
    })
    expect(bad.ok || bad.error.code).toBe('contract/invalid_params')
  })

  it('registers exactly one handler per contract call', () => {
    const handle = vi.fn()
    const ipc: IpcMainLike = { handle, removeHandler: vi.fn() }
    const off = registerIpc(ipc, router, resolve)
    expect(handle.mock.calls.map((c) => c[0]).sort()).toEqual(callNames.map(ipcChannel).sort())
    off()
    expect(ipc.removeHandler).toHaveBeenCalledTimes(callNames.length)
  })
})
