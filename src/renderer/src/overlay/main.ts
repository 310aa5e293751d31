import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { createTransport } from '../common/transport'
import { useOverlayStore } from './stores/overlay'

const app = createApp(App)
const pinia = createPinia()
app.use(pinia)
app.use(createAppI18n({ ru: {}, en: {} }))
useOverlayStore(pinia).attach(createTransport({ withToken: false }))
app.mount('#app')
