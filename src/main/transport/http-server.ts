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
  wireRequestSchema,
  type Access,
  type PushName,
  type WireServerMessage,
} from '../../shared/contract'
import { appError } from '../../shared/errors'
import type { CallGrant, Router } from './router'
import { LOOPBACK, isLocalConnection } from './lan'

export { LOOPBACK }

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
  /** Listen address; anything but 127.0.0.1 is the LAN mode (lan.ts): remote connections need a token. */
  host?: string
  /** Requests answered before the pages and files (the hub's POST /sync/…); true when answered. */
  handle?: (req: IncomingMessage, res: ServerResponse, path: string) => boolean
  /** What a token other than the control token (a table token) grants, or null when it grants nothing. */
  grantFor?: (token: string) => CallGrant | null
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

function hostAllowed(host: string | undefined, port: number, lanHost?: string): boolean {
  if (!host) return false
  if (host === `${LOOPBACK}:${port}` || host === `localhost:${port}`) return true
  // LAN mode: any Host header (the machine's LAN name or address); every remote call needs a token anyway.
  return lanHost !== undefined && lanHost !== LOOPBACK
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
      if (!hostAllowed(req.headers.host, boundPort, opts.host)) {
        res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Misdirected request')
        return
      }
      if (opts.handle?.(req, res, new URL(req.url ?? '/', `http://${LOOPBACK}`).pathname)) return
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
    /** A table token's narrower right (pushes stay 'read'). */
    grant?: CallGrant
  }
  const clients = new Set<Client>()

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`)
    if (url.pathname !== '/ws' || !hostAllowed(req.headers.host, boundPort, opts.host)) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      socket.destroy()
      return
    }
    const given = url.searchParams.get('token')
    const access: Access = given && tokensEqual(given, token) ? 'control' : 'read'
    const grant = given && access !== 'control' ? (opts.grantFor?.(given) ?? undefined) : undefined
    // Local = from this machine to 127.0.0.1 under a loopback Host name (no DNS rebinding through the LAN mode).
    const local = isLocalConnection(req.socket) && hostAllowed(req.headers.host, boundPort)
    if (access !== 'control' && !grant && !local) {
      log(`refused a connection without a valid token from ${req.socket.remoteAddress ?? '?'}`)
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { ws, access, seq: 0, grant }
      clients.add(client)
      const send = (msg: WireServerMessage): void => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg))
      }
      send({ type: 'hello', access, version: opts.version })
      if (given && access !== 'control' && !grant) {
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
    const result = await opts.router.dispatch(method, params, client.access, client.grant)
    send(
      result.ok
        ? { type: 'result', id, ok: true, value: result.value }
        : { type: 'result', id, ok: false, error: result.error },
    )
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host ?? LOOPBACK, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  boundPort = (server.address() as AddressInfo).port
  const listened = opts.host ?? LOOPBACK
  const origin = `http://${listened === '0.0.0.0' || listened === '::' ? LOOPBACK : listened}:${boundPort}`

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
        if (c.ws.readyState !== c.ws.OPEN) continue
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
