/**
 * The pairing code (issue 29 §2): the hub's address, the table token and — over the hall network — the SHA-256
 * fingerprint of the hub's certificate, which the table pins (as Syncthing pairs devices):
 *   https://192.168.1.10:4800/#t=<token>&fp=<fingerprint>      (LAN mode: TLS, pinned)
 *   http://127.0.0.1:4800/#t=<token>                           (the same machine only: loopback is not the hall)
 * Token and fingerprint are lower-case base32: spaces, dashes and case as typed from the printed sheet do not
 * matter. The older form `http://host:port#TOKEN` is still read.
 */
import { canonicalToken, normalizeCode } from '../../shared/base32'
import { syncError, tlsRequired } from './errors'

export interface PairingTarget {
  /** The hub's origin (`https://addr:port`, or `http://127.0.0.1:port` on this machine). */
  hubUrl: string
  /** The table token, or null when the code only names a (new) address of the hub already paired with. */
  token: string | null
  /** The pinned certificate fingerprint (52 base32 characters); null only for a loopback hub. */
  fingerprint: string | null
}

/** The code a table enters (or scans) for a table token. */
export function pairingCode(origin: string, token: string, fingerprint: string | null): string {
  const params = new URLSearchParams({ t: token })
  if (fingerprint) params.set('fp', fingerprint)
  return `${origin}/#${params.toString()}`
}

/** Whether an address is this machine (127.0.0.0/8, ::1, localhost): plain HTTP is allowed there only. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

const FINGERPRINT = /^[a-z2-7]{52}$/

function notPaired(ru: string, en: string, details?: Record<string, unknown>): Error {
  return syncError('sync/not_paired', ru, en, details)
}

/** Reads a pairing code (or a hub address with the token given apart); every fault is a typed, translated error. */
export function parsePairingCode(text: string, tokenApart?: string): PairingTarget {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw notPaired(
      'Неверный код подключения: он начинается с https:// (или отсканируйте QR-код с листа главного судьи).',
      "Invalid pairing code: it starts with https:// (or scan the QR code on the head judge's sheet).",
      { code: text.slice(0, 200) },
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw notPaired(
      'Код подключения должен начинаться с https://',
      'The pairing code must start with https://',
    )
  }
  const hash = url.hash.replace(/^#/, '')
  const params = new URLSearchParams(hash.includes('=') ? hash : '')
  let fromHash: string
  try {
    fromHash = hash.includes('=') ? (params.get('t') ?? '') : decodeURIComponent(hash)
  } catch {
    fromHash = '\u0000' // a broken %-escape: refused below as a damaged code
  }
  const rawToken = (tokenApart ?? '').trim() || fromHash.trim()
  // A control character (a pasted line break, a broken escape) is named here, not failed on later as a generic error.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  const bad = rawToken.search(/[\u0000-\u001f\u007f]/)
  if (bad >= 0) {
    throw notPaired(
      `Код подключения повреждён: в токене стола управляющий символ (символ ${bad + 1}). Скопируйте код заново.`,
      `The pairing code is damaged: the table token holds a control character (character ${bad + 1}). Copy the code again.`,
    )
  }
  const fp = params.get('fp')
  const fingerprint = fp === null ? null : normalizeCode(fp)
  if (fingerprint !== null && !FINGERPRINT.test(fingerprint)) {
    throw notPaired(
      'Отпечаток сертификата в коде повреждён: возьмите код заново с листа главного судьи.',
      "The certificate fingerprint in the code is damaged: take the code again from the head judge's sheet.",
    )
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) throw tlsRequired(url.origin)
  // Without a token the code only names a new address of the hub already paired with (its pin is kept).
  if (url.protocol === 'https:' && fingerprint === null && rawToken) {
    throw notPaired(
      'В коде нет отпечатка сертификата главного компьютера: без него стол не может проверить, с кем говорит. Возьмите полный код (или QR-код) с листа главного судьи.',
      "The code has no fingerprint of the hub's certificate: without it the table cannot check whom it talks to. Take the whole code (or the QR code) from the head judge's sheet.",
    )
  }
  return { hubUrl: url.origin, token: rawToken ? canonicalToken(rawToken) : null, fingerprint }
}
