/**
 * The hub's sync endpoints (issue 16): `POST /sync/push`, `POST /sync/hello` and `POST /sync/pull` (the table's
 * games of the hub's started rounds), authenticated by a table token
 * (`Authorization: Bearer …`). Plain HTTP rather than a WebSocket call: every batch is one short request with
 * one typed answer, so a sender needs no connection state to rebuild after the hub restarts or the Wi-Fi drops,
 * and a retry is just the same request again (the hub stores idempotently).
 *
 * Issue 29 §2, the order of the checks: TLS (a remote plain request never gets here: http-server.ts refuses it),
 * the address's failure budget, the token from the headers, the client's bytes in flight — and only then is a
 * byte of the body read. Every refusal is typed, logged and counted (`RefusalLog`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { toAppErrorData, type AppErrorData } from '../../shared/errors'
import { SYNC_MAX_BYTES, syncHelloSchema, syncPullSchema, syncPushSchema } from '../../shared/sync'
import type { TableGrant } from '../db'
import type { SyncHub } from './hub'
import type { RefusalLog } from './refusals'
import { AuthFailureLimiter, InFlightBytes } from '../transport/limits'
import { isLocalConnection } from '../transport/lan'
import { bodyTimeout, busyClient, syncError, tlsRequired, tooManyFailures } from './errors'
import { validationMessage } from '../../shared/validation-message'
import type { core } from 'zod'

const STATUS: Record<string, number> = {
  'sync/bad_token': 401,
  'sync/forbidden': 403,
  'sync/tls_required': 403,
  'sync/unknown_tournament': 404,
  'sync/unknown_game': 404,
  'sync/conflict': 409,
  'sync/gap': 409,
  'sync/conflict_closed': 409,
  'sync/game_cancelled': 409,
  'sync/conflicts_full': 409,
  'sync/timeout': 408,
  'sync/too_large': 413,
  'sync/malformed': 400,
  'sync/replay_refused': 422,
  'sync/replay_mismatch': 422,
  'sync/too_many_failures': 429,
  'sync/busy': 429,
  'sync/locked': 409,
  'sync/other_machine': 409,
  'sync/appeal_amended': 409,
  'sync/appeal_replayed': 409,
}

/** Bytes of bodies one client (address) may have in flight at once: two full batches. */
export const SYNC_IN_FLIGHT_BYTES = 2 * SYNC_MAX_BYTES
/** A refused request's unread body up to this size is drained so its connection can be kept (bytes). */
const SMALL_REFUSED_BODY = 16 * 1024
/** A body must arrive in full within this time (ms). */
export const SYNC_BODY_TIMEOUT_MS = 15_000

/** What the endpoints share across requests: the failure budget, the bytes in flight, the refusal log. */
export interface SyncGuards {
  failures: AuthFailureLimiter
  inFlight: InFlightBytes
  refusals: RefusalLog
  bodyTimeoutMs?: number
}

export function syncGuards(refusals: RefusalLog, failures = new AuthFailureLimiter()): SyncGuards {
  return { failures, inFlight: new InFlightBytes(SYNC_IN_FLIGHT_BYTES), refusals }
}

function send(
  res: ServerResponse,
  body: { ok: true; value: unknown } | { ok: false; error: AppErrorData },
  close = false,
): void {
  const status = body.ok ? 200 : (STATUS[body.error.code] ?? 500)
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  }
  const retry = body.ok ? undefined : body.error.details?.retryAfter
  if (typeof retry === 'number') headers['Retry-After'] = String(retry)
  // A refused request whose body was not read: the connection closes after the answer (the rest is not read).
  if (close) headers.Connection = 'close'
  res.writeHead(status, headers)
  res.end(JSON.stringify(body))
}

/** Reads a body of at most `limit` bytes within `timeoutMs`; the request is destroyed on any refusal. */
function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const timer = setTimeout(() => {
      reject(bodyTimeout(timeoutMs))
      req.destroy()
    }, timeoutMs)
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > limit) {
        clearTimeout(timer)
        reject(tooLarge(limit))
        req.destroy()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    req.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    req.on('close', () => {
      clearTimeout(timer)
      if (!req.complete) reject(syncError('sync/malformed', 'Пакет оборван.', 'The batch was cut off.'))
    })
  })
}

function tooLarge(limit: number): Error {
  return syncError('sync/too_large', 'Пакет слишком большой.', 'The batch is too large.', { limit })
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization
  if (typeof h !== 'string') return null
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m ? m[1] : null
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw syncError('sync/malformed', 'Пакет не является JSON.', 'The batch is not JSON.')
  }
}

function invalid(issues: readonly core.$ZodIssue[]): Error {
  const text = validationMessage(issues)
  return syncError('sync/malformed', `Неверный пакет: ${text.ru}`, `Malformed batch: ${text.en}`, {
    issues: text.issues.slice(0, 5).map((i) => `${i.field}: ${i.en}`),
  })
}

/** Handles a request when it is one of ours (returns true); anything else is left to the HTTP server. */
export function handleSyncRequest(
  hub: SyncHub,
  guards: SyncGuards,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): boolean {
  if (path !== '/sync/push' && path !== '/sync/hello' && path !== '/sync/pull') return false
  const remote = req.socket.remoteAddress ?? ''
  const refuse = (err: unknown, grant: TableGrant | null, unread: boolean): void => {
    const error = toAppErrorData(err, 'sync/internal')
    guards.refusals.count(error.code, remote, grant?.tableId ?? null)
    // A small unread body is drained and the connection kept (no new TLS handshake for the next request); a
    // large or undeclared one is not read: the connection closes after the answer.
    const small = Number(req.headers['content-length']) <= SMALL_REFUSED_BODY
    if (!res.headersSent) send(res, { ok: false, error }, unread && !small)
    if (unread) req.resume()
  }
  if (req.method !== 'POST') {
    guards.refusals.count('sync/method_not_allowed', remote)
    res.writeHead(405, { Allow: 'POST' }).end()
    return true
  }
  // A token never crosses the hall network in the clear (http-server.ts refuses such requests first as well).
  if (!('encrypted' in req.socket && req.socket.encrypted) && !isLocalConnection(req.socket)) {
    refuse(tlsRequired(req.headers.host ?? ''), null, true)
    return true
  }
  if (guards.failures.blocked(remote)) {
    guards.failures.strike(remote) // knocking on while it waits: enough of it closes the address before TLS
    refuse(tooManyFailures(guards.failures.retryAfter(remote)), null, true)
    return true
  }
  let grant: TableGrant
  try {
    grant = hub.authenticate(bearer(req))
  } catch (err) {
    guards.failures.fail(remote)
    refuse(err, null, true)
    return true
  }
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > SYNC_MAX_BYTES) {
    refuse(tooLarge(SYNC_MAX_BYTES), grant, true)
    return true
  }
  const reserved = Number.isFinite(declared) && declared >= 0 ? declared : SYNC_MAX_BYTES
  if (!guards.inFlight.reserve(remote, reserved)) {
    refuse(busyClient(SYNC_IN_FLIGHT_BYTES), grant, true)
    return true
  }
  const arrivedAt = Date.now()
  void (async () => {
    try {
      const text = await readBody(req, SYNC_MAX_BYTES, guards.bodyTimeoutMs ?? SYNC_BODY_TIMEOUT_MS).finally(
        () => guards.inFlight.release(remote, reserved),
      )
      const raw = parseJson(text)
      if (path === '/sync/hello') {
        const p = syncHelloSchema.safeParse(raw)
        if (!p.success) throw invalid(p.error.issues)
        send(res, { ok: true, value: hub.hello(grant, p.data.pending) })
        return
      }
      if (path === '/sync/pull') {
        const p = syncPullSchema.safeParse(raw)
        if (!p.success) throw invalid(p.error.issues)
        send(res, { ok: true, value: hub.tableGames(grant) })
        return
      }
      const p = syncPushSchema.safeParse(raw)
      if (!p.success) {
        const error = invalid(p.error.issues)
        hub.refusedPush(grant, raw, error)
        throw error
      }
      send(res, { ok: true, value: await hub.enqueue(grant, p.data, arrivedAt) })
    } catch (err) {
      refuse(err, grant, false)
    }
  })()
  return true
}
