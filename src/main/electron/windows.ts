/**
 * Window life-cycle decisions of the shell: loading a page without an unhandled rejection, what to do when a
 * window's renderer crashes or hangs, and bringing the control window back for a second launch.
 */
import type { LocalizedText } from '../../shared/errors'
import type { WindowRole } from '../transport/ipc'
import type { ShellLang } from './startup'

/** Chromium's net::ERR_ABORTED: a load replaced by a newer one (e.g. a layout switch); not a failure. */
const ERR_ABORTED = -3

export interface LoadableWindow {
  isDestroyed(): boolean
  loadURL(url: string): Promise<void>
}

/**
 * loadURL with a `.catch`: a failed load is reported (never an unhandled rejection that ends the main
 * process); an aborted load (a newer load replaced it) and a load into a destroyed window are ignored.
 * Resolves true when the page loaded.
 */
export async function loadPage(
  win: LoadableWindow,
  url: string,
  report: (error: { url: string; message: string }) => void,
): Promise<boolean> {
  if (win.isDestroyed()) return false
  try {
    await win.loadURL(url)
    return true
  } catch (err) {
    const errno = (err as { errno?: unknown } | null)?.errno
    const code = (err as { code?: unknown } | null)?.code
    if (errno === ERR_ABORTED || code === 'ERR_ABORTED' || win.isDestroyed()) return false
    report({ url, message: err instanceof Error ? err.message : String(err) })
    return false
  }
}

export interface RestorableWindow {
  isDestroyed(): boolean
  isMinimized(): boolean
  restore(): void
  show(): void
  focus(): void
}

/** A second launch brings the control window back: restored when minimised, shown and focused. */
export function bringToFront(win: RestorableWindow | null): boolean {
  if (!win || win.isDestroyed()) return false
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
  return true
}

/** A renderer that crashed or stopped answering; `reason` is Electron's (`crashed`, `oom`, `unresponsive`, …). */
export interface RendererTrouble {
  role: WindowRole
  reason: string
}

export interface TroubleResponse {
  /** reload: reload the page now; ask: ask the judge (wait or reload); none: do nothing automatically. */
  action: 'reload' | 'ask' | 'none'
  /** What the judge is told (a dialog attached to the control window), or null to tell nothing. */
  notice: string | null
}

/** At most this many automatic reloads of one window per RELOAD_WINDOW_MS (no reload loop on a page that crashes at once). */
export const MAX_RELOADS = 3
export const RELOAD_WINDOW_MS = 60_000

/** The buttons of the "control panel is not responding" question; the second one reloads. */
export const ASK_BUTTONS: Record<ShellLang, [string, string]> = {
  ru: ['Подождать', 'Перезагрузить'],
  en: ['Wait', 'Reload'],
}

/**
 * Decides what to do about a crashed or hung renderer. The overlay is reloaded at once (it only shows state it
 * reads back from the core) and the judge is told, since the stream showed a gap. A crashed control panel is
 * reloaded too (nothing is lost: every acknowledged command is in the database); a hung one may be busy, so the
 * judge is asked (wait or reload), as browsers do. A clean exit is ignored. After MAX_RELOADS within
 * RELOAD_WINDOW_MS there are no more automatic reloads: the judge is told to reload by hand.
 */
export function troubleResponse(
  trouble: RendererTrouble,
  recentReloads: readonly number[],
  now: number,
  lang: ShellLang,
): TroubleResponse {
  if (trouble.reason === 'clean-exit') return { action: 'none', notice: null }
  const recent = recentReloads.filter((t) => now - t < RELOAD_WINDOW_MS).length
  const overlay = trouble.role === 'overlay'
  const hung = trouble.reason === 'unresponsive'
  const what: LocalizedText = overlay
    ? {
        ru: hung ? 'Оверлей перестал отвечать' : `Оверлей аварийно завершился (${trouble.reason})`,
        en: hung ? 'The overlay stopped responding' : `The overlay crashed (${trouble.reason})`,
      }
    : {
        ru: hung
          ? 'Панель судьи перестала отвечать'
          : `Панель судьи аварийно завершилась (${trouble.reason})`,
        en: hung ? 'The control panel stopped responding' : `The control panel crashed (${trouble.reason})`,
      }
  if (recent >= MAX_RELOADS) {
    const text: LocalizedText = {
      ru: `${what.ru} — ${recent + 1}-й раз за минуту. Автоматическая перезагрузка остановлена: перезагрузите окно (Ctrl+R) или перезапустите Mafia Desk. Данные игры сохранены.`,
      en: `${what.en} — ${recent + 1} times in a minute. Automatic reloading has stopped: reload the window (Ctrl+R) or restart Mafia Desk. The game's data is saved.`,
    }
    return { action: 'none', notice: text[lang] }
  }
  if (!overlay && hung) {
    const text: LocalizedText = {
      ru: `${what.ru}. Подождать или перезагрузить её? Все подтверждённые действия сохранены в базе.`,
      en: `${what.en}. Wait, or reload it? Every acknowledged action is saved in the database.`,
    }
    return { action: 'ask', notice: text[lang] }
  }
  const text: LocalizedText = overlay
    ? {
        ru: `${what.ru} и перезагружен. Проверьте картинку в эфире. Данные игры сохранены.`,
        en: `${what.en} and was reloaded. Check the picture on air. The game's data is saved.`,
      }
    : {
        ru: `${what.ru} и перезагружена. Все подтверждённые действия сохранены в базе.`,
        en: `${what.en} and was reloaded. Every acknowledged action is saved in the database.`,
      }
  return { action: 'reload', notice: text[lang] }
}

export type Page = 'control' | 'overlay'

/**
 * The URL a window loads: the local server's page, or under `npm run dev` the dev renderer's page
 * (electron-vite sets ELECTRON_RENDERER_URL), so edits to the renderer show at once.
 */
export function pageUrl(page: Page, base: { serverOrigin: string; devUrl?: string }, query = ''): string {
  const q = query && !query.startsWith('?') ? `?${query}` : query
  if (base.devUrl) return `${base.devUrl.replace(/\/+$/, '')}/${page}.html${q}`
  return `${base.serverOrigin}/${page}${q}`
}

/** Our own origins: the local server, plus the dev renderer's under `npm run dev`. */
export function ownOrigins(serverOrigin: string, devUrl?: string): string[] {
  if (!devUrl) return [serverOrigin]
  try {
    return [serverOrigin, new URL(devUrl).origin]
  } catch {
    return [serverOrigin]
  }
}
