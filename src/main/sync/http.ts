/**
 * The hub's sync endpoints (issue 16): `POST /sync/push`, `POST /sync/hello` and `POST /sync/pull` (the table's
 * games of the hub's started rounds), authenticated by a table token
 * (`Authorization: Bearer …`). Plain HTTP rather than a WebSocket call: every batch is one short request with
 * one typed answer, so a sender needs no connection state to rebuild after the hub restarts or the Wi-Fi drops,
 * and a retry is just the same request again (the hub stores idempotently).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { toAppErrorData, type AppErrorData } from '../../shared/errors'
import { SYNC_MAX_BYTES, syncHelloSchema, syncPullSchema, syncPushSchema } from '../../shared/sync'
import type { SyncHub } from './hub'
import { syncError } from './errors'
import { validationMessage } from '../../shared/validation-message'
import type { core } from 'zod'

const STATUS: Record<string, number> = {
  'sync/bad_token': 401,
  'sync/forbidden': 403,
  'sync/unknown_tournament': 404,
  'sync/unknown_game': 404,
  'sync/conflict': 409,
  'sync/gap': 409,
  'sync/too_large': 413,
  'sync/malformed': 400,
  'sync/replay_refused': 422,
  'sync/replay_mismatch': 422,
  'sync/conflict_closed': 409,
  'sync/game_cancelled': 409,
  'sync/locked': 409,
  'sync/other_machine': 409,
}

function send(
  res: ServerResponse,
  body: { ok: true; value: unknown } | { ok: false; error: AppErrorData },
): void {
  const status = body.ok ? 200 : (STATUS[body.error.code] ?? 500)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > limit) {
      reject(tooLarge(limit))
      req.resume()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > limit) {
        reject(tooLarge(limit))
        req.destroy()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
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

/**
 * Handles a request when it is one of ours (returns true); anything else is left to the HTTP server.
 * `remote` names the caller for the refusal log.
 */
export function handleSyncRequest(
  hub: SyncHub,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): boolean {
  if (path !== '/sync/push' && path !== '/sync/hello' && path !== '/sync/pull') return false
  if (req.method !== 'POST') {
    res.writeHead(405, { Allow: 'POST' }).end()
    return true
  }
  const remote = `${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''}`
  const arrivedAt = Date.now()
  void (async () => {
    try {
      const text = await readBody(req, SYNC_MAX_BYTES)
      const grant = hub.authenticate(bearer(req), remote)
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
      if (!res.headersSent) send(res, { ok: false, error: toAppErrorData(err, 'sync/internal') })
    }
  })()
  return true
}
