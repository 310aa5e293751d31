/**
 * The control panel re-renders what changed (issue 14): a command's view arrives whole, as JSON; the store keeps the
 * unchanged parts as the objects already shown and components read the view field by field, so a foul re-renders
 * the seat strip (one card's DOM) and the undo button, not the status, step, timer and action panels.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { getCurrentInstance, nextTick, type ComponentOptions } from 'vue'
import App from '../../../src/renderer/src/control/App.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { BUILTIN_RULESETS } from '../../../src/shared/game/ruleset'
import type { CallName, GameEnvelope } from '../../../src/shared/contract'
import type { Transport } from '../../../src/renderer/src/common/transport'
import { envelope, makeView, seatsView, testI18n } from './fixtures'

/** A view as the transport delivers it: parsed from JSON, so no object is shared with the previous one. */
const wire = (e: GameEnvelope): GameEnvelope => JSON.parse(JSON.stringify(e)) as GameEnvelope

function atRevision(revision: number, fouls: Record<number, number>, undo: string | null): GameEnvelope {
  const over = Object.fromEntries(Object.entries(fouls).map(([s, n]) => [Number(s), { fouls: n }]))
  return envelope(
    makeView({
      revision,
      players: seatsView(over),
      timer: { label: 'speech', durationMs: 60_000, remainingMs: 60_000, runningSince: null },
      canUndo: undo !== null,
      undoLabel: undo === null ? null : { ru: undo, en: undo },
    }),
  )
}

/** A connection whose `game.view` answers with `env` (a resync after a reconnection); pushes never come. */
function sameViewTransport(env: GameEnvelope): Transport {
  const replies: Partial<Record<CallName, unknown>> = {
    'game.view': env,
    'rulesets.list': Object.values(BUILTIN_RULESETS),
  }
  return {
    kind: 'ws',
    call: async (name: CallName) => replies[name] ?? null,
    onPush: () => () => {},
    onResync: () => () => {},
    onState: () => () => {},
    state: () => 'open',
    access: () => 'control',
    close: () => {},
  } as unknown as Transport
}

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

describe('control panel render scope', () => {
  it('a foul re-renders the seat strip (one card’s DOM) and the undo button, nothing else', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const game = useGameStore(pinia)
    game.rulesets = Object.values(BUILTIN_RULESETS)
    game.accept(wire(atRevision(5, {}, null)))

    // Counts the re-renders of every component, by name.
    const renders = new Map<string, number>()
    const counter: ComponentOptions = {
      beforeUpdate() {
        const i = getCurrentInstance()
        const name = String(i?.type.__name ?? i?.type.name ?? '?')
        renders.set(name, (renders.get(name) ?? 0) + 1)
      },
    }
    wrapper = mount(App, { global: { plugins: [pinia, testI18n()], mixins: [counter] } })
    await nextTick()
    const root = wrapper.get('[data-testid="app"]')
    expect(root.attributes('data-revision')).toBe('5')

    // Which seat cards' DOM changed.
    const touched = new Set<string>()
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target instanceof Element ? r.target : r.target.parentElement
        const seat = node?.closest('[data-testid^="seat-"]')?.getAttribute('data-testid')
        if (seat) touched.add(seat)
      }
    })
    observer.observe(wrapper.get('.seat-strip').element, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })

    game.accept(wire(atRevision(6, { 4: 1 }, 'Фол: 4')))
    await nextTick()
    await Promise.resolve()
    expect(wrapper.get('[data-testid="fouls-4"]').attributes('aria-label')).toContain('1')
    expect(wrapper.get('[data-testid="undo-label"]').text()).toContain('Фол: 4')
    expect(root.attributes('data-revision')).toBe('6')
    expect([...renders.keys()].sort()).toEqual(['SeatStrip', 'UndoRedo'])
    expect([...touched]).toEqual(['seat-4'])

    // Another foul for the same seat with the same undo label: the strip alone.
    renders.clear()
    touched.clear()
    game.accept(wire(atRevision(7, { 4: 2 }, 'Фол: 4')))
    await nextTick()
    await Promise.resolve()
    expect([...renders.keys()]).toEqual(['SeatStrip'])
    expect([...touched]).toEqual(['seat-4'])

    // The same view again after a reconnection (the store's refresh) renders nothing at all.
    renders.clear()
    touched.clear()
    game.attach(sameViewTransport(wire(atRevision(7, { 4: 2 }, 'Фол: 4'))))
    await new Promise((r) => setTimeout(r, 0))
    await nextTick()
    expect(game.rulesets).toHaveLength(Object.values(BUILTIN_RULESETS).length)
    expect([...renders.keys()]).toEqual([])
    expect([...touched]).toEqual([])
    observer.disconnect()
  })
})
