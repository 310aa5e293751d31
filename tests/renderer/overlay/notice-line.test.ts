// The overlay's small notice line: public reasons only (views built by the real engine).
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import NoticeLine from '../../../src/renderer/src/overlay/components/NoticeLine.vue'
import { overlayView } from '../../../src/main/engine'
import { gameAfter } from '../../fixtures/scenario-game'
import type { OverlayView } from '../../../src/shared/game/views'
import { testI18n } from './fixtures'

function viewAfter(file: string, steps: number): OverlayView {
  const g = gameAfter(file, steps)
  return overlayView(g, { roles: 'shown' })
}

describe('NoticeLine', () => {
  it('§7.2 shows why there is no vote', () => {
    const w = mount(NoticeLine, {
      props: { view: viewAfter('s51-notices-automatic-outcomes.json', 13) },
      global: { plugins: [testI18n()] },
    })
    expect(w.get('[data-testid="overlay-notice"]').text()).toContain('одна кандидатура в первый день')
  })

  it('§4.1 never shows who shot at an absent seat, even with roles shown', () => {
    const w = mount(NoticeLine, {
      props: { view: viewAfter('s45-shot-at-absent-seat-is-a-miss.json', 15) },
      global: { plugins: [testI18n()] },
    })
    expect(w.find('[data-testid="overlay-notice"]').exists()).toBe(false)
  })
})
