/**
 * `v-typed="value"`: a text field that commits on `change` (a judge's name, an award's title, a logo address)
 * shows `value`, and keeps what the user is typing when the page re-renders for another reason. Vue's own
 * `:value` writes the bound value back into the field on every re-render of the component, so a reload (a
 * table's game result, another window's save) wiped text not yet committed. This writes the field only when
 * it is created and when the bound value itself changes.
 */
import type { Directive } from 'vue'

type Shown = string | number | null | undefined

const text = (v: Shown): string =>
  v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? '' : String(v)

export const vTyped: Directive<HTMLInputElement, Shown> = {
  mounted(el, binding) {
    el.value = text(binding.value)
  },
  updated(el, binding) {
    if (!Object.is(binding.value, binding.oldValue)) el.value = text(binding.value)
  },
}
