/** Local panel state: the pending seat selection, hints, dialogs, the current screen and the mute switch. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { HintKey } from '../logic/keymap'
import { rememberMuted, savedMuted } from '../logic/sound'

export type Screen = 'game' | 'setup' | 'settings'
export interface DialogState {
  kind: 'remove' | 'teamDefeat' | 'extraPoints'
  seat: number
}

export const useUiStore = defineStore('ui', () => {
  const selection = ref<number[]>([])
  const hint = ref<HintKey | null>(null)
  const dialog = ref<DialogState | null>(null)
  const helpOpen = ref(false)
  const screen = ref<Screen>('game')
  const muted = ref(savedMuted())

  /** When the judge last picked a seat and when the panel last sent a command (performance.now()). */
  let pickedAt = 0
  let sentAt = 0
  function setSelection(seats: number[]): void {
    selection.value = seats
    hint.value = null
    pickedAt = performance.now()
  }
  function markSent(): void {
    sentAt = performance.now()
  }
  /** A new game moment starts with an empty selection, unless the judge already picked seats for it. */
  function onContextChange(): void {
    if (pickedAt <= sentAt) selection.value = []
  }
  function clearSelection(): void {
    selection.value = []
  }
  function showHint(h: HintKey | null): void {
    hint.value = h
  }
  function toggleMute(): void {
    muted.value = !muted.value
    rememberMuted(muted.value)
  }

  return {
    selection,
    hint,
    dialog,
    helpOpen,
    screen,
    muted,
    setSelection,
    clearSelection,
    markSent,
    onContextChange,
    showHint,
    toggleMute,
  }
})
