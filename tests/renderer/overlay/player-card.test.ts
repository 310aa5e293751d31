import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import PlayerCard from '../../../src/renderer/src/overlay/components/PlayerCard.vue'
import type { SeatView, TimerState } from '../../../src/shared/game/views'
import { initials } from '../../../src/renderer/src/overlay/format'
import { seat, testI18n } from './fixtures'

function mountCard(player: SeatView, props: { order?: number | null; timer?: TimerState | null } = {}) {
  return mount(PlayerCard, {
    props: { player, ...props },
    global: { plugins: [testI18n()] },
  })
}

/** Shown by v-show: in the DOM either way, hidden by an inline `display: none`. */
const shown = (el: { element: Element }): boolean => (el.element as HTMLElement).style.display !== 'none'

describe('PlayerCard', () => {
  it('shows the seat number, the nickname and initials when there is no photo', () => {
    const w = mountCard(seat(7, { name: 'Hal Jordan' }))
    expect(w.get('[data-testid="card-7"]').attributes('data-status')).toBe('alive')
    expect(w.text()).toContain('7')
    expect(w.get('.name').text()).toBe('Hal Jordan')
    expect(w.get('.initials').text()).toBe('HJ')
    expect(w.find('img').exists()).toBe(false)
  })

  it('shows the photo, and falls back to initials when it fails to load', async () => {
    const w = mountCard(seat(2, { name: 'Бобр', photo: '/photos/2.jpg' }))
    const img = w.get('img')
    expect(img.attributes('src')).toBe('/photos/2.jpg')
    await img.trigger('error')
    expect(w.find('img').exists()).toBe(false)
    expect(w.get('.initials').text()).toBe('БО')
  })

  it.each([
    ['alive', null],
    ['killed', 'Убит'],
    ['votedOut', 'Заголосован'],
    ['removed', 'Удалён'],
  ] as const)('status %s has its own look and label', (status, label) => {
    const w = mountCard(seat(3, { status }))
    const card = w.get('[data-testid="card-3"]')
    expect(card.attributes('data-status')).toBe(status)
    expect(card.classes()).toContain(`st-${status}`)
    const ribbon = w.find('[data-testid="card-status-3"]')
    if (label === null) {
      expect(ribbon.exists()).toBe(false)
      expect(card.classes()).not.toContain('out')
    } else {
      expect(ribbon.text()).toBe(label)
      expect(ribbon.classes()).toContain(`rb-${status}`)
      expect(card.classes()).toContain('out')
    }
  })

  it('updates the DOM at once when the status changes (only the visuals animate)', async () => {
    const w = mountCard(seat(4))
    await w.setProps({ player: seat(4, { status: 'killed' }) })
    expect(w.get('[data-testid="card-4"]').attributes('data-status')).toBe('killed')
    expect(w.get('[data-testid="card-status-4"]').text()).toBe('Убит')
  })

  it('shows fouls as pips (four slots) and the silenced mark', async () => {
    const w = mountCard(seat(5, { fouls: 2 }))
    const fouls = w.get('[data-testid="card-fouls-5"]')
    expect(fouls.attributes('data-fouls')).toBe('2')
    expect(fouls.findAll('.pip')).toHaveLength(4)
    expect(fouls.findAll('.pip.on')).toHaveLength(2)
    expect(shown(w.get('[data-testid="card-silenced-5"]'))).toBe(false)
    await w.setProps({ player: seat(5, { fouls: 3, silenced: true }) })
    expect(w.get('[data-testid="card-fouls-5"]').findAll('.pip.on')).toHaveLength(3)
    expect(w.get('[data-testid="card-fouls-5"]').classes()).toContain('warn')
    expect(shown(w.get('[data-testid="card-silenced-5"]'))).toBe(true)
    expect(w.get('[data-testid="card-5"]').attributes('data-silenced')).toBe('true')
  })

  it('shows technical fouls apart', () => {
    const w = mountCard(seat(6, { techFouls: 1 }))
    expect(w.get('[data-testid="card-tech-6"]').text()).toBe('T1')
  })

  it('shows no role while the server hides it, and the role with its team colour when sent', () => {
    const hidden = mountCard(seat(8))
    expect(hidden.get('[data-testid="card-8"]').attributes('data-role')).toBe('hidden')
    expect(hidden.find('[data-testid="card-role-8"]').exists()).toBe(false)
    for (const [role, label] of [
      ['civilian', 'Мирный'],
      ['sheriff', 'Шериф'],
      ['mafia', 'Мафия'],
      ['don', 'Дон'],
    ] as const) {
      const w = mountCard(seat(8, { role }))
      expect(w.get('[data-testid="card-8"]').attributes('data-role')).toBe(role)
      expect(w.get('[data-testid="card-8"]').classes()).toContain(`role-${role}`)
      expect(w.get('[data-testid="card-role-8"]').text()).toBe(label)
    }
  })

  it('marks a nominee with its place in the order, and the speaker with the countdown ring', async () => {
    const w = mountCard(seat(1, { nominated: true }), { order: 2 })
    expect(w.get('[data-testid="card-nominated-1"]').text()).toBe('2')
    expect(w.find('[data-testid="countdown"]').exists()).toBe(false)
    await w.setProps({
      player: seat(1, { speaking: true }),
      order: null,
      timer: { label: 'speech', durationMs: 60_000, remainingMs: 30_000, runningSince: null },
    })
    expect(w.get('[data-testid="card-1"]').attributes('data-speaking')).toBe('true')
    expect(w.get('[data-testid="card-1"]').classes()).toContain('speaking')
    const ring = w.get('[data-testid="countdown"]')
    expect(ring.attributes('data-seconds')).toBe('30')
    expect(ring.text()).toBe('1')
    await nextTick()
  })

  it('shows the points at the end when the server sends them', () => {
    const w = mountCard(seat(4, { points: 1.3 }))
    expect(w.get('[data-testid="card-points-4"]').text()).toBe('1,3') // the Russian overlay: a decimal comma (shared/numbers)
  })

  it('makes initials from one or two words', () => {
    expect(initials('Доцент')).toBe('ДО')
    expect(initials('hal jordan')).toBe('HJ')
    expect(initials('  ')).toBe('?')
  })
})

describe('PlayerCard in a voting', () => {
  it('highlights the candidate being voted on', () => {
    const w = mount(PlayerCard, {
      props: { player: seat(3, { nominated: true }), order: 1, votingNow: true },
      global: { plugins: [testI18n()] },
    })
    const card = w.get('[data-testid="card-3"]')
    expect(card.attributes('data-voting-now')).toBe('true')
    expect(card.classes()).toContain('voting-now')
  })
})
