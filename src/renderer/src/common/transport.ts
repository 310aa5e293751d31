/**
 * The renderer's transport client: the only code that touches `window.api` (Electron IPC through the preload)
 * or a WebSocket. It picks IPC when the preload exposed `window.api`, WebSocket otherwise (the headless server,
 * an OBS browser source, a tablet). The WebSocket reconnects by itself with backoff; after a reconnect or a gap
 * in the push sequence it tells its listeners to refetch the full view.
 */
import type {
  CallInput,
  CallName,
  CallOutput,
  ContractApi,
  PushName,
  Pushes,
  WireServerMessage,
} from '../../../shared/contract'
import { WIRE_BULK_MAX_BYTES, WIRE_MAX_BYTES, bulkCalls, messageTooLarge } from '../../../shared/wire'
import { appError, type AppErrorData } from '../../../shared/errors'

export class CallError extends Error {
  readonly data: AppErrorData
  constructor(data: AppErrorData) {
    super(`${data.code}: ${data.message.en}`)
    this.name = 'CallError'
    this.data = data
  }
}

export type ConnectionState = 'connecting' | 'open' | 'closed'
export type Access = 'read' | 'control'

type PushListener = <K extends PushName>(channel: K, payload: Pushes[K]) => void

export interface Transport {
  readonly kind: 'ipc' | 'ws'
  call<K extends CallName>(name: K, params: CallInput<K>): Promise<CallOutput<K>>
  onPush(listener: PushListener): () => void
  /** Called after a reconnect or a missed push: the listener should refetch everything it shows. */
  onResync(listener: () => void): () => void
  onState(listener: (state: ConnectionState, access: Access | null) => void): () => void
  state(): ConnectionState
  access(): Access | null
  close(): void
}

declare global {
  interface Window {
    api?: ContractApi
  }
}

function disconnected(): AppErrorData {
  return appError(
    'transport/disconnected',
    'Нет связи с приложением: переподключаемся…',
    'No connection to the app: reconnecting…',
  )
}

class Listeners<F extends (...args: never[]) => void> {
  private set = new Set<F>()
  add(f: F): () => void {
    this.set.add(f)
    return () => this.set.delete(f)
  }
  emit(...args: Parameters<F>): void {
    for (const f of this.set) {
      try {
        f(...args)
      } catch (err) {
        console.error(err)
      }
    }
  }
}

export function createIpcTransport(api: ContractApi): Transport {
  const pushes = new Listeners<PushListener>()
  const resync = new Listeners<() => void>()
  const states = new Listeners<(s: ConnectionState, a: Access | null) => void>()
  const off = api.onPush((channel, payload) => pushes.emit(channel, payload as Pushes[typeof channel]))
  return {
    kind: 'ipc',
    async call(name, params) {
      const fn = api[name] as unknown as (
        p: unknown,
      ) => Promise<{ ok: true; value: unknown } | { ok: false; error: AppErrorData }>
      const res = await fn(params)
      if (!res.ok) throw new CallError(res.error)
      return res.value as CallOutput<typeof name>
    },
    onPush: (l) => pushes.add(l),
    onResync: (l) => resync.add(l),
    onState: (l) => states.add(l),
    state: () => 'open',
    access: () => null,
    close: off,
  }
}

export interface WsOptions {
  url: string
  token?: string | null
  /** The pushes this page follows (the server sends no others); every push when absent. */
  pushes?: readonly PushName[]
  /** Backoff bounds in ms. */
  minDelay?: number
  maxDelay?: number
  WebSocketImpl?: typeof WebSocket
}

/** The typed error for a call whose message the server would refuse for its size, or null when it fits. */
export function oversize(name: string, text: string): AppErrorData | null {
  const max = bulkCalls.has(name) ? WIRE_BULK_MAX_BYTES : WIRE_MAX_BYTES
  // A UTF-16 unit becomes at most 3 UTF-8 bytes: count the bytes only when the text might be too large.
  if (text.length * 3 <= max) return null
  const size = new TextEncoder().encode(text).length
  return size > max ? messageTooLarge(size, max) : null
}

export function createWsTransport(opts: WsOptions): Transport {
  const Impl = opts.WebSocketImpl ?? WebSocket
  const minDelay = opts.minDelay ?? 250
  const maxDelay = opts.maxDelay ?? 5000
  const pushes = new Listeners<PushListener>()
  const resync = new Listeners<() => void>()
  const states = new Listeners<(s: ConnectionState, a: Access | null) => void>()
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: CallError) => void }>()
  let nextId = 1
  let ws: WebSocket | null = null
  let state: ConnectionState = 'connecting'
  let access: Access | null = null
  let lastSeq = 0
  let delay = minDelay
  let closedByUser = false
  let opened = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let queue: string[] = []

  const setState = (s: ConnectionState): void => {
    state = s
    states.emit(s, access)
  }

  function connect(): void {
    const query = new URLSearchParams()
    if (opts.token) query.set('token', opts.token)
    if (opts.pushes) query.set('push', opts.pushes.join(','))
    const qs = query.toString()
    const url = qs ? `${opts.url}?${qs}` : opts.url
    setState('connecting')
    const sock = new Impl(url)
    ws = sock
    sock.onmessage = (ev: MessageEvent) => {
      let msg: WireServerMessage
      try {
        msg = JSON.parse(String(ev.data)) as WireServerMessage
      } catch {
        return
      }
      if (msg.type === 'hello') {
        access = msg.access
        lastSeq = 0
        delay = minDelay
        const wasOpened = opened
        opened = true
        setState('open')
        const q = queue
        queue = []
        for (const m of q) sock.send(m)
        if (wasOpened) resync.emit()
      } else if (msg.type === 'push') {
        if (msg.seq !== lastSeq + 1 && lastSeq !== 0) resync.emit()
        lastSeq = msg.seq
        pushes.emit(msg.channel, msg.payload as Pushes[typeof msg.channel])
      } else if (msg.type === 'result') {
        if (msg.id === null) {
          if (!msg.ok) console.warn(msg.error.code, msg.error.message.en)
          return
        }
        const p = pending.get(msg.id)
        if (!p) return
        pending.delete(msg.id)
        if (msg.ok) p.resolve(msg.value)
        else p.reject(new CallError(msg.error))
      }
    }
    sock.onclose = () => {
      if (ws !== sock) return
      ws = null
      access = null
      for (const [, p] of pending) p.reject(new CallError(disconnected()))
      pending.clear()
      setState('closed')
      if (closedByUser) return
      timer = setTimeout(connect, delay)
      delay = Math.min(maxDelay, delay * 2)
    }
    sock.onerror = () => {
      // onclose follows and schedules the reconnect
    }
  }
  connect()

  return {
    kind: 'ws',
    call(name, params) {
      return new Promise((resolve, reject) => {
        const id = nextId++
        const text = JSON.stringify({ type: 'call', id, method: name, params })
        const tooLarge = oversize(name, text)
        if (tooLarge) {
          reject(new CallError(tooLarge))
          return
        }
        if (!ws || ws.readyState !== Impl.OPEN || state !== 'open') {
          if (closedByUser) {
            reject(new CallError(disconnected()))
            return
          }
          queue.push(text)
        } else {
          ws.send(text)
        }
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      })
    },
    onPush: (l) => pushes.add(l),
    onResync: (l) => resync.add(l),
    onState: (l) => states.add(l),
    state: () => state,
    access: () => access,
    close() {
      closedByUser = true
      if (timer) clearTimeout(timer)
      ws?.close()
    },
  }
}

const TOKEN_KEY = 'mafia-desk.token'

/** The control token: from `?token=` (then remembered for this tab) or from an earlier visit. */
export function controlToken(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('token')
  if (fromUrl) {
    try {
      sessionStorage.setItem(TOKEN_KEY, fromUrl)
    } catch {
      // storage may be unavailable (private mode): the token still works for this page
    }
    return fromUrl
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

export function createTransport(options: { withToken: boolean; pushes?: readonly PushName[] }): Transport {
  if (window.api) return createIpcTransport(window.api)
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
  return createWsTransport({
    url: `${proto}//${window.location.host}/ws`,
    token: options.withToken ? controlToken() : null,
    pushes: options.pushes,
  })
}

/** The message of an error in the user's language. */
export function errorText(err: unknown, locale: string): string {
  const data =
    err instanceof CallError
      ? err.data
      : appError('app/unknown', `Ошибка: ${String(err)}`, `Error: ${String(err)}`)
  return locale.startsWith('ru') ? data.message.ru : data.message.en
}
