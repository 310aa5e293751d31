import '../common/base.css'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { createTransport } from '../common/transport'
import { controlEn, controlRu } from './locales'
import { useGameStore } from './stores/game'
import { useStreamStore } from './stores/stream'
import { warmMessages } from './logic/warm-i18n'

const app = createApp(App)
const pinia = createPinia()
app.use(pinia)
const i18n = createAppI18n({ ru: controlRu, en: controlEn })
app.use(i18n)
// The panel follows the game, OBS and the overlay's settings and graphics, not every overlay view.
const transport = createTransport({
  withToken: true,
  pushes: ['game.view', 'obs.status', 'overlay.controls'],
})
app.provide('transport', transport)
useGameStore(pinia).attach(transport)
useStreamStore(pinia).attach(transport)
app.mount('#app')
const g = i18n.global
warmMessages({
  locale: g.locale,
  messages: (l) => g.getLocaleMessage(l === 'en' ? 'en' : 'ru'),
  translate: (key, l) => void g.t(key, {}, { locale: l === 'en' ? 'en' : 'ru' }),
})
