/**
 * Starting the desktop app without ever exiting silently (issue 17, defect 1). A packaged app has no console:
 * a busy port moves to the next free one (and the judge is told the OBS URL that is really in use), and every
 * startup error becomes a dialog that says what happened and what to do.
 */
import { createServer } from 'node:net'
import { toAppErrorData, type LocalizedText } from '../../shared/errors'

export const DEFAULT_PORT = 4800
/** How many ports are tried from the preferred one upwards (4800…4819). */
export const PORT_ATTEMPTS = 20

export type ShellLang = 'ru' | 'en'

/** The shell's language from the OS locale: Russian unless the system prefers another language. */
export function shellLang(locales: readonly string[]): ShellLang {
  const first = locales.find((l) => l.length > 0)
  return !first || first.toLowerCase().startsWith('ru') ? 'ru' : 'en'
}

/** The preferred port: MAFIA_DESK_PORT when it is a valid port (0 = any free port), else 4800. */
export function preferredPort(env: string | undefined): number {
  if (env === undefined || env.trim() === '') return DEFAULT_PORT
  const n = Number(env)
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : DEFAULT_PORT
}

function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export function isPortBusy(err: unknown): boolean {
  const code = errnoCode(err)
  return code === 'EADDRINUSE' || code === 'EACCES'
}

export class NoFreePortError extends Error {
  constructor(
    readonly first: number,
    readonly last: number,
  ) {
    super(`ports ${first}–${last} are all in use`)
    this.name = 'NoFreePortError'
  }
}

/**
 * Runs `start(port)` on the preferred port, then on the next ones while the port is busy. Port 0 (any free
 * port) is tried once. Any other error is passed on unchanged.
 */
export async function startOnFreePort<T>(
  start: (port: number) => Promise<T>,
  preferred: number,
  attempts = PORT_ATTEMPTS,
): Promise<{ value: T; port: number; moved: boolean }> {
  if (preferred === 0) return { value: await start(0), port: 0, moved: false }
  const last = Math.min(65535, preferred + attempts - 1)
  for (let port = preferred; port <= last; port++) {
    try {
      return { value: await start(port), port, moved: port !== preferred }
    } catch (err) {
      if (!isPortBusy(err)) throw err
    }
  }
  throw new NoFreePortError(preferred, last)
}

/** Resolves when `port` can be bound on 127.0.0.1 (the socket is closed again at once); rejects with the errno. */
export function probePort(port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(port, host, () => {
      const address = srv.address()
      const bound = typeof address === 'object' && address ? address.port : port
      srv.close(() => resolve(bound))
    })
  })
}

/** What the judge is told when the preferred port was busy: the OBS browser source must use the new URL. */
export function portMovedNotice(preferred: number, obsUrl: string): LocalizedText {
  return {
    ru:
      `Порт ${preferred} занят (например, уже запущен «npm run serve» или другая копия Mafia Desk). ` +
      `Оверлей для OBS сейчас по адресу ${obsUrl} — укажите его в источнике «Браузер» в OBS ` +
      `(меню «Оверлей» → «Копировать URL для OBS»).`,
    en:
      `Port ${preferred} is in use (for example by "npm run serve" or another copy of Mafia Desk). ` +
      `The OBS overlay is now at ${obsUrl} — use it in OBS's Browser source ` +
      `(menu "Overlay" → "Copy OBS URL").`,
  }
}

export interface StartupDialog {
  title: string
  message: string
  detail: string
}

const NATIVE_HINTS = [
  'NODE_MODULE_VERSION',
  'was compiled against a different Node.js version',
  'Could not locate the bindings file',
  'better_sqlite3.node',
  'invalid ELF header',
  'is not a valid Win32 application',
]

function isNativeModuleError(text: string): boolean {
  return NATIVE_HINTS.some((h) => text.includes(h))
}

/** The dialog for an error that stopped the app from starting: what happened, what to do, the details. */
export function startupErrorDialog(err: unknown, lang: ShellLang, ctx: { dbFile: string }): StartupDialog {
  const title = lang === 'ru' ? 'Mafia Desk не удалось запустить' : 'Mafia Desk could not start'
  const raw = err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err)
  if (err instanceof NoFreePortError) {
    const text: LocalizedText = {
      ru:
        `Порты ${err.first}–${err.last} заняты. Закройте другую копию Mafia Desk или «npm run serve», ` +
        `либо задайте свободный порт переменной окружения MAFIA_DESK_PORT (например, 5800) и запустите снова.`,
      en:
        `Ports ${err.first}–${err.last} are all in use. Close another copy of Mafia Desk or "npm run serve", ` +
        `or set a free port in the MAFIA_DESK_PORT environment variable (e.g. 5800) and start again.`,
    }
    return { title, message: text[lang], detail: raw }
  }
  if (isNativeModuleError(raw)) {
    const text: LocalizedText = {
      ru:
        'Не загружается модуль базы данных (better-sqlite3) для Electron. В папке проекта выполните ' +
        '«npm run native:electron» (нужны компилятор C++ и Python) и запустите снова.',
      en:
        "The database module (better-sqlite3) for Electron does not load. In the project's folder run " +
        '"npm run native:electron" (needs a C++ toolchain and Python) and start again.',
    }
    return { title, message: text[lang], detail: raw }
  }
  const data = toAppErrorData(err)
  if (data.code.startsWith('db/')) {
    const todo: LocalizedText = {
      ru:
        `Файл базы: ${ctx.dbFile}. Закройте другую программу, которая его использует, проверьте место на ` +
        `диске и права на папку; если файл повреждён, восстановите его из папки backups рядом с ним.`,
      en:
        `Database file: ${ctx.dbFile}. Close any other program using it, check free disk space and the ` +
        `folder's permissions; if the file is damaged, restore it from the backups folder next to it.`,
    }
    return { title, message: `${data.message[lang]}\n\n${todo[lang]}`, detail: `[${data.code}] ${raw}` }
  }
  const todo: LocalizedText = {
    ru: 'Запустите Mafia Desk ещё раз. Если ошибка повторяется, сообщите разработчикам текст ниже.',
    en: 'Start Mafia Desk again. If it happens again, send the text below to the developers.',
  }
  return { title, message: `${data.message[lang]}\n\n${todo[lang]}`, detail: `[${data.code}] ${raw}` }
}
