/**
 * The wire's limits, shared by the server and the renderer's transport client. Kept apart from the contract so
 * that the renderers can check a message's size without bundling zod (the overlay's bundle stays small).
 */
import { appError, type AppErrorData } from './errors'

/** The largest exchange file `data.import` accepts, in characters (a whole tournament is a few MB). */
export const IMPORT_TEXT_MAX_CHARS = 16_000_000
/**
 * The largest WebSocket message, in bytes, for the calls that carry a file (an exchange file, a CSV, a photo).
 * Only connections with the control token may send one; the client checks a message's size before sending so a
 * too-large file gets a typed error instead of a dropped connection. Room for IMPORT_TEXT_MAX_CHARS after JSON
 * escaping (quotes and line breaks double, Cyrillic takes two bytes).
 */
export const WIRE_BULK_MAX_BYTES = 64 * 1024 * 1024
/** The largest WebSocket message of any other call (and of every message from a connection without the token). */
export const WIRE_MAX_BYTES = 256 * 1024
/** The deepest nesting of arrays and objects a WebSocket message may have (checked before parsing). */
export const WIRE_MAX_DEPTH = 32
/** The calls whose messages may be larger than WIRE_MAX_BYTES (up to WIRE_BULK_MAX_BYTES). */
export const bulkCalls: ReadonlySet<string> = new Set([
  'data.import',
  'players.importCsv',
  'players.setPhoto',
])
/** The typed error for a message (usually a file) larger than the wire allows; both ends use it. */
export function messageTooLarge(size: number, max: number): AppErrorData {
  const mb = (n: number): string => (n / 1024 / 1024).toFixed(1)
  return appError(
    'transport/too_large',
    `Слишком большие данные: ${mb(size)} МБ, допустимо не больше ${mb(max)} МБ`,
    `Too much data: ${mb(size)} MB, at most ${mb(max)} MB is allowed`,
    { size, max },
  )
}
