/** Small display helpers. */
import { formatNumber } from '../../../shared/numbers'

/** 'Hal Jordan' → 'HJ'; 'Доцент' → 'ДО'; '' → '?'. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_.-]+/u)
    .filter(Boolean)
  if (words.length === 0) return '?'
  const letters =
    words.length >= 2
      ? [...words[0]].slice(0, 1).concat([...words[1]].slice(0, 1))
      : [...words[0]].slice(0, 2)
  return letters.join('').toUpperCase()
}

/** 1.3 → '1,3' (ru) / '1.3' (en); -0.5 → '−0,5': the one number format of each language (shared/numbers). */
export function formatPoints(points: number, locale = 'ru'): string {
  return formatNumber(points, locale)
}

export const MAX_FOUL_PIPS = 4
