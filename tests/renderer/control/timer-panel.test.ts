import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import TimerPanel from '../../../src/renderer/src/control/components/TimerPanel.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { crossed, formatMs, remainingAt } from '../../../src/renderer/src/control/logic/timer'
import type { TimerState } from '../../../src/shared/game/views'
import { envelope, makeView, testI18n, testingPinia } from './fixtures'

const T0 = Date.UTC(2026, 10, 29, 20, 0, 0)

function mountTimer(timer: TimerState | null, opts: { muted?: boolean } = {}) {
  const pinia = testingPinia(makeView({ timer }), { muted: opts.muted })
  const play = vi.fn()
  const wrapper = mount(TimerPanel, {
    global: { plugins: [pinia, testI18n()], provide: { playSound: play } },
  })
  return { wrapper, play, game: useGameStore(pinia) }
}
const shown = (w: ReturnType<typeof mountTimer>['wrapper']): string => w.get('[data-testid="timer"]').text()

describe('TimerPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts down locally from runningSince and remainingMs, with no traffic', async () => {
    const { wrapper, game } = mountTimer({
      label: 'speech',
      durationMs: 60_000,
      remainingMs: 60_000,
      runningSince: T0,
    })
    expect(shown(wrapper)).toBe('1:00')
    expect(wrapper.text()).toContain('Речь')
    await vi.advanceTimersByTimeAsync(15_000)
    expect(shown(wrapper)).toBe('0:45')
    await vi.advanceTimersByTimeAsync(45_000)
    expect(shown(wrapper)).toBe('0:00')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(shown(wrapper)).toBe('0:00')
    expect(game.command).not.toHaveBeenCalled()
  })

  it('a restart shows the same time: the state, not the page, holds the countdown', async () => {
    // The timer was started 20 s before this page was opened.
    const { wrapper } = mountTimer({
      label: 'speech',
      durationMs: 60_000,
      remainingMs: 60_000,
      runningSince: T0 - 20_000,
    })
    expect(shown(wrapper)).toBe('0:40')
  })

  it('a paused timer stands still', async () => {
    const { wrapper } = mountTimer({
      label: 'lastWord',
      durationMs: 60_000,
      remainingMs: 33_500,
      runningSince: null,
    })
    expect(shown(wrapper)).toBe('0:34')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(shown(wrapper)).toBe('0:34')
    expect(wrapper.get('[data-testid="timer"]').attributes('data-running')).toBe('no')
    expect(wrapper.get('[data-testid="timer-toggle"]').text()).toContain('Пуск')
  })

  it('follows the engine: a pushed pause stops the count, a pushed start resumes it', async () => {
    const { wrapper, game } = mountTimer({
      label: 'speech',
      durationMs: 60_000,
      remainingMs: 60_000,
      runningSince: T0,
    })
    await vi.advanceTimersByTimeAsync(5_000)
    game.envelope = envelope(
      makeView({
        revision: 11,
        timer: { label: 'speech', durationMs: 60_000, remainingMs: 55_000, runningSince: null },
      }),
    )
    await nextTick()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(shown(wrapper)).toBe('0:55')
    game.envelope = envelope(
      makeView({
        revision: 12,
        timer: { label: 'speech', durationMs: 60_000, remainingMs: 65_000, runningSince: Date.now() },
      }),
    )
    await nextTick()
    expect(shown(wrapper)).toBe('1:05')
    await vi.advanceTimersByTimeAsync(3_000)
    expect(shown(wrapper)).toBe('1:02')
  })

  it('plays a sound at 10 s left and at 0, once each', async () => {
    const { play } = mountTimer({
      label: 'speech',
      durationMs: 60_000,
      remainingMs: 12_000,
      runningSince: T0,
    })
    await vi.advanceTimersByTimeAsync(1_900)
    expect(play).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(play).toHaveBeenCalledTimes(1)
    expect(play).toHaveBeenLastCalledWith('warning')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(play).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(play).toHaveBeenCalledTimes(2)
    expect(play).toHaveBeenLastCalledWith('end')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(play).toHaveBeenCalledTimes(2)
  })

  it('stays silent when muted, and the mute switch is remembered', async () => {
    const { wrapper, play } = mountTimer(
      { label: 'speech', durationMs: 60_000, remainingMs: 11_000, runningSince: T0 },
      { muted: true },
    )
    await vi.advanceTimersByTimeAsync(12_000)
    expect(play).not.toHaveBeenCalled()
    await wrapper.get('[data-testid="mute"]').trigger('click')
    expect(localStorage.getItem('mafia-desk.muted')).toBe('0')
    await wrapper.get('[data-testid="mute"]').trigger('click')
    expect(localStorage.getItem('mafia-desk.muted')).toBe('1')
  })

  it('its buttons send timer commands: pause while running, +10 s, reset', async () => {
    const { wrapper, game } = mountTimer({
      label: 'speech',
      durationMs: 60_000,
      remainingMs: 60_000,
      runningSince: T0,
    })
    await wrapper.get('[data-testid="timer-toggle"]').trigger('click')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'timer', action: 'pause' })
    await wrapper.get('[data-testid="timer-add"]').trigger('click')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'timer', action: 'add', seconds: 10 })
    await wrapper.get('[data-testid="timer-reset"]').trigger('click')
    expect(game.command).toHaveBeenLastCalledWith({ cmd: 'timer', action: 'reset' })
  })

  it('shows a dimmed zero and disables its buttons when there is no timer', () => {
    const { wrapper } = mountTimer(null)
    expect(shown(wrapper)).toBe('0:00')
    expect(wrapper.get('section').classes()).toContain('timer-none')
    expect(wrapper.get('[data-testid="timer-toggle"]').attributes('disabled')).toBeDefined()
  })
})

describe('timer arithmetic', () => {
  it('rounds up to whole seconds and never goes below zero', () => {
    expect(formatMs(59_001)).toBe('1:00')
    expect(formatMs(59_000)).toBe('0:59')
    expect(formatMs(-5)).toBe('0:00')
    expect(remainingAt({ label: 's', durationMs: 1, remainingMs: 5_000, runningSince: 1_000 }, 9_000)).toBe(0)
  })
  it('detects the crossings', () => {
    expect(crossed(10_050, 9_950)).toBe('warning')
    expect(crossed(100, 0)).toBe('end')
    expect(crossed(9_000, 8_000)).toBeNull()
  })
})
