/**
 * vue-i18n compiles a message the first time it is shown. The panels of a new game moment (the voting panel,
 * the night, the summary) would pay for dozens of compilations in the render that follows the judge's key
 * press; compiling every message of the current language once while the page is idle takes that off the path.
 */
import { watch, type Ref, type WatchStopHandle } from 'vue'

/** What the warm-up needs of the i18n instance. */
export interface Translator {
  locale: Ref<string>
  messages(locale: string): unknown
  translate(key: string, locale: string): void
}

function keysOf(messages: unknown, prefix: string, out: string[]): string[] {
  if (typeof messages === 'string') out.push(prefix)
  else if (messages && typeof messages === 'object' && !Array.isArray(messages)) {
    for (const [k, v] of Object.entries(messages)) keysOf(v, prefix ? `${prefix}.${k}` : k, out)
  }
  return out
}

const whenIdle = (f: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 2000 })
  else setTimeout(f, 200)
}

/** Compiles every message of the current language when idle, and again after a language switch. */
export function warmMessages(i18n: Translator): WatchStopHandle {
  const warmed = new Set<string>()
  const warm = (): void => {
    const locale = i18n.locale.value
    if (warmed.has(locale)) return
    warmed.add(locale)
    const keys = keysOf(i18n.messages(locale), '', [])
    // In slices, so the warm-up never holds the page for long.
    const step = (): void => {
      for (const key of keys.splice(0, 40)) {
        try {
          i18n.translate(key, locale)
        } catch {
          // a message that needs its arguments still got compiled; its text is not used here
        }
      }
      if (keys.length > 0) whenIdle(step)
    }
    whenIdle(step)
  }
  warm()
  return watch(i18n.locale, warm)
}
