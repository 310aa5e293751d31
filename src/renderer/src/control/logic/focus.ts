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

/** Inputs that take no typed text: a focused one leaves the judge's letters and digits to the screen. */
const KEYLESS_INPUTS: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'button',
  'submit',
  'reset',
  'image',
  'color',
  'file',
  'range',
])

/**
 * A field that takes the typed keys (a text, a number, a list): while it has the focus the judge is typing. A radio,
 * a checkbox or a button takes none, so the screen's keys still work whatever control was last clicked.
 */
export function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  const tag = el.tagName
  if (tag === 'INPUT') return !KEYLESS_INPUTS.has((el as HTMLInputElement).type)
  return tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable
}

/** A control that Enter and Space press (a button, a link, a radio, a checkbox): it keeps those two keys. */
export function isActivatable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  if (el.tagName === 'INPUT') return KEYLESS_INPUTS.has((el as HTMLInputElement).type)
  return ['BUTTON', 'A', 'SUMMARY'].includes(el.tagName) || el.getAttribute('role') === 'button'
}
