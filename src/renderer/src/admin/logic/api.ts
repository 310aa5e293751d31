/**
 * The sections' access to the contract: `call` (the injected transport), and `run`, which clears the error
 * area, runs an action and puts any failure there, so nothing fails silently.
 */
import { inject } from 'vue'
import type { CallInput, CallName, CallOutput } from '../../../../shared/contract'
import type { Transport } from '../../common/transport'
import { errorCode, useStatusStore } from '../stores/status'
import { useConfirmStore, type Question } from '../stores/confirm'

export interface Api {
  call<K extends CallName>(name: K, params: CallInput<K>): Promise<CallOutput<K>>
  /** Runs an action; a failure goes to the error area and the result is undefined. */
  run<T>(action: () => Promise<T>): Promise<T | undefined>
  ask(q: Question): Promise<boolean>
}

export function useApi(): Api {
  const transport = inject<Transport | null>('transport', null)
  const status = useStatusStore()
  const confirm = useConfirmStore()
  return {
    call(name, params) {
      if (!transport) return Promise.reject(new Error('no transport'))
      return transport.call(name, params)
    },
    async run(action) {
      status.clear()
      try {
        return await action()
      } catch (err) {
        status.fail(err)
        return undefined
      }
    },
    ask: (q) => confirm.ask(q),
  }
}

/**
 * Calls once; when the server refuses with `code` (e.g. db/game_in_progress), asks the user again and, if
 * confirmed, repeats the call with force. Returns undefined when the user declined.
 */
export async function withForceOnRefusal<T>(
  code: string,
  attempt: (force: boolean) => Promise<T>,
  askAgain: () => Promise<boolean>,
): Promise<T | undefined> {
  try {
    return await attempt(false)
  } catch (err) {
    if (errorCode(err) !== code) throw err
    if (!(await askAgain())) return undefined
    return attempt(true)
  }
}
