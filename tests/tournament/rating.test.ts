/**
 * The season rating (OpenSkill, Weng-Lin Plackett-Luce, red team against black team): who gains, who loses, the
 * conservative estimate μ − 3σ, guests, and an order that depends on the games only.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { computeRatings, type RatingGame } from '../../src/main/tournament/rating'
import { makeRng } from '../../src/shared/rng'

const game = (
  key: string,
  at: number,
  red: number[],
  black: number[],
  winner: RatingGame['winner'],
): RatingGame => ({
  key,
  at,
  red,
  black,
  winner,
})

/** n games among 30 players, a hidden skill deciding the odds. */
function season(n: number, seed: number, atStep = 1): { games: RatingGame[]; skill: number[] } {
  const rnd = makeRng(seed)
  const skill = Array.from({ length: 30 }, () => rnd() * 2 - 1)
  const games: RatingGame[] = []
  for (let i = 0; i < n; i++) {
    const ids = Array.from({ length: 30 }, (_, k) => k)
    for (let k = ids.length - 1; k > 0; k--) {
      const j = Math.floor(rnd() * (k + 1))
      ;[ids[k], ids[j]] = [ids[j], ids[k]]
    }
    const red = ids.slice(0, 7)
    const black = ids.slice(7, 10)
    const mean = (xs: number[]): number => xs.reduce((a, p) => a + skill[p], 0) / xs.length
    const pRed = 1 / (1 + Math.exp(-(0.4 + 3 * (mean(red) - mean(black)))))
    games.push(
      game(
        `g${String(i).padStart(5, '0')}`,
        Math.floor(i / atStep),
        red,
        black,
        rnd() < pRed ? 'red' : 'black',
      ),
    )
  }
  return { games, skill }
}

describe('season rating', () => {
  it('the winners gain and the losers lose; the table is ranked by μ − 3σ', () => {
    const t = computeRatings([game('a', 1, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10], 'black')])
    for (const id of [8, 9, 10]) expect(t.byPlayer.get(id)!.mu).toBeGreaterThan(25)
    for (const id of [1, 2, 3, 4, 5, 6, 7]) expect(t.byPlayer.get(id)!.mu).toBeLessThan(25)
    for (const p of t.ranking) expect(p.ordinal).toBeCloseTo(p.mu - 3 * p.sigma, 10)
    const ordinals = t.ranking.map((p) => p.ordinal)
    expect(ordinals).toEqual([...ordinals].sort((a, b) => b - a))
    expect(t.ranking.slice(0, 3).map((p) => p.playerId)).toEqual([8, 9, 10])
    // Each of three blacks moves more than each of seven reds (a team's strength is its mean, not its sum).
    expect(t.byPlayer.get(8)!.mu - 25).toBeGreaterThan(25 - t.byPlayer.get(1)!.mu)
  })

  it('seven average reds and three average blacks are an even match: a red win moves them as a black win would', () => {
    const red = computeRatings([game('a', 1, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10], 'red')])
    const black = computeRatings([game('a', 1, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10], 'black')])
    expect(red.byPlayer.get(1)!.mu - 25).toBeCloseTo(25 - black.byPlayer.get(1)!.mu, 6)
    expect(red.byPlayer.get(8)!.mu - 25).toBeCloseTo(25 - black.byPlayer.get(8)!.mu, 6)
  })

  it('a draw moves nobody’s skill between even teams; guests play but are not rated', () => {
    const t = computeRatings([game('a', 1, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10], 'draw')])
    expect(t.byPlayer.get(1)!.mu).toBeCloseTo(25, 6)
    const g = computeRatings([
      { key: 'b', at: 1, red: [1, null, 3, 4, 5, 6, 7], black: [8, 9, null], winner: 'red' },
    ])
    expect([...g.byPlayer.keys()].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8, 9])
  })

  it('one lucky win does not rank a newcomer above a player with a long good record', () => {
    const { games } = season(300, 3)
    const t = computeRatings([...games, game('z', 10_000, [100, 1, 2, 3, 4, 5, 6], [7, 8, 9], 'red')])
    const newcomer = t.byPlayer.get(100)!
    expect(newcomer.games).toBe(1)
    expect(t.ranking[0].games).toBeGreaterThan(50)
    expect(t.ranking.findIndex((p) => p.playerId === 100)).toBeGreaterThan(t.ranking.length / 2)
  })

  it('finds the stronger players: the rating agrees with the hidden skill (Spearman ρ > 0.6 over 2,000 games)', () => {
    const { games, skill } = season(2000, 11)
    const t = computeRatings(games)
    const bySkill = [...skill.keys()].sort((a, b) => skill[b] - skill[a])
    const pos = new Map(bySkill.map((p, i) => [p, i]))
    const d2 = t.ranking.reduce((a, p, i) => a + (i - pos.get(p.playerId)!) ** 2, 0)
    const n = t.ranking.length
    expect(1 - (6 * d2) / (n * (n * n - 1))).toBeGreaterThan(0.6)
  })

  it('does not depend on the order the games were imported in (games at the same moment included)', () => {
    const { games } = season(120, 5, 4) // four games share every moment
    const reference = computeRatings(games)
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: games.length, maxLength: games.length }), (keys) => {
        const shuffled = games
          .map((g, i) => ({ g, k: keys[i] }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.g)
        const t = computeRatings(shuffled)
        expect(t.ranking).toEqual(reference.ranking)
      }),
      { numRuns: 20 },
    )
  })
})
