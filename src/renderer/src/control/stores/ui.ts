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

  function setSelection(seats: number[]): void {
    selection.value = seats
    hint.value = null
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

  return { selection, hint, dialog, helpOpen, screen, muted, setSelection, clearSelection, showHint, toggleMute }
})
