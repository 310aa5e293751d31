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
  return controlView(g, g.log.length)
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

  it("issue 28 §3: a third foul that ends the speech, a 4th foul's removal, a failed lift-all, a game ended by a removal", () => {
    const cases: Array<[string, number, string, string, string]> = [
      [
        's58-club-silenced-to-the-end-of-the-round.json',
        5,
        'foul.speechEnded',
        'Третий фол у №1: его речь окончена, он молчит до конца круга',
        'Third foul for seat 1: his speech is over, he is silent to the end of the round',
      ],
      [
        's59-fiim-notices-fourth-foul-and-removal-ends-game.json',
        8,
        'foul.removed',
        '4-й фол у №6: удаление без последнего слова',
        'Foul 4 for seat 6: removed, without a last word',
      ],
      [
        's60-city-lift-all-with-abstentions.json',
        23,
        'liftAll.failed',
        'Подъём всех не прошёл (№4, №6): «за» 2, «против» 2; все остаются',
        'The lift-all vote failed (seats 4, 6): 2 yes, 2 no; all stay',
      ],
      [
        's59-fiim-notices-fourth-foul-and-removal-ends-game.json',
        21,
        'result.removal',
        'Игра окончена удалением №9: чёрных не меньше, чем красных — победа чёрных',
        "Seat 9's removal ended the game: the blacks are as many as the reds — the blacks win",
      ],
    ]
    for (const [file, steps, code, ru, en] of cases) {
      const view = viewAfter(file, steps)
      const w = mountNotice(view)
      expect(w.get('[data-testid="engine-notice"]').attributes('data-code')).toBe(code)
      expect(w.text()).toBe(ru)
      expect(mountNotice(view, 'en').text()).toBe(en)
    }
  })

  it('a notice leaves the panel when its step does', () => {
    const file = 's58-club-silenced-to-the-end-of-the-round.json'
    expect(mountNotice(viewAfter(file, 5)).find('[data-testid="engine-notice"]').exists()).toBe(true)
    // The next speech: the third foul's notice is gone.
    expect(mountNotice(viewAfter(file, 7)).find('[data-testid="engine-notice"]').exists()).toBe(false)
  })

  it('shows nothing when the last command decided nothing by itself', () => {
    const w = mountNotice(viewAfter('s51-notices-automatic-outcomes.json', 14))
    expect(w.find('[data-testid="engine-notice"]').exists()).toBe(false)
  })
})
