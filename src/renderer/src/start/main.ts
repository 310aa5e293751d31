import '../common/base.css'
import { createApp } from 'vue'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { startEn, startRu } from './locales'

// The start page needs no connection: links, the overlay addresses and how to set up OBS.
createApp(App)
  .use(createAppI18n({ ru: startRu, en: startEn }))
  .mount('#app')
