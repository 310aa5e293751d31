import { createApp, watch } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from '../common/i18n'
import { createTransport } from '../common/transport'
import { useOverlayStore } from './stores/overlay'
import { overlayEn, overlayRu } from './locales'
import { OVERLAY_PARAMS, parseOverlayParams } from './params'
import { demoEnvelope, demoGraphics, demoStandings } from './demo'
import { readStandings } from './standings'

const params = parseOverlayParams(window.location.search)
const app = createApp(App)
const pinia = createPinia()
app.use(pinia)
const i18n = createAppI18n({ ru: overlayRu, en: overlayEn })
app.use(i18n)
app.provide(OVERLAY_PARAMS, params)
const store = useOverlayStore(pinia)
// The overlay speaks the language set for the stream (server state), not the panel's: what is on air is the
// same in OBS, in the Electron overlay and in the panel's preview. `?lang=` in the URL overrides it.
const urlLang = new URLSearchParams(window.location.search).get('lang')
const fixedLang = urlLang === 'ru' || urlLang === 'en' ? urlLang : null
watch(
  () => fixedLang ?? store.settings?.lang ?? 'ru',
  (lang) => {
    i18n.global.locale.value = lang
    document.documentElement.lang = lang
  },
  { immediate: true },
)
if (params.demo)
  store.showStatic(
    { ...demoEnvelope(params.demo), graphics: demoGraphics(params.show) },
    readStandings({ standings: demoStandings(params.demoClassification, params.demoNormaliser) }),
  )
// On a head machine listening on the LAN (issue 16) the stream PC passes a token: `/overlay?table=7&token=…`.
else
  store.attach(
    createTransport({
      withToken: new URLSearchParams(window.location.search).has('token'),
      // One push per command: the active game's overlay view, or that table's (`sync.overlay`) only.
      pushes: params.table === null ? ['overlay.view'] : ['sync.overlay'],
    }),
    {
      table: params.table,
    },
  )
app.mount('#app')
