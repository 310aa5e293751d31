/**
 * One error type end to end (docs/architecture.md "Errors the user sees"): a stable code such as
 * `engine/seat_not_alive`, `db/locked` or `obs/not_connected`, a message in both UI languages,
 * and optional machine-readable details. The UI picks the message in the judge's language.
 */
export interface LocalizedText {
  ru: string
  en: string
}

export interface AppErrorData {
  code: string
  message: LocalizedText
  details?: Record<string, unknown>
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }

export function appError(
  code: string,
  ru: string,
  en: string,
  details?: Record<string, unknown>,
): AppErrorData {
  return details === undefined ? { code, message: { ru, en } } : { code, message: { ru, en }, details }
}

/** An Error subclass carrying AppErrorData, for code paths that throw (I/O layers). */
export class AppError extends Error {
  readonly data: AppErrorData
  constructor(data: AppErrorData, options?: { cause?: unknown }) {
    super(`${data.code}: ${data.message.en}`, options)
    this.name = 'AppError'
    this.data = data
  }
  get code(): string {
    return this.data.code
  }
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  if (typeof value !== 'object' || value === null) return false
  const v = value as { code?: unknown; message?: unknown }
  if (typeof v.code !== 'string' || typeof v.message !== 'object' || v.message === null) return false
  const m = v.message as { ru?: unknown; en?: unknown }
  return typeof m.ru === 'string' && typeof m.en === 'string'
}

/** Turns anything thrown into AppErrorData without losing its text. */
export function toAppErrorData(err: unknown, fallbackCode = 'app/internal'): AppErrorData {
  if (err instanceof AppError) return err.data
  if (isAppErrorData(err)) return err
  const text = err instanceof Error ? err.message : String(err)
  return appError(fallbackCode, `Внутренняя ошибка: ${text}`, `Internal error: ${text}`)
}
