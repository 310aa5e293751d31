/**
 * Window options of the control panel and the stream overlay, kept apart from the code that creates windows
 * so a unit test can assert every security setting (Electron's security checklist).
 */
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron'

/** How the app runs: a packaged build never opens DevTools (no shortcut, no menu, no remote call can). */
export interface WindowMode {
  /** `app.isPackaged`; when not given, the safe choice: packaged. */
  packaged?: boolean
}

function secureWebPreferences(
  preload: string,
  mode: WindowMode,
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
    // DevTools only in development (`npm run dev` / `npm start` from a checkout), never in a packaged build.
    devTools: mode.packaged === false,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // A middle click would open a new window; new windows are refused anyway (setWindowOpenHandler).
    disableBlinkFeatures: 'Auxclick',
  }
}

/** The window icon (Linux and Windows taskbars; macOS uses the bundle's icon): resources/icons/png/256x256.png. */
export function controlWindowOptions(
  preload: string,
  icon?: string,
  mode: WindowMode = {},
): BrowserWindowConstructorOptions {
  return {
    ...(icon ? { icon } : {}),
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    title: 'Mafia Desk',
    backgroundColor: '#111418',
    show: false,
    webPreferences: secureWebPreferences(preload, mode),
  }
}

/**
 * The overlay: frameless, transparent, always on top, covering the chosen display exactly (its real size, not
 * a fixed 1920×1080). Not resizable: Electron warns that a resizable transparent window may stop being
 * transparent on some platforms; the display choice sets its bounds. Click-through is applied after creation
 * with setIgnoreMouseEvents (see shell.ts).
 */
export function overlayWindowOptions(
  preload: string,
  display: Rectangle,
  mode: WindowMode = {},
): BrowserWindowConstructorOptions {
  return {
    x: display.x,
    y: display.y,
    width: display.width,
    height: display.height,
    title: 'Mafia Desk — overlay',
    frame: false,
    transparent: true,
    backgroundColor: '#00000000',
    hasShadow: false,
    resizable: false,
    maximizable: false,
    fullscreenable: false,
    alwaysOnTop: true,
    skipTaskbar: false,
    focusable: true,
    show: false,
    webPreferences: { ...secureWebPreferences(preload, mode), backgroundThrottling: false },
  }
}

export interface DisplayLike {
  id: number
  bounds: Rectangle
}

/**
 * The display the overlay goes on: the chosen one while it is connected, else the primary display. Its real
 * bounds become the overlay's bounds (a 2560×1440 or 1366×768 screen is covered exactly).
 */
export function overlayDisplay<D extends DisplayLike>(
  displays: readonly D[],
  primary: D,
  chosenId?: number,
): D {
  return displays.find((d) => d.id === chosenId) ?? primary
}
