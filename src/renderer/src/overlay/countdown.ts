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
 * The arc moves every ARC_STEP_MS of the countdown, on instants of the timer itself (when the time left is a
 * multiple of the step), so every ring showing the same timer (the banner's clock and the speaker's card)
 * repaints in the same instant and the stream draws one frame for both, ten times a second. A 60 s speech moves a
 * 62 px ring by 0.3 px and the banner's 86 px ring by 0.4 px per step: below what the eye can see. Repainting in
 * every frame (60 Hz) kept the stream's renderer and compositor busy with invisible changes; per quarter pixel, each
 * ring on its own clock, it was 28 frames a second.
 */
export const ARC_STEP_MS = 100

/**
 * Milliseconds until a running countdown shows something new: its next step (continuous mode) or its next
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
  const step = stepped ? 1000 : ARC_STEP_MS
  return left % step || step
}
