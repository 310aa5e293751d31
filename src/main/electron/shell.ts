/**
 * The Electron shell: the only main-process code that imports 'electron'. It starts the same core as the
 * headless server (SQLite, engine, HTTP + WebSocket on 127.0.0.1, so the OBS browser-source URL works while the
 * desktop app is open), opens the control and overlay windows, and wires the contract over IPC.
 */
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  screen,
  session,
  shell,
  type MenuItemConstructorOptions,
} from 'electron'
import { join } from 'node:path'
import { startCore, type Core } from '../app/core'
import { registerIpc, type IpcEventLike, type WindowRole } from '../transport/ipc'
import { IPC_PUSH_CHANNEL, pushAccess } from '../../shared/contract'
import { controlWindowOptions, isAllowedUrl, overlayWindowOptions } from './window-options'

let core: Core | null = null
let controlWin: BrowserWindow | null = null
let overlayWin: BrowserWindow | null = null
let clickThrough = true
let alwaysOnTop = true
/** The overlay's layout preset (`/overlay?layout=…`), the same ones an OBS browser source can use. */
let overlayLayout: 'full' | 'strip' | 'bar' | 'standings' = 'full'

function preloadPath(): string {
  return join(__dirname, '../preload/index.js')
}

function resolveSender(event: IpcEventLike): WindowRole | null {
  if (!core) return null
  const frameUrl = event.senderFrame?.url ?? ''
  if (!isAllowedUrl(frameUrl, core.server.origin)) return null
  if (controlWin && !controlWin.isDestroyed() && event.sender.id === controlWin.webContents.id)
    return 'control'
  if (overlayWin && !overlayWin.isDestroyed() && event.sender.id === overlayWin.webContents.id)
    return 'overlay'
  return null
}

function hardenSessions(origin: string): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedUrl(url, origin)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      if (url.startsWith('https://')) void shell.openExternal(url)
      return { action: 'deny' }
    })
  })
}

function createControlWindow(c: Core): BrowserWindow {
  const win = new BrowserWindow(controlWindowOptions(preloadPath()))
  win.once('ready-to-show', () => win.show())
  void win.loadURL(`${c.server.origin}/control`)
  win.on('closed', () => {
    controlWin = null
    app.quit()
  })
  return win
}

function createOverlayWindow(c: Core, displayId?: number): BrowserWindow {
  const display = screen.getAllDisplays().find((d) => d.id === displayId) ?? screen.getPrimaryDisplay()
  const win = new BrowserWindow(overlayWindowOptions(preloadPath(), displayId ? display.bounds : undefined))
  win.setAlwaysOnTop(alwaysOnTop, 'screen-saver')
  win.setIgnoreMouseEvents(clickThrough, { forward: true })
  win.once('ready-to-show', () => win.showInactive())
  void win.loadURL(`${c.server.origin}/overlay?layout=${overlayLayout}`)
  win.on('closed', () => {
    overlayWin = null
    buildMenu()
  })
  return win
}

function buildMenu(): void {
  const displays = screen.getAllDisplays()
  const overlayMenu: MenuItemConstructorOptions[] = [
    {
      label: overlayWin ? 'Скрыть оверлей / Hide overlay' : 'Показать оверлей / Show overlay',
      accelerator: 'CmdOrCtrl+Shift+O',
      click: () => {
        if (!core) return
        if (overlayWin) overlayWin.close()
        else overlayWin = createOverlayWindow(core)
        buildMenu()
      },
    },
    {
      label: 'Поверх всех окон / Always on top',
      type: 'checkbox',
      checked: alwaysOnTop,
      click: (item) => {
        alwaysOnTop = item.checked
        overlayWin?.setAlwaysOnTop(alwaysOnTop, 'screen-saver')
      },
    },
    {
      label: 'Пропускать клики / Click-through',
      type: 'checkbox',
      checked: clickThrough,
      click: (item) => {
        clickThrough = item.checked
        overlayWin?.setIgnoreMouseEvents(clickThrough, { forward: true })
      },
    },
    {
      label: 'Раскладка / Layout',
      submenu: (['full', 'strip', 'bar', 'standings'] as const).map((layout) => ({
        label: layout,
        type: 'radio' as const,
        checked: overlayLayout === layout,
        click: () => {
          overlayLayout = layout
          if (core && overlayWin) void overlayWin.loadURL(`${core.server.origin}/overlay?layout=${layout}`)
        },
      })),
    },
    {
      label: 'Экран / Display',
      submenu: displays.map((d) => ({
        label: `${d.label || d.id} ${d.bounds.width}×${d.bounds.height}`,
        click: () => {
          if (!core) return
          overlayWin?.close()
          overlayWin = createOverlayWindow(core, d.id)
        },
      })),
    },
    { type: 'separator' },
    {
      label: 'Копировать URL для OBS / Copy OBS URL',
      click: () => {
        if (core)
          void import('electron').then(({ clipboard }) => clipboard.writeText(core!.server.overlayUrl))
      },
    },
  ]
  const template: MenuItemConstructorOptions[] = [
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'Оверлей / Overlay', submenu: overlayMenu },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

export async function runElectron(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.enableSandbox()
  await app.whenReady()
  core = await startCore({
    mode: 'electron',
    dbFile: join(app.getPath('userData'), 'mafia-desk.sqlite'),
    port: Number(process.env.MAFIA_DESK_PORT ?? 4800),
    staticDir: join(__dirname, '../renderer'),
    resourcesDir: app.isPackaged
      ? join(process.resourcesPath, 'resources')
      : join(__dirname, '../../resources'),
    version: app.getVersion(),
    log: (line) => console.log(line),
  })
  hardenSessions(core.server.origin)
  registerIpc(ipcMain, core.router, resolveSender)
  core.onPush((channel, payload) => {
    // As over WebSocket: the overlay window follows its view only, the panel everything else.
    const targets =
      channel === 'overlay.view'
        ? [overlayWin]
        : pushAccess[channel] === 'control' || channel === 'overlay.settings'
          ? [controlWin]
          : [controlWin, overlayWin]
    for (const w of targets) if (w && !w.isDestroyed()) w.webContents.send(IPC_PUSH_CHANNEL, channel, payload)
  })
  controlWin = createControlWindow(core)
  overlayWin = createOverlayWindow(core)
  buildMenu()
  app.on('second-instance', () => controlWin?.focus())
  app.on('window-all-closed', () => app.quit())
  app.on('before-quit', () => {
    void core?.close()
  })
}
