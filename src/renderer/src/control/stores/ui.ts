/** Local panel state: the pending seat selection, hints, dialogs, the current screen and the mute switch. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { HintKey } from '../logic/keymap'
import { rememberMuted, savedMuted } from '../logic/sound'

export type Screen = 'game' | 'setup' | 'settings'
export interface DialogState {
  kind: 'remove' | 'teamDefeat' | 'extraPoints' | 'comment'
  /** The seat the dialog acts on; null for a comment, which is about the game. */
  seat: number | null
}

const HIDE_ROLES_KEY = 'mafia-desk.hideRoles'
function savedHideRoles(): boolean {
  try {
    return localStorage.getItem(HIDE_ROLES_KEY) === '1'
  } catch {
    return false
  }
}

export const useUiStore = defineStore('ui', () => {
  /** The seats picked for the next command: what the keys act on. */
  const selection = ref<number[]>([])
  /**
   * Seats consumed by a command still in flight. They stay on screen until the command's new view arrives, so
   * the key press itself changes nothing on screen (no frame to paint while the push is on its way) and the
   * selection disappears in the same DOM update as the view it produced.
   */
  const held = ref<number[] | null>(null)
  /** What the panel shows as selected. */
  const shown = computed(() => held.value ?? selection.value)
  const hint = ref<HintKey | null>(null)
  /** The hint's own words (a seat number, …). */
  const hintParams = ref<Record<string, number>>({})
  /**
   * The lift-all voters who answered no (§8.3, under `yesOverNo`); the yes answers are the selection. Every other
   * voter abstains.
   */
  const liftNo = ref<number[]>([])
  const dialog = ref<DialogState | null>(null)
  const helpOpen = ref(false)
  const screen = ref<Screen>('game')
  const muted = ref(savedMuted())
  /** "Hide roles on this screen": for tables where players or a camera can see the judge's laptop. */
  const hideRoles = ref(savedHideRoles())

  /** When the judge last picked a seat and when the panel last sent a command (performance.now()). */
  let pickedAt = 0
  let sentAt = 0
  function setSelection(seats: number[]): void {
    selection.value = seats
    held.value = null
    hint.value = null
    pickedAt = performance.now()
  }
  function setLiftNo(seats: number[]): void {
    liftNo.value = seats
    hint.value = null
    pickedAt = performance.now()
  }
  function markSent(): void {
    sentAt = performance.now()
  }
  /**
   * An empty selection stays the same array: a click with nothing selected (a seat's foul button) then changes
   * nothing that the panel renders from the selection.
   */
  function emptySelection(): void {
    if (selection.value.length > 0) selection.value = []
  }
  /** A command took the selection: the keys start afresh, the seats stay shown until `release`. */
  function consumeSelection(): void {
    if (selection.value.length === 0) {
      held.value = null
      return
    }
    held.value = selection.value
    selection.value = []
  }
  /** The command's view arrived or the command ended: the held seats leave the screen. */
  function release(): void {
    held.value = null
  }
  /** A new game moment starts with an empty selection, unless the judge already picked seats for it. */
  function onContextChange(): void {
    if (pickedAt <= sentAt) emptySelection()
    held.value = null
    if (liftNo.value.length > 0) liftNo.value = []
  }
  function clearSelection(): void {
    emptySelection()
    held.value = null
    if (liftNo.value.length > 0) liftNo.value = []
  }
  function showHint(h: HintKey | null, params: Record<string, number> = {}): void {
    hint.value = h
    hintParams.value = params
  }
  function toggleHideRoles(): void {
    hideRoles.value = !hideRoles.value
    try {
      localStorage.setItem(HIDE_ROLES_KEY, hideRoles.value ? '1' : '0')
    } catch {
      // not fatal: the switch still applies to this page
    }
  }
  function toggleMute(): void {
    muted.value = !muted.value
    rememberMuted(muted.value)
  }

  return {
    selection,
    held,
    shown,
    hint,
    hintParams,
    liftNo,
    setLiftNo,
    dialog,
    helpOpen,
    screen,
    muted,
    hideRoles,
    toggleHideRoles,
    setSelection,
    clearSelection,
    markSent,
    consumeSelection,
    release,
    onContextChange,
    showHint,
    toggleMute,
  }
})
