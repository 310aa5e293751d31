/** The overlay's store: shows the overlay view pushed by the main process (roles only when allowed there). */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { OverlayEnvelope } from '../../../../shared/contract'
import type { Transport } from '../../common/transport'

export const useOverlayStore = defineStore('overlay', () => {
  const envelope = shallowRef<OverlayEnvelope | null>(null)
  let transport: Transport | null = null

  async function refresh(): Promise<void> {
    if (!transport) return
    try {
      envelope.value = await transport.call('overlay.view', {})
    } catch {
      // disconnected: the transport reconnects and asks for a resync
    }
  }

  function attach(t: Transport): void {
    transport = t
    t.onPush((channel, payload) => {
      if (channel === 'overlay.view') envelope.value = payload as OverlayEnvelope
    })
    t.onResync(() => void refresh())
    void refresh()
  }

  return { envelope, attach, refresh }
})
