/**
 * The shell's decisions as pure functions (issue 17): each defect has a test here that failed before its fix.
 * No Electron binary is needed: these modules import only types from 'electron'.
 */
import { describe, expect, it, vi } from 'vitest'
import { createServer, type Server } from 'node:net'
import { EventEmitter } from 'node:events'
import { menuTemplate, type MenuActions, type MenuItem, type MenuState } from '../../src/main/electron/menu'
import { OverlaySlot } from '../../src/main/electron/overlay-slot'
import { createQuitGuard } from '../../src/main/electron/quit'
import {
  DEFAULT_PORT,
  NoFreePortError,
  portMovedNotice,
  preferredPort,
  probePort,
  shellLang,
  startOnFreePort,
  startupErrorDialog,
} from '../../src/main/electron/startup'
import {
  bringToFront,
  loadPage,
  ownOrigins,
  pageUrl,
  troubleResponse,
  MAX_RELOADS,
} from '../../src/main/electron/windows'
import { navigationAllowed, permissionAllowed, windowOpenDecision } from '../../src/main/electron/policy'
import { AppError, appError } from '../../src/shared/errors'

const ORIGIN = 'http://127.0.0.1:4800'

describe('defect 1: startup — port fallback and error dialogs', () => {
  it('moves to the next free port when the preferred one is busy', async () => {
    const blocker: Server = createServer()
    const busy = await new Promise<number>((r) =>
      blocker.listen(0, '127.0.0.1', () => r((blocker.address() as { port: number }).port)),
    )
    try {
      const { port, moved } = await startOnFreePort(probePort, busy)
      expect(port).toBeGreaterThan(busy)
      expect(moved).toBe(true)
    } finally {
      await new Promise((r) => blocker.close(r))
    }
  })

  it('tries ports in order, passes other errors on, gives up with a typed error', async () => {
    const tried: number[] = []
    const busy = Object.assign(new Error('busy'), { code: 'EADDRINUSE' })
    const start = async (p: number) => {
      tried.push(p)
      if (p < 4802) throw busy
      return 'ok'
    }
    expect(await startOnFreePort(start, 4800)).toEqual({ value: 'ok', port: 4802, moved: true })
    expect(tried).toEqual([4800, 4801, 4802])
    await expect(startOnFreePort(async () => Promise.reject(busy), 4800, 3)).rejects.toBeInstanceOf(
      NoFreePortError,
    )
    await expect(startOnFreePort(async () => Promise.reject(new Error('disk')), 4800)).rejects.toThrow('disk')
    expect(await startOnFreePort(async (p) => p, 0)).toEqual({ value: 0, port: 0, moved: false })
  })

  it('reads MAFIA_DESK_PORT and the OS language', () => {
    expect(preferredPort(undefined)).toBe(DEFAULT_PORT)
    expect(preferredPort('5800')).toBe(5800)
    expect(preferredPort('0')).toBe(0)
    expect(preferredPort('nope')).toBe(DEFAULT_PORT)
    expect(shellLang(['ru-RU', 'en-US'])).toBe('ru')
    expect(shellLang(['en-GB'])).toBe('en')
    expect(shellLang([])).toBe('ru')
  })

  it('says the real OBS URL when the port moved', () => {
    const n = portMovedNotice(4800, 'http://127.0.0.1:4801/overlay')
    expect(n.ru).toContain('http://127.0.0.1:4801/overlay')
    expect(n.en).toContain('Port 4800 is in use')
  })

  it('every startup error becomes a dialog that says what to do', () => {
    const ctx = { dbFile: '/home/judge/.config/Mafia Desk/mafia-desk.sqlite' }
    const ports = startupErrorDialog(new NoFreePortError(4800, 4819), 'en', ctx)
    expect(ports.message).toContain('MAFIA_DESK_PORT')
    const db = startupErrorDialog(
      new AppError(appError('db/locked', 'База занята', 'The database is locked')),
      'ru',
      ctx,
    )
    expect(db.title).toBe('Mafia Desk не удалось запустить')
    expect(db.message).toContain('База занята')
    expect(db.message).toContain(ctx.dbFile)
    expect(db.detail).toContain('db/locked')
    const abi = startupErrorDialog(
      new Error(
        "The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115",
      ),
      'en',
      ctx,
    )
    expect(abi.message).toContain('npm run native:electron')
    const other = startupErrorDialog('boom', 'en', ctx)
    expect(other.message).toContain('Start Mafia Desk again')
    expect(other.detail).toContain('boom')
  })
})

class FakeWin extends EventEmitter {
  static next = 1
  readonly id = FakeWin.next++
  destroyed = false
  close(): void {
    setImmediate(() => {
      this.destroyed = true
      this.emit('closed')
    })
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
}

describe('defect 2: the overlay bookkeeping survives the asynchronous close', () => {
  it("the old window's late `closed` does not disconnect the new overlay", async () => {
    const changes = vi.fn()
    const slot = new OverlaySlot<FakeWin>(changes)
    const first = slot.open(() => new FakeWin())
    const second = slot.open(() => new FakeWin())
    expect(slot.current).toBe(second)
    await new Promise((r) => setImmediate(r))
    expect(first.destroyed).toBe(true)
    expect(slot.current).toBe(second)
    expect(slot.is({ id: second.id }, (w) => w.id)).toBe(true)
    expect(slot.is({ id: first.id }, (w) => w.id)).toBe(false)
  })

  it('closing empties the slot at once; a window closed by the user empties it too', async () => {
    const slot = new OverlaySlot<FakeWin>()
    slot.open(() => new FakeWin())
    slot.close()
    expect(slot.current).toBeNull()
    const w = slot.open(() => new FakeWin())
    w.close()
    await new Promise((r) => setImmediate(r))
    expect(slot.current).toBeNull()
  })
})

const state: MenuState = {
  overlayOpen: true,
  alwaysOnTop: true,
  clickThrough: true,
  layout: 'full',
  displays: [{ id: 7, label: 'TV', width: 2560, height: 1440 }],
  displayId: 7,
  obsUrl: 'http://127.0.0.1:4801/overlay',
}
const actions: MenuActions = {
  toggleOverlay: vi.fn(),
  setAlwaysOnTop: vi.fn(),
  setClickThrough: vi.fn(),
  setLayout: vi.fn(),
  chooseDisplay: vi.fn(),
  copyObsUrl: vi.fn(),
  openObsUrlInBrowser: vi.fn(),
}

describe('defect 5: the menu per platform', () => {
  it('macOS: the application menu (with Quit, Cmd+Q) comes first', () => {
    const t = menuTemplate(state, actions, 'darwin')
    expect(t[0]).toEqual({ role: 'appMenu' })
    expect(t.map((i) => i.role ?? i.id)).toEqual([
      'appMenu',
      'fileMenu',
      'editMenu',
      'overlay',
      'viewMenu',
      'windowMenu',
    ])
  })

  it('Windows and Linux: File first (its Quit), no macOS app menu', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const t = menuTemplate(state, actions, platform)
      expect(t[0]).toEqual({ role: 'fileMenu' })
      expect(t.some((i) => i.role === 'appMenu')).toBe(false)
    }
  })

  it('the overlay menu shows the real OBS URL, the display chosen, and the click-through shortcut', () => {
    const overlay = menuTemplate(state, actions, 'linux').find((i) => i.id === 'overlay')!
    const items = overlay.submenu as MenuItem[]
    expect(items.find((i) => i.id === 'obs-url')?.label).toBe('OBS: http://127.0.0.1:4801/overlay')
    expect(items.find((i) => i.id === 'overlay-toggle')?.label).toContain('Hide overlay')
    expect(items.find((i) => i.id === 'overlay-click-through')?.accelerator).toBe('CmdOrCtrl+Shift+T')
    const displays = items.find((i) => i.id === 'overlay-display')!.submenu as MenuItem[]
    expect(displays[0]).toMatchObject({ label: 'TV 2560×1440', checked: true })
    const closed = menuTemplate({ ...state, overlayOpen: false }, actions, 'linux').find(
      (i) => i.id === 'overlay',
    )!
    expect((closed.submenu as MenuItem[])[0].label).toContain('Show overlay')
  })
})

describe('defect 6: the quit sequence', () => {
  it('prevents the first quit, awaits close(), then quits once', async () => {
    let release: () => void = () => {}
    const close = vi.fn(() => new Promise<void>((r) => (release = r)))
    const quit = vi.fn()
    const guard = createQuitGuard({ close, quit, timeoutMs: 60_000, log: () => {} })
    const first = { preventDefault: vi.fn() }
    guard.onBeforeQuit(first)
    expect(first.preventDefault).toHaveBeenCalled()
    const again = { preventDefault: vi.fn() }
    guard.onBeforeQuit(again)
    expect(again.preventDefault).toHaveBeenCalled()
    expect(close).toHaveBeenCalledTimes(1)
    expect(quit).not.toHaveBeenCalled()
    release()
    expect(await guard.done).toBe('closed')
    expect(quit).toHaveBeenCalledTimes(1)
    const final = { preventDefault: vi.fn() }
    guard.onBeforeQuit(final)
    expect(final.preventDefault).not.toHaveBeenCalled()
  })

  it('quits after the time limit when close() hangs, and after a failure', async () => {
    const timers: (() => void)[] = []
    const log = vi.fn()
    const hung = createQuitGuard({
      close: () => new Promise<void>(() => {}),
      quit: vi.fn(),
      timeoutMs: 5000,
      log,
      setTimer: (fn) => timers.push(fn),
    })
    hung.onBeforeQuit({ preventDefault: () => {} })
    timers[0]()
    expect(await hung.done).toBe('timeout')
    expect(log.mock.calls[0][0]).toContain('5000 ms')
    const failing = createQuitGuard({
      close: () => Promise.reject(new Error('OBS gone')),
      quit: vi.fn(),
      timeoutMs: 5000,
      log,
      setTimer: () => {},
    })
    failing.onBeforeQuit({ preventDefault: () => {} })
    expect(await failing.done).toBe('failed')
  })
})

describe('defect 7 and issue 13 §10: which URL opens where', () => {
  const ctx = { origins: [ORIGIN], serverOrigin: ORIGIN }
  it('own-origin links open in the default browser; new app windows never', () => {
    expect(windowOpenDecision(`${ORIGIN}/overlay`, ctx)).toEqual({
      action: 'browser',
      url: `${ORIGIN}/overlay`,
      reason: 'own-origin',
    })
  })

  it('under npm run dev, an own link opens on the local server (the URL OBS uses)', () => {
    const dev = { origins: ownOrigins(ORIGIN, 'http://localhost:5173'), serverOrigin: ORIGIN }
    expect(windowOpenDecision('http://localhost:5173/overlay?layout=bar', dev)).toMatchObject({
      action: 'browser',
      url: `${ORIGIN}/overlay?layout=bar`,
    })
  })

  it('external links: https on the allowlist only', () => {
    expect(windowOpenDecision('https://obsproject.com/download', ctx).action).toBe('browser')
    expect(windowOpenDecision('https://evil.example/', ctx).action).toBe('deny')
    expect(windowOpenDecision('http://obsproject.com/', ctx).action).toBe('deny')
    expect(windowOpenDecision('https://user:pw@github.com/', ctx).action).toBe('deny')
    expect(windowOpenDecision('file:///etc/passwd', ctx).action).toBe('deny')
    expect(windowOpenDecision('javascript:alert(1)', ctx).action).toBe('deny')
    expect(windowOpenDecision('not a url', ctx).action).toBe('deny')
  })

  it('navigation, redirects and subframes: our origins and about:blank only', () => {
    expect(navigationAllowed(`${ORIGIN}/control`, [ORIGIN])).toBe(true)
    expect(navigationAllowed('about:blank', [ORIGIN])).toBe(true)
    expect(navigationAllowed('http://127.0.0.1:4801/control', [ORIGIN])).toBe(false)
    expect(navigationAllowed('https://evil.example/', [ORIGIN])).toBe(false)
    expect(navigationAllowed('data:text/html,x', [ORIGIN])).toBe(false)
  })

  it('permissions: clipboard writes from our origin only', () => {
    expect(permissionAllowed('clipboard-sanitized-write', ORIGIN, [ORIGIN])).toBe(true)
    expect(permissionAllowed('clipboard-sanitized-write', `${ORIGIN}/control`, [ORIGIN])).toBe(true)
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.example', [ORIGIN])).toBe(false)
    for (const p of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'hid'])
      expect(permissionAllowed(p, ORIGIN, [ORIGIN])).toBe(false)
  })
})

describe('windows: loads, second launch, crashes, dev renderer', () => {
  it('every loadURL has a catch: failures are reported, aborted loads ignored', async () => {
    const report = vi.fn()
    const failing = {
      isDestroyed: () => false,
      loadURL: () => Promise.reject(new Error('ERR_CONNECTION_REFUSED')),
    }
    expect(await loadPage(failing, `${ORIGIN}/control`, report)).toBe(false)
    expect(report).toHaveBeenCalledWith({ url: `${ORIGIN}/control`, message: 'ERR_CONNECTION_REFUSED' })
    const aborted = {
      isDestroyed: () => false,
      loadURL: () => Promise.reject(Object.assign(new Error('aborted'), { errno: -3 })),
    }
    expect(await loadPage(aborted, `${ORIGIN}/overlay`, report)).toBe(false)
    expect(report).toHaveBeenCalledTimes(1)
    expect(
      await loadPage({ isDestroyed: () => false, loadURL: () => Promise.resolve() }, ORIGIN, report),
    ).toBe(true)
  })

  it('a second launch restores a minimised window', () => {
    const w = {
      isDestroyed: () => false,
      minimized: true,
      isMinimized() {
        return this.minimized
      },
      restore: vi.fn(),
      show: vi.fn(),
      focus: vi.fn(),
    }
    expect(bringToFront(w)).toBe(true)
    expect(w.restore).toHaveBeenCalled()
    expect(w.focus).toHaveBeenCalled()
    expect(bringToFront(null)).toBe(false)
  })

  it('a crashed or hung overlay is reloaded and the judge told; a hung panel asks first; no reload loop', () => {
    const now = 1_000_000
    const r = troubleResponse({ role: 'overlay', reason: 'crashed' }, [], now, 'ru')
    expect(r.action).toBe('reload')
    expect(r.notice).toBe(
      'Оверлей аварийно завершился (crashed) и перезагружен. Проверьте картинку в эфире. Данные игры сохранены.',
    )
    expect(troubleResponse({ role: 'overlay', reason: 'unresponsive' }, [], now, 'en').action).toBe('reload')
    expect(troubleResponse({ role: 'control', reason: 'oom' }, [], now, 'ru').notice).toContain(
      'Панель судьи аварийно завершилась (oom) и перезагружена',
    )
    const hung = troubleResponse({ role: 'control', reason: 'unresponsive' }, [], now, 'en')
    expect(hung.action).toBe('ask')
    expect(hung.notice).toContain('Wait, or reload it?')
    expect(troubleResponse({ role: 'overlay', reason: 'clean-exit' }, [], now, 'en')).toEqual({
      action: 'none',
      notice: null,
    })
    const many = Array.from({ length: MAX_RELOADS }, (_, i) => now - 1000 * i)
    const stop = troubleResponse({ role: 'overlay', reason: 'crashed' }, many, now, 'en')
    expect(stop.action).toBe('none')
    expect(stop.notice).toContain('Automatic reloading has stopped')
    const old = Array.from({ length: MAX_RELOADS }, () => now - 120_000)
    expect(troubleResponse({ role: 'overlay', reason: 'oom' }, old, now, 'en').action).toBe('reload')
  })

  it('npm run dev loads the dev renderer; otherwise the local server', () => {
    expect(pageUrl('control', { serverOrigin: ORIGIN })).toBe(`${ORIGIN}/control`)
    expect(pageUrl('overlay', { serverOrigin: ORIGIN }, 'layout=bar')).toBe(`${ORIGIN}/overlay?layout=bar`)
    expect(pageUrl('overlay', { serverOrigin: ORIGIN, devUrl: 'http://localhost:5173/' }, 'layout=bar')).toBe(
      'http://localhost:5173/overlay.html?layout=bar',
    )
    expect(ownOrigins(ORIGIN, 'http://localhost:5173')).toEqual([ORIGIN, 'http://localhost:5173'])
    expect(ownOrigins(ORIGIN)).toEqual([ORIGIN])
  })
})
