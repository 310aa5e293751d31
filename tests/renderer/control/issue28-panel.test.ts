// Issue 28 at the component level: the removal dialog's reasons and letters, Esc from a dialog, the vote preview's
// refusals, the city lift-all's three answers, H in the night panel and on the Games screen, the paused timer look
// on the panel and on the overlay's ring.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import ActionDialog from '../../../src/renderer/src/control/components/ActionDialog.vue'
import LiftAllPanel from '../../../src/renderer/src/control/components/LiftAllPanel.vue'
import NightPanel from '../../../src/renderer/src/control/components/NightPanel.vue'
import SetupScreen from '../../../src/renderer/src/control/components/SetupScreen.vue'
import TimerPanel from '../../../src/renderer/src/control/components/TimerPanel.vue'
import VotingPanel from '../../../src/renderer/src/control/components/VotingPanel.vue'
import StepPanel from '../../../src/renderer/src/control/components/StepPanel.vue'
import CountdownRing from '../../../src/renderer/src/overlay/components/CountdownRing.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { useUiStore } from '../../../src/renderer/src/control/stores/ui'
import { usePanel } from '../../../src/renderer/src/control/logic/panel'
import { removalChoices } from '../../../src/renderer/src/control/logic/removal-reasons'
import { cycleLiftAnswer } from '../../../src/renderer/src/control/logic/answers'
import { BUILTIN_RULESETS } from '../../../src/shared/game/ruleset'
import type { ControlView, TimerState } from '../../../src/shared/game/views'
import { makeView, testI18n, testingPinia } from './fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

async function openDialog(view: ControlView, kind: 'remove' | 'extraPoints', seat: number) {
  const pinia = testingPinia(view, { selection: [seat] })
  const game = useGameStore(pinia)
  vi.mocked(game.command).mockResolvedValue(true)
  const w = mount(ActionDialog, { global: { plugins: [pinia, testI18n()] }, attachTo: document.body })
  useUiStore(pinia).dialog = { kind, seat }
  await flushPromises()
  return { w, game, ui: useUiStore(pinia) }
}

describe('the removal dialog (§11.5)', () => {
  it('under FIIM opens on the first reason FIIM takes and offers no oath (a team defeat there)', async () => {
    const { w } = await openDialog(makeView({ rulesetId: 'fiim' }), 'remove', 4)
    const select = w.get<HTMLSelectElement>('[data-testid="remove-reason"]')
    expect(select.element.value).toBe(BUILTIN_RULESETS.fiim.removalReasons![0])
    expect(select.element.value).not.toBe('oath')
    expect(select.findAll('option').map((o) => o.attributes('value'))).not.toContain('oath')
    w.unmount()
  })

  it('under the club rules the oath is a removal and the ruleset’s first reason', async () => {
    const { w } = await openDialog(makeView({ rulesetId: 'club' }), 'remove', 4)
    expect(w.get<HTMLSelectElement>('[data-testid="remove-reason"]').element.value).toBe('oath')
    w.unmount()
  })

  it('a letter picks the reason in either layout; letters in the details field stay text', async () => {
    const { w, game } = await openDialog(makeView({ rulesetId: 'fiim' }), 'remove', 4)
    const select = w.get<HTMLSelectElement>('[data-testid="remove-reason"]')
    await select.trigger('keydown', { key: 'н' })
    expect(select.element.value).toBe('nightViolation')
    await select.trigger('keydown', { key: 'I' })
    expect(select.element.value).toBe('insult')
    await select.trigger('keydown', { key: 'д' })
    expect(select.element.value).toBe('other')
    const details = w.get('input[type="text"]')
    await details.setValue('b')
    await details.trigger('keydown', { key: 'b' })
    expect(select.element.value).toBe('other')
    await select.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(game.command).toHaveBeenNthCalledWith(1, { cmd: 'remove', seat: 4, reason: 'other' })
    w.unmount()
  })

  it('under FIIM the oath’s letter names the team defeat instead of picking a reason', async () => {
    const { w } = await openDialog(makeView({ rulesetId: 'fiim' }), 'remove', 4)
    const select = w.get<HTMLSelectElement>('[data-testid="remove-reason"]')
    await select.trigger('keydown', { key: 'к' })
    expect(select.element.value).toBe('betting')
    expect(w.get('[data-testid="dialog-error"]').text()).toBe(
      '«Клятва» в этих правилах — не удаление, а ППК: Esc, затем P.',
    )
    w.unmount()
  })

  it('a reason the app has no words for (a user’s ruleset) is listed as its code, without a letter', () => {
    const choices = removalChoices({ removalReasons: ['phone', 'betting'], teamDefeatReasons: [] })
    expect(choices).toEqual([
      { code: 'phone', letters: null },
      { code: 'betting', letters: { ru: 'П', en: 'B' } },
    ])
  })
})

describe('Esc from a dialog', () => {
  it('closes it and lets its seat go', async () => {
    const { w, ui } = await openDialog(makeView(), 'extraPoints', 6)
    expect(ui.selection).toEqual([6])
    await w.get('[data-testid="extra-points"]').trigger('keydown', { key: 'Escape' })
    expect(ui.dialog).toBeNull()
    expect(ui.selection).toEqual([])
    w.unmount()
  })
})

function votingView(): ControlView {
  return makeView({
    step: 'voting',
    speaker: null,
    nominees: [
      { seat: 5, by: 1 },
      { seat: 3, by: 2 },
      { seat: 7, by: 3 },
    ],
    voting: {
      round: 'vote',
      candidates: [
        { seat: 5, voters: [1, 2], votes: 2 },
        { seat: 3, voters: null, votes: null },
        { seat: 7, voters: null, votes: null },
      ],
      current: 3,
      eligible: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      notVoted: [3, 4, 5, 6, 7, 8, 9],
    },
    players: makeView().players.map((p) => (p.seat === 10 ? { ...p, status: 'killed' } : p)),
  })
}

describe('the vote preview', () => {
  it('refuses at the key a seat that has voted and a seat that is no voter; the count stays', async () => {
    const pinia = testingPinia(votingView())
    const w = mount(VotingPanel, { global: { plugins: [pinia, testI18n()] } })
    const ui = useUiStore(pinia)
    const panel = usePanel()
    panel.pickSeat(1)
    await nextTick()
    expect(ui.selection).toEqual([])
    expect(ui.hint).toBe('alreadyVoted')
    expect(ui.hintParams).toEqual({ n: 1, c: 5 })
    panel.pickSeat(10)
    expect(ui.selection).toEqual([])
    expect(ui.hint).toBe('notVoter')
    panel.pickSeat(4)
    await nextTick()
    expect(ui.selection).toEqual([4])
    expect(w.get('[data-testid="votes-3"]').text()).toBe('1')
  })
})

describe('the speech', () => {
  it('once the speaker’s nominee stands, the nominate button says so instead of offering N (§6.1)', () => {
    const view = makeView({ speaker: 1, nominees: [{ seat: 4, by: 1 }] })
    const w = mount(StepPanel, { global: { plugins: [testingPinia(view, { selection: [6] }), testI18n()] } })
    const btn = w.get('[data-testid="nominate"]')
    expect(btn.attributes('disabled')).toBeDefined()
    expect(btn.text()).toBe('Кандидатура выставлена: №4 Dan')
    const next = mount(StepPanel, {
      global: {
        plugins: [
          testingPinia(makeView({ speaker: 2, nominees: [{ seat: 4, by: 1 }] }), { selection: [6] }),
          testI18n(),
        ],
      },
    })
    expect(next.get('[data-testid="nominate"]').text()).toContain('Выставить №6')
  })
})

function liftView(rulesetId: string): ControlView {
  return makeView({
    rulesetId,
    step: 'liftAll',
    speaker: null,
    liftAll: { seats: [4, 6], eligible: [1, 2, 3, 5, 7, 8, 9, 10] },
  })
}

describe('the lift-all question (§8.3)', () => {
  it('city: a seat key cycles yes → no → abstains; three counts; the command carries yes and no', async () => {
    const pinia = testingPinia(liftView('city'))
    const game = useGameStore(pinia)
    const w = mount(LiftAllPanel, { global: { plugins: [pinia, testI18n()] } })
    for (const s of [1, 2, 3, 5, 5, 7, 7, 9, 9, 9]) await w.get(`[data-testid="lift-${s}"]`).trigger('click')
    const count = w.get('[data-testid="lift-count"]')
    expect([
      count.attributes('data-yes'),
      count.attributes('data-no'),
      count.attributes('data-abstain'),
    ]).toEqual(['3', '2', '3'])
    expect(count.text()).toContain('Воздержались: 3')
    expect(w.get('[data-testid="lift-9"]').attributes('data-answer')).toBe('abstain')
    await w.get('[data-testid="send-lift"]').trigger('click')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'liftAll', yes: [1, 2, 3], no: [5, 7] })
  })

  it('FIIM: only the yes count decides, so a key toggles yes and the rest are counted as no', async () => {
    const pinia = testingPinia(liftView('fiim'))
    const game = useGameStore(pinia)
    const w = mount(LiftAllPanel, { global: { plugins: [pinia, testI18n()] } })
    for (const s of [1, 2, 2, 3]) await w.get(`[data-testid="lift-${s}"]`).trigger('click')
    expect(w.find('[data-testid="lift-how"]').exists()).toBe(false)
    await w.get('[data-testid="send-lift"]').trigger('click')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'liftAll', yes: [1, 3] })
  })

  it('cycles one seat without touching the others', () => {
    expect(cycleLiftAnswer({ yes: [1], no: [2] }, 3)).toEqual({ yes: [1, 3], no: [2] })
    expect(cycleLiftAnswer({ yes: [1, 3], no: [2] }, 1)).toEqual({ yes: [3], no: [2, 1] })
    expect(cycleLiftAnswer({ yes: [3], no: [2, 1] }, 2)).toEqual({ yes: [3], no: [1] })
  })
})

describe('H («роли скрыты»)', () => {
  it('the night panel names no black and no check answer', async () => {
    const view = makeView({
      phase: 'night',
      step: null,
      speaker: null,
      night: 1,
      nightStep: 'shot',
      lastNight: { night: 1, shot: null, donCheck: { target: 10, isSheriff: true }, sheriffCheck: null },
    })
    const pinia = testingPinia(view)
    const ui = useUiStore(pinia)
    ui.hideRoles = true
    const w = mount(NightPanel, { global: { plugins: [pinia, testI18n()] } })
    expect(w.get('[data-testid="per-black"]').attributes('disabled')).toBeDefined()
    expect(w.find('form.per-black').exists()).toBe(false)
    expect(w.get('[data-testid="result-don"]').text()).not.toContain('ШЕРИФ')
    ui.hideRoles = false
    await nextTick()
    expect(w.get('[data-testid="result-don"]').text()).toContain('ШЕРИФ')
  })

  it('the Games screen shows the roles typed from the cards as hidden', async () => {
    const pinia = testingPinia(makeView())
    vi.mocked(useGameStore(pinia).call).mockResolvedValue([] as never)
    const ui = useUiStore(pinia)
    const w = mount(SetupScreen, { global: { plugins: [pinia, testI18n()] } })
    await flushPromises()
    await w.get('[data-testid="roles-manual"]').setValue(true)
    await w.get('[data-testid="role-select-3"]').setValue('don')
    ui.hideRoles = true
    await nextTick()
    expect(w.find('[data-testid="role-select-3"]').exists()).toBe(false)
    expect(w.get('[data-testid="role-hidden-3"]').text()).toBe('···')
    expect(w.get('ol.rows').text()).not.toMatch(/Дон|дон/)
    w.unmount()
  })
})

const T0 = Date.UTC(2026, 11, 1, 12, 0, 0)
const paused: TimerState = { label: 'speech', durationMs: 60_000, remainingMs: 41_000, runningSince: null }
const going: TimerState = { ...paused, runningSince: T0 }

describe('a paused timer looks paused', () => {
  it('on the panel: a badge and its own look; none while running or at zero', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    try {
      const pinia = testingPinia(makeView({ timer: paused }))
      const w = mount(TimerPanel, {
        global: { plugins: [pinia, testI18n()], provide: { playSound: vi.fn() } },
      })
      expect(w.get('[data-testid="timer-panel"]').classes()).toContain('timer-paused')
      expect(w.get('[data-testid="timer-paused"]').text()).toContain('Пауза')
      const game = useGameStore(pinia)
      game.envelope = { ...game.envelope!, view: { ...game.envelope!.view, timer: going, revision: 11 } }
      await nextTick()
      expect(w.find('[data-testid="timer-paused"]').exists()).toBe(false)
      game.envelope = {
        ...game.envelope!,
        view: { ...game.envelope!.view, timer: { ...paused, remainingMs: 0 }, revision: 12 },
      }
      await nextTick()
      expect(w.find('[data-testid="timer-paused"]').exists()).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('on the overlay’s ring: a pause mark while paused with time left, none while running', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    try {
      const w = mount(CountdownRing, { props: { timer: paused } })
      expect(w.get('[data-testid="countdown"]').classes()).toContain('paused')
      expect(w.find('[data-testid="countdown-paused"]').exists()).toBe(true)
      await w.setProps({ timer: going })
      expect(w.find('[data-testid="countdown-paused"]').exists()).toBe(false)
      w.unmount()
    } finally {
      vi.useRealTimers()
    }
  })
})
