/**
 * What the multi-machine tests (issue 16) share: the headless core's options in a temp folder, a contract call as
 * the control token, waiting for the background sender, and the typed code of a refusal.
 */
import { join } from 'node:path'
import type { Core } from '../../src/main/core'
import type { CallName, CallOutput } from '../../src/shared/contract'
import { WebSocket } from 'ws'
import { AppError } from '../../src/shared/errors'
import { execute, restore, type GameSetup, type LogEntry } from '../../src/main/engine'
import type { Command } from '../../src/shared/game/commands'

/** startCore's options shared by every hub and table of a test (each adds its port and database file). */
export function coreBase(dir: string) {
  return {
    staticDir: join(dir, 'none'),
    resourcesDir: join(dir, 'none'),
    version: 'test',
    mode: 'headless',
  } as const
}

/** A contract call with the control token; a refusal throws its AppError (code and message). */
export async function call<K extends CallName>(core: Core, name: K, params: unknown): Promise<CallOutput<K>> {
  const r = await core.router.dispatch(name, params, 'control')
  if (!r.ok) throw new AppError(r.error)
  return r.value as CallOutput<K>
}

export async function until(what: string, cond: () => boolean, ms = 15000): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The code of the AppError `fn` throws; a call that does not refuse fails the test. */
export function codeOf(fn: () => unknown): string {
  try {
    fn()
  } catch (err) {
    if (err instanceof AppError) return err.code
    throw err
  }
  throw new Error('expected a refusal')
}

/** Contract calls over the hub's WebSocket with a token (a table token: a tablet); each answer, in order. */
export function wsCalls(
  port: number,
  token: string | null,
  calls: Array<{ method: string; params: unknown }>,
): Promise<
  Array<{ ok: boolean; value?: unknown; error?: { code: string; message: { ru: string; en: string } } }>
> {
  type Answer = {
    ok: boolean
    value?: unknown
    error?: { code: string; message: { ru: string; en: string } }
  }
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`)
    const answers: Answer[] = []
    let got = 0
    ws.on('error', reject)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: number | null } & Answer
      if (msg.type === 'hello')
        calls.forEach((c, i) => ws.send(JSON.stringify({ type: 'call', id: i + 1, ...c })))
      if (msg.type === 'result' && typeof msg.id === 'number') {
        answers[msg.id - 1] = { ok: msg.ok, value: msg.value, error: msg.error }
        if (++got === calls.length) {
          ws.close()
          resolve(answers)
        }
      }
    })
  })
}

/** A tablet's kept-open WebSocket to the hub: the pushes it got, in order, and contract calls on the same socket. */
export interface WsClient {
  pushes: Array<{ channel: string; payload: unknown }>
  call(method: string, params: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>
  close(): void
}

export function wsClient(port: number, token: string): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`)
    const pushes: WsClient['pushes'] = []
    const waiting = new Map<number, (a: { ok: boolean; value?: unknown; error?: { code: string } }) => void>()
    let id = 0
    ws.on('error', reject)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as {
        type: string
        id?: number | null
        channel?: string
        payload?: unknown
        ok?: boolean
        value?: unknown
        error?: { code: string }
      }
      if (msg.type === 'push') pushes.push({ channel: msg.channel!, payload: msg.payload })
      if (msg.type === 'result' && typeof msg.id === 'number') {
        waiting.get(msg.id)?.({ ok: msg.ok!, value: msg.value, error: msg.error })
        waiting.delete(msg.id)
      }
      if (msg.type === 'hello')
        resolve({
          pushes,
          call: (method, params) =>
            new Promise((done) => {
              id += 1
              waiting.set(id, done)
              ws.send(JSON.stringify({ type: 'call', id, method, params }))
            }),
          close: () => ws.close(),
        })
    })
  })
}

/** A table's code as the hub keeps it for the organiser's sheet (the token the table sends). */
export function tableCode(hub: Core, tableId: number): string {
  const code = hub.sync.codeOf(tableId)
  if (!code) throw new Error(`no token for table ${tableId}`)
  return code
}

/** The entries a table machine writes for these commands of a game (the engine, stamped at `at0`, `at0 + 1`, …). */
export function tableEntries(setup: GameSetup, commands: Command[], at0: number): LogEntry[] {
  let game = restore(setup, [])
  return commands.map((c, i) => {
    const r = execute(game, { ...c, at: at0 + i })
    if (!r.ok) throw new Error(r.error.message.en)
    game = r.game
    return r.entry
  })
}
