/**
 * Timer sounds (resources/sounds, served by the app under /resources/sounds/) and the mute switch, remembered
 * in localStorage. Playback failures (no audio device, autoplay policy) are never fatal.
 */
import type { TimerSignal } from './timer'

const MUTE_KEY = 'mafia-desk.muted'

export const SOUND_URLS: Record<TimerSignal, string> = {
  warning: '/resources/sounds/timer-warning.wav',
  end: '/resources/sounds/timer-end.wav',
}

export function savedMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1'
  } catch {
    return false
  }
}

export function rememberMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, muted ? '1' : '0')
  } catch {
    // not fatal
  }
}

export type SoundPlayer = (signal: TimerSignal) => void

const cache = new Map<TimerSignal, HTMLAudioElement>()

export const playSound: SoundPlayer = (signal) => {
  try {
    let audio = cache.get(signal)
    if (!audio) {
      audio = new Audio(SOUND_URLS[signal])
      cache.set(signal, audio)
    }
    audio.currentTime = 0
    const p = audio.play()
    if (p && typeof p.catch === 'function') p.catch(() => {})
  } catch {
    // no audio here
  }
}
