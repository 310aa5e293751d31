import '../common/base.css'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { createTransport } from '../common/transport'
import { adminEn, adminRu } from './locales'

const app = createApp(App)
app.use(createPinia())
app.use(createAppI18n({ ru: adminRu, en: adminEn }))
// The tournament page follows its tournaments' changes and, on the hub, its tables' sync state only.
app.provide('transport', createTransport({ withToken: true, pushes: ['tournament.changed', 'sync.changed'] }))
app.mount('#app')
