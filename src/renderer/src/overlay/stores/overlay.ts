/**
 * The overlay's store: shows the overlay view pushed by the main process (roles only when allowed there).
 * While the app restarts the transport reconnects by itself; the last view stays on screen meanwhile and the
 * full view is refetched on resync.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { OverlayEnvelope } from '../../../../shared/contract'
import { CallError, type ConnectionState, type Transport } from '../../common/transport'
import type { AppErrorData } from '../../../../shared/errors'
import { shareEqual } from '../../common/share'
import { readStandings, type StandingsData } from '../standings'
import { streamWillDraw } from '../countdown'

export const useOverlayStore = defineStore('overlay', () => {
  const envelope = shallowRef<OverlayEnvelope | null>(null)
  const connection = ref<ConnectionState>('connecting')
  const standingsOverride = shallowRef<StandingsData | null>(null)
  /**
   * The server's refusal of what the URL asks for (issue 29 §3: `?table=2` with table 1's token showed a blank
   * page): shown on the overlay with its hint, both languages, until a view arrives.
   */
  const refusal = shallowRef<AppErrorData | null>(null)
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
      refusal.value = null
    } catch (err) {
      // A refusal is shown; a lost connection is not one (the transport reconnects and resyncs; the view stays).
      if (err instanceof CallError) refusal.value = err.data
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

  return { envelope, view, settings, standings, connection, refusal, attach, refresh, showStatic }
})
