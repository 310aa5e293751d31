/**
 * Who plays in which round of a stage, read from its stored seating: the players who do not play a round (they sit
 * out under the "extra game" option, or were registered after it started) and the players who play more games
 * than the stage's number (the "extra game"). One place for the dashboard and the seating XLSX. Pure.
 */
import type { AbsenceReason } from '../../shared/tournament-ops'

/** A round's seats: player ids, null for a spare seat. */
export type RoundSeats = ReadonlyArray<number | null>

/** How many rounds each player is seated in. */
export function roundsPerPlayer(rounds: readonly RoundSeats[]): Map<number, number> {
  const counts = new Map<number, number>()
  for (const seats of rounds)
    for (const id of seats) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1)
  return counts
}

/** The players seated in more rounds than the stage's number of games (they play an extra game), in order. */
export function extraGamePlayers(
  stagePlayers: readonly number[],
  rounds: readonly RoundSeats[],
  games: number,
): number[] {
  const counts = roundsPerPlayer(rounds)
  return stagePlayers.filter((id) => (counts.get(id) ?? 0) > games)
}

/** The players seated in fewer rounds than the stage's number of games (a late registration, a short plan). */
export function fewerGamePlayers(
  stagePlayers: readonly number[],
  rounds: readonly RoundSeats[],
  games: number,
): number[] {
  const counts = roundsPerPlayer(rounds)
  return stagePlayers.filter((id) => (counts.get(id) ?? 0) < games)
}

/** A player as the registration knows him (times in ms; `withdrawnAt` null while he plays). */
export interface RosterPlayer {
  id: number
  registeredAt: number
  withdrawnAt: number | null
}

/**
 * The players with no seat in a round and why, in the order given: withdrawn before the round started (or it has
 * not started) — `withdrawn`; registered after it started — `notYetRegistered`; otherwise he sits it out (the
 * "extra game" option). `players` are the stage's players, the withdrawn ones included when the caller wants them
 * named. One source for the dashboard's sit-out list and the seating XLSX.
 */
export function absences(
  players: readonly RosterPlayer[],
  seats: RoundSeats,
  roundStartedAt: number | null,
): Array<{ id: number; reason: AbsenceReason }> {
  const seated = new Set(seats)
  return players
    .filter((p) => !seated.has(p.id))
    .map((p) => ({
      id: p.id,
      reason:
        p.withdrawnAt !== null && (roundStartedAt === null || p.withdrawnAt <= roundStartedAt)
          ? 'withdrawn'
          : roundStartedAt !== null && p.registeredAt > roundStartedAt
            ? 'notYetRegistered'
            : 'sitsOut',
    }))
}
