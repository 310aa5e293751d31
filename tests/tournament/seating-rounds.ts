// Shared by the seating tests: what makes a round a valid seating.
import { expect } from 'vitest'
import { SPARE_SEAT, type SeatingRound } from '../../src/main/tournament/seating'

/** Each round: every active player exactly once (seated or sitting out), tables 1..T of ten seats. */
export function expectValidRounds(rounds: SeatingRound[], active: number[]): void {
  const sorted = [...active].sort((a, b) => a - b)
  for (const r of rounds) {
    const seated = r.tables.flatMap((t) => t.seats).filter((x) => x !== SPARE_SEAT)
    expect(new Set(seated).size).toBe(seated.length)
    expect([...seated, ...(r.sittingOut ?? [])].sort((a, b) => a - b)).toEqual(sorted)
    expect(r.tables.map((t) => t.table)).toEqual(r.tables.map((_, i) => i + 1))
    for (const t of r.tables) expect(t.seats).toHaveLength(10)
  }
}
