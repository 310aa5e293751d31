/**
 * The transport-independent half of the contract: looks up a call, checks the caller's access, validates the
 * payload with zod and runs the handler. Every failure comes back as AppErrorData — a malformed or unknown
 * message never throws into the transport, so neither the WebSocket server nor IPC can be crashed by input.
 */
import { calls, type Access, type CallName, type CallOutput, type CallParsed } from '../../shared/contract'
import { appError, toAppErrorData, type AppErrorData } from '../../shared/errors'
import { validationMessage } from '../../shared/validation-message'

/** Who is calling: a handler that returns something private (a file path) gives less to a reader. */
export interface CallContext {
  access: Access
}

export type Handlers = {
  [K in CallName]: (params: CallParsed<K>, ctx: CallContext) => CallOutput<K> | Promise<CallOutput<K>>
}

export type RouteResult = { ok: true; value: unknown } | { ok: false; error: AppErrorData }

/**
 * A narrower right than the control token (a table token, issue 16): a 'control' call is allowed when the
 * grant's check passes for its validated params; `null` means allowed, otherwise the refusal.
 */
export interface CallGrant {
  /** Checked for every call of such a client, 'read' ones included. */
  check(method: CallName, params: unknown): AppErrorData | null
  /** Whether a push may go to such a client (only the pushes this allows, 'control' ones included). */
  allowsPush(channel: string, payload: unknown): boolean
  /** The validated params the call runs with (e.g. a list narrowed to the grant's table); as given when absent. */
  narrow?(method: CallName, params: unknown): unknown
}

export interface Router {
  dispatch(method: string, params: unknown, access: Access, grant?: CallGrant): Promise<RouteResult>
}

function isCallName(name: string): name is CallName {
  return Object.prototype.hasOwnProperty.call(calls, name)
}

export function unknownCall(method: string): AppErrorData {
  return appError('contract/unknown_call', `Неизвестный вызов «${method}»`, `Unknown call "${method}"`, {
    method,
  })
}

export function forbidden(method: string): AppErrorData {
  return appError(
    'contract/forbidden',
    `Нет прав на «${method}»: команды доступны только панели судьи (нужен токен управления)`,
    `Not allowed to call "${method}": commands are for the judge's panel only (a control token is required)`,
    { method },
  )
}

export function createRouter(
  handlers: Handlers,
  onError?: (method: string, error: AppErrorData) => void,
): Router {
  return {
    async dispatch(method, params, access, grant) {
      if (typeof method !== 'string' || !isCallName(method))
        return { ok: false, error: unknownCall(String(method)) }
      const spec = calls[method]
      const granted = access !== 'control' && grant !== undefined
      if (spec.access === 'control' && access !== 'control' && !granted)
        return { ok: false, error: forbidden(method) }
      const parsed = spec.input.safeParse(params ?? {})
      if (!parsed.success) {
        // Each issue names its field and what is allowed there, in the judge's language (one formatter).
        const text = validationMessage(parsed.error.issues)
        return {
          ok: false,
          error: appError(
            'contract/invalid_params',
            `Неверные данные для «${method}»: ${text.ru}`,
            `Invalid data for "${method}": ${text.en}`,
            { method, issues: text.issues.slice(0, 5).map((i) => `${i.field}: ${i.en}`) },
          ),
        }
      }
      let input: unknown = parsed.data
      if (granted) {
        const denied = grant.check(method, parsed.data)
        if (denied) return { ok: false, error: denied }
        if (grant.narrow) input = grant.narrow(method, parsed.data)
      }
      try {
        const handler = handlers[method] as (p: unknown, ctx: CallContext) => unknown
        const value = await handler(input, { access })
        return { ok: true, value }
      } catch (err) {
        const error = toAppErrorData(err)
        onError?.(method, error)
        return { ok: false, error: access === 'control' ? error : withoutPaths(error) }
      }
    },
  }
}

/** Absolute file paths (POSIX or Windows) inside a text, e.g. "/home/judge/data/x.sqlite" or "C:\\data\\x". */
const ABSOLUTE_PATH = /(?:[A-Za-z]:\\|\/)(?:[^\s"'«»:;,]+[\\/])+([^\s"'«»:;,\\/]*)/g

/** Keeps only the last segment of every absolute path: a client without the token never learns where files are. */
export function redactPaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, (_m, last: string) => `…/${last}`)
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactPaths(value)
  if (Array.isArray(value)) return value.map(redactValue)
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v)]))
  return value
}

function withoutPaths(error: AppErrorData): AppErrorData {
  const details = error.details ? (redactValue(error.details) as Record<string, unknown>) : undefined
  return appError(error.code, redactPaths(error.message.ru), redactPaths(error.message.en), details)
}
