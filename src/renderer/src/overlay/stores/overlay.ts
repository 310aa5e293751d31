/**
 * The overlay's store: shows the overlay view pushed by the main process (roles only when allowed there).
 * While the app restarts the transport reconnects by itself; the last view stays on screen meanwhile and the
 * full view is refetched on resync.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { OverlayEnvelope } from '../../../../shared/contract'
import type { ConnectionState, Transport } from '../../common/transport'
import { shareEqual } from '../../common/share'
import { readStandings, type StandingsData } from '../standings'
import { streamWillDraw } from '../countdown'

export const useOverlayStore = defineStore('overlay', () => {
  const envelope = shallowRef<OverlayEnvelope | null>(null)
  const connection = ref<ConnectionState>('connecting')
  const standingsOverride = shallowRef<StandingsData | null>(null)
  let transport: Transport | null = null
  /** `?table=N` (issue 16): follow that table's game on the head machine instead of the active game. */
  let table: number | null = null

  const view = computed(() => envelope.value?.view ?? null)
  const settings = computed(() => envelope.value?.settings ?? null)
  const standings = computed(() => standingsOverride.value ?? readStandings(envelope.value))

  /** Keeps every unchanged part of the view as the same object: only what changed re-renders (one card for a foul). */
  function show(next: OverlayEnvelope): void {
    const prev = envelope.value
    envelope.value = shareEqual(prev, next)
    // The new view is drawn in the next frame: running countdown rings that are due move in that frame too.
    if (envelope.value !== prev) streamWillDraw()
  }

  async function refresh(): Promise<void> {
    if (!transport) return
    try {
      // Replies and pushes share one ordered connection: the reply is at least as new as any earlier push.
      show(
        table === null
          ? await transport.call('overlay.view', {})
          : await transport.call('sync.overlay', { table }),
      )
    } catch {
      // disconnected: the transport reconnects and asks for a resync; the last view stays
    }
  }

  function attach(t: Transport, options: { table?: number | null } = {}): void {
    transport = t
    table = options.table ?? null
    connection.value = t.state()
    t.onState((s) => (connection.value = s))
    t.onPush((channel, payload) => {
      if (table === null && channel === 'overlay.view') show(payload as OverlayEnvelope)
      const p = payload as { table?: number; envelope?: OverlayEnvelope }
      if (table !== null && channel === 'sync.overlay' && p.table === table && p.envelope) show(p.envelope)
    })
    t.onResync(() => void refresh())
    void refresh()
  }

  /** Demo mode and tests: show a fixed envelope without a transport. */
  function showStatic(next: OverlayEnvelope | null, standingsData: StandingsData | null = null): void {
    envelope.value = next
    standingsOverride.value = standingsData
    connection.value = 'open'
  }

  return { envelope, view, settings, standings, connection, attach, refresh, showStatic }
})
