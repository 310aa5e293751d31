// Issue 30: «two banners saying the same thing». A fact the screen keeps on show (today's vote is cancelled, the
// result is decided before the last word) is not said a second time by the notice of the command that caused it —
// on the panel's step panel and on the overlay's notice line beside the nominees panel.
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import StepPanel from '../../src/renderer/src/control/components/StepPanel.vue'
import NoticeLine from '../../src/renderer/src/overlay/components/NoticeLine.vue'
import { makeView, testI18n, testingPinia } from './control/fixtures'
import { testI18n as overlayI18n } from './overlay/fixtures'
import type { PanelView } from '../../src/renderer/src/overlay/panel-view'

describe('the control panel says a fact once', () => {
  it('a removal that cancels the vote: the engine notice, not a second «vote cancelled» line', () => {
    const view = makeView({ voteCancelled: true, notice: { code: 'noVote.removal', params: { seat: 4 } } })
    const w = mount(StepPanel, { global: { plugins: [testingPinia(view), testI18n()] } })
    expect(w.findAll('[data-testid="vote-cancelled"]')).toHaveLength(0)
    // The next command clears the notice: the cancelled vote stays on show.
    const later = mount(StepPanel, {
      global: { plugins: [testingPinia(makeView({ voteCancelled: true, notice: null })), testI18n()] },
    })
    expect(later.get('[data-testid="vote-cancelled"]').text()).toContain('отменено')
  })

  it('a result fixed before the last word: said once', () => {
    const view = makeView({
      step: 'lastWord',
      winner: 'red',
      notice: { code: 'result.fixed', params: { seat: 3, winner: 'red' } },
    })
    const w = mount(StepPanel, { global: { plugins: [testingPinia(view), testI18n()] } })
    expect(w.findAll('[data-testid="decided"]')).toHaveLength(0)
    const later = mount(StepPanel, {
      global: {
        plugins: [testingPinia(makeView({ step: 'lastWord', winner: 'red', notice: null })), testI18n()],
      },
    })
    expect(later.findAll('[data-testid="decided"]')).toHaveLength(1)
  })
})

describe('the overlay says a fact once', () => {
  const cancelled = {
    phase: 'day',
    step: 'speech',
    voteCancelled: true,
    voting: null,
    liftAll: null,
    notice: { code: 'noVote.removal', params: { seat: 4 } },
  } as unknown as PanelView
  it('the notice line leaves «no vote today» to the nominees panel when it is on air', () => {
    const on = mount(NoticeLine, {
      props: { view: cancelled, voteCancelledShown: true },
      global: { plugins: [overlayI18n()] },
    })
    expect(on.find('[data-testid="overlay-notice"]').exists()).toBe(false)
    // The operator hid the nominees panel: the notice line says it.
    const off = mount(NoticeLine, {
      props: { view: cancelled, voteCancelledShown: false },
      global: { plugins: [overlayI18n()] },
    })
    expect(off.get('[data-testid="overlay-notice"]').text()).toContain('удалён игрок №4')
  })
})
