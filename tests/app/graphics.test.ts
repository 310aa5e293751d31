import { describe, expect, it } from 'vitest'
import { NO_GRAPHICS, OnDemandGraphics, nextGraphics } from '../../src/main/obs/graphics'
import type { LowerThird } from '../../src/shared/contract'

const intro: LowerThird = {
  seat: 3,
  name: 'Медведь',
  club: 'Демо-клуб',
  city: null,
  photo: null,
  points: 2.5,
  tournament: 'Демо',
}

describe('on-demand graphics', () => {
  it('forces the automatic panels shown or hidden and back to automatic', () => {
    let g = nextGraphics(NO_GRAPHICS, { graphic: 'nominees', show: false })
    expect(g.nominees).toBe(false)
    g = nextGraphics(g, { graphic: 'nominees', show: true })
    expect(g.nominees).toBe(true)
    g = nextGraphics(g, { graphic: 'nominees', show: null })
    expect(g.nominees).toBeNull()
    expect(nextGraphics(g, { graphic: 'night', show: true }).night).toBe(true)
  })

  it('shows an intro only with its resolved player, and hides it', () => {
    expect(nextGraphics(NO_GRAPHICS, { graphic: 'lowerThird', show: true, seat: 3 })).toBe(NO_GRAPHICS)
    const on = nextGraphics(NO_GRAPHICS, { graphic: 'lowerThird', show: true, seat: 3 }, intro)
    expect(on.lowerThird).toEqual(intro)
    expect(nextGraphics(on, { graphic: 'lowerThird', show: false }).lowerThird).toBeNull()
  })

  it("the director's break lasts until the next game moment; another game drops the intro", () => {
    const g = new OnDemandGraphics()
    const seen: boolean[] = []
    g.subscribe((s) => seen.push(s.break))
    g.startBreak()
    expect(g.state.break).toBe(true)
    g.onGameMoment()
    expect(g.state.break).toBe(false)
    g.onGameMoment() // nothing to end: no push
    expect(seen).toEqual([true, false])
    g.set({ graphic: 'lowerThird', show: true, seat: 3 }, intro)
    g.onGameChanged()
    expect(g.state.lowerThird).toBeNull()
  })
})
