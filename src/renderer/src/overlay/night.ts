/**
 * When the night card is on air — one rule for the full layout's card, the strip and the bar: during the night
 * (only once there is something the stream may see), and in the morning that follows it until the voting: the
 * victim's last word and the speeches. Never in a later last word (a player voted out speaks after the voting), and
 * never a pending «shot…» line that the stream would see all night when the shot is kept from it.
 */
import type { LastNightView } from '../../../shared/game/views'
import type { PanelView } from './panel-view'

export function nightOnAir(v: PanelView, force = false): LastNightView | null {
  const n = v.lastNight
  if (!n) return null
  if (force) return n
  if (v.phase === 'night' && n.night === v.night) {
    const something = n.shot !== null || n.donCheck !== null || n.sheriffCheck !== null
    return something || v.nightStep === 'shot' ? n : null
  }
  if (v.phase !== 'day' || n.night !== v.day - 1) return null
  if (v.step === 'speech') return n
  // The morning's last word is the night victim's; a last word after the voting is not the night's.
  if (v.step === 'lastWord') return n.shot?.kind === 'kill' && v.speaker === n.shot.target ? n : null
  return null
}

/** The pending line («Выстрел…») only while the shot is the entry expected and the stream may see it. */
export const shotPending = (v: PanelView): boolean => v.phase === 'night' && v.nightStep === 'shot'
