/** Shared fixtures for the admin page's component tests: i18n, a real Pinia and a scripted fake transport. */
import { vi } from 'vitest'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { createI18n } from 'vue-i18n'
import { defineComponent, h, type Component } from 'vue'
import { mount } from '@vue/test-utils'
import { commonEn, commonRu } from '../../../src/renderer/src/common/locales/common'
import { adminEn, adminRu } from '../../../src/renderer/src/admin/locales'
import { CallError, type Transport } from '../../../src/renderer/src/common/transport'
import type { CallName } from '../../../src/shared/contract'
import StatusArea from '../../../src/renderer/src/admin/components/StatusArea.vue'
import ConfirmDialog from '../../../src/renderer/src/admin/components/ConfirmDialog.vue'

export function testI18n(locale: 'ru' | 'en' = 'ru') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'ru',
    messages: { ru: { ...commonRu, ...adminRu }, en: { ...commonEn, ...adminEn } },
  })
}

export function refusal(code: string, ru: string, en: string): CallError {
  return new CallError({ code, message: { ru, en } })
}

type Handler = (params: unknown) => unknown
/** A transport whose calls go to `handlers` (a missing handler answers null); `calls` records them. */
export function fakeTransport(handlers: Partial<Record<CallName, Handler>>) {
  const calls: Array<{ name: CallName; params: unknown }> = []
  const call = vi.fn(async (name: CallName, params: unknown) => {
    calls.push({ name, params })
    const f = handlers[name]
    return f ? await f(params) : null
  })
  const transport = {
    kind: 'ws',
    call,
    onPush: () => () => undefined,
    onResync: () => () => undefined,
    onState: () => () => undefined,
    state: () => 'open',
    access: () => 'control',
    close: () => undefined,
  } as unknown as Transport
  return { transport, calls }
}

/** Mounts a section together with the page's error area and confirmation dialog, as the App does. */
export function mountSection(section: Component, transport: Transport, locale: 'ru' | 'en' = 'ru') {
  const pinia: Pinia = createPinia()
  setActivePinia(pinia)
  const Host = defineComponent({
    render: () => h('div', [h(StatusArea), h(section), h(ConfirmDialog)]),
  })
  const i18n = testI18n(locale)
  const wrapper = mount(Host, {
    attachTo: document.body,
    global: { plugins: [pinia, i18n], provide: { transport } },
  })
  return { wrapper, pinia, i18n }
}
