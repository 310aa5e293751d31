/**
 * HTTP + WebSocket transport (docs/architecture.md "One contract, two transports"). Serves the built renderer pages
 * (`/control`, `/overlay`), static assets, resources and player photos, and the contract at `/ws`.
 * Listens on 127.0.0.1 only. Reads are open; control calls need the session token (`/ws?token=…`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { createServer as createTcpServer, type Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { open } from 'node:fs/promises'
import { pipeline } from 'node:stream'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { timingSafeEqual, randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket, type RawData } from 'ws'
import {
  WIRE_BULK_MAX_BYTES,
  WIRE_MAX_BYTES,
  WIRE_MAX_DEPTH,
  bulkCalls,
  calls,
  messageTooLarge,
  pushAccess,
  pushNames,
  wireRequestSchema,
  type Access,
  type PushName,
  type WireServerMessage,
} from '../../shared/contract'
import { appError, type AppErrorData } from '../../shared/errors'
import type { CallGrant, Router } from './router'
import { AuthFailureLimiter, jsonDepthExceeds, ReadRateLimiter, strongToken } from './limits'
import { LOOPBACK, hubAddresses, isLocalConnection } from './lan'
import type { TlsIdentity } from './tls'
import { AppError } from '../../shared/errors'
import { createReplyGate } from './reply'

/** Errors of a TLS handshake that the network made, not the client (they are no strike against its address). */
const NETWORK_FAULTS: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED'])

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
  /**
   * The hub's certificate (issue 29 §2): the same port then also speaks TLS (told apart by the first byte), and a
   * connection from another machine must use it — plain HTTP stays for this machine's panel and OBS only.
   */
  tls?: TlsIdentity
  /** Failed authentications per remote address (shared with the sync endpoints); one of its own when absent. */
  authFailures?: AuthFailureLimiter
  /** Told of every refusal of a connection (typed code and the remote address): the hub logs and counts them. */
  onRefusal?: (code: string, remote: string) => void
}

export interface RunningServer {
  port: number
  origin: string
  token: string
  controlUrl: string
  overlayUrl: string
  /** A push to every client that may have it; `'grants'`: to the clients of a table token only (if it allows). */
  broadcast(channel: PushName, payload: unknown, only?: 'grants'): void
  clientCount(): number
  /** Whether a client with a table token (a tablet) is connected. */
  hasGrants(): boolean
  /** Closes at once every connection whose table token no longer grants anything (revoked, expired). */
  dropDeadGrants(): number
  /**
   * The origins a machine of the hall can reach this server at (HTTPS with the certificate; empty without the
   * LAN mode): with `--lan 0.0.0.0`, one per address of this machine's interfaces, never 127.0.0.1.
   */
  lanOrigins(): string[]
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

/** Errors of opening a file that mean "no such file here" rather than a fault. */
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP'])

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as { code?: string }).code : undefined
}

/**
 * Streams a file. The file is opened before the headers go out, so running out of file handles (EMFILE) is a
 * 503, not a crash; `pipeline` closes the file when the client aborts and reports stream errors to `onError`.
 */
async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  onError: (err: Error) => void,
  extraHeaders: Record<string, string> = {},
): Promise<boolean> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (err) {
    if (NOT_FOUND_CODES.has(errorCode(err) ?? '')) return false
    throw err
  }
  let size: number
  try {
    const st = await handle.stat()
    if (!st.isFile()) {
      await handle.close()
      return false
    }
    size = st.size
  } catch (err) {
    await handle.close()
    throw err
  }
  res.writeHead(200, {
    'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(size),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...extraHeaders,
  })
  if (req.method === 'HEAD' || res.destroyed) {
    await handle.close()
    res.end()
    return true
  }
  pipeline(handle.createReadStream(), res, (err) => {
    if (err && errorCode(err) !== 'ERR_STREAM_PREMATURE_CLOSE') onError(err)
  })
  return true
}

/** The request-target as a URL, or null when it cannot be parsed (`//[`, `http://[/ws`, …). */
export function parseTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', `http://${LOOPBACK}`)
  } catch {
    return null
  }
}

/** A WebSocket may come from our own pages or from a client that sends no Origin (OBS, scripts). */
export function originAllowed(origin: string | undefined, port: number, lanHost?: string): boolean {
  if (origin === undefined) return true
  // LAN mode: our own pages served from the LAN address (same origin as the Host the client used).
  if (
    lanHost !== undefined &&
    lanHost !== LOOPBACK &&
    (origin === `http://${lanHost}` || origin === `https://${lanHost}`)
  )
    return true
  return origin === `http://${LOOPBACK}:${port}` || origin === `http://localhost:${port}`
}

function rejectUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy())
}

/** The unsent bytes a connection may have queued before it is dropped as a slow reader. */
export const MAX_BUFFERED: Record<Access, number> = { read: 4 * 1024 * 1024, control: 96 * 1024 * 1024 }
/** The close code for a connection dropped because it does not read what it is sent. */
export const CLOSE_SLOW_READER = 4008

/**
 * The pushes a client asked for with `?push=a,b` (none for `?push=`); every push when it did not ask. The control
 * panel does not follow the overlay's view, and the overlay needs nothing but it: one message per client per command.
 */
export function pushSubscription(url: URL): Set<PushName> | null {
  const asked = url.searchParams.get('push')
  if (asked === null) return null
  return new Set(pushNames.filter((n) => asked.split(',').includes(n)))
}

function hostAllowed(host: string | undefined, port: number, lanHost?: string): boolean {
  if (!host) return false
  if (host === `${LOOPBACK}:${port}` || host === `localhost:${port}`) return true
  // LAN mode: any Host header (the machine's LAN name or address); every remote call needs a token anyway.
  return lanHost !== undefined && lanHost !== LOOPBACK
}

/** The typed refusal of a weak control token in the LAN mode. */
export function weakToken(): AppError {
  return new AppError(
    appError(
      'transport/weak_token',
      'Токен управления слишком простой для работы по сети: нужно не меньше 20 случайных символов. Не задавайте токен — программа создаст надёжный.',
      'The control token is too weak for the hall network: at least 20 random characters are needed. Give no token and the app makes a strong one.',
    ),
  )
}

/** Whether the server listens beyond this machine (the LAN mode). */
export function isLanHost(host: string | undefined): boolean {
  return host !== undefined && host !== LOOPBACK && host !== 'localhost'
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const token = opts.token ?? generateToken()
  const log = opts.log ?? (() => {})
  const lan = isLanHost(opts.host)
  // A short control token on the hall network is brute-forced in seconds (issue 29 §2): refused at the start.
  if (lan && !strongToken(token)) throw weakToken()
  const authFailures = opts.authFailures ?? new AuthFailureLimiter()
  const refused = (code: string, remote: string): void => {
    if (opts.onRefusal) opts.onRefusal(code, remote)
    else log(`refused: ${code} from ${remote || '?'}`)
  }
  const pageHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(),
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'SAMEORIGIN',
  }
  let boundPort = opts.port

  /** A request from another machine over plain HTTP while the hub speaks TLS: the hall network is never plain. */
  function plainFromHall(req: IncomingMessage): boolean {
    return opts.tls !== undefined && !(req.socket as TLSSocket).encrypted && !isLocalConnection(req.socket)
  }

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host, boundPort, opts.host)) {
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Misdirected request')
      return
    }
    if (plainFromHall(req)) {
      refused('transport/tls_required', req.socket.remoteAddress ?? '')
      const body = JSON.stringify({
        ok: false,
        error: appError(
          'transport/tls_required',
          'По сети зала главный компьютер отвечает только по HTTPS: откройте адрес https://…',
          'On the hall network the hub answers over HTTPS only: open the https://… address',
        ),
      })
      // A page is sent on to the same address over HTTPS; anything else (a table's sync) is refused, typed.
      if ((req.method === 'GET' || req.method === 'HEAD') && req.headers.host) {
        res.writeHead(308, { Location: `https://${req.headers.host}${req.url ?? '/'}` }).end()
      } else res.writeHead(403, { 'Content-Type': 'application/json; charset=utf-8' }).end(body)
      return
    }
    if (opts.handle?.(req, res, parseTarget(req.url)?.pathname ?? '')) return
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    const url = parseTarget(req.url)
    if (!url) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request')
      return
    }
    const path = url.pathname
    const onStreamError = (err: Error): void => log(`http stream error ${path}: ${String(err)}`)
    // `/` is the start page (links to the panel, the organiser's page and the overlays for OBS).
    const page = path === '/' || path === '/index.html' ? 'start' : path.slice(1)
    if (page === 'start' || page === 'control' || page === 'overlay' || page === 'admin') {
      if (await sendFile(req, res, join(opts.staticDir, `${page}.html`), onStreamError, pageHeaders)) return
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
        if (file && (await sendFile(req, res, file, onStreamError))) return
        break
      }
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handleHttp(req, res).catch((err: unknown) => {
      log(`http error: ${String(err)}`)
      const busy = ['EMFILE', 'ENFILE'].includes(errorCode(err) ?? '')
      if (!res.headersSent) res.writeHead(busy ? 503 : 500).end()
      else res.destroy()
    })
  }
  const server = createServer(onRequest)
  // The same pages, contract and sync over TLS with the hub's certificate, on the same port (see `listener`).
  const secure: Server | null = opts.tls
    ? createTlsServer({ key: opts.tls.key, cert: opts.tls.cert, minVersion: 'TLSv1.2' }, onRequest)
    : null
  const servers = secure ? [server, secure] : [server]
  for (const s of servers) {
    s.on('clientError', (err, socket) => {
      log(`http client error: ${errorCode(err) ?? String(err)}`)
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
      socket.destroy()
    })
  }
  secure?.on('tlsClientError', (err: Error, socket: TLSSocket) => {
    log(`tls client error from ${socket.remoteAddress ?? '?'}: ${errorCode(err) ?? err.message}`)
    // A broken handshake is a strike: enough of them close the address's connections before TLS (see `sniff`).
    // A connection the network cut (a table killed, Wi-Fi gone) is no fault of the address: not a strike.
    if (!isLocalConnection(socket) && !NETWORK_FAULTS.has(errorCode(err) ?? ''))
      authFailures.strike(socket.remoteAddress ?? '')
    socket.destroy()
  })

  // Two servers, one per access level, so that `ws` itself refuses an oversized frame before buffering it:
  // a connection without the token never needs more than WIRE_MAX_BYTES; the judge's may carry a file.
  const wssFor: Record<Access, WebSocketServer> = {
    read: new WebSocketServer({ noServer: true, maxPayload: WIRE_MAX_BYTES }),
    control: new WebSocketServer({ noServer: true, maxPayload: WIRE_BULK_MAX_BYTES }),
  }
  interface Client {
    ws: WebSocket
    access: Access
    seq: number
    reads: ReadRateLimiter
    /** A table token's narrower right (its grant decides which pushes it gets). */
    grant?: CallGrant
    pushes: Set<PushName> | null
  }
  const clients = new Set<Client>()
  /** The client whose call is running now (handlers push synchronously), and the push its reply replaces. */
  const replies = createReplyGate<Client>()
  const wants = (c: Client, channel: PushName): boolean =>
    (c.pushes === null || c.pushes.has(channel)) && !replies.skips(c, channel)
  /** Runs a call for a client; while its handler runs (synchronously), a push its reply carries skips it. */
  function dispatchAs(client: Client, method: string, params: unknown): ReturnType<Router['dispatch']> {
    return replies.run(client, method, () =>
      opts.router.dispatch(method, params, client.access, client.grant),
    )
  }

  /** Sends one message, or drops the connection when it has stopped reading (its unsent buffer is full). */
  function deliver(client: Client, text: string): void {
    const { ws } = client
    if (ws.readyState !== ws.OPEN) return
    if (ws.bufferedAmount + text.length > MAX_BUFFERED[client.access]) {
      dropSlowReader(client)
      return
    }
    ws.send(text)
  }

  function dropSlowReader(client: Client): void {
    clients.delete(client)
    log(`ws: dropped a slow reader (${client.ws.bufferedAmount} bytes unsent)`)
    client.ws.close(CLOSE_SLOW_READER, 'slow reader: too much unsent data')
    // A reader that reads nothing never completes the closing handshake: free its buffer now.
    setTimeout(() => client.ws.terminate(), 1000).unref()
  }

  function upgradeRefusal(req: IncomingMessage): string | null {
    const url = parseTarget(req.url)
    if (!url || url.pathname !== '/ws' || !hostAllowed(req.headers.host, boundPort, opts.host))
      return '404 Not Found'
    const lanHost = opts.host !== undefined ? req.headers.host : undefined
    if (!originAllowed(req.headers.origin, boundPort, lanHost)) return '403 Forbidden'
    return null
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log(`ws socket error: ${errorCode(err) ?? String(err)}`))
    try {
      const refusal = upgradeRefusal(req)
      if (refusal) {
        rejectUpgrade(socket, refusal)
        return
      }
      const remote = req.socket.remoteAddress ?? ''
      if (plainFromHall(req)) {
        refused('transport/tls_required', remote)
        rejectUpgrade(socket, '403 Forbidden')
        return
      }
      // Local = from this machine to 127.0.0.1 under a loopback Host (no DNS rebinding through the LAN mode).
      const local = isLocalConnection(req.socket) && hostAllowed(req.headers.host, boundPort)
      const url = parseTarget(req.url)
      const given = url?.searchParams.get('token') ?? null
      // An address that guessed wrong too often is refused before its token is looked at (brute force).
      if (given !== null && !local && authFailures.blocked(remote)) {
        authFailures.strike(remote)
        refused('transport/too_many_failures', remote)
        rejectUpgrade(socket, '429 Too Many Requests')
        return
      }
      const access: Access = given && tokensEqual(given, token) ? 'control' : 'read'
      const grant = given && access !== 'control' ? (opts.grantFor?.(given) ?? undefined) : undefined
      if (given !== null && access !== 'control' && !grant) {
        if (!local) authFailures.fail(remote)
        refused('transport/bad_token', remote)
      }
      if (access !== 'control' && !grant && !local) {
        log(`ws: refused a connection without a valid token from ${remote || '?'}`)
        rejectUpgrade(socket, '401 Unauthorized')
        return
      }
      const pushes = url ? pushSubscription(url) : null
      wssFor[access].handleUpgrade(req, socket, head, (ws) =>
        onConnection(ws, access, given !== null && !grant, pushes, grant),
      )
    } catch (err) {
      log(`ws upgrade error: ${String(err)}`)
      socket.destroy()
    }
  }
  for (const s of servers) s.on('upgrade', onUpgrade)

  function onConnection(
    ws: WebSocket,
    access: Access,
    gaveToken: boolean,
    pushes: Set<PushName> | null,
    grant?: CallGrant,
  ): void {
    const client: Client = { ws, access, seq: 0, reads: new ReadRateLimiter(), grant, pushes }
    clients.add(client)
    const send = (msg: WireServerMessage): void => deliver(client, JSON.stringify(msg))
    send({ type: 'hello', access, version: opts.version })
    if (gaveToken && access !== 'control') {
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
      handleMessage(client, data, isBinary, send).catch((err: unknown) =>
        log(`ws message error: ${String(err)}`),
      )
    })
    ws.on('close', () => clients.delete(client))
    ws.on('error', (err) => {
      log(`ws error: ${String(err)}`)
      clients.delete(client)
    })
  }

  function malformed(
    id: number | null,
    ru: string,
    en: string,
    code = 'contract/malformed',
  ): WireServerMessage {
    return { type: 'result', id, ok: false, error: appError(code, ru, en) }
  }

  async function handleMessage(
    client: Client,
    data: RawData,
    isBinary: boolean,
    send: (msg: WireServerMessage) => void,
  ): Promise<void> {
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
    if (isBinary) {
      send(malformed(null, 'Неверное сообщение: ожидался JSON', 'Malformed message: JSON expected'))
      return
    }
    if (jsonDepthExceeds(bytes, WIRE_MAX_DEPTH)) {
      send(
        malformed(
          null,
          `Сообщение отклонено: вложенность глубже ${WIRE_MAX_DEPTH} уровней`,
          `Message refused: nested deeper than ${WIRE_MAX_DEPTH} levels`,
          'transport/too_deep',
        ),
      )
      return
    }
    let raw: unknown
    try {
      raw = JSON.parse(bytes.toString('utf8'))
    } catch {
      send(malformed(null, 'Неверное сообщение: ожидался JSON', 'Malformed message: JSON expected'))
      return
    }
    const parsed = wireRequestSchema.safeParse(raw)
    if (!parsed.success) {
      const id =
        typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'number'
          ? (raw as { id: number }).id
          : null
      send(
        malformed(
          id,
          'Неверное сообщение: нужно {type:"call", id, method, params}',
          'Malformed message: expected {type:"call", id, method, params}',
        ),
      )
      return
    }
    const { id, method, params } = parsed.data
    const refusal = admissionError(client, method, bytes.length)
    if (refusal) {
      send({ type: 'result', id, ok: false, error: refusal })
      return
    }
    const result = await dispatchAs(client, method, params)
    send(
      result.ok
        ? { type: 'result', id, ok: true, value: result.value }
        : { type: 'result', id, ok: false, error: result.error },
    )
  }

  /** Size cap for calls that carry no file, and the rate limit on read calls. */
  function admissionError(client: Client, method: string, size: number): AppErrorData | null {
    if (size > WIRE_MAX_BYTES && !bulkCalls.has(method)) return messageTooLarge(size, WIRE_MAX_BYTES)
    const spec = (calls as Record<string, { access: Access } | undefined>)[method]
    if (spec?.access === 'read' && !client.reads.take()) {
      return appError(
        'transport/rate_limited',
        'Слишком много запросов на чтение: подождите немного',
        'Too many read requests: slow down',
        { method },
      )
    }
    return null
  }

  /**
   * With a certificate, one port speaks both: a TLS handshake begins with the byte 0x16, an HTTP request never
   * does. Plain HTTP is then answered for this machine only (`plainFromHall`). A connection that sends nothing
   * for 10 s is closed (it would hold a socket for ever).
   */
  // The http/https servers never listen themselves, so they do not track these connections: this set does.
  const sockets = new Set<Socket>()
  const sniff = (socket: Socket): void => {
    const remote = socket.remoteAddress ?? ''
    const local = isLocalConnection(socket)
    // An address that went on failing is closed here, before a byte of TLS: it costs no handshake (issue 29 §2).
    if (!local && authFailures.shut(remote)) {
      refused('transport/address_shut', remote)
      socket.destroy()
      return
    }
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setTimeout(10_000, () => {
      if (!local) authFailures.strike(remote)
      socket.destroy()
    })
    socket.on('error', (err) => log(`tcp socket error: ${errorCode(err) ?? String(err)}`))
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0)
      socket.pause()
      socket.unshift(first)
      ;(first[0] === 0x16 && secure ? secure : server).emit('connection', socket)
      process.nextTick(() => socket.resume())
    })
  }
  const listener = secure ? createTcpServer(sniff) : server
  await new Promise<void>((resolveListen, reject) => {
    listener.once('error', reject)
    listener.listen(opts.port, opts.host ?? LOOPBACK, () => {
      listener.off('error', reject)
      resolveListen()
    })
  })
  boundPort = (listener.address() as AddressInfo).port
  // After listening, errors such as EMFILE on accept() are logged; Node retries the accept, the server lives on.
  listener.on('error', (err) => log(`http server error: ${errorCode(err) ?? String(err)}`))
  const listened = opts.host ?? LOOPBACK
  const everyInterface = listened === '0.0.0.0' || listened === '::'
  /**
   * On one hall address, this machine's panel, overlay and OBS keep plain HTTP on 127.0.0.1 at the same port
   * (loopback is not the hall network; OBS cannot take a self-signed certificate). When that port is taken on
   * loopback, they use the hall address over HTTPS.
   */
  let loopback: ReturnType<typeof createTcpServer> | null = null
  if (lan && secure && !everyInterface) {
    const extra = createTcpServer(sniff)
    loopback = await new Promise((resolveListen) => {
      extra.once('error', (err) => {
        log(`this machine's address ${LOOPBACK}:${boundPort} is taken (${errorCode(err) ?? String(err)})`)
        resolveListen(null)
      })
      extra.listen(boundPort, LOOPBACK, () => resolveListen(extra))
    })
    loopback?.on('error', (err) => log(`http server error: ${errorCode(err) ?? String(err)}`))
  }
  const origin =
    lan && secure && !everyInterface && !loopback
      ? `https://${hostPart(listened)}:${boundPort}`
      : `http://${everyInterface || loopback ? LOOPBACK : listened}:${boundPort}`

  return {
    port: boundPort,
    origin,
    token,
    controlUrl: `${origin}/control?token=${encodeURIComponent(token)}`,
    overlayUrl: `${origin}/overlay`,
    broadcast(channel, payload, only) {
      const need = pushAccess[channel]
      // The payload is serialised once for every client; only the per-connection sequence number differs.
      let body: string | null = null
      for (const c of clients) {
        // A table token's client gets what its grant allows (e.g. its own table's game view), nothing else.
        if (
          c.grant
            ? !c.grant.allowsPush(channel, payload)
            : only === 'grants' || (need === 'control' && c.access !== 'control')
        )
          continue
        if (c.ws.readyState !== c.ws.OPEN || !wants(c, channel)) continue
        c.seq += 1
        body ??= JSON.stringify(payload)
        deliver(c, `{"type":"push","channel":${JSON.stringify(channel)},"seq":${c.seq},"payload":${body}}`)
      }
    },
    clientCount: () => clients.size,
    hasGrants() {
      for (const c of clients) if (c.grant) return true
      return false
    },
    dropDeadGrants() {
      let dropped = 0
      for (const c of clients) {
        if (!c.grant || c.grant.alive()) continue
        clients.delete(c)
        c.ws.terminate()
        dropped += 1
      }
      if (dropped > 0) log(`ws: closed ${dropped} connection(s) of a revoked or expired table token`)
      return dropped
    },
    lanOrigins: () =>
      lan && opts.tls ? hubAddresses(listened).map((a) => `https://${hostPart(a)}:${boundPort}`) : [],
    close: () =>
      new Promise<void>((done) => {
        for (const c of clients) c.ws.terminate()
        wssFor.read.close()
        wssFor.control.close()
        let open = servers.length + (listener === server ? 0 : 1) + (loopback ? 1 : 0)
        const one = (): void => {
          if (--open === 0) done()
        }
        if (listener !== server) listener.close(one)
        loopback?.close(one)
        for (const s of servers) {
          if (s.listening) s.close(one)
          else one()
          s.closeAllConnections()
        }
        for (const socket of sockets) socket.destroy()
      }),
  }
}

/** An address as the host part of a URL (an IPv6 address in brackets). */
export function hostPart(address: string): string {
  return address.includes(':') ? `[${address}]` : address
}
