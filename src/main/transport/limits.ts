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
