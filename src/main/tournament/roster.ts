/**
 * Who plays in which round of a stage, read from its stored seating: the players who do not play a round (they sit
 * out under the "extra game" option, or were registered after it started) and the players who play more games
 * than the stage's number (the "extra game"). One place for the dashboard and the seating XLSX. Pure.
 */

/** A round's seats: player ids, null for a spare seat. */
export type RoundSeats = ReadonlyArray<number | null>

/** The stage's players (in their order) who have no seat in this round. */
export function sittingOut(stagePlayers: readonly number[], seats: RoundSeats): number[] {
  const seated = new Set(seats)
  return stagePlayers.filter((id) => !seated.has(id))
}

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
