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

export const useStatusStore = defineStore('admin-status', () => {
  const error = ref<Shown | null>(null)
  const notice = ref<Notice | null>(null)
  const generation = ref(0)

  function fail(err: unknown): void {
    notice.value = null
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
  function done(key: string, params?: Record<string, string | number>): void {
    error.value = null
    notice.value = { key, params }
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
