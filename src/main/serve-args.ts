/**
 * The headless server's command line: its options (one table for the parser and `--help`), and the checks of
 * their values. `parseServeArgs` never throws: it returns what to run, the help text, or a plain-word error.
 */
import { resolve } from 'node:path'
import { optionsHelp, parseOptions, type OptionTable } from './args'
import type { LocalizedText } from '../shared/errors'
import { TOKEN_ENV } from './token-source'
import { checkLanAddress } from './transport/lan'

export const DEFAULT_PORT = 4800
export const DEFAULT_DB = 'data/mafia-desk.sqlite'

export const SERVE_OPTIONS = {
  port: {
    type: 'string',
    value: 'N',
    default: String(DEFAULT_PORT),
    help: {
      ru: 'порт HTTP на 127.0.0.1 (0 — любой свободный)',
      en: 'HTTP port on 127.0.0.1 (0 = any free port)',
    },
  },
  db: {
    type: 'string',
    value: 'FILE',
    default: `./${DEFAULT_DB}`,
    help: { ru: 'файл базы турнира (SQLite)', en: 'the tournament database file (SQLite)' },
  },
  'token-file': {
    type: 'string',
    value: 'FILE',
    help: {
      ru: 'токен управления из первой строки файла; нет файла — он создаётся с новым токеном, и ссылка на панель живёт между запусками',
      en: 'the control token from the first line of FILE; a missing file is created with a new token, so a bookmarked panel link keeps working',
    },
  },
  token: {
    type: 'string',
    value: 'TOKEN',
    help: {
      ru: `токен управления (виден в списке процессов: лучше ${TOKEN_ENV} или --token-file)`,
      en: `the control token (visible in the process list: prefer ${TOKEN_ENV} or --token-file)`,
    },
  },
  lan: {
    type: 'string',
    value: 'ADDRESS',
    help: {
      ru: 'слушать ещё и этот адрес локальной сети (планшеты, второй компьютер; нужен токен)',
      en: 'also listen on this LAN address (tablets, a second computer; the token is required)',
    },
  },
  quiet: {
    type: 'boolean',
    help: { ru: 'не печатать журнал запросов', en: 'do not print the request log' },
  },
  help: { type: 'boolean', short: 'h', help: { ru: 'эта справка', en: 'this help' } },
  version: { type: 'boolean', short: 'v', help: { ru: 'версия', en: 'the version' } },
} satisfies OptionTable

export interface ServeOptions {
  port: number
  dbFile: string
  token?: string
  tokenFile?: string
  lan?: string
  quiet: boolean
}

export type ServeCommand =
  | { kind: 'run'; options: ServeOptions }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'error'; message: LocalizedText }

export function serveHelp(): string {
  const usage = 'npm run serve -- [options]   (node out/main/serve.js [options])'
  return [
    `Mafia Desk — сервер без окна: панель судьи, оверлей для OBS и база турнира в браузере.`,
    `Mafia Desk — headless server: the judge's panel, the OBS overlay and the tournament database in a browser.`,
    '',
    `Запуск / Usage: ${usage}`,
    '',
    'Параметры:',
    optionsHelp(SERVE_OPTIONS, 'ru'),
    '',
    'Options:',
    optionsHelp(SERVE_OPTIONS, 'en'),
    '',
    `Переменные окружения / Environment:`,
    `  ${TOKEN_ENV}   токен управления / the control token (${TOKEN_ENV} > --token-file > a new random token)`,
    '',
    'После запуска откройте адрес из строки «Начало» — там ссылки на панель, страницу организатора и оверлеи.',
    'Once started, open the "Start page" address: it links the panel, the organiser\'s page and the overlays.',
  ].join('\n')
}

export function parseServeArgs(args: string[], cwd = process.cwd()): ServeCommand {
  const parsed = parseOptions(args, SERVE_OPTIONS)
  if (parsed.kind === 'error') return parsed
  const v = parsed.values
  if (v.help) return { kind: 'help', text: serveHelp() }
  if (v.version) return { kind: 'version' }
  const port = /^\d+$/.test(v.port) ? Number(v.port) : NaN
  if (!Number.isInteger(port) || port > 65535)
    return {
      kind: 'error',
      message: {
        ru: `Неверный порт --port ${v.port}: нужно число от 0 до 65535`,
        en: `Invalid port --port ${v.port}: a number from 0 to 65535 is needed`,
      },
    }
  if (v.lan !== undefined) {
    const problem = checkLanAddress(v.lan)
    if (problem)
      return {
        kind: 'error',
        message: {
          ru: `Неверный адрес --lan ${v.lan}: нужен IP-адрес`,
          en: `Invalid --lan address: ${problem}`,
        },
      }
  }
  return {
    kind: 'run',
    options: {
      port,
      dbFile: resolve(cwd, v.db),
      token: v.token,
      tokenFile: v['token-file'],
      lan: v.lan,
      quiet: v.quiet,
    },
  }
}
