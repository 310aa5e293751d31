/** The timer is state (DESIGN.md): clients count down locally from `runningSince` and `remainingMs`. */
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
 * Milliseconds until a running countdown shows something new: its next arc step (continuous mode) or its next
 * whole second (stepped). Null when nothing will change (paused, over).
 */
export function nextChangeIn(
  timer: TimerState | null | undefined,
  now: number,
  stepped: boolean,
): number | null {
  if (!timer || timer.runningSince === null) return null
  const left = remainingMs(timer, now)
  if (left <= 0) return null
  const step = stepped ? 1000 : arcStepMs(timer)
  return left % step || step
}
