// One number of a scoring system as typed (issue 31 §3): a comma or a dot, shown in the page's language; text that
// is no number stays in the field and reaches the form as NaN (the server's schema names the field), never guessed.
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import ScoringNumber from '../../../src/renderer/src/admin/components/ScoringNumber.vue'
import { testI18n } from './fixtures'

const mountNumber = (value: number, locale: 'ru' | 'en' = 'ru') => {
  const i18n = testI18n(locale)
  const w = mount(ScoringNumber, {
    props: { modelValue: value, label: 'Удаление', testid: 'n' },
    global: { plugins: [i18n] },
  })
  return { w, i18n, input: w.get('input') }
}

describe('a scoring number field', () => {
  it('shows the value in the page’s language and follows a language switch', async () => {
    const { i18n, input } = mountNumber(-0.5)
    expect(input.element.value).toBe('−0,5')
    i18n.global.locale.value = 'en'
    await nextTick()
    expect(input.element.value).toBe('−0.5')
  })

  it('a comma and a dot give the same number; text that is no number stays and gives NaN', async () => {
    const { w, input } = mountNumber(0)
    await input.setValue('0,3')
    await input.setValue('0.3')
    await input.setValue('abc')
    const emitted = (w.emitted('update:modelValue') ?? []).map((e) => e[0])
    expect(emitted.slice(0, 2)).toEqual([0.3, 0.3])
    expect(emitted[2]).toBeNaN()
    await w.setProps({ modelValue: Number.NaN })
    expect(input.element.value).toBe('abc')
  })

  it('a new value from outside replaces the text; the one typed does not rewrite it', async () => {
    const { w, input } = mountNumber(1)
    await input.setValue('1,')
    await w.setProps({ modelValue: 1 })
    expect(input.element.value).toBe('1,')
    await w.setProps({ modelValue: 0.25 })
    expect(input.element.value).toBe('0,25')
  })
})
