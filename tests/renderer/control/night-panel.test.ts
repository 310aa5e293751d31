import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import NightPanel from '../../../src/renderer/src/control/components/NightPanel.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import type { ControlView } from '../../../src/shared/game/views'
import { makeView, testI18n, testingPinia } from './fixtures'

function nightView(over: Partial<ControlView>): ControlView {
  return makeView({ phase: 'night', step: null, speaker: null, night: 1, nightStep: 'shot', ...over })
}
function mountNight(view: ControlView, selection: number[] = []) {
  const pinia = testingPinia(view, { selection })
  const wrapper = mount(NightPanel, { global: { plugins: [pinia, testI18n()] } })
  return { wrapper, game: useGameStore(pinia) }
}

describe('NightPanel', () => {
  it('sends the shot at the picked seat, or a miss', async () => {
    const { wrapper, game } = mountNight(nightView({}), [10])
    expect(wrapper.get('[data-testid="send-shot"]').text()).toContain('№10')
    await wrapper.get('[data-testid="send-shot"]').trigger('click')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'shot', target: 10 })
    await wrapper.get('[data-testid="send-miss"]').trigger('click')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'shot', target: null })
  })

  it('takes per-black shots for the living blacks', async () => {
    const { wrapper, game } = mountNight(nightView({}))
    await wrapper.get('[data-testid="per-black"]').trigger('click')
    const selects = wrapper.findAll('form.per-black select')
    expect(selects).toHaveLength(3)
    await selects[0].setValue('1')
    await selects[1].setValue('1')
    await wrapper.get('form.per-black').trigger('submit')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'shot', shots: { '3': 1, '5': 1, '8': null } })
  })

  it('shows the answers of the checks to the judge', () => {
    const { wrapper } = mountNight(
      nightView({
        nightStep: null,
        lastNight: {
          night: 1,
          shot: { kind: 'kill', target: 10 },
          donCheck: { target: 10, isSheriff: true },
          sheriffCheck: { target: 3, isBlack: true },
        },
      }),
    )
    expect(wrapper.get('[data-testid="result-shot"]').text()).toContain('№10')
    expect(wrapper.get('[data-testid="result-don"]').text()).toContain('ШЕРИФ')
    expect(wrapper.get('[data-testid="result-sheriff"]').text()).toContain('ЧЁРНЫЙ')
    expect(wrapper.get('[data-testid="night-step"]').text()).toContain('утро')
  })

  it('asks for the don’s check after the shot', async () => {
    const { wrapper, game } = mountNight(nightView({ nightStep: 'donCheck' }), [4])
    await wrapper.get('[data-testid="send-don"]').trigger('click')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'donCheck', target: 4 })
  })
})
