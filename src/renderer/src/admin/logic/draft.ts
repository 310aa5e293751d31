/**
 * A form's draft that a reload does not take from the user. /admin reloads a section whenever the database
 * changes (a table's game result, another window's save, a late first load on a busy machine). Each reload offers
 * the server's value; the draft takes it only when the user has not edited the draft of that same thing since
 * it was last filled. Another thing (another tournament, season or scope) always replaces the draft, and so does
 * a `force` offer (the user picked something, or a save came back).
 */
import { ref, type Ref } from 'vue'

export interface Draft<T> {
  /** What the form edits. */
  draft: Ref<T>
  /** The draft differs from the value it was last filled from. */
  edited(): boolean
  /**
   * The server's `value` of the thing named `key`. Returns whether the draft took it: not when the user has edited
   * the draft of the same key, unless `force`.
   */
  offer(key: unknown, value: T, opts?: { force?: boolean }): boolean
}

const snapshot = (x: unknown): string => JSON.stringify(x)

export function useDraft<T>(initial: T, key: unknown = null): Draft<T> {
  const draft = ref(structuredClone(initial)) as Ref<T>
  let base = snapshot(initial)
  let baseKey: unknown = key
  const edited = (): boolean => snapshot(draft.value) !== base
  function offer(k: unknown, value: T, opts: { force?: boolean } = {}): boolean {
    const next = snapshot(value)
    // A value equal to the draft (a reload that changed nothing, the user's own save coming back) becomes its
    // base and leaves the draft object alone: replacing it would re-render the form and reset a field the user
    // is typing in.
    if (next === snapshot(draft.value)) {
      base = next
      baseKey = k
      return true
    }
    if (!opts.force && k === baseKey && edited()) return false
    draft.value = structuredClone(value)
    base = next
    baseKey = k
    return true
  }
  return { draft, edited, offer }
}
