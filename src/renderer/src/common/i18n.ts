/**
 * vue-i18n setup shared by both pages: Russian by default, English on request, the choice remembered.
 * Each page adds its own messages; the common ones live in ./locales.
 */
import { createI18n } from 'vue-i18n'
import { commonEn, commonRu } from './locales/common'

export type Locale = 'ru' | 'en'
const LOCALE_KEY = 'mafia-desk.locale'

export function savedLocale(): Locale {
  const fromUrl = new URLSearchParams(window.location.search).get('lang')
  if (fromUrl === 'ru' || fromUrl === 'en') return fromUrl
  try {
    const v = localStorage.getItem(LOCALE_KEY)
    if (v === 'ru' || v === 'en') return v
  } catch {
    // no storage: default
  }
  return 'ru'
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // not fatal: the switch still applies to this page
  }
}

type Messages = Record<string, unknown>

export function createAppI18n(page: { ru: Messages; en: Messages }) {
  return createI18n({
    legacy: false,
    locale: savedLocale(),
    fallbackLocale: 'ru',
    messages: {
      ru: { ...commonRu, ...page.ru },
      en: { ...commonEn, ...page.en },
    },
  })
}
