/**
 * A seat as the panel's messages name it: its number with the player's nickname, so no message names a bare number
 * where the player is known («Игрок №5 Ёж лишён слова», «Seat 5 (Ёж) is silenced»). The messages keep their `{n}`
 * («Игрок №{n}»): the tag fills it.
 */
import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import { useGameStore } from '../stores/game'

/** «5 Ёж» (ru) / «5 (Ёж)» (en); the bare number when the seat has no name. */
export function seatTag(n: number, name: string | null | undefined, lang: string): string {
  const nick = name?.trim()
  if (!nick) return String(n)
  return lang === 'en' ? `${n} (${nick})` : `${n} ${nick}`
}

/**
 * The tag of a seat of the game on the panel, in the panel's language. It reads the names through a computed key
 * that changes only with a name: a foul or a speech (a new players list with the same names) re-renders no panel
 * that shows a tag (tests/renderer/control/render-scope.test.ts).
 */
export function useSeatTag(): (n: number | null) => string {
  const { locale } = useI18n()
  const game = useGameStore()
  const key = computed(() => (game.live?.players ?? []).map((p) => p.name).join('\n'))
  const names = computed(() => key.value.split('\n'))
  // No seat (a dialog without one): nothing to name.
  return (n: number | null) => (n === null ? '' : seatTag(n, names.value[n - 1], locale.value))
}
