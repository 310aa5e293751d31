/** Small display helpers. */

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

/** 1.3 → '1.3'; 1 → '1'; -0.5 → '−0.5' (a real minus sign reads better on stream). */
export function formatPoints(points: number): string {
  const v = Math.round(points * 100) / 100
  return v < 0 ? `−${String(-v)}` : String(v)
}

export const MAX_FOUL_PIPS = 4
