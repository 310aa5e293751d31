/**
 * The page's one error area and its notices: the last failure (a server AppErrorData, shown in the user's
 * language, or a local message key) and the last success, plus a counter the sections watch to reload
 * after something changed the whole database (a restore, an import, a merge).
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppErrorData } from '../../../../shared/errors'
import { CallError } from '../../common/transport'

export type Shown =
  | { kind: 'app'; data: AppErrorData }
  | { kind: 'local'; key: string; params?: Record<string, string | number> }

export interface Notice {
  key: string
  params?: Record<string, string | number>
}

/** The code of a refused call, or null for anything else. */
export function errorCode(err: unknown): string | null {
  return err instanceof CallError ? err.data.code : null
}

/** How long a transient confirmation stays on screen. */
export const TRANSIENT_MS = 8000

export const useStatusStore = defineStore('admin-status', () => {
  const error = ref<Shown | null>(null)
  const notice = ref<Notice | null>(null)
  const generation = ref(0)
  /** The pending fading of a transient notice. */
  let fade: ReturnType<typeof setTimeout> | null = null

  function fail(err: unknown): void {
    notice.value = null
    if (fade) clearTimeout(fade)
    fade = null
    if (err instanceof CallError) {
      error.value = { kind: 'app', data: err.data }
    } else {
      const text = err instanceof Error ? err.message : String(err)
      error.value = {
        kind: 'app',
        data: { code: 'app/unknown', message: { ru: `Ошибка: ${text}`, en: `Error: ${text}` } },
      }
    }
  }
  function failLocal(key: string, params?: Record<string, string | number>): void {
    notice.value = null
    error.value = { kind: 'local', key, params }
  }
  /**
   * A success notice. `transient`: a confirmation of a quick action (a judge changed, a tournament archived, games
   * prepared) that leaves by itself after a few seconds, unless another notice took its place.
   */
  function done(
    key: string,
    params?: Record<string, string | number>,
    opts: { transient?: boolean } = {},
  ): void {
    error.value = null
    notice.value = { key, params }
    // A newer notice (or a failure) cancels the older one's fading.
    if (fade) clearTimeout(fade)
    fade = null
    if (opts.transient)
      fade = setTimeout(() => {
        fade = null
        notice.value = null
      }, TRANSIENT_MS)
  }
  function clear(): void {
    error.value = null
  }
  function clearAll(): void {
    error.value = null
    notice.value = null
  }
  /** Something changed much of the database: every section reloads what it shows. */
  function changed(): void {
    generation.value++
  }
  return { error, notice, generation, fail, failLocal, done, clear, clearAll, changed }
})
