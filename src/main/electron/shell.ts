/**
 * The Electron shell: the only main-process code that imports 'electron'. It starts the same core as the
 * headless server (SQLite, engine, HTTP + WebSocket on 127.0.0.1, so the OBS browser-source URL works while the
 * desktop app is open), opens the control and overlay windows, and wires the contract over IPC.
 *
 * The shell is thin on purpose: every decision (port fallback, startup error texts, the overlay's bookkeeping,
 * the menu per platform, the quit sequence, which URL opens where, permissions, crash handling) is a pure
 * function or a small class in this folder, unit-tested in tests/electron with a mocked 'electron'.
 */
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  safeStorage,
  screen,
  session,
  shell,
  type Display,
  type Rectangle,
  type WebContents,
} from 'electron'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../core'
import { useSqliteBinding } from '../db/sqlite'
import { registerIpc, type IpcEventLike, type WindowRole } from '../transport/ipc'
import { createReplyGate } from '../transport/reply'
import { IPC_PUSH_CHANNEL, pushAccess } from '../../shared/contract'
import { controlWindowOptions, overlayDisplay, overlayWindowOptions } from './window-options'
import { menuTemplate, type OverlayLayout } from './menu'
import { OverlaySlot } from './overlay-slot'
import { createQuitGuard } from './quit'
import { navigationAllowed, permissionAllowed, windowOpenDecision, isOwnUrl } from './policy'
import {
  CERT_REFUSE,
  certificateErrorAllowed,
  certificateVerdict,
  transportAllowed,
  type PinContext,
} from './pinning'
import {
  portMovedNotice,
  preferredPort,
  probePort,
  shellLang,
  startOnFreePort,
  startupErrorDialog,
  type ShellLang,
} from './startup'
import { ASK_BUTTONS, bringToFront, loadPage, ownOrigins, pageUrl, troubleResponse } from './windows'
import { electronSqliteBinding } from './native'
import { SafeStorageSecretStore } from './secret-store'
import {
  LAN_FILE_NAME,
  lanChoices,
  lanConfirmText,
  lanDecision,
  lanFileText,
  lanNotice,
  networkMenu,
  parseLanFile,
} from './lan'

/** The database file's name in Electron's user-data folder. */
export const DB_FILE_NAME = 'mafia-desk.sqlite'

/** Upper bound for closing the core on quit (OBS disconnect, WAL checkpoint). */
export const QUIT_TIMEOUT_MS = 5_000

interface ShellState {
  core: Core
  lang: ShellLang
  origins: string[]
  devUrl?: string
  controlWin: BrowserWindow | null
  overlay: OverlaySlot<BrowserWindow>
  clickThrough: boolean
  alwaysOnTop: boolean
  layout: OverlayLayout
  displayId: number | null
  reloads: Map<WebContents, number[]>
  /** The display bounds the current overlay was made for. */
  placed: Rectangle | null
  /** The window icon, when the file is there. */
  icon?: string
  /** The hall-network address the core listens on (null: 127.0.0.1 only). */
  lan: string | null
}

function lanFile(): string {
  return join(app.getPath('userData'), LAN_FILE_NAME)
}

function savedLan(): string | null {
  try {
    return parseLanFile(readFileSync(lanFile(), 'utf8'))
  } catch {
    return null
  }
}

/** Asks, keeps the choice and restarts: the server must listen on the new address from its start. */
function chooseLan(s: ShellState, address: string | null): void {
  const parent = s.controlWin && !s.controlWin.isDestroyed() ? s.controlWin : undefined
  const options = {
    type: 'warning' as const,
    title: 'Mafia Desk',
    message: lanConfirmText(address, s.lang),
    buttons: s.lang === 'ru' ? ['Перезапустить', 'Отмена'] : ['Restart', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
  }
  const shown = parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)
  shown
    .then(({ response }) => {
      if (response !== 0) return buildMenu(s) // the radio goes back to the current choice
      writeFileSync(lanFile(), lanFileText(address))
      log(`hall network: ${address ?? 'this machine only'}; restarting`)
      app.relaunch()
      app.quit()
    })
    .catch((err: unknown) => log(`hall network choice failed: ${String(err)}`))
}

function preloadPath(): string {
  return join(__dirname, '../preload/index.js')
}

function log(line: string): void {
  console.log(line)
}

function tell(s: ShellState, message: string, type: 'info' | 'warning' | 'error' = 'warning'): void {
  const parent = s.controlWin && !s.controlWin.isDestroyed() ? s.controlWin : undefined
  const options = { type, title: 'Mafia Desk', message, buttons: ['OK'] }
  const shown = parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)
  shown.catch((err: unknown) => log(`dialog failed: ${String(err)}`))
}

function load(s: ShellState, win: BrowserWindow, url: string): void {
  if (!transportAllowed(url)) {
    // Plain HTTP beyond this machine would carry the control token over the hall network (issue 29 §6).
    log(`load refused (plain http beyond loopback): ${url}`)
    return
  }
  void loadPage(win, url, ({ url: failed, message }) => {
    log(`load failed: ${failed}: ${message}`)
    tell(
      s,
      s.lang === 'ru'
        ? `Не удалось открыть страницу ${failed}: ${message}. Перезагрузите окно (Ctrl+R).`
        : `Could not open ${failed}: ${message}. Reload the window (Ctrl+R).`,
    )
  })
}

function overlayUrl(s: ShellState): string {
  return pageUrl('overlay', { serverOrigin: s.core.server.origin, devUrl: s.devUrl }, `layout=${s.layout}`)
}

function resolveSender(s: ShellState, event: IpcEventLike): WindowRole | null {
  const frameUrl = event.senderFrame?.url ?? ''
  if (!isOwnUrl(frameUrl, s.origins)) return null
  const control = s.controlWin
  if (control && !control.isDestroyed() && event.sender.id === control.webContents.id) return 'control'
  if (s.overlay.is(event.sender, (w) => w.webContents.id)) return 'overlay'
  return null
}

/** Session hardening: permissions, navigation, redirects, subframes, new windows, webviews. */
function hardenSessions(s: ShellState): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl, s.origins)),
  )
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, s.origins),
  )
  // The hub's own https pages with exactly its pinned certificate; no plain http beyond loopback (issue 29 §6).
  const pin: PinContext = { origins: s.origins, fingerprint: s.core.fingerprint }
  ses.setCertificateVerifyProc((request, callback) => {
    const verdict = certificateVerdict(request.hostname, request.certificate.data, pin)
    if (verdict === CERT_REFUSE)
      log(`certificate refused for ${request.hostname}: not the hub's pinned certificate`)
    callback(verdict)
  })
  app.on('certificate-error', (event, _contents, url, error, certificate, callback) => {
    if (certificateErrorAllowed(url, certificate.data, pin)) {
      event.preventDefault()
      callback(true)
      return
    }
    log(`certificate error refused: ${url} (${error})`)
    callback(false)
  })
  ses.webRequest.onBeforeRequest({ urls: ['http://*/*', 'ws://*/*'] }, (details, callback) => {
    const allowed = transportAllowed(details.url)
    if (!allowed) log(`plain request refused beyond loopback: ${details.url}`)
    callback({ cancel: !allowed })
  })
  app.on('web-contents-created', (_e, contents) => {
    const guard = (event: { preventDefault(): void }, url: string, what: string): void => {
      if (navigationAllowed(url, s.origins) && transportAllowed(url)) return
      event.preventDefault()
      log(`${what} refused: ${url}`)
    }
    contents.on('will-navigate', (event) => guard(event, event.url, 'navigation'))
    contents.on('will-frame-navigate', (event) => guard(event, event.url, 'frame navigation'))
    contents.on('will-redirect', (event) => guard(event, event.url, 'redirect'))
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      const decision = windowOpenDecision(url, { origins: s.origins, serverOrigin: s.core.server.origin })
      if (decision.action === 'browser') {
        shell.openExternal(decision.url).catch((err: unknown) => log(`openExternal failed: ${String(err)}`))
      } else {
        log(`new window refused: ${url} (${decision.reason})`)
      }
      return { action: 'deny' }
    })
  })
}

/** Crashed or hung renderers: reload and tell the judge (bounded: no reload loop); a hung panel asks first. */
function watchRenderer(s: ShellState, win: BrowserWindow, role: WindowRole): void {
  const wc = win.webContents
  // A renderer we crashed on purpose (to reload a hung page) reports 'killed': not a second incident.
  let forced = false
  const reload = (hung: boolean): void => {
    s.reloads.set(wc, [...(s.reloads.get(wc) ?? []), Date.now()])
    if (hung) {
      forced = true
      wc.forcefullyCrashRenderer()
    }
    wc.reload()
  }
  const handle = (reason: string): void => {
    if (win.isDestroyed()) return
    if (forced && reason !== 'unresponsive') {
      forced = false
      return
    }
    const response = troubleResponse({ role, reason }, s.reloads.get(wc) ?? [], Date.now(), s.lang)
    log(`${role} renderer: ${reason} → ${response.action}`)
    const hung = reason === 'unresponsive'
    if (response.action === 'reload') reload(hung)
    if (response.action === 'ask' && response.notice) {
      const [wait, reloadLabel] = ASK_BUTTONS[s.lang]
      dialog
        .showMessageBox(win, {
          type: 'warning',
          title: 'Mafia Desk',
          message: response.notice,
          buttons: [wait, reloadLabel],
          defaultId: 0,
          cancelId: 0,
        })
        .then(({ response: choice }) => {
          if (choice === 1 && !win.isDestroyed()) reload(hung)
        })
        .catch((err: unknown) => log(`dialog failed: ${String(err)}`))
      return
    }
    if (response.notice) tell(s, response.notice)
  }
  wc.on('render-process-gone', (_e, details) => handle(details.reason))
  wc.on('unresponsive', () => handle('unresponsive'))
  win.once('closed', () => s.reloads.delete(wc))
}

function createControlWindow(s: ShellState): BrowserWindow {
  const win = new BrowserWindow(controlWindowOptions(preloadPath(), s.icon, { packaged: app.isPackaged }))
  win.once('ready-to-show', () => win.show())
  watchRenderer(s, win, 'control')
  load(s, win, pageUrl('control', { serverOrigin: s.core.server.origin, devUrl: s.devUrl }))
  win.on('closed', () => {
    s.controlWin = null
    app.quit()
  })
  return win
}

function currentDisplay(s: ShellState): Display {
  return overlayDisplay(screen.getAllDisplays(), screen.getPrimaryDisplay(), s.displayId ?? undefined)
}

function openOverlay(s: ShellState): void {
  s.overlay.open(() => {
    const display = currentDisplay(s)
    s.displayId = display.id
    s.placed = { ...display.bounds }
    const win = new BrowserWindow(
      overlayWindowOptions(preloadPath(), display.bounds, { packaged: app.isPackaged }),
    )
    win.setAlwaysOnTop(s.alwaysOnTop, 'screen-saver')
    win.setIgnoreMouseEvents(s.clickThrough, { forward: true })
    win.once('ready-to-show', () => win.showInactive())
    watchRenderer(s, win, 'overlay')
    load(s, win, overlayUrl(s))
    return win
  })
}

function buildMenu(s: ShellState): void {
  const template = menuTemplate(
    {
      overlayOpen: s.overlay.current !== null,
      alwaysOnTop: s.alwaysOnTop,
      clickThrough: s.clickThrough,
      layout: s.layout,
      displays: screen.getAllDisplays().map((d) => ({
        id: d.id,
        label: d.label,
        width: d.bounds.width,
        height: d.bounds.height,
      })),
      displayId: s.displayId,
      obsUrl: s.core.server.overlayUrl,
    },
    {
      toggleOverlay: () => (s.overlay.current ? s.overlay.close() : openOverlay(s)),
      setAlwaysOnTop: (on) => {
        s.alwaysOnTop = on
        s.overlay.current?.setAlwaysOnTop(on, 'screen-saver')
        buildMenu(s)
      },
      setClickThrough: (on) => {
        s.clickThrough = on
        s.overlay.current?.setIgnoreMouseEvents(on, { forward: true })
        buildMenu(s)
      },
      setLayout: (layout) => {
        s.layout = layout
        const win = s.overlay.current
        if (win) load(s, win, overlayUrl(s))
        buildMenu(s)
      },
      chooseDisplay: (id) => {
        s.displayId = id
        openOverlay(s)
      },
      copyObsUrl: () => clipboard.writeText(s.core.server.overlayUrl),
      openObsUrlInBrowser: () => {
        shell
          .openExternal(s.core.server.overlayUrl)
          .catch((err: unknown) => log(`openExternal failed: ${String(err)}`))
      },
    },
    process.platform,
  )
  // The hall network (issue 16) goes right after the overlay menu.
  const at = template.findIndex((m) => m.id === 'overlay') + 1
  template.splice(
    at,
    0,
    networkMenu({ current: s.lan, choices: lanChoices(networkInterfaces()) }, (a) => chooseLan(s, a)),
  )
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

/**
 * A display was added, removed or changed: when the overlay's display is gone it moves to the primary one; when
 * its display's size or position changed it is made again for the new bounds. Work-area changes (a taskbar
 * appearing) leave it alone: recreating the window would flash on air.
 */
function onDisplaysChanged(s: ShellState): void {
  const displays = screen.getAllDisplays()
  if (s.displayId !== null && !displays.some((d) => d.id === s.displayId)) s.displayId = null
  if (s.overlay.current) {
    const target = currentDisplay(s).bounds
    const p = s.placed
    const same =
      !!p && p.x === target.x && p.y === target.y && p.width === target.width && p.height === target.height
    if (!same) openOverlay(s)
  }
  buildMenu(s)
}

async function startDesk(lang: ShellLang, dbFile: string): Promise<ShellState> {
  const projectRoot = join(__dirname, '../..')
  const binding = electronSqliteBinding({
    isPackaged: app.isPackaged,
    projectRoot,
    resourcesPath: process.resourcesPath,
  })
  // Without the Electron build, better-sqlite3's default lookup finds Node's build and fails with an ABI
  // message, which the startup dialog turns into "run npm run native:electron".
  useSqliteBinding(existsSync(binding) ? binding : undefined)
  const wanted = preferredPort(process.env.MAFIA_DESK_PORT)
  const lan = lanDecision(
    {
      env: process.env.MAFIA_DESK_LAN,
      saved: savedLan(),
      available: lanChoices(networkInterfaces()),
      port: wanted,
    },
    lang,
  )
  const host = lan.address ?? undefined
  const { port, moved } = await startOnFreePort((p) => probePort(p, host), wanted)
  const resourcesDir = app.isPackaged
    ? join(process.resourcesPath, 'resources')
    : join(projectRoot, 'resources')
  const icon = join(resourcesDir, 'icons', 'png', '256x256.png')
  const core = await startCore({
    mode: 'electron',
    dbFile,
    port,
    staticDir: join(__dirname, '../renderer'),
    resourcesDir,
    version: app.getVersion(),
    log,
    secrets: new SafeStorageSecretStore(safeStorage, dbFile),
    lan: host,
  })
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL || undefined
  const s: ShellState = {
    core,
    lang,
    origins: ownOrigins(core.server.origin, devUrl),
    devUrl,
    controlWin: null,
    overlay: new OverlaySlot<BrowserWindow>(() => buildMenu(s)),
    clickThrough: true,
    alwaysOnTop: true,
    layout: 'full',
    displayId: null,
    reloads: new Map(),
    placed: null,
    icon: existsSync(icon) ? icon : undefined,
    lan: lan.address,
  }
  // Listening beyond this machine is always said out loud (with the port really in use).
  const notice = lan.address ? lanNotice(lan.address, core.server.port) : lan.notice
  if (notice) {
    log(notice)
    tell(s, notice)
  }
  log(`Mafia Desk: control ${core.server.origin}/control, OBS overlay ${core.server.overlayUrl}`)
  if (moved) tell(s, portMovedNotice(wanted, core.server.overlayUrl)[lang], 'info')
  return s
}

export async function runElectron(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.enableSandbox()
  await app.whenReady()
  const lang = shellLang(app.getPreferredSystemLanguages())
  const dbFile = join(app.getPath('userData'), DB_FILE_NAME)
  let s: ShellState
  try {
    s = await startDesk(lang, dbFile)
  } catch (err) {
    const d = startupErrorDialog(err, lang, { dbFile })
    console.error(`${d.title}: ${d.message}\n${d.detail}`)
    await dialog.showMessageBox({
      type: 'error',
      title: d.title,
      message: d.message,
      detail: d.detail,
      buttons: ['OK'],
    })
    app.exit(1)
    return
  }
  const { core } = s
  hardenSessions(s)
  const replies = createReplyGate<WindowRole>()
  registerIpc(ipcMain, core.router, (event) => resolveSender(s, event), replies)
  core.onPush((channel, payload) => {
    // As over WebSocket: the overlay window follows its view only, the panel everything else, and the panel
    // whose command is running gets its new view once, in the reply.
    const panel = replies.skips('control', channel) ? null : s.controlWin
    const targets =
      channel === 'overlay.view'
        ? [s.overlay.current]
        : pushAccess[channel] === 'control' || channel === 'overlay.controls'
          ? [panel]
          : [panel, s.overlay.current]
    for (const w of targets) if (w && !w.isDestroyed()) w.webContents.send(IPC_PUSH_CHANNEL, channel, payload)
  })
  s.controlWin = createControlWindow(s)
  openOverlay(s)
  buildMenu(s)
  screen.on('display-added', () => onDisplaysChanged(s))
  screen.on('display-removed', () => onDisplaysChanged(s))
  screen.on('display-metrics-changed', () => onDisplaysChanged(s))
  app.on('second-instance', () => bringToFront(s.controlWin))
  app.on('window-all-closed', () => app.quit())
  const guard = createQuitGuard({
    close: () => core.close(),
    quit: () => app.quit(),
    timeoutMs: QUIT_TIMEOUT_MS,
    log,
  })
  app.on('before-quit', guard.onBeforeQuit)
}
