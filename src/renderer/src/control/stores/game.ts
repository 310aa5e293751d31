/**
 * The control panel's game store: the main process is the authority, so the store only sends commands and
 * shows the view that comes back (or is pushed). An error is kept for display in one place.
 */
import { defineStore } from 'pinia'
import { shallowRef, ref } from 'vue'
import type { GameEnvelope } from '../../../../shared/contract'
import type { Command } from '../../../../shared/game/commands'
import type { AppErrorData } from '../../../../shared/errors'
import { CallError, type Transport } from '../../common/transport'

export const useGameStore = defineStore('game', () => {
  const envelope = shallowRef<GameEnvelope | null>(null)
  const error = ref<AppErrorData | null>(null)
  const busy = ref(false)
  let transport: Transport | null = null

  function accept(next: GameEnvelope | null): void {
    if (!next) return
    const cur = envelope.value
    // Views arrive both as replies and as pushes; never step back to an older revision of the same game.
    if (cur && cur.gameId === next.gameId && next.view.revision < cur.view.revision) return
    envelope.value = next
  }

  function fail(err: unknown): void {
    error.value =
      err instanceof CallError
        ? err.data
        : { code: 'app/unknown', message: { ru: `Ошибка: ${String(err)}`, en: `Error: ${String(err)}` } }
  }

  async function refresh(): Promise<void> {
    if (!transport) return
    try {
      const active = await transport.call('game.active', {})
      if (active) envelope.value = active
    } catch (err) {
      fail(err)
    }
  }

  function attach(t: Transport): void {
    transport = t
    t.onPush((channel, payload) => {
      if (channel === 'game.view') accept(payload as GameEnvelope)
    })
    t.onResync(() => void refresh())
    void refresh()
  }

  async function command(cmd: Command): Promise<boolean> {
    if (!transport || !envelope.value) return false
    busy.value = true
    try {
      accept(await transport.call('game.command', { gameId: envelope.value.gameId, command: cmd }))
      error.value = null
      return true
    } catch (err) {
      fail(err)
      return false
    } finally {
      busy.value = false
    }
  }

  return { envelope, error, busy, attach, refresh, command, accept, fail }
})
