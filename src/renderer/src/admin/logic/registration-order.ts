/**
 * The registration list as the organiser reads it at the desk: the players still in the tournament alphabetically
 * by nickname (the page's language collator: «Ёж» after «Егор», digits by value, case ignored), then the withdrawn
 * ones, alphabetically too. The stored order (by registration) stays what the seating reads; this is the view.
 */
export function registrationOrder<T extends { nickname: string; withdrawn: boolean; id: number }>(
  players: readonly T[],
  lang: string,
): T[] {
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'ru', { sensitivity: 'base', numeric: true })
  return [...players].sort(
    (a, b) =>
      Number(a.withdrawn) - Number(b.withdrawn) || collator.compare(a.nickname, b.nickname) || a.id - b.id,
  )
}
