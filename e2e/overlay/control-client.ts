/**
 * A minimal control client for e2e tests: the contract over WebSocket with the session token, from Node
 * (package `ws`), to drive a game without the control panel.
 */
import WebSocket from 'ws'

export interface ControlClient {
  call<T = unknown>(method: string, params?: unknown): Promise<T>
  command(gameId: number, command: Record<string, unknown>): Promise<unknown>
  close(): void
}

export async function connectControl(origin: string, token: string): Promise<ControlClient> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`)
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let nextId = 1
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as {
        type: string
        id?: number | null
        ok?: boolean
        value?: unknown
        error?: { code: string; message: { en: string } }
        access?: string
      }
      if (msg.type === 'hello') {
        if (msg.access !== 'control') reject(new Error(`no control access: ${msg.access}`))
        else resolve()
      } else if (msg.type === 'result' && typeof msg.id === 'number') {
        const p = pending.get(msg.id)
        if (!p) return
        pending.delete(msg.id)
        if (msg.ok) p.resolve(msg.value)
        else p.reject(new Error(`${msg.error?.code}: ${msg.error?.message.en}`))
      }
    })
  })
  const call = <T>(method: string, params: unknown = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      ws.send(JSON.stringify({ type: 'call', id, method, params }))
    })
  return {
    call,
    command: (gameId, command) => call('game.command', { gameId, command }),
    close: () => ws.close(),
  }
}
