// Issue 30 §1–§2 in the overlay's components: the night card's lifetime, the bar's tie, «no vote today» and best
// move, the end screen's "how the game ended", and the on-demand graphics in the strip and the bar.
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import App from '../../../src/renderer/src/overlay/App.vue'
import { useOverlayStore } from '../../../src/renderer/src/overlay/stores/overlay'
import { OVERLAY_PARAMS, parseOverlayParams } from '../../../src/renderer/src/overlay/params'
import { readStandings } from '../../../src/renderer/src/overlay/standings'
import type { OverlayEnvelope, OverlayGraphics } from '../../../src/shared/contract'
import type { OverlayView } from '../../../src/shared/game/views'
import { envelope, makeView, seat, testI18n } from './fixtures'

const NO_GRAPHICS: OverlayGraphics = {
  nominees: null,
  night: null,
  standings: false,
  break: false,
  lowerThird: null,
}

function mountApp(
  view: OverlayView,
  layout: string,
  graphics: Partial<OverlayGraphics> = {},
  locale: 'ru' | 'en' = 'ru',
  judge: string | null = null,
) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useOverlayStore(pinia)
  const env: OverlayEnvelope = { ...envelope(view), graphics: { ...NO_GRAPHICS, ...graphics }, judge }
  const standings = readStandings({
    standings: { title: 'Кубок', rows: [{ place: 1, name: 'Ace', points: 3.5, games: 2, wins: 2 }] },
  })
  store.showStatic(env, standings)
  return mount(App, {
    global: {
      plugins: [pinia, testI18n(locale)],
      provide: { [OVERLAY_PARAMS as symbol]: parseOverlayParams(`?layout=${layout}`) },
    },
  })
}

/** Day 2 after night 1's kill of seat 2 (best move 3, 7, 8). */
const morning = (over: Partial<OverlayView> = {}): OverlayView =>
  makeView({
    day: 2,
    night: 1,
    lastNight: { night: 1, shot: { kind: 'kill', target: 2 }, donCheck: null, sheriffCheck: null },
    bestMove: { by: 2, seats: [3, 7, 8] },
    players: Array.from({ length: 10 }, (_, i) => seat(i + 1, { status: i === 1 ? 'killed' : 'alive' })),
    ...over,
  })

describe('the night card is on air for its night and its morning only', () => {
  it("in the victim's last word and the speeches: yes; in a voted-out player's last word: no (full and bar)", () => {
    for (const layout of ['full', 'bar']) {
      expect(
        mountApp(morning({ step: 'lastWord', speaker: 2 }), layout)
          .find('[data-testid="night"]')
          .exists(),
      ).toBe(true)
      expect(
        mountApp(morning({ step: 'speech', speaker: 4 }), layout)
          .find('[data-testid="night"]')
          .exists(),
      ).toBe(true)
      const votedOut = morning({ step: 'lastWord', speaker: 7 })
      expect(mountApp(votedOut, layout).find('[data-testid="night"]').exists(), layout).toBe(false)
    }
  })

  it('a night the stream may not see yet shows no card (no «Выстрел…» all night); a visible pending shot does', () => {
    const night = makeView({
      phase: 'night',
      step: null,
      night: 2,
      day: 2,
      speaker: null,
      lastNight: { night: 2, shot: null, donCheck: null, sheriffCheck: null },
    })
    expect(mountApp(night, 'full').find('[data-testid="night"]').exists()).toBe(false)
    const visible = { ...night, rolesVisible: true, nightStep: 'shot' as const }
    expect(mountApp(visible, 'full').get('[data-testid="night"]').text()).toContain('Выстрел…')
  })
})

describe('the bar', () => {
  it('a tie: only the tied seats, with their score; the revote is named once', () => {
    const tie = morning({
      step: 'tieSpeech',
      speaker: 7,
      nominees: [
        { seat: 7, by: 1 },
        { seat: 3, by: 4 },
        { seat: 5, by: 6 },
      ],
      tie: { stage: 'tieSpeech', seats: [7, 3], counts: [5, 5], round: 1 },
    })
    const w = mountApp(tie, 'bar')
    const chips = w.get('[data-testid="nominees"]').findAll('[data-testid^="nominee-"]')
    expect(chips.map((c) => c.attributes('data-testid'))).toEqual(['nominee-7', 'nominee-3'])
    expect(w.get('[data-testid="bar-chips-head"]').text()).toBe('5 : 5')

    const revote = morning({
      step: 'voting',
      speaker: null,
      voting: {
        round: 'revote',
        candidates: [
          { seat: 7, voters: [1], votes: 1 },
          { seat: 3, voters: null, votes: null },
        ],
        current: 3,
        eligible: [1, 3, 4, 5, 6, 7, 8, 9, 10],
        notVoted: [3, 4, 5, 6, 7, 8, 9, 10],
      },
      tie: { stage: 'revote', seats: [7, 3], counts: [5, 5], round: 1 },
    })
    for (const [locale, word] of [
      ['ru', 'Переголосование'],
      ['en', 'Revote'],
    ] as const) {
      const text = mountApp(revote, 'bar', {}, locale).get('[data-testid="info-bar"]').text()
      expect(text.split(word).length - 1, text).toBe(1)
    }
  })

  it('says «no vote today» and shows the best move in the morning', () => {
    const w = mountApp(morning({ step: 'speech', speaker: 4, voteCancelled: true }), 'bar')
    expect(w.get('[data-testid="bar-vote-cancelled"]').text()).toBe('Голосования не будет')
    expect(w.get('[data-testid="best-move"]').text()).toContain('378')
  })
})

describe('the end screen says how the game ended', () => {
  it('the winner with the reason in the full layout and the bar; no stale notice of the last step', () => {
    const end = makeView({
      phase: 'finished',
      step: null,
      speaker: null,
      winner: 'black',
      end: { winner: 'black', reason: 'parity' },
      notice: { code: 'noVote.removal', params: { seat: 6 } },
    })
    for (const layout of ['full', 'bar']) {
      const w = mountApp(end, layout)
      expect(w.get('[data-testid="ending"]').text()).toBe('чёрных не меньше, чем красных')
      expect(w.find('[data-testid="overlay-notice"]').exists()).toBe(false)
    }
    expect(mountApp(end, 'full', {}, 'en').get('[data-testid="ending"]').text()).toBe(
      'the blacks are as many as the reds',
    )
  })
})

describe('every on-demand graphic has a form in the strip and the bar', () => {
  const intro = {
    seat: 8,
    name: 'Hal',
    club: 'Клуб',
    city: null,
    photo: null,
    points: 2.5,
    tournament: 'Кубок',
  }
  it.each(['strip', 'bar'])('%s: intro, standings, break, forced nominees and night card', (layout) => {
    const day = morning({ step: 'speech', speaker: 4, nominees: [{ seat: 7, by: 1 }] })
    expect(mountApp(day, layout, { lowerThird: intro }).get('[data-testid="lower-third"]').text()).toContain(
      'Клуб',
    )
    expect(mountApp(day, layout, { standings: true }).get('[data-testid="standings"]').text()).toContain(
      'Ace',
    )
    expect(mountApp(day, layout, { break: true }).get('[data-testid="break-screen"]').text()).toContain(
      'Перерыв',
    )
    const lastWord = morning({ step: 'lastWord', speaker: 7, nominees: [{ seat: 7, by: 1 }] })
    expect(mountApp(lastWord, layout, { nominees: true }).find('[data-testid="nominee-7"]').exists()).toBe(
      true,
    )
    expect(mountApp(lastWord, layout, { night: true }).find('[data-testid="night"]').exists()).toBe(true)
  })
})

describe('the judge on air', () => {
  it('the full layout names the judge in both languages; no line when none is stored', () => {
    const day = morning({ step: 'speech', speaker: 4 })
    expect(mountApp(day, 'full', {}, 'ru', 'Анна').get('[data-testid="overlay-judge"]').text()).toBe(
      'Судья: Анна',
    )
    expect(mountApp(day, 'full', {}, 'en', 'Анна').get('[data-testid="overlay-judge"]').text()).toBe(
      'Judge: Анна',
    )
    expect(mountApp(day, 'full').find('[data-testid="overlay-judge"]').exists()).toBe(false)
  })
})
