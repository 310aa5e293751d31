/**
 * The overlay re-renders what changed (issue 14): views arrive whole, as JSON, so every push is a new object; the
 * store keeps every unchanged part as the object it already shows, and a foul re-renders one seat card, not ten.
 */
import { describe, expect, it, vi } from 'vitest'
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

function fouls(bySeat: Record<number, number>, frame: number): OverlayEnvelope {
  return envelope(
    makeView({
      players: Array.from({ length: 10 }, (_, i) => seat(i + 1, { fouls: bySeat[i + 1] ?? 0 })),
    }),
    'hidden',
    frame,
  )
}

/** Shown by v-show: in the DOM either way, hidden by an inline `display: none`. */
const shown = (el: { element: Element }): boolean => (el.element as HTMLElement).style.display !== 'none'

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

  /**
   * Mounts the overlay with `layout`, counting the updates of every component by name, and the renders of each
   * seat card (the component named PlayerCard) by seat.
   */
  async function mountCounting(layout: string, first: OverlayEnvelope) {
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useOverlayStore(pinia)
    const { transport, push } = fakeTransport(() => wire(first))
    store.attach(transport)
    await Promise.resolve()
    const updates = new Map<string, number>()
    const cards = new Map<number, number>()
    const counter: ComponentOptions = {
      updated() {
        const i = getCurrentInstance()
        const name = String(i?.type.__name ?? i?.type.name ?? '?')
        updates.set(name, (updates.get(name) ?? 0) + 1)
        if (name !== 'PlayerCard') return
        const s = (i?.props as { player: { seat: number } }).player.seat
        cards.set(s, (cards.get(s) ?? 0) + 1)
      },
    }
    const w = mount(App, {
      global: {
        plugins: [pinia, testI18n()],
        mixins: [counter],
        provide: { [OVERLAY_PARAMS as symbol]: parseOverlayParams(layout) },
        // The real Transition and TransitionGroup (test-utils stubs them by default): their cost is what is tested.
        stubs: { transition: false, 'transition-group': false },
      },
    })
    await nextTick()
    return { w, push, updates, cards }
  }

  it('a foul pushed to the overlay re-renders one seat card', async () => {
    const { w, push, cards: renders } = await mountCounting('', fouls({}, 5))
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

  const nominated = (
    frame: number,
    foulsOf4: number,
    nominees = [
      { seat: 3, by: 1 },
      { seat: 7, by: 2 },
    ],
  ) =>
    envelope(
      makeView({
        nominees,
        players: Array.from({ length: 10 }, (_, i) =>
          seat(i + 1, {
            speaking: i === 0,
            fouls: i === 3 ? foulsOf4 : 0,
            silenced: i === 3 && foulsOf4 >= 3,
          }),
        ),
      }),
      'hidden',
      frame,
    )

  for (const layout of ['', '?layout=bar']) {
    it(`a foul during the nominations does not re-render the nominee list (${layout || 'full'} layout)`, async () => {
      // At each of its renders a TransitionGroup appends a probe element to read its computed style and, when its
      // rows can move, measures every row and forces a layout, before the push's own change is done: it must render
      // only when its rows change. The spy sees the probe (a foul itself appends nothing).
      const { w, push, updates } = await mountCounting(layout, nominated(5, 0))
      expect(w.findAll('[data-testid^="nominee-"]')).toHaveLength(2)
      updates.clear()
      const probe = vi.spyOn(Element.prototype, 'appendChild')
      try {
        push('overlay.view', wire(nominated(6, 1)))
        await nextTick()
        if (!layout) expect(w.get('[data-testid="card-fouls-4"]').attributes('data-fouls')).toBe('1')
        expect(probe).not.toHaveBeenCalled()
        // Nor any panel beside the cards (they see the game without the seats' fouls, panel-view.ts), nor the
        // overlay's root (the row of cards reads the seats from the store).
        const panels = [
          'App',
          'PhaseBanner',
          'NoticeLine',
          'NomineesPanel',
          'NightPanel',
          'WinnerScreen',
          'InfoBar',
        ]
        expect(panels.filter((name) => updates.has(name))).toEqual([])
        // A new nominee does render the list.
        push(
          'overlay.view',
          wire(
            nominated(7, 1, [
              { seat: 3, by: 1 },
              { seat: 7, by: 2 },
              { seat: 9, by: 4 },
            ]),
          ),
        )
        await nextTick()
        expect(w.findAll('[data-testid^="nominee-"]')).toHaveLength(3)
        expect(probe).toHaveBeenCalled()
      } finally {
        probe.mockRestore()
      }
    })
  }

  it('the silenced mark comes and goes with the third foul at once, with no transition and no mount', async () => {
    const { w, push } = await mountCounting('', nominated(5, 2))
    // In the DOM from the start, hidden: the third foul only shows it (nothing is created in that push).
    const mark = w.get('[data-testid="card-silenced-4"]')
    expect(shown(mark)).toBe(false)
    push('overlay.view', wire(nominated(6, 3)))
    await nextTick()
    expect(w.get('[data-testid="card-silenced-4"]').element).toBe(mark.element)
    expect(shown(mark)).toBe(true)
    expect(mark.classes().some((c) => c.includes('enter'))).toBe(false)
    push('overlay.view', wire(nominated(7, 2)))
    await nextTick()
    // Hidden in the same flush: a leave transition would keep it shown (and force a layout) until it ends.
    expect(shown(mark)).toBe(false)
  })
})
