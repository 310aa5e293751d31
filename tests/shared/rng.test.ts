/**
 * The app's one seeded generator (src/shared/rng.ts): its sequence must never change — stored seeds of scenarios,
 * role deals and seatings replay through it. The expected values are those of the three copies it replaced.
 */
import { describe, expect, it } from 'vitest'
import { makeRng } from '../../src/shared/rng'
import { dealRoles } from '../../src/main/engine/roles'

describe('makeRng', () => {
  it('gives the same sequence as before it was folded into one module', () => {
    const first4 = (seed: number): number[] => {
      const r = makeRng(seed)
      return [r(), r(), r(), r()]
    }
    expect(first4(1)).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 0.9810509674716741,
    ])
    expect(first4(2026)).toEqual([
      0.45540769933722913, 0.30849614599719644, 0.6611574492417276, 0.6184752183035016,
    ])
    expect(first4(4294967295)).toEqual([
      0.8964226141106337, 0.189478256739676, 0.7156526781618595, 0.9440599093213677,
    ])
  })
  it('deals the same roles for a seed', () => {
    expect(dealRoles(1)).toEqual({
      1: 'mafia',
      2: 'mafia',
      3: 'civilian',
      4: 'civilian',
      5: 'civilian',
      6: 'civilian',
      7: 'don',
      8: 'civilian',
      9: 'civilian',
      10: 'sheriff',
    })
    expect(dealRoles(2026)).toEqual({
      1: 'sheriff',
      2: 'mafia',
      3: 'civilian',
      4: 'mafia',
      5: 'civilian',
      6: 'civilian',
      7: 'don',
      8: 'civilian',
      9: 'civilian',
      10: 'civilian',
    })
  })
})
