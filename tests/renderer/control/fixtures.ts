/** Shared fixtures for the control panel's component tests: a control view, a testing Pinia and i18n. */
import { vi } from 'vitest'
import { createTestingPinia } from '@pinia/testing'
import { createI18n } from 'vue-i18n'
import type { GameEnvelope } from '../../../src/shared/contract'
import type { ControlView, SeatView } from '../../../src/shared/game/views'
import { BUILTIN_RULESETS } from '../../../src/shared/game/ruleset'
import { commonEn, commonRu } from '../../../src/renderer/src/common/locales/common'
import { controlEn, controlRu } from '../../../src/renderer/src/control/locales'

const NAMES = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']
const ROLES: Record<number, SeatView['role']> = { 3: 'don', 5: 'mafia', 8: 'mafia', 10: 'sheriff' }

export function seatsView(over: Partial<Record<number, Partial<SeatView>>> = {}): SeatView[] {
  return NAMES.map((name, i) => ({
    seat: i + 1,
    name,
    playerId: null,
    photo: null,
    club: null,
    role: ROLES[i + 1] ?? 'civilian',
    status: 'alive',
    fouls: 0,
    techFouls: 0,
    silenced: false,
    nominated: false,
    speaking: false,
    points: null,
    ...over[i + 1],
  }))
}

export function makeView(over: Partial<ControlView> = {}): ControlView {
  return {
    revision: 10,
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
    players: seatsView(),
    canUndo: false,
    canRedo: false,
    undoLabel: null,
    redoLabel: null,
    voteCancelled: false,
    scores: null,
    ...over,
  }
}

export function envelope(view: ControlView): GameEnvelope {
  return {
    gameId: 1,
    game: {
      id: 1,
      uuid: 'u-1',
      title: 'Game 1',
      status: 'running',
      winner: null,
      tournamentId: null,
      roundId: null,
      tableId: null,
      number: null,
      roundNumber: null,
      tableNumber: null,
      rulesetId: view.rulesetId,
      updatedAt: '2026-01-01T00:00:00Z',
    },
    view,
  }
}

export function testingPinia(view: ControlView, ui: { selection?: number[]; muted?: boolean } = {}) {
  return createTestingPinia({
    createSpy: vi.fn,
    // The game store talks to the server: its actions are spies. The panel's local state works for real.
    stubActions: (_name, store) => store.$id === 'game',
    initialState: {
      game: {
        envelope: envelope(view),
        error: null,
        busy: false,
        rulesets: Object.values(BUILTIN_RULESETS),
        games: [],
      },
      ui: {
        selection: ui.selection ?? [],
        hint: null,
        dialog: null,
        helpOpen: false,
        screen: 'game',
        muted: ui.muted ?? false,
      },
    },
  })
}

export function testI18n(locale: 'ru' | 'en' = 'ru') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'ru',
    messages: { ru: { ...commonRu, ...controlRu }, en: { ...commonEn, ...controlEn } },
  })
}
