/**
 * The double-press filter (issue 28 §1): a second press of the same key that comes while the first one's command is
 * still on its way, or within a short window after the state change it caused, is swallowed — the judge meant one
 * action, and the second press would act on the next speaker, the next candidate or the next undo.
 *
 * Why 250 ms by default (a setting, `PRESS_WINDOW`): a key bounce (switch chatter) lasts a few milliseconds and a
 * keyboard's own debounce takes 5–20 ms; a hand's involuntary double tap (a "stutter" of the same finger, the issue's
 * Enter twice 40 ms apart) comes 30–150 ms after the first press, as one finger taps at most about 6–7 times a
 * second. A deliberate second press is an answer to the new view: the judge must see the change first, and a visual
 * reaction takes at least 200–250 ms after it. Counted from the state change (the reply to the first press, a few
 * milliseconds on this machine), 250 ms covers the bounce and the double tap and ends before a judge who reacts to
 * the new view can press again. Only the same key is filtered: a different key always acts.
 *
 * A command that did go out on the old view is refused by the server anyway (`engine/stale_revision`): this filter
 * keeps the quick second press from being built on the new view once the reply has arrived.
 */
export const PRESS_WINDOW = { defaultMs: 250, minMs: 0, maxMs: 1000 } as const

/** A window in ms from the settings: a whole number in range; anything else is the default. */
export function pressWindowOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < PRESS_WINDOW.minMs || n > PRESS_WINDOW.maxMs)
    return PRESS_WINDOW.defaultMs
  return n
}

/**
 * A window typed into the settings: a number is rounded and kept in range; anything else (an empty field, text)
 * keeps `current`.
 */
export function pressWindowInput(text: string, current: number): number {
  const n = text.trim() === '' ? NaN : Number(text)
  if (!Number.isFinite(n)) return current
  return Math.min(PRESS_WINDOW.maxMs, Math.max(PRESS_WINDOW.minMs, Math.round(n)))
}

export class PressFilter {
  /**
   * The last press that was let through: its key, whether it changed anything (sent a command, changed the
   * selection), and when the state it caused last changed (the reply to its command).
   */
  private last: { key: string; changed: boolean; at: number } | null = null

  /**
   * Whether a press of `key` at `now` acts (true) or is a double press to swallow (false): the same key as the last
   * press, which changed something, while its command is still on its way (`busy`) or within `windowMs` after the
   * change. A press that changed nothing (a hint) opens no window. A window of 0 turns the filter off.
   */
  admit(key: string, now: number, busy: boolean, windowMs: number): boolean {
    const l = this.last
    if (windowMs > 0 && l !== null && l.key === key && l.changed && (busy || now - l.at < windowMs))
      return false
    this.last = { key, changed: false, at: now }
    return true
  }

  /** Another key was pressed: the next press of the last key is not a second press in a row. */
  reset(): void {
    this.last = null
  }

  /** The last press changed something at `now` (its command went out or was answered, the selection changed). */
  changed(now: number): void {
    if (!this.last) return
    this.last.changed = true
    this.last.at = Math.max(this.last.at, now)
  }
}
