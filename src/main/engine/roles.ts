/** §1.2: roles dealt at random — the random seed arrives from outside, so the deal is reproducible. */
import type { Role } from '../../shared/game/record'
import { makeRng } from '../../shared/rng'

/** A deterministic seeded shuffle of 6 civilians, 1 sheriff, 2 mafia and 1 don over seats 1..10. */
export function dealRoles(seed: number): Record<number, Role> {
  const deck: Role[] = [
    'civilian',
    'civilian',
    'civilian',
    'civilian',
    'civilian',
    'civilian',
    'sheriff',
    'mafia',
    'mafia',
    'don',
  ]
  const next = makeRng(seed)
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[deck[i], deck[j]] = [deck[j], deck[i]]
  }
  const roles: Record<number, Role> = {}
  deck.forEach((role, i) => (roles[i + 1] = role))
  return roles
}

/** Roles given as in the scenario files: `{ don: 3, mafia: [5, 8], sheriff: 10 }`, the rest civilians. */
export function rolesFromSeats(r: { don: number; mafia: number[]; sheriff: number }): Record<number, Role> {
  const roles: Record<number, Role> = {}
  for (let seat = 1; seat <= 10; seat++) roles[seat] = 'civilian'
  for (const m of r.mafia) roles[m] = 'mafia'
  roles[r.don] = 'don'
  roles[r.sheriff] = 'sheriff'
  return roles
}
