import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import CountdownRing from '../../../src/renderer/src/overlay/components/CountdownRing.vue'
import {
  arcStepMs,
  formatSeconds,
  LARGEST_ARC_PX,
  progressOf,
  remainingMs,
  secondsLeft,
  streamWillDraw,
} from '../../../src/renderer/src/overlay/countdown'
import type { TimerState } from '../../../src/shared/game/views'

const T0 = Date.UTC(2026, 10, 29, 21, 0, 0)
const SIZE = 64
const STROKE = 4
const C = 2 * Math.PI * ((SIZE - STROKE) / 2)

const running = (remaining = 60_000, since = T0): TimerState => ({
  label: 'speech',
  durationMs: 60_000,
  remainingMs: remaining,
  runningSince: since,
})

describe('countdown maths', () => {
  it('counts down from runningSince, holds when paused, never below zero', () => {
    expect(remainingMs(running(), T0 + 15_000)).toBe(45_000)
    expect(remainingMs({ ...running(20_000), runningSince: null }, T0 + 99_000)).toBe(20_000)
    expect(remainingMs(running(), T0 + 120_000)).toBe(0)
    expect(remainingMs(null, T0)).toBe(0)
    expect(progressOf(running(), T0 + 15_000)).toBeCloseTo(0.75)
    expect(secondsLeft(running(), T0 + 15_001)).toBe(45)
    expect(secondsLeft(running(), T0 + 14_999)).toBe(46)
    expect(formatSeconds(42)).toBe('42')
    expect(formatSeconds(75)).toBe('1:15')
  })
})

describe('CountdownRing', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    })
    vi.setSystemTime(T0)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const offset = (w: ReturnType<typeof mount>): number =>
    Number((w.get('circle.arc').element as SVGCircleElement).style.strokeDashoffset)

  it('counts down locally from the timer state, with no pushes', async () => {
    const w = mount(CountdownRing, { props: { timer: running(), size: SIZE, stroke: STROKE, digits: true } })
    const ring = () => w.get('[data-testid="countdown"]')
    expect(ring().attributes('data-seconds')).toBe('60')
    expect(ring().attributes('data-running')).toBe('true')
    expect(offset(w)).toBeCloseTo(0, 1)
    await vi.advanceTimersByTimeAsync(10_020)
    expect(ring().attributes('data-seconds')).toBe('50')
    expect(w.get('[data-testid="countdown-digits"]').text()).toBe('50')
    expect(offset(w)).toBeCloseTo(C * (10.02 / 60), 0)
    await vi.advanceTimersByTimeAsync(40_000)
    expect(ring().attributes('data-seconds')).toBe('10')
    expect(ring().classes()).toContain('low')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(ring().attributes('data-seconds')).toBe('0')
    expect(offset(w)).toBeCloseTo(C, 0)
    // Finished: no animation frame is left scheduled.
    expect(vi.getTimerCount()).toBe(0)
    w.unmount()
  })

  it('moves the arc about a pixel at a time: never visibly behind, and far fewer repaints than frames', async () => {
    const w = mount(CountdownRing, { props: { timer: running(), size: SIZE, stroke: STROKE } })
    let repaints = 0
    let worst = 0
    let last = offset(w)
    // Sample as a 60 Hz display would, for 10 s.
    for (let t = 16; t <= 10_000; t += 16) {
      await vi.advanceTimersByTimeAsync(16)
      const now = offset(w)
      if (now !== last) repaints++
      last = now
      worst = Math.max(worst, Math.abs(now - C * (t / 60_000)))
    }
    // A 60 s speech steps every 200 ms: this ~188 px arc is never more than 0.7 px behind, in 50 repaints against
    // 625 frames in 10 s.
    expect(arcStepMs(running())).toBe(200)
    expect(worst).toBeLessThanOrEqual((C * 200) / 60_000 + 0.01)
    expect(worst).toBeLessThan(1)
    expect(repaints).toBeGreaterThanOrEqual(48)
    expect(repaints).toBeLessThanOrEqual(51)
    w.unmount()
  })

  it('times the step by the duration: the largest ring moves at most a pixel, whole seconds are steps', () => {
    const step = (ms: number): number => arcStepMs({ ...running(ms), durationMs: ms })
    expect(step(30_000)).toBe(100)
    expect(step(60_000)).toBe(200)
    expect(step(90_000)).toBe(250)
    expect(step(240_000)).toBe(500)
    expect(step(600_000)).toBe(1000)
    expect(step(5_000)).toBe(100)
    for (const speech of [10_000, 30_000, 45_000, 60_000, 90_000, 120_000, 240_000, 600_000]) {
      const s = step(speech)
      expect(1000 % s).toBe(0)
      // Pixels the largest arc moves per step (a size, not a time).
      const pixelsPerStep = (LARGEST_ARC_PX * s) / speech
      if (s > 100) expect(pixelsPerStep).toBeLessThanOrEqual(1)
    }
  })

  it('two rings of one timer (the banner clock and the speaker card) repaint at the same instants', async () => {
    // Mounted 37 ms apart, with other sizes: still one repaint instant for both (one frame of the stream).
    const timer = running()
    const big = mount(CountdownRing, { props: { timer, size: 86, stroke: 7, digits: true } })
    await vi.advanceTimersByTimeAsync(37)
    const small = mount(CountdownRing, { props: { timer, size: 62, stroke: 5 } })
    const arc = (x: ReturnType<typeof mount>): string =>
      (x.get('circle.arc').element as SVGCircleElement).style.strokeDashoffset
    const changes = (x: ReturnType<typeof mount>, seen: { last: string; at: number[] }, t: number): void => {
      const now = arc(x)
      if (now !== seen.last) seen.at.push(t)
      seen.last = now
    }
    const a = { last: arc(big), at: [] as number[] }
    const b = { last: arc(small), at: [] as number[] }
    for (let t = 38; t <= 3_000; t += 1) {
      await vi.advanceTimersByTimeAsync(1)
      changes(big, a, t)
      changes(small, b, t)
    }
    expect(a.at.length).toBeGreaterThan(12) // every 200 ms for a 60 s speech
    expect(b.at).toEqual(a.at)
    big.unmount()
    small.unmount()
  })

  it('moves its arc in the frames new views draw anyway, and draws one frame of its own a second', async () => {
    // A judge's command every 50 ms (a new view, a frame of the stream): the arcs of both rings catch up in those
    // frames; the clock wakes on its own only for the whole seconds (the digits).
    const timer = running()
    const big = mount(CountdownRing, { props: { timer, size: 86, stroke: 7, digits: true } })
    const small = mount(CountdownRing, { props: { timer, size: 62, stroke: 5 } })
    const arc = (x: ReturnType<typeof mount>): string =>
      (x.get('circle.arc').element as SVGCircleElement).style.strokeDashoffset
    const bigC = 2 * Math.PI * ((86 - 7) / 2)
    let own = 0
    let inViews = 0
    let worst = 0
    let last = [arc(big), arc(small)]
    for (let t = 1; t <= 10_000; t += 1) {
      await vi.advanceTimersByTimeAsync(1)
      const view = t % 50 === 0
      const before = [arc(big), arc(small)]
      if (before[0] !== last[0]) own++
      if (view) streamWillDraw()
      const after = [arc(big), arc(small)]
      if (after[0] !== before[0]) inViews++
      // Both rings always show the same instant.
      expect(Number(after[1]) / (2 * Math.PI * ((62 - 5) / 2))).toBeCloseTo(Number(after[0]) / bigC, 3)
      worst = Math.max(worst, Math.abs(Number(after[0]) - bigC * (t / 60_000)))
      last = after
    }
    // Ten whole seconds: ten frames of the rings' own; the arc moves in about every third or fourth view's frame.
    expect(own).toBeGreaterThanOrEqual(9)
    expect(own).toBeLessThanOrEqual(11)
    expect(inViews).toBeGreaterThanOrEqual(40)
    // Never more than a step (200 ms of a 60 s speech: 0.8 px on the largest ring) behind.
    expect(worst).toBeLessThanOrEqual((bigC * 200) / 60_000 + 0.01)
    big.unmount()
    small.unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a view while paused or stepped moves nothing', async () => {
    const paused = mount(CountdownRing, {
      props: { timer: { ...running(30_000), runningSince: null }, size: SIZE, stroke: STROKE },
    })
    const before = offset(paused)
    streamWillDraw()
    expect(offset(paused)).toBe(before)
    paused.unmount()
    const s = mount(CountdownRing, {
      props: { timer: running(60_000, Date.now()), size: SIZE, stroke: STROKE, stepped: true },
    })
    await vi.advanceTimersByTimeAsync(400)
    streamWillDraw()
    expect(offset(s)).toBeCloseTo(0, 1)
    s.unmount()
  })

  it('moves continuously within a second, and in whole seconds when stepped', async () => {
    const w = mount(CountdownRing, { props: { timer: running(), size: SIZE, stroke: STROKE } })
    await vi.advanceTimersByTimeAsync(500)
    expect(offset(w)).toBeGreaterThan(C * (0.4 / 60))
    expect(offset(w)).toBeLessThan(C * (0.6 / 60))
    const s = mount(CountdownRing, {
      props: { timer: running(60_000, Date.now()), size: SIZE, stroke: STROKE, stepped: true },
    })
    await vi.advanceTimersByTimeAsync(500)
    expect(offset(s)).toBeCloseTo(0, 1)
    await vi.advanceTimersByTimeAsync(600)
    expect(offset(s)).toBeCloseTo(C * (1 / 60), 0)
    w.unmount()
    s.unmount()
  })

  it('holds still while paused and follows a new timer state at once', async () => {
    const w = mount(CountdownRing, {
      props: { timer: { ...running(30_000), runningSince: null }, size: SIZE, stroke: STROKE, digits: true },
    })
    expect(w.get('[data-testid="countdown"]').attributes('data-seconds')).toBe('30')
    expect(w.get('[data-testid="countdown"]').attributes('data-running')).toBe('false')
    expect(offset(w)).toBeCloseTo(C / 2, 0)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(w.get('[data-testid="countdown"]').attributes('data-seconds')).toBe('30')
    expect(vi.getTimerCount()).toBe(0)
    // The judge resumes: the server sends runningSince once; the ring counts from there.
    await w.setProps({ timer: running(30_000, Date.now()) })
    await vi.advanceTimersByTimeAsync(3_020)
    expect(w.get('[data-testid="countdown"]').attributes('data-seconds')).toBe('27')
    // Paused again with 27 s left.
    await w.setProps({ timer: { ...running(27_000), runningSince: null } })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(w.get('[data-testid="countdown"]').attributes('data-seconds')).toBe('27')
    w.unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops its frame loop when unmounted', async () => {
    const w = mount(CountdownRing, { props: { timer: running(), size: SIZE, stroke: STROKE } })
    await vi.advanceTimersByTimeAsync(100)
    expect(vi.getTimerCount()).toBeGreaterThan(0)
    w.unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
