/**
 * The timer is engine state ({label, durationMs, remainingMs, runningSince}); the panel counts down locally from
 * it, so no tick travels over the wire and a restart shows the same time.
 */
import type { TimerState } from '../../../../shared/game/views'

/** Milliseconds left at `now` (ms since epoch), never below zero. */
export function remainingAt(timer: TimerState | null, now: number): number {
  if (!timer) return 0
  if (timer.runningSince === null) return Math.max(0, timer.remainingMs)
  return Math.max(0, timer.remainingMs - Math.max(0, now - timer.runningSince))
}

/** "m:ss", rounding up so that 0:00 appears only when the time is really over. */
export function formatMs(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000)
  const m = Math.floor(total / 60)
  const s = total % 60
  return `${m}:${s.toString().padStart(2, '0')}`
}

export const WARNING_MS = 10_000

export type TimerSignal = 'warning' | 'end'

/** Which signal, if any, the countdown crossed between two readings (only while it runs). */
export function crossed(before: number, after: number): TimerSignal | null {
  if (before > 0 && after <= 0) return 'end'
  if (before > WARNING_MS && after <= WARNING_MS) return 'warning'
  return null
}
