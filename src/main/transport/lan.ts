/**
 * The LAN mode of the server (issue 16): by default the app listens on 127.0.0.1 only. Only an explicit
 * `--lan ADDRESS` (or the desktop setting) makes it listen on another address; then every connection that does
 * not come from this machine to 127.0.0.1 must bring a token (the control token or a table token), also to
 * read — the views reveal roles to the judge.
 */
import type { Socket } from 'node:net'
import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'

export const LOOPBACK = '127.0.0.1'

function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const a = address.startsWith('::ffff:') ? address.slice(7) : address
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a)
}

/** A connection from this machine to 127.0.0.1 (or ::1): the one kind that may read without a token. */
export function isLocalConnection(socket: Pick<Socket, 'remoteAddress' | 'localAddress'>): boolean {
  const local = socket.localAddress?.startsWith('::ffff:')
    ? socket.localAddress.slice(7)
    : socket.localAddress
  return isLoopback(socket.remoteAddress) && (local === LOOPBACK || local === '::1')
}

/** Checks a `--lan` address: an IP address (0.0.0.0 = every interface). */
export function checkLanAddress(address: string): string | null {
  if (isIP(address) === 0) return `not an IP address: ${address}`
  return null
}

/** The warning printed (and shown) whenever the app listens beyond loopback. */
export function lanWarning(address: string, port: number): string[] {
  return [
    '!!! ВНИМАНИЕ: сервер доступен по сети (' +
      `${address}:${port}` +
      ') — только по HTTPS с сертификатом этого',
    '!!! компьютера. Без токена управления или токена стола по сети не получить ничего, кроме страниц.',
    '!!! WARNING: the server listens beyond this machine (' +
      `${address}:${port}` +
      '), over HTTPS with this machine’s',
    '!!! certificate only; without the control token or a table token the network gets nothing but the pages.',
  ]
}

/**
 * The addresses a table can reach a hub listening on `host` at: the address itself, or — for 0.0.0.0 / :: (every
 * interface) — every address of this machine's interfaces that is not loopback or link-local (IPv4 first). The
 * organiser picks one when there are several (issue 29 §2: `--lan 0.0.0.0` used to name http://127.0.0.1).
 */
export function hubAddresses(
  host: string,
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host]
  const found: string[] = []
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) {
      if (i.internal || isLoopback(i.address)) continue
      if (i.family === 'IPv6' && (host === '0.0.0.0' || /^fe80:/i.test(i.address))) continue
      if (!found.includes(i.address)) found.push(i.address)
    }
  }
  return found.sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))
}
