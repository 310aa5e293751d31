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
