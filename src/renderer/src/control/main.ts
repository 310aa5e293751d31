import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { createTransport } from '../common/transport'
import { controlEn, controlRu } from './locales'
import { useGameStore } from './stores/game'
import { useStreamStore } from './stores/stream'

const app = createApp(App)
const pinia = createPinia()
app.use(pinia)
app.use(createAppI18n({ ru: controlRu, en: controlEn }))
const transport = createTransport({ withToken: true })
app.provide('transport', transport)
useGameStore(pinia).attach(transport)
useStreamStore(pinia).attach(transport)
app.mount('#app')
