import { computed, type ComputedRef } from 'vue'

/**
 * Structural sharing for views that arrive whole: every part of `next` that is deep-equal to the same part of
 * `prev` is replaced by `prev`'s object, and `prev` itself comes back when nothing changed. A component whose props
 * are the same objects as before does not re-render, so a foul re-renders one seat card, not ten.
 * Plain JSON data only (objects, arrays, primitives), as everything that comes over the contract.
 */
export function shareEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next
    let same = prev.length === next.length
    const out = next.map((x: unknown, i: number) => {
      const y = shareEqual(prev[i], x)
      if (!Object.is(y, prev[i])) same = false
      return y
    })
    return (same ? prev : out) as T
  }
  if (Array.isArray(prev)) return next
  const p = prev as Record<string, unknown>
  const n = next as Record<string, unknown>
  const keys = Object.keys(n)
  let same = keys.length === Object.keys(p).length
  const out: Record<string, unknown> = {}
  for (const k of keys) {
    const y = shareEqual(p[k], n[k])
    out[k] = y
    if (!Object.is(y, p[k]) || !Object.prototype.hasOwnProperty.call(p, k)) same = false
  }
  return (same ? p : out) as T
}

/**
 * A computed whose value stays the same object while what `get` builds is deep-equal to it (shareEqual): the
 * components and TransitionGroups that read it render only when its content changes, not whenever a new view
 * arrives.
 */
export function sharedComputed<T>(get: () => T): ComputedRef<T> {
  return computed<T>((prev) => shareEqual(prev, get()))
}
