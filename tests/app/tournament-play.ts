/** Plays FULL_GAME at a table of a started tournament round through the contract (the stored seating's players). */
import type { CallName } from '../../src/shared/contract'
import type { DashboardRound, TournamentDetail } from '../../src/shared/tournament-ops'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'

export type Caller = (name: CallName, params: unknown) => Promise<unknown>

/** Returns the game's id (the prepared game of the table when there is one). */
export async function playAt(
  call: Caller,
  t: TournamentDetail,
  round: DashboardRound,
  table: number,
): Promise<number> {
  const tb = round.tables.find((x) => x.table === table)!
  const env = (await call('game.create', {
    rulesetId: t.rulesetId,
    players: tb.seats.map((p, i) => ({ name: p?.nickname ?? `Запасной ${i + 1}`, playerId: p?.id ?? null })),
    roles: { ...FULL_GAME_ROLES },
    tournamentId: t.id,
    roundId: round.id,
    tableId: tb.tableId,
  })) as { gameId: number }
  for (const command of FULL_GAME) await call('game.command', { gameId: env.gameId, command })
  return env.gameId
}
