/**
 * Which on-demand graphic takes a small layout over (the strip's 1920×260 and the bar's 1920×100 have no room
 * beside the game for a second panel): the break first, then the standings, then a player intro. In the strip a
 * nominees list or night card forced on by the operator takes it over too; the bar has room for both in its line.
 */
import type { OverlayGraphics } from '../../../shared/contract'

export type Takeover = 'break' | 'standings' | 'lowerThird' | 'night' | 'nominees'

export function takeoverOf(g: OverlayGraphics | null, layout: 'strip' | 'bar' = 'bar'): Takeover | null {
  if (!g) return null
  if (g.break) return 'break'
  if (g.standings) return 'standings'
  if (g.lowerThird) return 'lowerThird'
  if (layout === 'strip' && g.night === true) return 'night'
  if (layout === 'strip' && g.nominees === true) return 'nominees'
  return null
}
