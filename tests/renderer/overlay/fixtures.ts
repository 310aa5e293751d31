/** Test data and plugins for the overlay component tests. */
import { createI18n } from 'vue-i18n'
import type { OverlayEnvelope, PushName, Pushes } from '../../../src/shared/contract'
import type { Transport } from '../../../src/renderer/src/common/transport'
import type { OverlayView, SeatView } from '../../../src/shared/game/views'
import { commonEn, commonRu } from '../../../src/renderer/src/common/locales/common'
import { overlayEn, overlayRu } from '../../../src/renderer/src/overlay/locales'

export function testI18n(locale: 'ru' | 'en' = 'ru') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'ru',
    messages: { ru: { ...commonRu, ...overlayRu }, en: { ...commonEn, ...overlayEn } },
  })
}

export function seat(n: number, over: Partial<SeatView> = {}): SeatView {
  return {
    seat: n,
    name: `Player ${n}`,
    playerId: null,
    photo: null,
    club: null,
    role: null,
    status: 'alive',
    fouls: 0,
    techFouls: 0,
    silenced: false,
    nominated: false,
    speaking: false,
    points: null,
    ...over,
  }
}

export function makeView(over: Partial<OverlayView> = {}): OverlayView {
  return {
    rulesetId: 'fiim',
    phase: 'day',
    step: 'speech',
    nightStep: null,
    day: 1,
    night: 0,
    speaker: 1,
    nominees: [],
    voting: null,
    liftAll: null,
    lastNight: null,
    bestMove: null,
    timer: null,
    winner: null,
    players: Array.from({ length: 10 }, (_, i) => seat(i + 1, { speaking: i === 0 })),
    voteCancelled: false,
    scores: null,
    rolesVisible: false,
    ...over,
  }
}

export function envelope(
  view: OverlayView | null,
  roles: 'hidden' | 'shown' | 'atEnd' = 'hidden',
  frame = view ? 1 : 0,
): OverlayEnvelope {
  return {
    gameId: view ? 1 : null,
    view,
    frame,
    settings: {
      roles,
      theme: { accent: '#e53935', background: '#101218', text: '#ffffff', logoUrl: null, title: 'Cup' },
    },
    standings: null,
  }
}

/** A transport for store tests: `call` answers `reply()`, and the test drives the pushes through `push`. */
export function fakeTransport(reply: () => unknown): {
  transport: Transport
  push: <K extends PushName>(channel: K, payload: Pushes[K]) => void
} {
  let listener: (<K extends PushName>(c: K, p: Pushes[K]) => void) | null = null
  const transport = {
    kind: 'ws',
    call: async () => reply(),
    onPush: (l: typeof listener) => ((listener = l), () => {}),
    onResync: () => () => {},
    onState: () => () => {},
    state: () => 'open',
    access: () => 'read',
    close: () => {},
  } as unknown as Transport
  return { transport, push: (channel, payload) => listener?.(channel, payload) }
}
