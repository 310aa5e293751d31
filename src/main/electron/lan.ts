/**
 * "Open to the hall network" for the desktop app (issue 16): the head machine of a tournament listens beyond
 * 127.0.0.1 so table machines can pair with it — the same LAN mode as `npm run serve -- --lan ADDRESS`, with the
 * same warning. Decisions only (which address, the menu, the confirmation), unit-tested without Electron; the
 * shell keeps the choice in a small file next to the database and restarts to apply it.
 */
import type { NetworkInterfaceInfo } from 'node:os'
import type { MenuItemConstructorOptions } from 'electron'
import { checkLanAddress, lanWarning } from '../transport/lan'
import type { ShellLang } from './startup'

/** The file (in the user-data folder) that keeps the chosen address: `{"address": "192.168.1.10"}`. */
export const LAN_FILE_NAME = 'hall-network.json'
/** Every interface at once. */
export const ALL_INTERFACES = '0.0.0.0'

export interface LanChoice {
  address: string
  label: string
}

/** The addresses the judge may open the app on: this machine's IPv4 LAN addresses, then every interface. */
export function lanChoices(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): LanChoice[] {
  const out: LanChoice[] = []
  for (const [name, list] of Object.entries(interfaces)) {
    for (const i of list ?? []) {
      if (i.internal || i.family !== 'IPv4') continue
      if (out.some((c) => c.address === i.address)) continue
      out.push({ address: i.address, label: `${i.address} (${name})` })
    }
  }
  out.push({ address: ALL_INTERFACES, label: `${ALL_INTERFACES} (все сети / every network)` })
  return out
}

/** The saved choice from the file's text; null for loopback, a missing file or anything malformed. */
export function parseLanFile(text: string | null): string | null {
  if (!text) return null
  try {
    const v = (JSON.parse(text) as { address?: unknown }).address
    return typeof v === 'string' && checkLanAddress(v) === null ? v : null
  } catch {
    return null
  }
}

export function lanFileText(address: string | null): string {
  return `${JSON.stringify({ address })}\n`
}

export interface LanDecision {
  /** Where the core listens beyond loopback (null: 127.0.0.1 only). */
  address: string | null
  /** What the judge is told at start (the warning, or why the saved address was not used). */
  notice: string | null
}

/**
 * Where the app listens at start: MAFIA_DESK_LAN (an IP address) wins, then the saved choice when this machine
 * still has that address (a laptop moved to another hall gets a new one: then loopback, and the judge is told).
 */
export function lanDecision(
  o: { env: string | undefined; saved: string | null; available: readonly LanChoice[]; port: number },
  lang: ShellLang,
): LanDecision {
  const env = o.env?.trim()
  const wanted = env ? env : o.saved
  if (!wanted) return { address: null, notice: null }
  if (checkLanAddress(wanted) !== null || (!env && !o.available.some((c) => c.address === wanted))) {
    return {
      address: null,
      notice:
        lang === 'ru'
          ? `Адреса ${wanted} у этого компьютера сейчас нет: Mafia Desk открыт только для этого компьютера. Выберите адрес в меню «Сеть зала».`
          : `This machine has no address ${wanted} now: Mafia Desk is open to this machine only. Choose an address in the "Hall network" menu.`,
    }
  }
  return { address: wanted, notice: lanNotice(wanted, o.port) }
}

/** The warning shown whenever the app listens beyond this machine (the server's own warning, both languages). */
export function lanNotice(address: string, port: number): string {
  return lanWarning(address, port)
    .map((l) => l.replace(/^!!! /, ''))
    .join('\n')
}

/** The question before opening the app to the hall network (it restarts to listen there). */
export function lanConfirmText(address: string | null, lang: ShellLang): string {
  if (address === null) {
    return lang === 'ru'
      ? 'Закрыть доступ из сети зала? Mafia Desk перезапустится и будет доступен только на этом компьютере; столы перестанут связываться с ним.'
      : 'Close access from the hall network? Mafia Desk restarts open to this machine only; tables stop reaching it.'
  }
  return lang === 'ru'
    ? `Открыть Mafia Desk для сети зала по адресу ${address}? Он перезапустится. Любой компьютер этой сети сможет подключиться; без токена управления или токена стола он не получит ничего, кроме страниц.`
    : `Open Mafia Desk to the hall network at ${address}? It restarts. Every machine on that network can connect; without the control token or a table token it gets nothing but the pages.`
}

/** The "Hall network" menu: this machine only, or one of its addresses; the current one is checked. */
export function networkMenu(
  state: { current: string | null; choices: readonly LanChoice[] },
  choose: (address: string | null) => void,
): MenuItemConstructorOptions {
  return {
    id: 'network',
    label: 'Сеть зала / Hall network',
    submenu: [
      {
        id: 'network-local',
        label: 'Только этот компьютер / This machine only',
        type: 'radio',
        checked: state.current === null,
        click: () => {
          if (state.current !== null) choose(null)
        },
      },
      { type: 'separator' },
      ...state.choices.map((c): MenuItemConstructorOptions => ({
        id: `network-${c.address}`,
        label: `Открыть для сети зала / Open to the hall network: ${c.label}`,
        type: 'radio',
        checked: state.current === c.address,
        click: () => {
          if (state.current !== c.address) choose(c.address)
        },
      })),
    ],
  }
}
