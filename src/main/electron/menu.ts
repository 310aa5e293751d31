/**
 * The application menu as data (issue 17, defect 5 and the overlay commands): one template per platform, built
 * from the shell's state and its actions, so a unit test checks it without Electron. On macOS the application
 * menu (About, Hide, Quit with Cmd+Q) must come first; Windows and Linux get Quit from the File menu.
 */
import type { MenuItemConstructorOptions } from 'electron'

/** One item of the menu template (Electron's MenuItemConstructorOptions). */
export type MenuItem = MenuItemConstructorOptions

export const OVERLAY_LAYOUTS = ['full', 'strip', 'bar', 'standings'] as const
export type OverlayLayout = (typeof OVERLAY_LAYOUTS)[number]

/** Keyboard shortcuts of the overlay menu (menu accelerators: they work while a Mafia Desk window has focus). */
export const SHORTCUTS = {
  toggleOverlay: 'CmdOrCtrl+Shift+O',
  clickThrough: 'CmdOrCtrl+Shift+T',
  alwaysOnTop: 'CmdOrCtrl+Shift+A',
} as const

export interface MenuDisplay {
  id: number
  label: string
  width: number
  height: number
}

export interface MenuState {
  overlayOpen: boolean
  alwaysOnTop: boolean
  clickThrough: boolean
  layout: OverlayLayout
  displays: readonly MenuDisplay[]
  /** The display the overlay is (or will be) on. */
  displayId: number | null
  /** The OBS browser-source URL on the port actually in use. */
  obsUrl: string
}

export interface MenuActions {
  toggleOverlay(): void
  setAlwaysOnTop(on: boolean): void
  setClickThrough(on: boolean): void
  setLayout(layout: OverlayLayout): void
  chooseDisplay(id: number): void
  copyObsUrl(): void
  openObsUrlInBrowser(): void
}

export function menuTemplate(
  state: MenuState,
  actions: MenuActions,
  platform: NodeJS.Platform,
): MenuItemConstructorOptions[] {
  const overlayMenu: MenuItemConstructorOptions[] = [
    {
      id: 'overlay-toggle',
      label: state.overlayOpen ? 'Скрыть оверлей / Hide overlay' : 'Показать оверлей / Show overlay',
      accelerator: SHORTCUTS.toggleOverlay,
      click: () => actions.toggleOverlay(),
    },
    {
      id: 'overlay-on-top',
      label: 'Поверх всех окон / Always on top',
      type: 'checkbox',
      checked: state.alwaysOnTop,
      accelerator: SHORTCUTS.alwaysOnTop,
      click: (item) => actions.setAlwaysOnTop(item.checked),
    },
    {
      id: 'overlay-click-through',
      label: 'Пропускать клики / Click-through',
      type: 'checkbox',
      checked: state.clickThrough,
      accelerator: SHORTCUTS.clickThrough,
      click: (item) => actions.setClickThrough(item.checked),
    },
    {
      id: 'overlay-layout',
      label: 'Раскладка / Layout',
      submenu: OVERLAY_LAYOUTS.map((layout) => ({
        id: `overlay-layout-${layout}`,
        label: layout,
        type: 'radio' as const,
        checked: state.layout === layout,
        click: () => actions.setLayout(layout),
      })),
    },
    {
      id: 'overlay-display',
      label: 'Экран / Display',
      submenu: state.displays.map((d) => ({
        id: `overlay-display-${d.id}`,
        label: `${d.label || d.id} ${d.width}×${d.height}`,
        type: 'radio' as const,
        checked: d.id === state.displayId,
        click: () => actions.chooseDisplay(d.id),
      })),
    },
    { type: 'separator' },
    { id: 'obs-url', label: `OBS: ${state.obsUrl}`, enabled: false },
    {
      id: 'obs-url-copy',
      label: 'Копировать URL для OBS / Copy OBS URL',
      click: () => actions.copyObsUrl(),
    },
    {
      id: 'obs-url-open',
      label: 'Открыть оверлей в браузере / Open overlay in browser',
      click: () => actions.openObsUrlInBrowser(),
    },
  ]
  const overlay: MenuItemConstructorOptions = {
    id: 'overlay',
    label: 'Оверлей / Overlay',
    submenu: overlayMenu,
  }
  if (platform === 'darwin') {
    return [
      { role: 'appMenu' },
      { role: 'fileMenu' },
      { role: 'editMenu' },
      overlay,
      { role: 'viewMenu' },
      { role: 'windowMenu' },
    ]
  }
  return [{ role: 'fileMenu' }, { role: 'editMenu' }, overlay, { role: 'viewMenu' }, { role: 'windowMenu' }]
}
