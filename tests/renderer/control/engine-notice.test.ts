// The control panel says what the engine decided by itself and why, in the judge's language (views built by the
// real engine from the project's scenarios).
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import EngineNotice from '../../../src/renderer/src/control/components/EngineNotice.vue'
import { controlView } from '../../../src/main/engine'
import { gameAfter } from '../../fixtures/scenario-game'
import type { ControlView } from '../../../src/shared/game/views'
import { testI18n, testingPinia } from './fixtures'

function viewAfter(file: string, steps: number): ControlView {
  const g = gameAfter(file, steps)
  return controlView(g)
}

const mountNotice = (view: ControlView, locale: 'ru' | 'en' = 'ru') =>
  mount(EngineNotice, { global: { plugins: [testingPinia(view), testI18n(locale)] } })

describe('EngineNotice', () => {
  it('§7.2 says why there is no vote on day 1, in Russian and in English', () => {
    const view = viewAfter('s51-notices-automatic-outcomes.json', 13)
    const ru = mountNotice(view)
    expect(ru.get('[data-testid="engine-notice"]').attributes('data-code')).toBe('noVote.day1Single')
    expect(ru.text()).toBe('Голосование не проводилось: одна кандидатура в первый день (№4)')
    expect(mountNotice(view, 'en').text()).toBe('No vote: a single nominee on day 1 (seat 4)')
  })

  it('§10.2 says why nobody left when every tied player was removed', () => {
    const w = mountNotice(viewAfter('s42-club-all-tied-removed-in-tie-speeches.json', 22))
    expect(w.text()).toContain('никого из них нет за столом, никто не уходит')
  })

  it('shows nothing when the last command decided nothing by itself', () => {
    const w = mountNotice(viewAfter('s51-notices-automatic-outcomes.json', 14))
    expect(w.find('[data-testid="engine-notice"]').exists()).toBe(false)
  })
})
