/** The timer is state (docs/architecture.md): clients count down locally from `runningSince` and `remainingMs`. */
import type { TimerState } from '../../../shared/game/views'

export function remainingMs(timer: TimerState | null | undefined, now: number): number {
  if (!timer) return 0
  const left =
    timer.runningSince === null ? timer.remainingMs : timer.remainingMs - (now - timer.runningSince)
  return Math.max(0, Math.min(left, Math.max(timer.durationMs, timer.remainingMs)))
}

/** 0 … 1 of the duration left. */
export function progressOf(timer: TimerState | null | undefined, now: number): number {
  if (!timer) return 0
  const total = Math.max(timer.durationMs, timer.remainingMs)
  return total > 0 ? remainingMs(timer, now) / total : 0
}

/** Whole seconds left, rounded up (a speech shows 60 … 1, then 0). */
export function secondsLeft(timer: TimerState | null | undefined, now: number): number {
  return Math.ceil(remainingMs(timer, now) / 1000)
}

/** 75 → '1:15'; 42 → '42'. */
export function formatSeconds(s: number): string {
  if (s < 60) return String(s)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * Circumference of the largest ring on the stream (the banner's clock: 86 px, 7 px stroke), in px. The arc's step
 * is timed so that this arc moves by at most about a pixel per step.
 */
export const LARGEST_ARC_PX = 248

/** The steps an arc may take: divisors of a second, so every whole second (the digits' change) is also a step. */
const ARC_STEPS_MS = [100, 125, 200, 250, 500, 1000] as const

/**
 * How often the arc moves: the longest step (of ARC_STEPS_MS, at least 100 ms) in which the largest ring's arc moves
 * at most a pixel. Steps fall on instants of the timer itself (when the time left is a multiple of the step), so every
 * ring of the same timer (the banner's clock and the speaker's card) repaints in the same instant and the stream
 * draws one frame for both: a 60 s speech moves its arcs every 200 ms (0.8 px on the clock, 0.6 px on the card),
 * a 30 s one every 100 ms. Each step is a frame of the whole 1920×1080 stream (style, paint, raster, compositing),
 * so a step the eye cannot see is not drawn: repainting in every frame (60 Hz) kept the stream's renderer and
 * compositor busy with invisible changes, and so did a fixed 100 ms step for long timers.
 */
export function arcStepMs(timer: TimerState): number {
  const total = Math.max(timer.durationMs, timer.remainingMs)
  const perPixel = total / LARGEST_ARC_PX
  let step: number = ARC_STEPS_MS[0]
  for (const s of ARC_STEPS_MS) if (s <= perPixel) step = s
  return step
}

/**
 * How far, in steps, the clock sets its next arc step after a paint. A wake-up of the clock paints late by the
 * timer's own delay, so it waits for the step three quarters of a step away (the next one); a paint in a view's
 * frame waits a whole step, so that the next view, not the clock, moves the arc again.
 */
const WAKE_GAP = 0.75
const VIEW_GAP = 1
/** A ring lets its arc fall this share of a step behind before a frame drawn for a new view repaints it. */
const CATCH_UP = 0.75

/**
 * Milliseconds from `now`, when a ring of this timer was painted, until it must paint again: its next whole second
 * (the digits change on time) or the first arc step at least `gap` steps after `now` (continuous mode; stepped mode
 * has only whole seconds). Null when nothing will change (paused, over).
 */
function nextChangeIn(timer: TimerState | null, now: number, stepped: boolean, gap: number): number | null {
  if (!timer || timer.runningSince === null) return null
  const left = remainingMs(timer, now)
  if (left <= 0) return null
  const toSecond = left % 1000 || 1000
  if (stepped) return toSecond
  const step = arcStepMs(timer)
  const from = left - gap * step
  const toStep = from <= 0 ? left : left - Math.floor(from / step) * step
  return Math.min(toSecond, toStep)
}

/** A mounted ring, as the clock below drives it. */
export interface RingHand {
  timer(): TimerState | null
  stepped(): boolean
  /** Shows the countdown at `now` (arc and whole seconds). */
  paint(now: number): void
}

/**
 * One clock for every ring on the stream. All rings repaint together (one frame of the stream for the banner's clock
 * and the speaker's card), on their own only when a whole second or an arc step is due, and otherwise in a frame the
 * stream draws anyway: when a new view arrives (`streamWillDraw`), rings whose arc is three quarters of a step behind
 * repaint with it, and the next step waits a step from there. At a command every 50 ms the arcs move only in the
 * frames the commands draw, and the rings draw one frame of their own a second, for the digits.
 */
const hands = new Set<RingHand>()
let wake: ReturnType<typeof setTimeout> | null = null
let paintedAt = Number.NEGATIVE_INFINITY

function paintAll(now: number, gap: number): void {
  paintedAt = now
  for (const h of hands) h.paint(now)
  if (wake !== null) clearTimeout(wake)
  wake = null
  let wait: number | null = null
  for (const h of hands) {
    const w = nextChangeIn(h.timer(), now, h.stepped(), gap)
    if (w !== null && (wait === null || w < wait)) wait = w
  }
  // Rounded up: a timer fires in whole milliseconds, and an early one would paint the old second again.
  if (wait !== null)
    wake = setTimeout(() => {
      wake = null
      paintAll(Date.now(), WAKE_GAP)
    }, Math.ceil(wait))
}

/** A ring mounted or given a new timer state: every ring repaints now and the clock is set again. */
export function startHand(hand: RingHand): void {
  hands.add(hand)
  paintAll(Date.now(), WAKE_GAP)
}

/** A ring unmounted: the clock stops when it was the last. */
export function stopHand(hand: RingHand): void {
  hands.delete(hand)
  if (hands.size === 0 && wake !== null) {
    clearTimeout(wake)
    wake = null
  }
}

/**
 * The stream is about to draw a frame anyway (a new view arrived): running arcs that are three quarters of a step
 * behind move in it, instead of in a frame of their own a few milliseconds later.
 */
export function streamWillDraw(now: number = Date.now()): void {
  if (wake === null) return
  let due = false
  for (const h of hands) {
    const t = h.timer()
    if (!h.stepped() && t && t.runningSince !== null && now - paintedAt >= CATCH_UP * arcStepMs(t)) due = true
  }
  if (due) paintAll(now, VIEW_GAP)
}
