import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import App from '../../../src/renderer/src/overlay/App.vue'
import { useOverlayStore } from '../../../src/renderer/src/overlay/stores/overlay'
import { OVERLAY_PARAMS, parseOverlayParams } from '../../../src/renderer/src/overlay/params'
import type { ConnectionState, Transport } from '../../../src/renderer/src/common/transport'
import type { OverlayEnvelope, PushName, Pushes } from '../../../src/shared/contract'
import type { OverlayView } from '../../../src/shared/game/views'
import { envelope, makeView, seat, testI18n } from './fixtures'

function mountApp(env: OverlayEnvelope | null, query = '', standings: unknown = null) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useOverlayStore(pinia)
  store.showStatic(env, null)
  if (standings) store.showStatic({ ...(env ?? envelope(null)), standings } as OverlayEnvelope)
  const w = mount(App, {
    global: {
      plugins: [pinia, testI18n()],
      provide: { [OVERLAY_PARAMS as symbol]: parseOverlayParams(query) },
    },
  })
  return { w, store }
}

describe('overlay App', () => {
  it('shows the phase banner, the speaker and the nominees in order', () => {
    const view = makeView({
      day: 2,
      speaker: 4,
      nominees: [
        { seat: 7, by: 1 },
        { seat: 3, by: 2 },
      ],
      players: Array.from({ length: 10 }, (_, i) =>
        seat(i + 1, { speaking: i === 3, nominated: i === 6 || i === 2 }),
      ),
    })
    const { w } = mountApp(envelope(view))
    expect(w.get('[data-testid="phase-title"]').text()).toBe('День 2')
    expect(w.get('[data-testid="phase-step"]').text()).toBe('Речь')
    expect(w.get('[data-testid="banner-speaker"]').text()).toContain('Player 4')
    const chips = w.get('[data-testid="nominees"]').findAll('[data-testid^="nominee-"]')
    expect(chips.map((c) => c.attributes('data-testid'))).toEqual(['nominee-7', 'nominee-3'])
    expect(w.get('[data-testid="card-nominated-7"]').text()).toBe('1')
    expect(w.get('[data-testid="card-nominated-3"]').text()).toBe('2')
  })

  it('shows live vote tallies, the revote and the tie', async () => {
    const voting: OverlayView['voting'] = {
      round: 'vote',
      candidates: [
        { seat: 7, voters: [1, 2, 3], votes: 3 },
        { seat: 3, voters: null, votes: null },
      ],
      current: 3,
      eligible: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      notVoted: [4, 5, 6, 7, 8, 9, 10],
    }
    const { w, store } = mountApp(envelope(makeView({ step: 'voting', speaker: null, voting })))
    expect(w.get('[data-testid="phase-step"]').text()).toBe('Голосование')
    expect(w.get('[data-testid="nominee-7"]').attributes('data-votes')).toBe('3')
    expect(w.get('[data-testid="nominee-3"]').attributes('data-votes')).toBe('')
    expect(w.get('[data-testid="nominee-3"]').classes()).toContain('current')
    store.showStatic(
      envelope(makeView({ step: 'voting', speaker: null, voting: { ...voting, round: 'revote' } })),
    )
    await nextTick()
    expect(w.get('[data-testid="phase-step"]').text()).toBe('Переголосование')
    store.showStatic(envelope(makeView({ step: 'tieSpeech', speaker: 7 })))
    await nextTick()
    expect(w.get('[data-testid="phase-step"]').text()).toContain('Перестрелка')
  })

  it('shows the night result without checks when the server stripped them, with checks when sent', async () => {
    const lastNight = {
      night: 1,
      shot: { kind: 'kill' as const, target: 5 },
      donCheck: null,
      sheriffCheck: null,
    }
    const { w, store } = mountApp(envelope(makeView({ day: 2, step: 'lastWord', speaker: 5, lastNight })))
    expect(w.get('[data-testid="night-shot"]').text()).toContain('5')
    expect(w.find('[data-testid="night-don"]').exists()).toBe(false)
    expect(w.find('[data-testid="night-sheriff"]').exists()).toBe(false)
    store.showStatic(
      envelope(
        makeView({
          day: 2,
          step: 'lastWord',
          speaker: 5,
          rolesVisible: true,
          bestMove: { by: 5, seats: [1, 2, 3] },
          lastNight: {
            ...lastNight,
            donCheck: { target: 4, isSheriff: true },
            sheriffCheck: { target: 9, isBlack: true },
          },
        }),
        'shown',
      ),
    )
    await nextTick()
    expect(w.get('[data-testid="night-don"]').text()).toContain('шериф')
    expect(w.get('[data-testid="night-sheriff"]').text()).toContain('чёрный')
    expect(w.get('[data-testid="best-move"]').text()).toContain('123')
  })

  it('shows the winner screen at the end', () => {
    const { w } = mountApp(
      envelope(makeView({ phase: 'finished', step: null, speaker: null, winner: 'black' })),
    )
    expect(w.get('[data-testid="winner"]').attributes('data-winner')).toBe('black')
    expect(w.get('[data-testid="winner"]').text()).toContain('Победа мафии')
  })

  it('draws each layout preset on a stage of its own size', () => {
    for (const [query, size] of [
      ['', [1920, 1080]],
      ['?layout=strip', [1920, 260]],
      ['?layout=bar', [1920, 100]],
      ['?layout=standings', [1920, 1080]],
    ] as const) {
      const { w } = mountApp(envelope(makeView()), query)
      const stage = w.get('[data-testid="stage"]').element as HTMLElement
      expect([stage.style.width, stage.style.height]).toEqual([`${size[0]}px`, `${size[1]}px`])
    }
    const strip = mountApp(envelope(makeView()), '?layout=strip').w
    expect(strip.find('[data-testid="phase-banner"]').exists()).toBe(false)
    expect(strip.findAll('[data-testid^="card-"][data-status]')).toHaveLength(10)
    const bar = mountApp(envelope(makeView()), '?layout=bar').w
    expect(bar.find('[data-testid="info-bar"]').exists()).toBe(true)
    expect(bar.find('[data-testid="cards"]').exists()).toBe(false)
  })

  it('shows standings when the envelope carries them, else a clear empty state', () => {
    const empty = mountApp(envelope(null), '?layout=standings').w
    expect(empty.get('[data-testid="standings-empty"]').text()).toBe('Турнирной таблицы пока нет')
    const full = mountApp(envelope(null), '?layout=standings', {
      title: 'Cup',
      rows: [
        { place: 1, name: 'Ace', points: 3.5, games: 3, wins: 3 },
        { place: 2, name: 'Bee', total: 2 },
      ],
    }).w
    expect(full.findAll('[data-testid="standings-row"]')).toHaveLength(2)
  })

  it('shows the tie-break columns in the ruleset order, marks the deciding one and provisional Ci', () => {
    const { w } = mountApp(envelope(null), '?layout=standings', {
      title: 'Cup',
      tieBreaks: ['extra', 'wins', 'winsAsSheriff', 'firstKilled'],
      ciProvisional: true,
      rows: [
        {
          place: 1,
          name: 'Ace',
          points: 3.5,
          games: 3,
          wins: 3,
          tieBreaks: [0.5, 3, 1, 0],
          decidedBy: 'extra',
        },
        {
          place: 2,
          name: 'Bee',
          points: 3.5,
          games: 3,
          wins: 2,
          tieBreaks: [0.3, 2, 0, 1],
          decidedBy: 'extra',
        },
        { place: 3, name: 'Cat', points: 2, games: 3, wins: 2, tieBreaks: [0, 2, 0, 1], ciProvisional: true },
      ],
    })
    // Three tie-break columns fit; "wins" is one of them, so there is no separate wins column.
    expect(w.findAll('th').map((h) => h.text())).toEqual([
      'Место',
      'Игрок',
      'Игры',
      'Доп.',
      'Побед',
      'Поб. шер.',
      'Баллы',
    ])
    const decided = w.findAll('[data-testid="standings-decided"]')
    expect(decided.map((c) => c.text())).toEqual(['0,5', '0,3']) // Russian decimal comma
    const cat = w.findAll('[data-testid="standings-row"]')[2]
    expect(cat.find('.pts').text()).toBe('2*')
    expect(w.get('[data-testid="standings-ci-provisional"]').text()).toContain('Ci предварительный')
  })

  it('themes through CSS variables from the settings, overridden by the URL', () => {
    const { w } = mountApp(envelope(makeView()))
    const vars = (w.get('[data-testid="stage"]').element as HTMLElement).style
    expect(vars.getPropertyValue('--md-accent')).toBe('#e53935')
    const o = mountApp(envelope(makeView()), '?accent=38bdf8&title=Final').w
    expect(
      (o.get('[data-testid="stage"]').element as HTMLElement).style.getPropertyValue('--md-accent'),
    ).toBe('#38bdf8')
    expect(o.get('[data-testid="theme-title"]').text()).toBe('Final')
  })

  it('keeps the last view while the app restarts, and refetches on resync', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useOverlayStore(pinia)
    let pushL: (<K extends PushName>(c: K, p: Pushes[K]) => void) | null = null
    let resyncL: (() => void) | null = null
    let stateL: ((s: ConnectionState) => void) | null = null
    let calls = 0
    let reply: OverlayEnvelope = envelope(makeView({ day: 1 }))
    const transport = {
      kind: 'ws',
      call: async () => {
        calls++
        return reply
      },
      onPush: (l: typeof pushL) => ((pushL = l), () => {}),
      onResync: (l: () => void) => ((resyncL = l), () => {}),
      onState: (l: (s: ConnectionState) => void) => ((stateL = l), () => {}),
      state: () => 'open',
      access: () => 'read',
      close: () => {},
    } as unknown as Transport
    store.attach(transport)
    await Promise.resolve()
    const w = mount(App, {
      global: {
        plugins: [pinia, testI18n()],
        provide: { [OVERLAY_PARAMS as symbol]: parseOverlayParams('') },
      },
    })
    await nextTick()
    expect(w.get('[data-testid="phase-title"]').text()).toBe('День 1')
    pushL!('overlay.view', envelope(makeView({ day: 2 })))
    await nextTick()
    expect(w.get('[data-testid="phase-title"]').text()).toBe('День 2')
    stateL!('closed')
    await nextTick()
    expect(w.get('[data-testid="overlay"]').attributes('data-connection')).toBe('closed')
    expect(w.get('[data-testid="phase-title"]').text()).toBe('День 2')
    expect(w.findAll('[data-testid^="card-"][data-status]')).toHaveLength(10)
    reply = envelope(makeView({ day: 3 }))
    stateL!('open')
    resyncL!()
    await Promise.resolve()
    await nextTick()
    expect(calls).toBe(2)
    expect(w.get('[data-testid="phase-title"]').text()).toBe('День 3')
  })
})
