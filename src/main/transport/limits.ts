/**
 * Cheap guards the WebSocket transport applies before the expensive work: a nesting bound checked on the raw
 * bytes before JSON.parse (a deeply nested message costs gigabytes to parse), and a per-connection token bucket
 * for read calls (so one page cannot flood the judge's server with standings requests).
 */

const OPEN_BRACKET = 0x5b // [
const OPEN_BRACE = 0x7b // {
const CLOSE_BRACKET = 0x5d // ]
const CLOSE_BRACE = 0x7d // }
const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \

/** True when the JSON text nests arrays/objects deeper than `max` (brackets inside strings do not count). */
export function jsonDepthExceeds(bytes: Uint8Array, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (inString) {
      if (b === BACKSLASH) i++
      else if (b === QUOTE) inString = false
    } else if (b === QUOTE) inString = true
    else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
      if (++depth > max) return true
    } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) depth--
  }
  return false
}

/** Read calls a connection may make in a burst, and how many more it earns per second. */
export const READ_BURST = 40
export const READ_PER_SECOND = 20

export class ReadRateLimiter {
  private tokens: number
  private last: number
  constructor(
    private readonly burst = READ_BURST,
    private readonly perSecond = READ_PER_SECOND,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst
    this.last = now()
  }
  /** Takes one call's token; false when the connection is over its rate. */
  take(): boolean {
    const t = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond)
    this.last = t
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/** Wrong tokens an address may try in a burst, and how many more it earns per minute (issue 29 §2). */
export const AUTH_FAILURE_BURST = 10
export const AUTH_FAILURES_PER_MINUTE = 6
/**
 * Strikes an address may collect in a burst before its connections are closed before the TLS handshake, and how
 * many it earns back per minute. A strike: a wrong token, an attempt refused because the address is waiting, a
 * failed TLS handshake, a connection that sends nothing. A table's sender waits out a refusal's Retry-After, so
 * it never gets here; a scanner or a guessing script does, and then costs the hub no handshake at all.
 */
export const SOCKET_STRIKE_BURST = 40
export const SOCKET_STRIKES_PER_MINUTE = 20
/** Addresses remembered at once; the oldest is forgotten first (a spoofing flood cannot grow the map). */
export const AUTH_FAILURE_KEYS = 4096

export interface AddressLimits {
  burst: number
  perMinute: number
  strikeBurst: number
  strikesPerMinute: number
  /** Addresses remembered at once (the least recently failing one is forgotten first). */
  maxKeys: number
}

const DEFAULT_LIMITS: AddressLimits = {
  burst: AUTH_FAILURE_BURST,
  perMinute: AUTH_FAILURES_PER_MINUTE,
  strikeBurst: SOCKET_STRIKE_BURST,
  strikesPerMinute: SOCKET_STRIKES_PER_MINUTE,
  maxKeys: AUTH_FAILURE_KEYS,
}

interface AddressBucket {
  /** Wrong tokens left before the address is answered `too_many_failures` (typed, with Retry-After). */
  tokens: number
  /** Strikes left before its connections are closed before TLS (`shut`). */
  strikes: number
  last: number
}

/**
 * Rate limit on failed authentications per remote address (a wrong control or table token): after the burst an
 * address is refused before its token is even looked at, until it has earned a try again. 10 tries and then 6 a
 * minute make a 4-digit code a day's work and a 128-bit token impossible. An address that goes on failing (or
 * knocking while it waits, or breaking TLS handshakes) is then shut out at the socket, before the handshake
 * (`shut`). Kept in memory, bounded (`maxKeys` addresses): a flood of wrong tokens costs no disk write.
 */
export class AuthFailureLimiter {
  private readonly buckets = new Map<string, AddressBucket>()
  private readonly limits: AddressLimits
  constructor(
    limits: Partial<AddressLimits> = {},
    private readonly now: () => number = () => Date.now(),
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits }
  }

  private bucket(remote: string): AddressBucket {
    const t = this.now()
    const { burst, perMinute, strikeBurst, strikesPerMinute } = this.limits
    const b = this.buckets.get(remote)
    if (!b) return { tokens: burst, strikes: strikeBurst, last: t }
    const minutes = (t - b.last) / 60_000
    b.tokens = Math.min(burst, b.tokens + minutes * perMinute)
    b.strikes = Math.min(strikeBurst, b.strikes + minutes * strikesPerMinute)
    b.last = t
    return b
  }

  /** Keeps the address's bucket as the most recent one, forgetting the oldest beyond `maxKeys`. */
  private store(remote: string, b: AddressBucket): void {
    this.buckets.delete(remote)
    this.buckets.set(remote, b)
    while (this.buckets.size > this.limits.maxKeys) {
      const oldest = this.buckets.keys().next().value
      if (oldest === undefined) break
      this.buckets.delete(oldest)
    }
  }

  /** Whether the address has used up its failures (then refuse it without checking its token). */
  blocked(remote: string): boolean {
    return this.bucket(remote).tokens < 1
  }

  /** Seconds until the address may try again (0: now). */
  retryAfter(remote: string): number {
    const b = this.bucket(remote)
    return b.tokens >= 1 ? 0 : Math.ceil(((1 - b.tokens) * 60) / this.limits.perMinute)
  }

  /** One failed authentication from the address (also a strike). */
  fail(remote: string): void {
    const b = this.bucket(remote)
    b.tokens = Math.max(0, b.tokens - 1)
    b.strikes = Math.max(0, b.strikes - 1)
    this.store(remote, b)
  }

  /** A strike without a token: an attempt refused while the address waits, a failed handshake, a silent socket. */
  strike(remote: string): void {
    const b = this.bucket(remote)
    b.strikes = Math.max(0, b.strikes - 1)
    this.store(remote, b)
  }

  /** Whether the address's connections are closed at once, before the TLS handshake. */
  shut(remote: string): boolean {
    return this.bucket(remote).strikes < 1
  }

  /** Addresses remembered now (at most `maxKeys`). */
  size(): number {
    return this.buckets.size
  }
}

/**
 * Bytes of request bodies being read at once per client (issue 29 §2: 400 half-sent 2 MB bodies held 834 MB).
 * A request reserves its declared length (or the limit when it declares none) before a byte is read; one over the
 * client's budget is refused at once.
 */
export class InFlightBytes {
  private readonly held = new Map<string, number>()
  constructor(private readonly perClient: number) {}

  /** Reserves `bytes` for the client; false when that would pass its budget. */
  reserve(client: string, bytes: number): boolean {
    const now = this.held.get(client) ?? 0
    if (now + bytes > this.perClient) return false
    this.held.set(client, now + bytes)
    return true
  }

  release(client: string, bytes: number): void {
    const left = (this.held.get(client) ?? 0) - bytes
    if (left > 0) this.held.set(client, left)
    else this.held.delete(client)
  }

  /** Bytes reserved now (every client together). */
  total(): number {
    let n = 0
    for (const v of this.held.values()) n += v
    return n
  }
}

/** The shortest control token the LAN mode accepts, and how many different characters it must have. */
export const LAN_TOKEN_MIN_LENGTH = 20
export const LAN_TOKEN_MIN_DISTINCT = 10

/** Whether a control token is strong enough for the hall network (a random 4-digit code is not). */
export function strongToken(token: string): boolean {
  return token.length >= LAN_TOKEN_MIN_LENGTH && new Set(token).size >= LAN_TOKEN_MIN_DISTINCT
}
