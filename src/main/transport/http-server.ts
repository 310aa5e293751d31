/**
 * HTTP + WebSocket transport (DESIGN.md "One contract, two transports"). Serves the built renderer pages
 * (`/control`, `/overlay`), static assets, resources and player photos, and the contract at `/ws`.
 * Listens on 127.0.0.1 only. Reads are open; control calls need the session token (`/ws?token=…`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { timingSafeEqual, randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket, type RawData } from 'ws'
import {
  pushAccess,
  pushNames,
  wireRequestSchema,
  type Access,
  type PushName,
  type WireServerMessage,
} from '../../shared/contract'
import { appError } from '../../shared/errors'
import type { Router } from './router'

export const LOOPBACK = '127.0.0.1'

export interface ServerOptions {
  port: number
  router: Router
  /** Folder with the built renderer (control.html, overlay.html, assets/). */
  staticDir: string
  /** Extra folders served under a URL prefix, e.g. { '/photos': dataDir/photos, '/resources': resources }. */
  mounts?: Record<string, string>
  token?: string
  version: string
  log?: (line: string) => void
}

export interface RunningServer {
  port: number
  origin: string
  token: string
  controlUrl: string
  overlayUrl: string
  broadcast(channel: PushName, payload: unknown): void
  clientCount(): number
  close(): Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
}

/** The Content-Security-Policy of both pages: only our own origin, no eval, no plugins, no framing. */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // https: lets an organiser's logo URL show on the overlay; scripts and connections stay same-origin.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' data:",
    "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    // The control panel previews the overlay in an iframe of the same origin; nobody else may frame the pages.
    "frame-ancestors 'self'",
  ].join('; ')
}

export function generateToken(): string {
  return randomBytes(18).toString('base64url')
}

function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Resolves a URL path inside a root folder, refusing anything that escapes it. */
function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const full = normalize(join(root, decoded))
  const base = resolve(root)
  if (full !== base && !full.startsWith(base + sep)) return null
  return full
}

function sendFile(res: ServerResponse, file: string, extraHeaders: Record<string, string> = {}): boolean {
  if (!existsSync(file)) return false
  const st = statSync(file)
  if (!st.isFile()) return false
  res.writeHead(200, {
    'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(st.size),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...extraHeaders,
  })
  createReadStream(file).pipe(res)
  return true
}

/**
 * The pushes a client asked for with `?push=a,b` (none for `?push=`); every push when it did not ask. The control
 * panel does not follow the overlay's view, and the overlay needs nothing but it: one message per client per command.
 */
export function pushSubscription(url: URL): Set<PushName> | null {
  const asked = url.searchParams.get('push')
  if (asked === null) return null
  return new Set(pushNames.filter((n) => asked.split(',').includes(n)))
}

/** Calls whose reply is the envelope their push carries: the caller gets it once, in the reply. */
const REPLY_CARRIES: Partial<Record<string, PushName>> = {
  'game.command': 'game.view',
  'game.open': 'game.view',
  'game.create': 'game.view',
}

function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false
  return host === `${LOOPBACK}:${port}` || host === `localhost:${port}`
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const token = opts.token ?? generateToken()
  const log = opts.log ?? (() => {})
  const pageHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(),
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'SAMEORIGIN',
  }
  let boundPort = opts.port

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    try {
      if (!hostAllowed(req.headers.host, boundPort)) {
        res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Misdirected request')
        return
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      const url = new URL(req.url ?? '/', `http://${LOOPBACK}`)
      const path = url.pathname
      if (path === '/' || path === '/index.html') {
        res.writeHead(302, { Location: '/overlay' }).end()
        return
      }
      if (path === '/control' || path === '/overlay' || path === '/admin') {
        if (sendFile(res, join(opts.staticDir, `${path.slice(1)}.html`), pageHeaders)) return
        res
          .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Renderer not built: run npm run build')
        return
      }
      if (path === '/healthz') {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ ok: true, version: opts.version }))
        return
      }
      const mounts: Record<string, string> = {
        '/assets': join(opts.staticDir, 'assets'),
        ...(opts.mounts ?? {}),
      }
      for (const [prefix, dir] of Object.entries(mounts)) {
        if (path.startsWith(prefix + '/')) {
          const file = safeJoin(dir, path.slice(prefix.length))
          if (file && sendFile(res, file)) return
          break
        }
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
    } catch (err) {
      log(`http error: ${String(err)}`)
      if (!res.headersSent) res.writeHead(500).end()
    }
  })

  // 16 MB: room for a player photo (≤ 5 MB as base64) or an exchange file; anything larger is refused by ws.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 })
  interface Client {
    ws: WebSocket
    access: Access
    seq: number
    pushes: Set<PushName> | null
  }
  const clients = new Set<Client>()
  /** The client whose call is running now (handlers push synchronously), and the push its reply replaces. */
  let replying: { client: Client; channel: PushName } | null = null
  const wants = (c: Client, channel: PushName): boolean =>
    (c.pushes === null || c.pushes.has(channel)) &&
    !(replying !== null && replying.client === c && replying.channel === channel)

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`)
    if (url.pathname !== '/ws' || !hostAllowed(req.headers.host, boundPort)) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      socket.destroy()
      return
    }
    const given = url.searchParams.get('token')
    const access: Access = given && tokensEqual(given, token) ? 'control' : 'read'
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { ws, access, seq: 0, pushes: pushSubscription(url) }
      clients.add(client)
      const send = (msg: WireServerMessage): void => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg))
      }
      send({ type: 'hello', access, version: opts.version })
      if (given && access !== 'control') {
        send({
          type: 'result',
          id: null,
          ok: false,
          error: appError(
            'transport/bad_token',
            'Неверный токен управления: доступен только просмотр',
            'Wrong control token: read-only access',
          ),
        })
      }
      ws.on('message', (data: RawData, isBinary: boolean) => {
        void handleMessage(client, data, isBinary, send)
      })
      ws.on('close', () => clients.delete(client))
      ws.on('error', () => clients.delete(client))
    })
  })

  async function handleMessage(
    client: Client,
    data: RawData,
    isBinary: boolean,
    send: (msg: WireServerMessage) => void,
  ): Promise<void> {
    let raw: unknown
    try {
      if (isBinary) throw new Error('binary')
      raw = JSON.parse(data.toString())
    } catch {
      send({
        type: 'result',
        id: null,
        ok: false,
        error: appError(
          'contract/malformed',
          'Неверное сообщение: ожидался JSON',
          'Malformed message: JSON expected',
        ),
      })
      return
    }
    const parsed = wireRequestSchema.safeParse(raw)
    if (!parsed.success) {
      const id =
        typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'number'
          ? (raw as { id: number }).id
          : null
      send({
        type: 'result',
        id,
        ok: false,
        error: appError(
          'contract/malformed',
          'Неверное сообщение: нужно {type:"call", id, method, params}',
          'Malformed message: expected {type:"call", id, method, params}',
        ),
      })
      return
    }
    const { id, method, params } = parsed.data
    const carried = REPLY_CARRIES[method]
    replying = carried ? { client, channel: carried } : null
    let pending: ReturnType<Router['dispatch']>
    try {
      pending = opts.router.dispatch(method, params, client.access)
    } finally {
      replying = null
    }
    const result = await pending
    send(
      result.ok
        ? { type: 'result', id, ok: true, value: result.value }
        : { type: 'result', id, ok: false, error: result.error },
    )
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(opts.port, LOOPBACK, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  boundPort = (server.address() as AddressInfo).port
  const origin = `http://${LOOPBACK}:${boundPort}`

  return {
    port: boundPort,
    origin,
    token,
    controlUrl: `${origin}/control?token=${encodeURIComponent(token)}`,
    overlayUrl: `${origin}/overlay`,
    broadcast(channel, payload) {
      const need = pushAccess[channel]
      // The payload is serialised once for every client; only the per-connection sequence number differs.
      let body: string | null = null
      for (const c of clients) {
        if (need === 'control' && c.access !== 'control') continue
        if (c.ws.readyState !== c.ws.OPEN || !wants(c, channel)) continue
        c.seq += 1
        body ??= JSON.stringify(payload)
        c.ws.send(`{"type":"push","channel":${JSON.stringify(channel)},"seq":${c.seq},"payload":${body}}`)
      }
    },
    clientCount: () => clients.size,
    close: () =>
      new Promise<void>((done) => {
        for (const c of clients) c.ws.terminate()
        wss.close()
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}
