import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { createTransport } from '../common/transport'
import { useOverlayStore } from './stores/overlay'
import { overlayEn, overlayRu } from './locales'
import { OVERLAY_PARAMS, parseOverlayParams } from './params'
import { DEMO_STANDINGS, demoEnvelope } from './demo'

const params = parseOverlayParams(window.location.search)
const app = createApp(App)
const pinia = createPinia()
app.use(pinia)
const i18n = createAppI18n({ ru: overlayRu, en: overlayEn })
app.use(i18n)
app.provide(OVERLAY_PARAMS, params)
document.documentElement.lang = i18n.global.locale.value
const store = useOverlayStore(pinia)
if (params.demo) store.showStatic(demoEnvelope(params.demo), DEMO_STANDINGS)
else store.attach(createTransport({ withToken: false, pushes: ['overlay.view'] }))
app.mount('#app')
