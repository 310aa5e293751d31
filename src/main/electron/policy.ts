/**
 * Which URL may load where, and which permission a page may have: the decisions of the Electron shell's
 * session hardening, kept free of 'electron' so they are unit-tested under Node (tests/electron).
 *
 * - A window (main frame or subframe, by navigation or by redirect) may only show our own origins: the local
 *   server, plus the dev renderer's origin under `npm run dev`.
 * - A new window is never opened inside the app: an own-origin link (e.g. «Открыть оверлей», `target=_blank`)
 *   opens in the default browser, where it works as the OBS browser source does; an external https link opens in
 *   the default browser only when its host is on EXTERNAL_HOSTS; everything else is refused and logged.
 * - Permissions: only clipboard writes from our own origins; everything else (camera, notifications, HID, …)
 *   is refused, both on request and on check.
 */

/** External sites the app may open in the default browser (documentation links), https only. */
export const EXTERNAL_HOSTS: readonly string[] = [
  'github.com',
  'obsproject.com',
  'www.electronjs.org',
  'electronjs.org',
]

/** Permissions a page of our own origin is granted; every other permission is refused. */
export const ALLOWED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write']

function originOf(url: string): string | null {
  try {
    const u = new URL(url)
    return u.origin === 'null' ? null : u.origin
  } catch {
    return null
  }
}

/** True when the URL belongs to one of our own origins (the local server, the dev renderer). */
export function isOwnUrl(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== null && origins.includes(origin)
}

/** Navigation (main frame, subframe, redirect): only our own origins and `about:blank` (a fresh subframe). */
export function navigationAllowed(url: string, origins: readonly string[]): boolean {
  return url === 'about:blank' || isOwnUrl(url, origins)
}

export type OpenDecision =
  | { action: 'browser'; url: string; reason: 'own-origin' | 'allowlisted' }
  | { action: 'deny'; reason: string }

export interface OpenContext {
  /** Our own origins (the local server; the dev renderer under `npm run dev`). */
  origins: readonly string[]
  /** The local server's origin: an own-origin link opens there in the browser (the URL OBS uses too). */
  serverOrigin: string
  allowlist?: readonly string[]
}

/** What to do with `window.open` / `target=_blank`: never a new app window. */
export function windowOpenDecision(url: string, ctx: OpenContext): OpenDecision {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return { action: 'deny', reason: 'not a URL' }
  }
  if (isOwnUrl(url, ctx.origins)) {
    const onServer = new URL(`${u.pathname}${u.search}${u.hash}`, ctx.serverOrigin)
    return { action: 'browser', url: onServer.href, reason: 'own-origin' }
  }
  if (u.protocol !== 'https:') return { action: 'deny', reason: `protocol ${u.protocol} is not allowed` }
  if (u.username || u.password) return { action: 'deny', reason: 'credentials in the URL' }
  if (!(ctx.allowlist ?? EXTERNAL_HOSTS).includes(u.hostname))
    return { action: 'deny', reason: `host ${u.hostname} is not allowlisted` }
  return { action: 'browser', url: u.href, reason: 'allowlisted' }
}

/**
 * Permission requests and checks. `origin` is the requesting origin (Electron passes the requesting URL or
 * origin; both work here). Only our own pages get the permissions in ALLOWED_PERMISSIONS.
 */
export function permissionAllowed(permission: string, origin: string, origins: readonly string[]): boolean {
  if (!ALLOWED_PERMISSIONS.includes(permission)) return false
  return isOwnUrl(origin, origins) || origins.includes(origin)
}
