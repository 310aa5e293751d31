/** What the panel shows about the stream: the overlay's settings and the OBS connection (both pushed). */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { ObsPublicStatus, OverlayEnvelope, Pushes } from '../../../../shared/contract'
import type { Transport } from '../../common/transport'

export const useStreamStore = defineStore('stream', () => {
  const overlay = shallowRef<OverlayEnvelope | null>(null)
  const obs = shallowRef<ObsPublicStatus | null>(null)
  let transport: Transport | null = null

  async function refresh(): Promise<void> {
    if (!transport) return
    try {
      overlay.value = await transport.call('overlay.view', {})
    } catch {
      // shown as missing settings
    }
    try {
      obs.value = await transport.call('obs.status', {})
    } catch {
      // OBS may not be available: the panel says so
    }
  }

  function attach(t: Transport): void {
    transport = t
    t.onPush((channel, payload) => {
      if (channel === 'overlay.view') overlay.value = payload as OverlayEnvelope
      else if (channel === 'overlay.controls') {
        const controls = payload as Pushes['overlay.controls']
        if (overlay.value) overlay.value = { ...overlay.value, ...controls }
        else void refresh()
      } else if (channel === 'obs.status') obs.value = payload as ObsPublicStatus
    })
    t.onResync(() => void refresh())
    void refresh()
  }

  return { overlay, obs, attach, refresh }
})
