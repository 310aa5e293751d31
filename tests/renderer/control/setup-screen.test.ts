import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import SetupScreen from '../../../src/renderer/src/control/components/SetupScreen.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { makeView, testI18n, testingPinia } from './fixtures'

const NAMES = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']

async function mountSetup() {
  const pinia = testingPinia(makeView())
  const game = useGameStore(pinia)
  vi.mocked(game.call).mockImplementation((async (name: string) => {
    if (name === 'tournaments.list') return []
    if (name === 'players.list')
      return [{ id: 7, nickname: 'Ace', fullName: null, club: null, city: null, photo: null }]
    if (name === 'players.add')
      return { id: 99, nickname: 'Jay', fullName: null, club: null, city: null, photo: null }
    return null
  }) as unknown as typeof game.call)
  // KeepAlive is the App's; mounted alone, the screen loads its lists on activation only, which is fine here.
  const wrapper = mount(SetupScreen, { global: { plugins: [pinia, testI18n()] } })
  await flushPromises()
  return { wrapper, game }
}

async function fillNames(wrapper: Awaited<ReturnType<typeof mountSetup>>['wrapper']) {
  for (let i = 0; i < 10; i++) await wrapper.get(`[data-testid="name-${i + 1}"]`).setValue(NAMES[i])
}

describe('SetupScreen', () => {
  it('creates and starts a game with the seating and the roles entered from the cards', async () => {
    const { wrapper, game } = await mountSetup()
    await fillNames(wrapper)
    await wrapper.get('[data-testid="roles-manual"]').setValue(true)
    await wrapper.get('[data-testid="role-select-3"]').setValue('don')
    await wrapper.get('[data-testid="role-select-5"]').setValue('mafia')
    await wrapper.get('[data-testid="role-select-8"]').setValue('mafia')
    await wrapper.get('[data-testid="role-select-10"]').setValue('sheriff')
    await wrapper.get('form').trigger('submit')
    expect(game.create).toHaveBeenCalledTimes(1)
    const [input, start] = vi.mocked(game.create).mock.calls[0]
    expect(start).toBe(true)
    expect(input.rulesetId).toBe('fiim')
    expect(input.players.map((p) => p.name)).toEqual(NAMES)
    expect(input.roles).toMatchObject({
      '3': 'don',
      '5': 'mafia',
      '8': 'mafia',
      '10': 'sheriff',
      '1': 'civilian',
    })
    expect(input.seed).toBeUndefined()
  })

  it('refuses wrong role counts and missing names before asking the server', async () => {
    const { wrapper, game } = await mountSetup()
    await wrapper.get('form').trigger('submit')
    expect(wrapper.get('[data-testid="setup-error"]').text()).toContain('всех десятерых')
    await fillNames(wrapper)
    await wrapper.get('[data-testid="roles-manual"]').setValue(true)
    await wrapper.get('[data-testid="role-select-3"]').setValue('don')
    await wrapper.get('form').trigger('submit')
    expect(wrapper.get('[data-testid="setup-error"]').text()).toContain('1 дон, 2 мафии и 1 шериф')
    expect(game.create).not.toHaveBeenCalled()
  })

  it('deals at random with a seed when roles are not entered, and reorders with the move buttons', async () => {
    const { wrapper, game } = await mountSetup()
    await fillNames(wrapper)
    await wrapper.get('[aria-label="Опустить игрока №1"]').trigger('click')
    await wrapper.get('[aria-label="Поднять игрока №10"]').trigger('click')
    await wrapper.get('form').trigger('submit')
    const [input] = vi.mocked(game.create).mock.calls[0]
    expect(input.players.map((p) => p.name)).toEqual([
      'Bee',
      'Ace',
      'Cat',
      'Dan',
      'Eve',
      'Fox',
      'Gus',
      'Hal',
      'Jay',
      'Ivy',
    ])
    expect(input.roles).toBeUndefined()
    expect(typeof input.seed).toBe('number')
  })

  it('finds a player in the registry and adds a new one', async () => {
    vi.useFakeTimers()
    const { wrapper, game } = await mountSetup()
    await wrapper.get('[data-testid="name-1"]').setValue('Ace')
    await vi.advanceTimersByTimeAsync(200)
    expect(game.call).toHaveBeenCalledWith('players.list', { query: 'Ace' })
    await wrapper.get('[data-testid="name-10"]').setValue('Jay')
    await wrapper.get('[aria-label="Добавить «Jay» в базу игроков"]').trigger('click')
    await flushPromises()
    expect(game.call).toHaveBeenCalledWith('players.add', { nickname: 'Jay' })
    for (let i = 1; i < 9; i++) await wrapper.get(`[data-testid="name-${i + 1}"]`).setValue(NAMES[i])
    await wrapper.get('form').trigger('submit')
    const [input] = vi.mocked(game.create).mock.calls[0]
    expect(input.players[0]).toEqual({ name: 'Ace', playerId: 7 })
    expect(input.players[9]).toEqual({ name: 'Jay', playerId: 99 })
    vi.useRealTimers()
  })
})
