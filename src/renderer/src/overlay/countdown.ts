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

/** How far (px) the arc may fall behind the exact time before it is repainted: below what the eye can see. */
export const ARC_STEP_PX = 0.25

/**
 * Milliseconds until a running countdown shows something new: the arc of `circumference` px moved by
 * ARC_STEP_PX (continuous mode), or the whole seconds changed. Null when nothing will change (paused, over).
 * A 60 s speech on a 62 px ring moves 3 px a second: repainting it every frame (60 Hz) would redraw sub-pixel
 * differences and keep the stream's compositor busy; this repaints it about 12 times a second.
 */
export function nextChangeIn(
  timer: TimerState | null | undefined,
  now: number,
  circumference: number,
  stepped: boolean,
): number | null {
  if (!timer || timer.runningSince === null) return null
  const left = remainingMs(timer, now)
  if (left <= 0) return null
  const toSecond = left % 1000 || 1000
  const total = Math.max(timer.durationMs, timer.remainingMs)
  if (stepped || total <= 0 || circumference <= 0) return toSecond
  return Math.min(toSecond, (ARC_STEP_PX * total) / circumference)
}
