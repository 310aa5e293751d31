import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import VotingPanel from '../../../src/renderer/src/control/components/VotingPanel.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { useUiStore } from '../../../src/renderer/src/control/stores/ui'
import { keyIntent, outcomeOf } from '../../../src/renderer/src/control/logic/keymap'
import type { ControlView, VotingView } from '../../../src/shared/game/views'
import { makeView, testI18n, testingPinia } from './fixtures'

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

function votingView(voting: Partial<VotingView>, over: Partial<ControlView> = {}): ControlView {
  return makeView({
    step: 'voting',
    speaker: null,
    nominees: [
      { seat: 5, by: 1 },
      { seat: 3, by: 2 },
    ],
    voting: {
      round: 'vote',
      candidates: [
        { seat: 5, voters: null, votes: null },
        { seat: 3, voters: null, votes: null },
      ],
      current: 5,
      eligible: ALL,
      notVoted: ALL,
      ...voting,
    },
    ...over,
  })
}

function mountPanel(view: ControlView, selection: number[] = []) {
  const pinia = testingPinia(view, { selection })
  const wrapper = mount(VotingPanel, { global: { plugins: [pinia, testI18n()] } })
  return { wrapper, game: useGameStore(pinia), ui: useUiStore(pinia) }
}

describe('VotingPanel', () => {
  it('lists the candidates in nomination order and asks about the current one', () => {
    const { wrapper } = mountPanel(votingView({}))
    const items = wrapper.findAll('[data-testid^="candidate-"]')
    expect(items.map((i) => i.attributes('data-testid'))).toEqual(['candidate-5', 'candidate-3'])
    expect(wrapper.get('[data-testid="candidate-5"]').classes()).toContain('current')
    expect(wrapper.get('[data-testid="vote-question"]').text()).toContain('№5')
    expect(wrapper.find('[data-testid="vote-auto"]').exists()).toBe(false)
  })

  it('toggles voters with clicks and keeps running totals and the not-voted list', async () => {
    const { wrapper, ui } = mountPanel(votingView({}))
    for (const s of [1, 2, 4]) await wrapper.get(`[data-testid="voter-${s}"]`).trigger('click')
    expect(ui.selection).toEqual([1, 2, 4])
    expect(wrapper.get('[data-testid="votes-5"]').text()).toBe('3')
    expect(wrapper.get('[data-testid="voter-2"]').attributes('aria-pressed')).toBe('true')
    expect(wrapper.get('[data-testid="not-voted"]').text()).toContain('3, 5, 6, 7, 8, 9, 10')
    await wrapper.get('[data-testid="voter-2"]').trigger('click')
    expect(ui.selection).toEqual([1, 4])
    expect(wrapper.get('[data-testid="votes-5"]').text()).toBe('2')
  })

  it('sends the vote for the current candidate with the toggled voters', async () => {
    const { wrapper, game } = mountPanel(votingView({}), [7, 1, 4])
    await wrapper.get('[data-testid="send-vote"]').trigger('click')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'vote', candidate: 5, voters: [1, 4, 7] })
  })

  it('disables the seats that already voted and the seats that may not vote', () => {
    const view = votingView({
      candidates: [
        { seat: 5, voters: [1, 2, 4], votes: 3 },
        { seat: 3, voters: null, votes: null },
      ],
      current: 3,
      eligible: [1, 2, 3, 4, 6, 7, 8, 9, 10],
      notVoted: [3, 6, 7, 8, 9, 10],
    })
    const { wrapper } = mountPanel(view)
    expect(wrapper.get('[data-testid="voter-1"]').attributes('disabled')).toBeDefined()
    expect(wrapper.get('[data-testid="voter-5"]').attributes('disabled')).toBeDefined()
    expect(wrapper.get('[data-testid="voter-6"]').attributes('disabled')).toBeUndefined()
    expect(wrapper.get('[data-testid="candidate-5"]').classes()).toContain('done')
    expect(wrapper.get('[data-testid="votes-5"]').text()).toBe('3')
  })

  it('the last candidate under nonVoters=toLastCandidate takes every remaining seat without toggling', async () => {
    const view = votingView({
      candidates: [
        { seat: 5, voters: [1, 2, 4, 6, 7, 9, 10], votes: 7 },
        { seat: 3, voters: null, votes: null },
      ],
      current: 3,
      notVoted: [3, 5, 8],
    })
    const { wrapper, game } = mountPanel(view)
    expect(wrapper.get('[data-testid="vote-auto"]').text()).toContain('3')
    expect(wrapper.get('[data-testid="votes-3"]').text()).toBe('3')
    expect(wrapper.get('[data-testid="voter-8"]').classes()).toContain('auto')
    expect(wrapper.get('[data-testid="not-voted"]').text()).toContain('—')
    await wrapper.get('[data-testid="send-vote"]').trigger('click')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'vote', candidate: 3 })
  })

  it('under nonVoters=abstain the last candidate gets only the toggled voters', async () => {
    const view = votingView(
      {
        candidates: [
          { seat: 5, voters: [1, 2], votes: 2 },
          { seat: 3, voters: null, votes: null },
        ],
        current: 3,
        notVoted: [3, 4, 5, 6, 7, 8, 9, 10],
      },
      { rulesetId: 'city' },
    )
    const { wrapper, game } = mountPanel(view, [4])
    expect(wrapper.find('[data-testid="vote-auto"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="votes-3"]').text()).toBe('1')
    await wrapper.get('[data-testid="send-vote"]').trigger('click')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'vote', candidate: 3, voters: [4] })
  })

  it('counts votes entered as a number (§7.5) and can send a count', async () => {
    const view = votingView({
      candidates: [
        { seat: 5, voters: null, votes: 4 },
        { seat: 3, voters: null, votes: null },
      ],
      current: 3,
    })
    const { wrapper, game } = mountPanel(view)
    expect(wrapper.get('[data-testid="votes-5"]').text()).toBe('4')
    await wrapper.get('[data-testid="vote-count"]').setValue('6')
    await wrapper.get('form.by-count').trigger('submit')
    expect(game.command).toHaveBeenCalledWith({ cmd: 'vote', candidate: 3, count: 6 })
  })

  it('shows a revote as such', () => {
    const { wrapper } = mountPanel(votingView({ round: 'revote' }))
    expect(wrapper.get('h2').text()).toBe('Переголосование')
  })

  it('follows a new view pushed by the server', async () => {
    const { wrapper, game } = mountPanel(votingView({}))
    const next = votingView({
      candidates: [
        { seat: 5, voters: [1, 2], votes: 2 },
        { seat: 3, voters: null, votes: null },
      ],
      current: 3,
      notVoted: [3, 4, 5, 6, 7, 8, 9, 10],
    })
    game.envelope = { ...game.envelope!, view: { ...next, revision: 11 } }
    await nextTick()
    expect(wrapper.get('[data-testid="candidate-3"]').classes()).toContain('current')
    expect(wrapper.get('[data-testid="votes-5"]').text()).toBe('2')
  })
})

describe('voting from the keyboard', () => {
  const key = (k: string, code = k) => ({
    key: k,
    code,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
  })
  const rules = {
    nonVoters: 'toLastCandidate' as const,
    nominationWithdrawal: false,
    liftAllMajority: 'moreThanHalfLiving' as const,
  }

  it('digits pick seats (0 is seat 10) and Enter sends the vote', () => {
    expect(keyIntent(key('1', 'Digit1'))).toEqual({ kind: 'seat', seat: 1 })
    expect(keyIntent(key('0', 'Digit0'))).toEqual({ kind: 'seat', seat: 10 })
    expect(outcomeOf({ kind: 'primary' }, votingView({}), [10, 2], rules)).toEqual({
      kind: 'command',
      command: { cmd: 'vote', candidate: 5, voters: [2, 10] },
    })
    expect(outcomeOf(keyIntent(key('v', 'KeyV'))!, votingView({}), [], rules)).toEqual({
      kind: 'command',
      command: { cmd: 'vote', candidate: 5, voters: [] },
    })
  })

  it('letters work on a Russian layout (the physical key counts)', () => {
    expect(keyIntent(key('м', 'KeyV'))).toEqual({ kind: 'vote' })
    expect(keyIntent(key('т', 'KeyN'))).toEqual({ kind: 'nominate' })
  })
})
