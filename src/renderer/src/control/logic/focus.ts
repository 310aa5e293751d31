/**
 * Where the keyboard lives. The board (marked `data-key-home`) takes the judge's keys; a field (a vote count, a
 * dialog's text) holds them only while the judge works in it, and gives them back at Esc or once its action is done,
 * so no digit meant for a seat lands in a field.
 */
export const KEY_HOME_ATTR = 'data-key-home'

/** The focused field lets go and the board takes the keyboard. */
export function giveKeyboardBack(): void {
  const held = document.activeElement
  if (held instanceof HTMLElement && held !== document.body) held.blur()
  document.querySelector<HTMLElement>(`[${KEY_HOME_ATTR}]`)?.focus({ preventScroll: true })
}

export function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  const tag = el.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable
}
