/**
 * A game's name on screen and on paper, in the reader's language — the one formatter of the panel's game list and
 * header, /admin, the overlay and the protocols:
 * - a tournament game with its round and table: «Тур 2 · Стол 3 · Игра 1» / «Round 2 · Table 3 · Game 1» (a round
 *   has one game per table, numbered from 1 at each table, so the number alone repeats: «Игра 1» three times);
 * - a numbered game without them: «Игра 4» / «Game 4»;
 * - a game without a number (a friendly game) by its database id: «Игра №12» / «Game #12».
 */
export interface GameTitleParts {
  id: number
  number: number | null
  /** The round's number in its stage, when the game belongs to a round. */
  round?: number | null
  /** The table's number, when the game belongs to a table. */
  table?: number | null
}

const WORDS = {
  ru: { game: 'Игра', round: 'Тур', table: 'Стол', id: (id: number) => `№${id}` },
  en: { game: 'Game', round: 'Round', table: 'Table', id: (id: number) => `#${id}` },
} as const

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && n > 0

/** The title's parts in reading order («Тур 2», «Стол 3», «Игра 1»): a narrow header wraps between them. */
export function gameTitleParts(g: GameTitleParts, lang: string): string[] {
  const w = lang === 'en' ? WORDS.en : WORDS.ru
  const parts: string[] = []
  if (positive(g.round)) parts.push(`${w.round} ${g.round}`)
  if (positive(g.table)) parts.push(`${w.table} ${g.table}`)
  parts.push(positive(g.number) ? `${w.game} ${g.number}` : `${w.game} ${w.id(g.id)}`)
  return parts
}

export function gameTitle(g: GameTitleParts, lang: string): string {
  return gameTitleParts(g, lang).join(' · ')
}

type SummaryParts = {
  id: number
  number: number | null
  roundNumber?: number | null
  tableNumber?: number | null
}
const fromSummary = (s: SummaryParts): GameTitleParts => ({
  id: s.id,
  number: s.number,
  round: s.roundNumber,
  table: s.tableNumber,
})

/** The title of a game summary (the contract's `GameSummary`): its round and table numbers included. */
export function summaryTitle(s: SummaryParts, lang: string): string {
  return gameTitle(fromSummary(s), lang)
}

export function summaryTitleParts(s: SummaryParts, lang: string): string[] {
  return gameTitleParts(fromSummary(s), lang)
}
