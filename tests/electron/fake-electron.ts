/**
 * A stand-in for the 'electron' module (no Electron binary can run here): the members the shell uses, recording
 * what the shell asked for and behaving as Electron documents it where it matters to the shell:
 * `BrowserWindow.close()` is asynchronous (the `closed` event comes on a later turn), `app.quit()` emits
 * `before-quit` and quits only when no handler prevented it, new windows announce their webContents through
 * `web-contents-created`.
 */
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'
import type { MenuItem } from '../../src/main/electron/menu'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}
export interface FakeDisplay {
  id: number
  label: string
  bounds: Rect
}

export function fakeSafeStorage(available = true) {
  const marker = Buffer.from('fake-keychain:')
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => Buffer.concat([marker, Buffer.from(plain, 'utf8').reverse()]),
    decryptString: (b: Buffer) => {
      if (!b.subarray(0, marker.length).equals(marker)) throw new Error('not ours')
      return Buffer.from(b.subarray(marker.length)).reverse().toString('utf8')
    },
  }
}

export function createFakeElectron(opts: { userData: string; platform?: string }) {
  let nextId = 1
  const windows: FakeWindow[] = []
  const dialogs: { message: string; type?: string; title?: string; detail?: string }[] = []
  const errorBoxes: { title: string; content: string }[] = []
  const opened: string[] = []
  const copied: string[] = []
  const menus: unknown[] = []
  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  const permission: {
    request?: (wc: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl: string }) => void
    check?: (wc: unknown, p: string, origin: string) => boolean
  } = {}
  /** The shell's TLS and plain-request hooks (issue 29 §6), as it set them on the default session. */
  const network: {
    verify?: (
      request: { hostname: string; certificate: { data: string } },
      callback: (verdict: number) => void,
    ) => void
    beforeRequest?: {
      filter: { urls: string[] }
      listener: (details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void
    }
  } = {}

  const app = Object.assign(new EventEmitter(), {
    quitted: false,
    exitCode: null as number | null,
    relaunched: 0,
    relaunch() {
      app.relaunched += 1
    },
    isPackaged: false,
    requestSingleInstanceLock: () => true,
    enableSandbox: () => {},
    whenReady: () => Promise.resolve(),
    getPreferredSystemLanguages: () => ['en-US'],
    getPath: (name: string) => (name === 'userData' ? opts.userData : opts.userData),
    getVersion: () => '0.0.0-test',
    quit() {
      if (app.quitted) return
      let prevented = false
      app.emit('before-quit', { preventDefault: () => (prevented = true) })
      if (!prevented) app.quitted = true
    },
    exit(code: number) {
      app.exitCode = code
    },
  })

  class FakeWebContents extends EventEmitter {
    readonly id = nextId++
    readonly sent: unknown[][] = []
    reloads = 0
    crashes = 0
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null
    send(...args: unknown[]) {
      this.sent.push(args)
    }
    reload() {
      this.reloads++
    }
    forcefullyCrashRenderer() {
      this.crashes++
    }
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = h
    }
  }

  class FakeWindow extends EventEmitter {
    readonly webContents = new FakeWebContents()
    readonly urls: string[] = []
    destroyed = false
    minimized = false
    shown = false
    focused = false
    alwaysOnTop: unknown[] = []
    ignoreMouse: unknown[] = []
    constructor(readonly options: Record<string, unknown>) {
      super()
      windows.push(this)
      app.emit('web-contents-created', {}, this.webContents)
    }
    loadURL(url: string) {
      this.urls.push(url)
      return Promise.resolve()
    }
    /** Like Electron: the window goes away on a later turn, then `closed` fires. */
    close() {
      setImmediate(() => {
        if (this.destroyed) return
        this.destroyed = true
        this.emit('closed')
      })
    }
    isDestroyed() {
      return this.destroyed
    }
    isMinimized() {
      return this.minimized
    }
    restore() {
      this.minimized = false
    }
    show() {
      this.shown = true
    }
    showInactive() {
      this.shown = true
    }
    focus() {
      this.focused = true
    }
    getBounds(): Rect {
      const o = this.options as { x: number; y: number; width: number; height: number }
      return { x: o.x, y: o.y, width: o.width, height: o.height }
    }
    setAlwaysOnTop(...args: unknown[]) {
      this.alwaysOnTop.push(args)
    }
    setIgnoreMouseEvents(...args: unknown[]) {
      this.ignoreMouse.push(args)
    }
  }

  const displays: FakeDisplay[] = [
    { id: 1, label: 'Built-in', bounds: { x: 0, y: 0, width: 1366, height: 768 } },
  ]
  const screen = Object.assign(new EventEmitter(), {
    displays,
    getAllDisplays: () => [...displays],
    getPrimaryDisplay: () => displays[0],
  })

  const module = {
    app,
    BrowserWindow: FakeWindow,
    screen,
    /** A stand-in keychain: "encrypts" by reversing the UTF-8 bytes behind a marker, so ciphertext ≠ plaintext. */
    safeStorage: fakeSafeStorage(),
    Menu: {
      buildFromTemplate: (t: unknown) => t,
      setApplicationMenu: (m: unknown) => menus.push(m),
    },
    dialog: {
      showMessageBox: (...args: unknown[]) => {
        const o = (args.length > 1 ? args[1] : args[0]) as (typeof dialogs)[number]
        dialogs.push(o)
        return Promise.resolve({ response: fake.dialogResponse })
      },
      showErrorBox: (title: string, content: string) => errorBoxes.push({ title, content }),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof permission.request) => (permission.request = h),
        setPermissionCheckHandler: (h: typeof permission.check) => (permission.check = h),
        setCertificateVerifyProc: (p: typeof network.verify) => (network.verify = p),
        webRequest: {
          onBeforeRequest: (
            filter: { urls: string[] },
            listener: NonNullable<typeof network.beforeRequest>['listener'],
          ) => (network.beforeRequest = { filter, listener }),
        },
      },
    },
    shell: {
      openExternal: (url: string) => {
        opened.push(url)
        return Promise.resolve()
      },
    },
    clipboard: { writeText: (t: string) => copied.push(t) },
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) =>
        ipcHandlers.set(channel, fn),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
    },
  }
  const fake = {
    module,
    app,
    windows,
    displays,
    screen,
    dialogs,
    errorBoxes,
    opened,
    copied,
    menus,
    ipcHandlers,
    permission,
    network,
    /** The button the next message box answers with. */
    dialogResponse: 0,
  }
  return fake
}

export type FakeElectron = ReturnType<typeof createFakeElectron>

/** Starts the real shell (and the real core) against this stand-in, with these environment variables. */
export async function launchShell(fake: FakeElectron, env: Record<string, string>): Promise<FakeElectron> {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
  vi.resetModules()
  vi.doMock('electron', () => fake.module)
  const { runElectron } = await import('../../src/main/electron/shell')
  await runElectron()
  return fake
}

/** A menu item by id, at any depth. */
export function findMenuItem(items: MenuItem[], id: string): MenuItem | undefined {
  for (const item of items) {
    if (item.id === id) return item
    const sub = Array.isArray(item.submenu) ? findMenuItem(item.submenu, id) : undefined
    if (sub) return sub
  }
  return undefined
}

/** Clicks an item of the menu the shell set last (a checkbox gets its new state). */
export function clickMenuItem(fake: FakeElectron, id: string, checked?: boolean): void {
  const item = findMenuItem(fake.menus.at(-1) as MenuItem[], id)
  if (!item?.click) throw new Error(`no menu item ${id}`)
  ;(item.click as (i: { checked?: boolean }) => void)({ checked })
}
