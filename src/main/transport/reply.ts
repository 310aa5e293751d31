/**
 * One message per client per command, for every transport: a call whose reply is the envelope its push carries
 * (a command's reply is the new game view) gives its caller that envelope once, in the reply, and the push skips
 * the caller. The WebSocket server and the Electron IPC bridge both ask this gate; the handlers push
 * synchronously while the call runs, so the gate only has to know whose call is running now.
 */
import type { PushName } from '../../shared/contract'

/** Calls whose reply is the envelope their push carries: the caller gets it once, in the reply. */
export const REPLY_CARRIES: Partial<Record<string, PushName>> = {
  'game.command': 'game.view',
  'game.open': 'game.view',
  'game.create': 'game.view',
}

export interface ReplyGate<C> {
  /** Starts `method` for `client` (synchronously up to its first await): a push its reply carries skips it. */
  run<T>(client: C, method: string, call: () => T): T
  /** Whether the push on `channel` would repeat, for `client`, the reply of its running call. */
  skips(client: C, channel: PushName): boolean
}

export function createReplyGate<C>(): ReplyGate<C> {
  let replying: { client: C; channel: PushName } | null = null
  return {
    run(client, method, call) {
      const carried = REPLY_CARRIES[method]
      replying = carried ? { client, channel: carried } : null
      try {
        return call()
      } finally {
        replying = null
      }
    },
    skips: (client, channel) =>
      replying !== null && replying.client === client && replying.channel === channel,
  }
}
