/**
 * The names of the standings' criteria (docs/rules.md §13.6) in Russian and English: one place for the exports' columns
 * (export/i18n.ts) and the /admin standings table.
 */
import type { TIE_BREAK_KEYS } from './game/ruleset'

export type TieBreakName = 'total' | (typeof TIE_BREAK_KEYS)[number]

export const TIE_BREAK_NAMES: Record<'ru' | 'en', Record<TieBreakName, string>> = {
  ru: {
    total: 'Итого',
    extra: 'Доп. баллы',
    wins: 'Победы',
    winsAsSheriff: 'Победы шерифом',
    winsAsDon: 'Победы доном',
    winsAsCivilian: 'Победы мирным',
    winsAsMafia: 'Победы мафией',
    firstKilled: 'Первый убитый',
    bestMove: 'Лучший ход',
    ci: 'Ci',
    penalties: 'Штрафы',
    games: 'Игры',
  },
  en: {
    total: 'Total',
    extra: 'Extra points',
    wins: 'Wins',
    winsAsSheriff: 'Wins as sheriff',
    winsAsDon: 'Wins as don',
    winsAsCivilian: 'Wins as civilian',
    winsAsMafia: 'Wins as mafia',
    firstKilled: 'Killed first',
    bestMove: 'Best move',
    ci: 'Ci',
    penalties: 'Penalties',
    games: 'Games',
  },
}
