/**
 * Issue 29 §6: the desktop shell shows a hub's pages over TLS only with the hub's own, pinned certificate, and
 * never over plain HTTP beyond this machine. Decisions only, free of 'electron' (unit-tested under Node in
 * tests/electron/pinning.test.ts); shell.ts wires them into `session.setCertificateVerifyProc`,
 * `app.on('certificate-error')`, the navigation guards and `webRequest`.
 *
 * The hub's certificate is self-signed (transport/tls.ts): no CA vouches for it, its SHA-256 fingerprint IS its
 * identity, as for the table machines that pin it from the pairing code. So for a host of our own https origins
 * exactly that fingerprint is accepted and any other certificate refused (a machine that took the hub's address
 * without its key gets no page, no token); every other host keeps Chromium's own verification.
 */
import { X509Certificate } from 'node:crypto'
import { fingerprintOf } from '../transport/tls'

/** `setCertificateVerifyProc`'s answers: accept, refuse, or Chromium's own verification. */
export const CERT_ACCEPT = 0
export const CERT_REFUSE = -2
export const CERT_CHROMIUM = -3
export type CertVerdict = typeof CERT_ACCEPT | typeof CERT_REFUSE | typeof CERT_CHROMIUM

export interface PinContext {
  /** Our own origins (the local server, the dev renderer). */
  origins: readonly string[]
  /** The hub certificate's fingerprint (base32 of the SHA-256 of its DER bytes), or null without TLS. */
  fingerprint: string | null
}

/** The fingerprint of a PEM certificate, as pairing codes carry it; null when it is not a readable certificate. */
export function pemFingerprint(pem: string): string | null {
  try {
    return fingerprintOf(new X509Certificate(pem).raw)
  } catch {
    return null
  }
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/** The hosts of our own https origins (lower case, IPv6 in brackets as URL keeps them). */
function ownTlsHosts(origins: readonly string[]): string[] {
  return origins
    .map(parse)
    .filter((u): u is URL => u !== null && u.protocol === 'https:')
    .map((u) => u.hostname.toLowerCase())
}

/** Electron gives a bare IPv6 host (`::1`); URL keeps it in brackets (`[::1]`): compare both ways. */
function sameHost(a: string, b: string): boolean {
  const bare = (h: string) => h.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return bare(a) === bare(b)
}

/** What `session.setCertificateVerifyProc` answers for a TLS connection to `hostname` with this certificate. */
export function certificateVerdict(hostname: string, certificatePem: string, ctx: PinContext): CertVerdict {
  if (!ownTlsHosts(ctx.origins).some((h) => sameHost(h, hostname))) return CERT_CHROMIUM
  if (ctx.fingerprint === null) return CERT_REFUSE
  return pemFingerprint(certificatePem) === ctx.fingerprint ? CERT_ACCEPT : CERT_REFUSE
}

/**
 * `app.on('certificate-error')`: whether a page of `url` may go on despite Chromium's error — only one of our own
 * https origins with exactly the pinned certificate.
 */
export function certificateErrorAllowed(url: string, certificatePem: string, ctx: PinContext): boolean {
  const u = parse(url)
  if (!u || u.protocol !== 'https:' || !ctx.origins.includes(u.origin)) return false
  return certificateVerdict(u.hostname, certificatePem, ctx) === CERT_ACCEPT
}

/** Loopback hosts: plain HTTP to them never crosses the hall network. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/**
 * Whether a window (or any request of its pages) may use this URL's transport: plain http/ws only to this
 * machine's loopback; https/wss (pinned, see above) anywhere; the app's own non-network schemes as Chromium
 * allows them. Plain HTTP to a hall address would hand the control token to anyone on the network.
 */
export function transportAllowed(url: string): boolean {
  const u = parse(url)
  if (!u) return false
  if (u.protocol === 'http:' || u.protocol === 'ws:') return isLoopbackHost(u.hostname)
  return true
}
