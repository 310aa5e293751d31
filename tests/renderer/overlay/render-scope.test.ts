/**
 * The overlay re-renders what changed (issue 14): views arrive whole, as JSON, so every push is a new object; the
 * store keeps every unchanged part as the object it already shows, and a foul re-renders one seat card, not ten.
 */
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { getCurrentInstance, nextTick, type ComponentOptions } from 'vue'
import App from '../../../src/renderer/src/overlay/App.vue'
import { useOverlayStore } from '../../../src/renderer/src/overlay/stores/overlay'
import { OVERLAY_PARAMS, parseOverlayParams } from '../../../src/renderer/src/overlay/params'
import { shareEqual } from '../../../src/renderer/src/common/share'
import type { OverlayEnvelope } from '../../../src/shared/contract'
import { envelope, fakeTransport, makeView, seat, testI18n } from './fixtures'

/** A push as the transport delivers it: parsed from JSON, so no object is shared with the previous one. */
const wire = (e: OverlayEnvelope): OverlayEnvelope => JSON.parse(JSON.stringify(e)) as OverlayEnvelope

function fouls(bySeat: Record<number, number>, revision: number): OverlayEnvelope {
  return envelope(
    makeView({
      revision,
      players: Array.from({ length: 10 }, (_, i) => seat(i + 1, { fouls: bySeat[i + 1] ?? 0 })),
    }),
  )
}

describe('render scope', () => {
  it('shareEqual keeps equal parts as the previous objects and returns the previous value when nothing changed', () => {
    const a = {
      view: {
        revision: 1,
        players: [
          { seat: 1, fouls: 0 },
          { seat: 2, fouls: 0 },
        ],
      },
      settings: { x: [1] },
    }
    const b = shareEqual(a, {
      view: {
        revision: 2,
        players: [
          { seat: 1, fouls: 0 },
          { seat: 2, fouls: 1 },
        ],
      },
      settings: { x: [1] },
    })
    expect(b).not.toBe(a)
    expect(b.view.players[0]).toBe(a.view.players[0])
    expect(b.view.players[1]).not.toBe(a.view.players[1])
    expect(b.view.players[1].fouls).toBe(1)
    expect(b.settings).toBe(a.settings)
    expect(shareEqual(b, JSON.parse(JSON.stringify(b)))).toBe(b)
    // Shapes that differ are taken as they come.
    expect(shareEqual({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 })
    expect(shareEqual([1, 2], [1])).toEqual([1])
    expect(shareEqual({ a: null }, { a: { b: 1 } })).toEqual({ a: { b: 1 } })
  })

  it('a foul pushed to the overlay re-renders one seat card', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useOverlayStore(pinia)
    const first = fouls({}, 5)
    const { transport, push } = fakeTransport(() => wire(first))
    store.attach(transport)
    await Promise.resolve()

    // Counts the renders of every seat card (the component named PlayerCard), by seat.
    const renders = new Map<number, number>()
    const counter: ComponentOptions = {
      beforeUpdate() {
        const i = getCurrentInstance()
        const name = i?.type.__name ?? i?.type.name
        if (name !== 'PlayerCard') return
        const s = (i?.props as { player: { seat: number } }).player.seat
        renders.set(s, (renders.get(s) ?? 0) + 1)
      },
    }
    const w = mount(App, {
      global: {
        plugins: [pinia, testI18n()],
        mixins: [counter],
        provide: { [OVERLAY_PARAMS as symbol]: parseOverlayParams('') },
      },
    })
    await nextTick()
    expect(w.findAll('[data-testid^="card-fouls-"]')).toHaveLength(10)

    push('overlay.view', wire(fouls({ 4: 1 }, 6)))
    await nextTick()
    expect(w.get('[data-testid="card-fouls-4"]').attributes('data-fouls')).toBe('1')
    expect([...renders]).toEqual([[4, 1]])

    // The same view again (a resync) renders nothing at all.
    renders.clear()
    push('overlay.view', wire(fouls({ 4: 1 }, 6)))
    await nextTick()
    expect([...renders]).toEqual([])
  })
})
