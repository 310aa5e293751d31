/**
 * On-demand graphics (NodeCG / H2R style): the nominees panel, the night card, the standings over the game, a
 * player intro («lower third») and the break screen. One piece of server state, carried in every overlay
 * envelope, so the OBS browser source and the Electron overlay always show the same thing. Set from the panel's
 * keys and by the OBS director (its break shows the break screen; the next game moment ends it).
 */
import type { LowerThird, OverlayGraphicInput, OverlayGraphics } from '../../shared/contract'

export const NO_GRAPHICS: OverlayGraphics = Object.freeze({
  nominees: null,
  night: null,
  standings: false,
  break: false,
  lowerThird: null,
})

/**
 * The next state after an operator's request. `lowerThird` is the resolved intro of `input.seat` (looked up by
 * the caller, who knows the game and the registry); without it a "show" request leaves the intro as it was.
 */
export function nextGraphics(
  cur: OverlayGraphics,
  input: OverlayGraphicInput,
  lowerThird: LowerThird | null = null,
): OverlayGraphics {
  switch (input.graphic) {
    case 'nominees':
    case 'night':
      return { ...cur, [input.graphic]: input.show }
    case 'standings':
    case 'break':
      return { ...cur, [input.graphic]: input.show === true }
    case 'lowerThird':
      if (input.show !== true) return { ...cur, lowerThird: null }
      return lowerThird ? { ...cur, lowerThird } : cur
  }
}

export class OnDemandGraphics {
  private value: OverlayGraphics = NO_GRAPHICS
  private readonly listeners = new Set<(g: OverlayGraphics) => void>()

  get state(): OverlayGraphics {
    return this.value
  }

  set(input: OverlayGraphicInput, lowerThird: LowerThird | null = null): OverlayGraphics {
    return this.replace(nextGraphics(this.value, input, lowerThird))
  }

  /** The director's break between games: the break screen until the next game moment. */
  startBreak(): void {
    this.set({ graphic: 'break', show: true })
  }

  /** A new game moment (a command was applied): the break is over. */
  onGameMoment(): void {
    if (this.value.break) this.set({ graphic: 'break', show: false })
  }

  /** Another game became the active one: its seats are other players, so an intro on screen is stale. */
  onGameChanged(): void {
    if (this.value.lowerThird) this.set({ graphic: 'lowerThird', show: false })
  }

  subscribe(listener: (g: OverlayGraphics) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private replace(next: OverlayGraphics): OverlayGraphics {
    if (next === this.value) return next
    this.value = next
    for (const l of this.listeners) l(next)
    return next
  }
}
