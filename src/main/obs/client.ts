/**
 * ObsService: one connection to OBS Studio through obs-websocket (protocol v5, obs-websocket-js 5).
 *
 * - Never throws into the caller on OBS faults: every request returns a Result; connection problems become the
 *   status `{ state, code, reason }`, emitted on change.
 * - Reconnects with backoff (0.25 s doubling to a cap) after OBS dies or when it is not up yet; a wrong password or
 *   an unsupported protocol version stops retrying (retrying cannot help) until `connect` is called again.
 * - The password is only handed to obs-websocket-js (which sends a salted hash) and is never logged or emitted.
 */
import type { OBSWebSocket, OBSWebSocketError } from 'obs-websocket-js'
import { appError, type AppErrorData, type LocalizedText, type Result } from '../../shared/errors'

export type ObsConnectionState = 'disconnected' | 'connecting' | 'connected' | 'error'

export interface ObsStatus {
  state: ObsConnectionState
  /** Why the light is not green (error, or reconnecting); null when connected or deliberately disconnected. */
  reason: LocalizedText | null
  /** Stable error code: obs/refused, obs/auth_failed, obs/version, obs/connection_lost, obs/timeout, … */
  code: string | null
}

export interface ObsConnectOptions {
  url: string
  password: string
}

export interface ObsServiceOptions {
  /** First retry delay; doubles up to `backoffMaxMs`. Default 250 ms. */
  backoffInitialMs?: number
  /** Retry delay cap. Default 2000 ms: a restarted OBS is picked up at most ~2 s after it is ready. */
  backoffMaxMs?: number
  /** How long one connection attempt may take. Default 5000 ms. */
  connectTimeoutMs?: number
  /** How long one request may take. Default 3000 ms. */
  requestTimeoutMs?: number
  /** Diagnostic log sink (never receives the password). Default: none. */
  log?: (message: string) => void
}

/** obs-websocket WebSocketCloseCode values we explain to the user. */
const CLOSE_AUTH_FAILED = 4009
const CLOSE_UNSUPPORTED_RPC = 4010
const CLOSE_MISSING_DATA = 4003
/** obs-websocket RequestStatus.ResourceNotFound */
const STATUS_RESOURCE_NOT_FOUND = 600

const RPC_VERSION = 1

type ObsLibrary = typeof import('obs-websocket-js')
/**
 * obs-websocket-js is loaded when the first connection to OBS is attempted, not when the app starts: most starts (a
 * judge without OBS, the headless server, every test server) never talk to OBS, and loading it with its
 * dependencies was about 12 ms of CPU at each start.
 */
let library: ObsLibrary | null = null
async function loadLibrary(): Promise<ObsLibrary> {
  library ??= await import('obs-websocket-js')
  return library
}

type Listener<T> = (value: T) => void

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message
  return String(err)
}

/** The numeric code of an obs-websocket error (its OBSWebSocketError carries one) or of any error that has one. */
function errorCode(err: unknown): number | null {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'number')
    return err.code
  return null
}

export const obsErrors = {
  notConnected: (): AppErrorData => appError('obs/not_connected', 'OBS не подключён', 'OBS is not connected'),
  refused: (url: string): AppErrorData =>
    appError(
      'obs/refused',
      `OBS не отвечает по адресу ${url}: запущен ли OBS и включён ли сервер WebSocket (Инструменты → Настройки сервера WebSocket), верен ли порт?`,
      `OBS refused the connection at ${url}: is OBS running with its WebSocket server enabled (Tools → WebSocket Server Settings) on that port?`,
      { url },
    ),
  unreachable: (url: string, detail: string): AppErrorData =>
    appError(
      'obs/unreachable',
      `Не удаётся связаться с OBS по адресу ${url} (${detail})`,
      `Cannot reach OBS at ${url} (${detail})`,
      { url },
    ),
  authFailed: (): AppErrorData =>
    appError(
      'obs/auth_failed',
      'OBS отклонил пароль WebSocket: проверьте пароль в OBS (Инструменты → Настройки сервера WebSocket)',
      'OBS rejected the WebSocket password: check it in OBS (Tools → WebSocket Server Settings)',
    ),
  version: (detail: string): AppErrorData =>
    appError(
      'obs/version',
      `Неподдерживаемая версия OBS WebSocket (${detail}): нужен OBS 28 или новее (obs-websocket 5)`,
      `Unsupported OBS WebSocket version (${detail}): OBS 28 or newer (obs-websocket 5) is required`,
    ),
  notObs: (url: string, detail: string): AppErrorData =>
    appError(
      'obs/not_obs',
      `По адресу ${url} отвечает не сервер OBS WebSocket (${detail}): проверьте порт`,
      `Something other than the OBS WebSocket server answers at ${url} (${detail}): check the port`,
      { url },
    ),
  badUrl: (url: string): AppErrorData =>
    appError(
      'obs/bad_url',
      `Неверный адрес OBS «${url}»: ожидается ws://хост:порт`,
      `Invalid OBS address "${url}": expected ws://host:port`,
      { url },
    ),
  timeout: (what: string): AppErrorData =>
    appError('obs/timeout', `OBS не ответил вовремя (${what})`, `OBS did not answer in time (${what})`),
  connectionLost: (): AppErrorData =>
    appError(
      'obs/connection_lost',
      'Связь с OBS потеряна, переподключаемся…',
      'Lost the connection to OBS, reconnecting…',
    ),
  closed: (code: number, detail: string): AppErrorData =>
    appError(
      'obs/closed',
      `OBS закрыл соединение (код ${code}${detail ? `: ${detail}` : ''})`,
      `OBS closed the connection (code ${code}${detail ? `: ${detail}` : ''})`,
      { closeCode: code },
    ),
  sceneMissing: (scene: string): AppErrorData =>
    appError(
      'obs/scene_missing',
      `В OBS нет сцены «${scene}»: создайте её или измените привязку сцен`,
      `OBS has no scene "${scene}": create it or change the scene map`,
      { scene },
    ),
  sourceMissing: (source: string, scene?: string): AppErrorData =>
    scene === undefined
      ? appError('obs/source_missing', `В OBS нет источника «${source}»`, `OBS has no source "${source}"`, {
          source,
        })
      : appError(
          'obs/source_missing',
          `В сцене OBS «${scene}» нет источника «${source}»`,
          `OBS scene "${scene}" has no source "${source}"`,
          { source, scene },
        ),
  requestFailed: (request: string, code: number | null, detail: string): AppErrorData =>
    appError(
      'obs/request_failed',
      `OBS не выполнил ${request}${code === null ? '' : ` (код ${code})`}: ${detail}`,
      `OBS failed ${request}${code === null ? '' : ` (code ${code})`}: ${detail}`,
      { request, status: code },
    ),
}

/** Turns a failed connection attempt into the error the panel shows. */
export function classifyConnectError(err: unknown, url: string, hadPassword: boolean): AppErrorData {
  const code = errorCode(err)
  const text = errorMessage(err)
  if (code === CLOSE_AUTH_FAILED) return obsErrors.authFailed()
  if (code === CLOSE_MISSING_DATA && !hadPassword) return obsErrors.authFailed()
  if (code === CLOSE_UNSUPPORTED_RPC) return obsErrors.version(`rpcVersion ${RPC_VERSION}`)
  if (/subprotocol/i.test(text)) return obsErrors.version('obs-websocket 4.x?')
  if (/ECONNREFUSED/.test(text)) return obsErrors.refused(url)
  if (/ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ECONNRESET/.test(text))
    return obsErrors.unreachable(url, text)
  if (/Invalid URL|SyntaxError/i.test(text) || err instanceof SyntaxError) return obsErrors.badUrl(url)
  if (/Unexpected server response|Invalid WebSocket frame|Invalid Sec-WebSocket/i.test(text))
    return obsErrors.notObs(url, text)
  if (code !== null && code >= 1000) return obsErrors.closed(code, text)
  return obsErrors.unreachable(url, text || 'unknown error')
}

function validWsUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return (u.protocol === 'ws:' || u.protocol === 'wss:') && u.hostname.length > 0
  } catch {
    return false
  }
}

/** Errors after which retrying is pointless until the operator changes something. */
function isFatal(error: AppErrorData): boolean {
  return (
    error.code === 'obs/auth_failed' ||
    error.code === 'obs/version' ||
    error.code === 'obs/bad_url' ||
    error.code === 'obs/not_obs'
  )
}

/** One live connection: a request socket without events, and an event socket that only listens. */
interface Link {
  control: OBSWebSocket
  events: OBSWebSocket
  /** Resolves when either socket closes: pending requests fail fast instead of hanging. */
  closed: Promise<void>
  markClosed: () => void
}

function dropSocket(socket: OBSWebSocket): void {
  socket.removeAllListeners()
  void socket.disconnect().catch(() => undefined)
}

export class ObsService {
  private readonly opts: Required<Omit<ObsServiceOptions, 'log'>> & { log: (m: string) => void }
  private target: ObsConnectOptions | null = null
  /** Bumped on every connect()/disconnect(): stale attempts and events of older sockets are ignored. */
  private generation = 0
  private link: Link | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private backoffMs: number
  private current: ObsStatus = { state: 'disconnected', reason: null, code: null }
  private readonly statusListeners = new Set<Listener<ObsStatus>>()
  private readonly sceneListeners = new Set<Listener<string>>()
  private readonly connectedListeners = new Set<Listener<void>>()
  private firstAttempt: { resolve: (s: ObsStatus) => void; generation: number } | null = null
  private readonly sceneItemIds = new Map<string, number>()
  /** Sockets of a connection attempt in progress (dropped at once by disconnect()). */
  private attempting: OBSWebSocket[] = []
  /** Requests run one at a time (see `request`). */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(options: ObsServiceOptions = {}) {
    this.opts = {
      backoffInitialMs: options.backoffInitialMs ?? 250,
      backoffMaxMs: options.backoffMaxMs ?? 2000,
      connectTimeoutMs: options.connectTimeoutMs ?? 5000,
      requestTimeoutMs: options.requestTimeoutMs ?? 3000,
      log: options.log ?? (() => undefined),
    }
    this.backoffMs = this.opts.backoffInitialMs
  }

  // ---- status ------------------------------------------------------------------------------------------------

  get status(): ObsStatus {
    return { ...this.current }
  }

  get connected(): boolean {
    return this.current.state === 'connected' && this.link !== null
  }

  /** Calls `fn` on every status change (not with the current one). Returns an unsubscribe function. */
  subscribe(fn: Listener<ObsStatus>): () => void {
    this.statusListeners.add(fn)
    return () => this.statusListeners.delete(fn)
  }

  /** OBS's CurrentProgramSceneChanged events (including changes made by hand in OBS). */
  onSceneChanged(fn: Listener<string>): () => void {
    this.sceneListeners.add(fn)
    return () => this.sceneListeners.delete(fn)
  }

  /** Called after every successful (re)connection, e.g. to put OBS back on the scene of the current moment. */
  onConnected(fn: Listener<void>): () => void {
    this.connectedListeners.add(fn)
    return () => this.connectedListeners.delete(fn)
  }

  private setStatus(state: ObsConnectionState, error: AppErrorData | null): void {
    const next: ObsStatus = { state, reason: error?.message ?? null, code: error?.code ?? null }
    const same =
      next.state === this.current.state &&
      next.code === this.current.code &&
      next.reason?.en === this.current.reason?.en
    if (same) return
    this.current = next
    this.opts.log(`obs: ${state}${error === null ? '' : ` (${error.code}: ${error.message.en})`}`)
    for (const fn of [...this.statusListeners]) {
      try {
        fn({ ...next })
      } catch (err) {
        this.opts.log(`obs: status listener threw: ${errorMessage(err)}`)
      }
    }
  }

  // ---- connection --------------------------------------------------------------------------------------------

  /**
   * Connects (or reconnects with new options) and keeps the connection up until `disconnect()`.
   * Resolves with the status after the first attempt; never rejects.
   */
  connect(options: ObsConnectOptions): Promise<ObsStatus> {
    this.stopCurrent()
    const generation = ++this.generation
    this.target = { url: options.url.trim(), password: options.password }
    this.backoffMs = this.opts.backoffInitialMs
    if (!validWsUrl(this.target.url)) {
      this.target = null
      this.setStatus('error', obsErrors.badUrl(options.url))
      return Promise.resolve(this.status)
    }
    this.setStatus('connecting', null)
    const first = new Promise<ObsStatus>((resolve) => {
      this.firstAttempt = { resolve, generation }
    })
    void this.attempt(generation)
    return first
  }

  /** Closes the connection and stops reconnecting. Never rejects. */
  async disconnect(): Promise<void> {
    this.generation++
    this.target = null
    const link = this.link
    this.stopCurrent()
    if (link !== null) {
      await Promise.race([
        Promise.all([link.control.disconnect(), link.events.disconnect()]).catch(() => undefined),
        sleep(1000),
      ])
    }
    this.setStatus('disconnected', null)
  }

  private stopCurrent(): void {
    if (this.retryTimer !== null) {
      clearTimeout(this.retryTimer)
      this.retryTimer = null
    }
    const link = this.link
    this.link = null
    this.sceneItemIds.clear()
    for (const socket of this.attempting.splice(0)) dropSocket(socket)
    if (link !== null) {
      link.markClosed()
      dropSocket(link.control)
      dropSocket(link.events)
    }
    if (this.firstAttempt !== null) {
      this.firstAttempt.resolve(this.status)
      this.firstAttempt = null
    }
  }

  private settleFirstAttempt(generation: number): void {
    if (this.firstAttempt !== null && this.firstAttempt.generation === generation) {
      this.firstAttempt.resolve(this.status)
      this.firstAttempt = null
    }
  }

  private scheduleRetry(generation: number): void {
    if (generation !== this.generation || this.target === null) return
    const delay = this.backoffMs
    this.backoffMs = Math.min(this.backoffMs * 2, this.opts.backoffMaxMs)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.attempt(generation)
    }, delay)
  }

  private async identify(
    lib: ObsLibrary,
    socket: OBSWebSocket,
    target: ObsConnectOptions,
    events: number,
  ): Promise<void> {
    const { OBSWebSocketError } = lib
    let timer: ReturnType<typeof setTimeout> | null = null
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new OBSWebSocketError(-1, 'ETIMEDOUT: connection attempt timed out')),
        this.opts.connectTimeoutMs,
      )
    })
    try {
      const hello = await Promise.race([
        socket.connect(target.url, target.password === '' ? undefined : target.password, {
          rpcVersion: RPC_VERSION,
          eventSubscriptions: events,
        }),
        timeout,
      ])
      if (hello.negotiatedRpcVersion !== RPC_VERSION) {
        throw new OBSWebSocketError(
          CLOSE_UNSUPPORTED_RPC,
          `negotiated rpcVersion ${hello.negotiatedRpcVersion}`,
        )
      }
    } finally {
      if (timer !== null) clearTimeout(timer)
    }
  }

  /**
   * Two sockets per connection. OBS's server does not disable Nagle's algorithm: when it writes an event and a
   * response back to back on one socket, the second waits for our delayed ACK (~40 ms). So requests go over a socket
   * that subscribes to no events (one response per request, one request at a time: 2–3 ms), and scene events arrive
   * on a second socket that never sends requests.
   */
  private async attempt(generation: number): Promise<void> {
    const target = this.target
    if (target === null || generation !== this.generation) return
    let lib: ObsLibrary
    try {
      lib = await loadLibrary()
    } catch (err) {
      if (generation !== this.generation) return
      this.setStatus('error', obsErrors.unreachable(target.url, errorMessage(err)))
      this.settleFirstAttempt(generation)
      return
    }
    if (target !== this.target || generation !== this.generation) return
    const control = new lib.OBSWebSocket()
    const events = new lib.OBSWebSocket()
    this.attempting = [control, events]
    try {
      await this.identify(lib, control, target, lib.EventSubscription.None)
      await this.identify(lib, events, target, lib.EventSubscription.Scenes)
      this.attempting = []
    } catch (err) {
      if (generation === this.generation) this.attempting = []
      dropSocket(control)
      dropSocket(events)
      if (generation !== this.generation) return
      const error = classifyConnectError(err, target.url, target.password !== '')
      if (isFatal(error)) {
        this.setStatus('error', error)
        this.settleFirstAttempt(generation)
        return
      }
      // While reconnecting after a lost connection keep saying so; otherwise show why this attempt failed.
      if (this.current.code !== 'obs/connection_lost') this.setStatus('error', error)
      this.settleFirstAttempt(generation)
      this.scheduleRetry(generation)
      return
    }
    if (generation !== this.generation) {
      dropSocket(control)
      dropSocket(events)
      return
    }
    this.adopt(control, events, generation)
  }

  private adopt(control: OBSWebSocket, events: OBSWebSocket, generation: number): void {
    let markClosed: () => void = () => undefined
    const closed = new Promise<void>((resolve) => {
      markClosed = resolve
    })
    const link: Link = { control, events, closed, markClosed }
    this.link = link
    this.sceneItemIds.clear()
    this.backoffMs = this.opts.backoffInitialMs
    events.on('CurrentProgramSceneChanged', ({ sceneName }) => {
      if (this.link !== link) return
      for (const fn of [...this.sceneListeners]) {
        try {
          fn(sceneName)
        } catch (err) {
          this.opts.log(`obs: scene listener threw: ${errorMessage(err)}`)
        }
      }
    })
    const onClosed = (err: OBSWebSocketError): void => {
      link.markClosed()
      if (this.link !== link) return
      this.link = null
      this.sceneItemIds.clear()
      dropSocket(control)
      dropSocket(events)
      if (generation !== this.generation || this.target === null) return
      this.opts.log(`obs: connection closed (code ${String(errorCode(err))})`)
      this.setStatus('error', obsErrors.connectionLost())
      this.scheduleRetry(generation)
    }
    control.on('ConnectionClosed', onClosed)
    events.on('ConnectionClosed', onClosed)
    this.setStatus('connected', null)
    this.settleFirstAttempt(generation)
    for (const fn of [...this.connectedListeners]) {
      try {
        fn()
      } catch (err) {
        this.opts.log(`obs: connected listener threw: ${errorMessage(err)}`)
      }
    }
  }

  // ---- requests ----------------------------------------------------------------------------------------------

  /**
   * Runs one request after the ones before it (obs-websocket handles requests on a thread pool, so this also keeps
   * scene switches in order); failures (not connected, timeout, OBS error status) come back as Result errors.
   */
  private request<T>(
    name: string,
    run: (socket: OBSWebSocket) => Promise<T>,
    onStatus?: (code: number, comment: string) => AppErrorData | null,
  ): Promise<Result<T>> {
    const task = this.queue.then(() => this.execute(name, run, onStatus))
    this.queue = task.catch(() => undefined)
    return task
  }

  private async execute<T>(
    name: string,
    run: (socket: OBSWebSocket) => Promise<T>,
    onStatus?: (code: number, comment: string) => AppErrorData | null,
  ): Promise<Result<T>> {
    const link = this.link
    if (link === null || this.current.state !== 'connected')
      return { ok: false, error: obsErrors.notConnected() }
    let timer: ReturnType<typeof setTimeout> | null = null
    const closed = link.closed.then(() => {
      throw new Error('Not connected')
    })
    closed.catch(() => undefined)
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), this.opts.requestTimeoutMs)
    })
    try {
      const value = await Promise.race([run(link.control), closed, timeout])
      return { ok: true, value }
    } catch (err) {
      if (library && err instanceof library.OBSWebSocketError && err.code >= 100) {
        const mapped = onStatus?.(err.code, err.message) ?? null
        return { ok: false, error: mapped ?? obsErrors.requestFailed(name, err.code, err.message) }
      }
      if (errorMessage(err) === 'timeout') return { ok: false, error: obsErrors.timeout(name) }
      return { ok: false, error: obsErrors.notConnected() }
    } finally {
      if (timer !== null) clearTimeout(timer)
    }
  }

  /** Scene names in the order OBS's Scenes dock shows them (top first). */
  listScenes(): Promise<Result<string[]>> {
    return this.request('GetSceneList', async (s) => {
      const res = await s.call('GetSceneList')
      return res.scenes
        .map((scene) => ({ name: String(scene.sceneName), index: Number(scene.sceneIndex) }))
        .sort((a, b) => b.index - a.index)
        .map((scene) => scene.name)
    })
  }

  getCurrentScene(): Promise<Result<string>> {
    return this.request('GetCurrentProgramScene', async (s) => {
      const res = await s.call('GetCurrentProgramScene')
      return res.currentProgramSceneName
    })
  }

  /** Puts `sceneName` on program. A scene OBS does not have gives `obs/scene_missing` naming it. */
  setScene(sceneName: string): Promise<Result<void>> {
    return this.request(
      'SetCurrentProgramScene',
      async (s) => {
        await s.call('SetCurrentProgramScene', { sceneName })
      },
      (code) => (code === STATUS_RESOURCE_NOT_FOUND ? obsErrors.sceneMissing(sceneName) : null),
    )
  }

  /** Sets the text of a text source (FreeType2 / GDI+ text: the `text` setting), keeping its other settings. */
  setText(sourceName: string, text: string): Promise<Result<void>> {
    return this.request(
      'SetInputSettings',
      async (s) => {
        await s.call('SetInputSettings', { inputName: sourceName, inputSettings: { text }, overlay: true })
      },
      (code) => (code === STATUS_RESOURCE_NOT_FOUND ? obsErrors.sourceMissing(sourceName) : null),
    )
  }

  /** Shows or hides the scene item of `sourceName` in `sceneName` (e.g. a roles panel). */
  async setSourceVisible(sceneName: string, sourceName: string, visible: boolean): Promise<Result<void>> {
    const key = `${sceneName}\u0000${sourceName}`
    let itemId = this.sceneItemIds.get(key)
    if (itemId === undefined) {
      const found = await this.request(
        'GetSceneItemId',
        async (s) => (await s.call('GetSceneItemId', { sceneName, sourceName })).sceneItemId,
        (code, comment) => {
          if (code !== STATUS_RESOURCE_NOT_FOUND) return null
          // OBS says which one is missing: "No source was found by the name of `X`" or "No scene items were found…"
          return comment.includes(`\`${sceneName}\``) && !comment.includes('scene items')
            ? obsErrors.sceneMissing(sceneName)
            : obsErrors.sourceMissing(sourceName, sceneName)
        },
      )
      if (!found.ok) return found
      itemId = found.value
      this.sceneItemIds.set(key, itemId)
    }
    const id = itemId
    const res = await this.request('SetSceneItemEnabled', async (s) => {
      await s.call('SetSceneItemEnabled', { sceneName, sceneItemId: id, sceneItemEnabled: visible })
    })
    if (!res.ok) this.sceneItemIds.delete(key)
    return res
  }

  /** Whether the scene item is visible (for tests and the panel). */
  async getSourceVisible(sceneName: string, sourceName: string): Promise<Result<boolean>> {
    return this.request('GetSceneItemEnabled', async (s) => {
      const { sceneItemId } = await s.call('GetSceneItemId', { sceneName, sourceName })
      return (await s.call('GetSceneItemEnabled', { sceneName, sceneItemId })).sceneItemEnabled
    })
  }
}
