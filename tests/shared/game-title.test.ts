/** The one game title formatter (shared/game-title.ts): every screen and protocol names a game the same way. */
import { describe, expect, it } from 'vitest'
import { gameTitle, gameTitleParts, summaryTitle } from '../../src/shared/game-title'

describe('gameTitle', () => {
  it('names a tournament game by its round, table and number', () => {
    expect(gameTitle({ id: 41, number: 1, round: 3, table: 2 }, 'ru')).toBe('Тур 3 · Стол 2 · Игра 1')
    expect(gameTitle({ id: 41, number: 1, round: 3, table: 2 }, 'en')).toBe('Round 3 · Table 2 · Game 1')
    expect(gameTitleParts({ id: 41, number: 1, round: 3, table: 2 }, 'ru')).toEqual([
      'Тур 3',
      'Стол 2',
      'Игра 1',
    ])
  })

  it('three tables of one round read as three different games', () => {
    const titles = [1, 2, 3].map((table) => gameTitle({ id: 10 + table, number: 1, round: 1, table }, 'ru'))
    expect(new Set(titles).size).toBe(3)
  })

  it('a numbered game without a round or table by its number, a game without a number by its id', () => {
    expect(gameTitle({ id: 12, number: 4 }, 'ru')).toBe('Игра 4')
    expect(gameTitle({ id: 12, number: 4, round: null, table: null }, 'en')).toBe('Game 4')
    expect(gameTitle({ id: 5, number: null }, 'ru')).toBe('Игра №5')
    expect(gameTitle({ id: 5, number: null }, 'en')).toBe('Game #5')
    // Never the id twice («Игра #5 #5») and never a zero number.
    expect(gameTitle({ id: 5, number: 0 }, 'ru')).toBe('Игра №5')
  })

  it('a summary (GameSummary) is named by the same rule', () => {
    expect(summaryTitle({ id: 7, number: 2, roundNumber: 1, tableNumber: 4 }, 'ru')).toBe(
      'Тур 1 · Стол 4 · Игра 2',
    )
    expect(summaryTitle({ id: 7, number: null, roundNumber: null, tableNumber: null }, 'en')).toBe('Game #7')
  })
})
