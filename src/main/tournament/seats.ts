/**
 * Who sits at a tournament table (issue 28): the round's stored seating with its substitutions applied, and the
 * comparison of a game's players with it. Pure: the app layer reads the seating and the substitutions from the
 * database and turns a mismatch into its translated refusal.
 */

/** One seat of a round's table as the tournament's record has it. */
export type PlannedSeat =
  /** A seated player of the tournament: the game's seat must name him (registry id and nickname). */
  | { kind: 'player'; playerId: number; name: string }
  /** A marked spare seat: a substitute sits there under any name, without a registry link; he scores for nobody. */
  | { kind: 'spare' }
  /** A seated player replaced by the head judge's substitution: the substitute, who scores for nobody. */
  | { kind: 'substitute'; name: string; replaced: number | null }

export interface SeatedPlayer {
  name: string
  playerId?: number | null
}

/** A seat whose player in the game is not the one the tournament's record has there. */
export interface SeatMismatch {
  seat: number
  expected: PlannedSeat
  got: { name: string; playerId: number | null }
}

/** The round's stored seats of one table (null = a spare seat) with the substitutions made there, by seat. */
export function plannedSeats(
  seats: ReadonlyArray<number | null>,
  names: ReadonlyMap<number, string>,
  substitutions: ReadonlyArray<{ seat: number; name: string; replaced: number | null }>,
): PlannedSeat[] {
  return seats.map((id, i) => {
    const sub = substitutions.find((s) => s.seat === i + 1)
    if (sub) return { kind: 'substitute', name: sub.name, replaced: sub.replaced }
    if (id === null) return { kind: 'spare' }
    return { kind: 'player', playerId: id, name: names.get(id) ?? `#${id}` }
  })
}

/** What the game's seat should hold to match the plan: the player's id and name, or no registry link. */
export function seatMismatches(
  plan: readonly PlannedSeat[],
  players: readonly SeatedPlayer[],
): SeatMismatch[] {
  const out: SeatMismatch[] = []
  plan.forEach((expected, i) => {
    const p = players[i]
    const got = { name: (p?.name ?? '').trim(), playerId: p?.playerId ?? null }
    const ok =
      expected.kind === 'player'
        ? got.playerId === expected.playerId && got.name === expected.name
        : expected.kind === 'substitute'
          ? got.playerId === null && got.name === expected.name
          : got.playerId === null
    if (!ok || p === undefined) out.push({ seat: i + 1, expected, got })
  })
  return out
}

/** The seats whose player scores for nobody in the standings: the spare seats and the substituted ones. */
export function seatsScoringForNobody(plan: readonly PlannedSeat[]): number[] {
  return plan.flatMap((s, i) => (s.kind === 'player' ? [] : [i + 1]))
}
