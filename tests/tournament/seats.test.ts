/**
 * The tournament's record at a table (src/main/tournament/seats.ts, issue 28): a game's players match the planned
 * seats exactly when every seated player sits in his seat under his id and nickname, and a spare seat's or a
 * substitute's player has no registry link (a substitute under his recorded name). Properties with fast-check.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  plannedSeats,
  seatMismatches,
  seatsScoringForNobody,
  type PlannedSeat,
  type SeatedPlayer,
} from '../../src/main/tournament/seats'

/** Ten seats: distinct player ids or spare seats (null), some of them substituted. */
const table = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 10, maxLength: 10 }),
    fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
    fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  )
  .map(([ids, spare, substituted]) => {
    const seats = ids.map((id, i) => (spare[i] ? null : id))
    const names = new Map(ids.map((id) => [id, `Игрок ${id}`]))
    const subs = substituted.flatMap((s, i) =>
      s ? [{ seat: i + 1, name: `Замена ${i + 1}`, replaced: seats[i] }] : [],
    )
    return plannedSeats(seats, names, subs)
  })

/** What the panel sends after loading the plan: the seated players, a substitute's or a spare seat's name. */
function playersOf(plan: PlannedSeat[]): SeatedPlayer[] {
  return plan.map((p, i) =>
    p.kind === 'player'
      ? { name: p.name, playerId: p.playerId }
      : { name: p.kind === 'substitute' ? p.name : `Запасной ${i + 1}`, playerId: null },
  )
}

describe('seatMismatches', () => {
  it('the plan itself matches; a spare seat takes any name without a registry link', () => {
    fc.assert(
      fc.property(table, fc.string({ minLength: 1, maxLength: 20 }), (plan, typed) => {
        const players = playersOf(plan).map((p, i) =>
          plan[i].kind === 'spare' ? { name: typed, playerId: null } : p,
        )
        expect(seatMismatches(plan, players)).toEqual([])
      }),
    )
  })

  it('any other id, a link in a spare or substituted seat, or another name is that seat, and only it', () => {
    fc.assert(
      fc.property(
        table,
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 51, max: 99 }),
        (plan, k, other) => {
          const players = playersOf(plan)
          const p = plan[k]
          // The change a judge could make at seat k+1 that the record does not allow.
          players[k] =
            p.kind === 'player'
              ? { name: p.name, playerId: other }
              : p.kind === 'substitute'
                ? { name: `${p.name} (другой)`, playerId: null }
                : { name: players[k].name, playerId: other }
          expect(seatMismatches(plan, players).map((m) => m.seat)).toEqual([k + 1])
        },
      ),
    )
  })

  it('the spare and substituted seats score for nobody; the seated players do', () => {
    fc.assert(
      fc.property(table, (plan) => {
        const nobody = seatsScoringForNobody(plan)
        plan.forEach((p, i) => expect(nobody.includes(i + 1)).toBe(p.kind !== 'player'))
      }),
    )
  })
})
