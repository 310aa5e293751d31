import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import { nextTick } from 'vue'
import App from '../../../src/renderer/src/control/App.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { useUiStore } from '../../../src/renderer/src/control/stores/ui'
import type { ControlView } from '../../../src/shared/game/views'
import { makeView, testI18n, testingPinia } from './fixtures'

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

function mountApp(view: ControlView) {
  const pinia = testingPinia(view)
  wrapper = mount(App, { global: { plugins: [pinia, testI18n()] }, attachTo: document.body })
  return { wrapper, game: useGameStore(pinia), ui: useUiStore(pinia) }
}

async function press(key: string, code: string, init: KeyboardEventInit = {}, target: EventTarget = window) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true, ...init }))
  await nextTick()
}

describe('the panel’s keyboard', () => {
  it('digit then N nominates by the speaker; the pending selection is shown', async () => {
    const { wrapper, game } = mountApp(makeView({ speaker: 2 }))
    await press('5', 'Digit5')
    expect(wrapper.get('[data-testid="selection"]').attributes('data-seats')).toBe('5')
    expect(wrapper.get('[data-testid="seat-5"]').classes()).toContain('selected')
    await press('т', 'KeyN')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'nominate', by: 2, target: 5 })
  })

  it('Enter with nothing picked is Next; a held Enter sends it once', async () => {
    const { game } = mountApp(makeView())
    await press('Enter', 'Enter')
    await press('Enter', 'Enter', { repeat: true })
    await press('Enter', 'Enter', { repeat: true })
    expect(game.command).toHaveBeenCalledTimes(1)
    expect(game.command).toHaveBeenCalledWith({ cmd: 'next' })
  })

  it('Esc drops the selection; Ctrl+Z and Ctrl+Shift+Z undo and redo', async () => {
    const { wrapper, game, ui } = mountApp(
      makeView({ canUndo: true, undoLabel: { ru: 'Фол игроку №4', en: 'Foul to seat 4' } }),
    )
    expect(wrapper.get('[data-testid="undo-label"]').text()).toContain('Фол игроку №4')
    await press('4', 'Digit4')
    await press('Escape', 'Escape')
    expect(ui.selection).toEqual([])
    await press('z', 'KeyZ', { ctrlKey: true })
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'undo' })
    await press('Z', 'KeyZ', { ctrlKey: true, shiftKey: true })
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'redo' })
  })

  it('keys typed into a field are the field’s, not shortcuts', async () => {
    const { wrapper, game, ui } = mountApp(makeView())
    const input = document.createElement('input')
    wrapper.element.appendChild(input)
    await press('5', 'Digit5', {}, input)
    await press('Enter', 'Enter', {}, input)
    expect(ui.selection).toEqual([])
    expect(game.command).not.toHaveBeenCalled()
  })

  it('? opens the list of every shortcut and Esc closes it', async () => {
    const { wrapper } = mountApp(makeView())
    await press('?', 'Slash', { shiftKey: true })
    expect(wrapper.find('[data-testid="help"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="help"]').text()).toContain('Ctrl+Z')
    await press('Escape', 'Escape')
    expect(wrapper.find('[data-testid="help"]').exists()).toBe(false)
  })

  it('shows the engine’s reason in place, in the judge’s language', async () => {
    const { wrapper, game } = mountApp(makeView())
    game.error = { code: 'engine/not_in_phase', message: { ru: 'Сейчас нельзя', en: 'Not now' } }
    await nextTick()
    expect(wrapper.get('[data-testid="error"]').text()).toContain('Сейчас нельзя')
    await wrapper.get('[data-testid="lang-en"]').trigger('click')
    expect(wrapper.get('[data-testid="error"]').text()).toContain('Not now')
    expect(localStorage.getItem('mafia-desk.locale')).toBe('en')
  })
})
