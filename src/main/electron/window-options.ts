/**
 * Window options of the control panel and the stream overlay, kept apart from the code that creates windows
 * so a unit test can assert every security setting (Electron's security checklist).
 */
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron'

export const OVERLAY_SIZE = { width: 1920, height: 1080 }

function secureWebPreferences(
  preload: string,
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
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
  }
}

export function controlWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    title: 'Mafia Desk',
    backgroundColor: '#111418',
    show: false,
    webPreferences: secureWebPreferences(preload),
  }
}

/**
 * The overlay: frameless, transparent, always on top, 1920×1080 by default, placed on the chosen display.
 * Click-through is applied after creation with setIgnoreMouseEvents (see shell.ts).
 */
export function overlayWindowOptions(preload: string, display?: Rectangle): BrowserWindowConstructorOptions {
  const bounds = display ?? { x: 0, y: 0, ...OVERLAY_SIZE }
  return {
    x: bounds.x,
    y: bounds.y,
    width: display ? bounds.width : OVERLAY_SIZE.width,
    height: display ? bounds.height : OVERLAY_SIZE.height,
    title: 'Mafia Desk — overlay',
    frame: false,
    transparent: true,
    backgroundColor: '#00000000',
    hasShadow: false,
    resizable: true,
    alwaysOnTop: true,
    skipTaskbar: false,
    focusable: true,
    show: false,
    webPreferences: { ...secureWebPreferences(preload), backgroundThrottling: false },
  }
}

/** Only our own local server may be loaded; everything else is refused (navigation and new windows). */
export function isAllowedUrl(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin
  } catch {
    return false
  }
}
