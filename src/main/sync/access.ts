/**
 * What a table token may do over the contract (issue 16): read and command its own table's games — nothing
 * else. It never sees another table's game (roles), never changes the tournament, never restores a backup.
 */
import type { CallName, GameEnvelope } from '../../shared/contract'
import type { AppErrorData } from '../../shared/errors'
import type { MafiaDb, TableGrant } from '../db'
import type { CallGrant } from '../transport/router'
import { forbidden } from '../transport/router'
import { badToken, otherTable, otherTableOverlay, otherTournament, tableMachineGame } from './errors'

/** The 'control' calls a table token may make, each about one game given by `gameId`. */
const TABLE_CALLS: ReadonlySet<CallName> = new Set<CallName>(['game.view', 'game.command'])
/** Reads that show no game of another table. (`overlay.view` is the hub's active game: any table's.) */
const OPEN_READS: ReadonlySet<CallName> = new Set<CallName>(['app.info', 'standings.get', 'rulesets.list'])
/** Lists a table token gets narrowed to its own table, on the server (see `narrow`). */
const TABLE_LISTS: ReadonlySet<CallName> = new Set<CallName>(['game.list', 'sync.table'])

export interface TableGrantDeps {
  /** The tournament whose tables the hub's `/overlay?table=N` shows (table numbers repeat across tournaments). */
  streamTournament(): number | null
  /** Every refusal is counted and logged (sync/refusals.ts). */
  refused?(code: string): void
}

export function tableCallGrant(db: () => MafiaDb, grant: TableGrant, deps: TableGrantDeps): CallGrant {
  const alive = (): boolean => db().sync.grant(grant.token) !== null
  const refuse = (error: AppErrorData): AppErrorData => {
    deps.refused?.(error.code)
    return error
  }
  /** Its own table of its own tournament: a table number alone names a table of any tournament. */
  const ownStreamTable = (table: unknown): boolean =>
    table === grant.tableNumber && deps.streamTournament() === grant.tournamentId
  return {
    alive,
    check(method: CallName, params: unknown): AppErrorData | null {
      if (OPEN_READS.has(method)) return null
      // A token revoked or expired after the connection opened stops working at once.
      if (!alive()) return refuse(badToken().data)
      if (TABLE_LISTS.has(method)) return null
      if (method === 'sync.overlay') {
        const table = (params as { table?: unknown }).table
        if (ownStreamTable(table)) return null
        return refuse(
          table === grant.tableNumber
            ? otherTournament(grant.tableNumber).data
            : otherTableOverlay(grant.tableNumber, table).data,
        )
      }
      if (!TABLE_CALLS.has(method)) return refuse(forbidden(method))
      const gameId = (params as { gameId?: unknown }).gameId
      if (typeof gameId !== 'number') return refuse(forbidden(method))
      if (db().sync.tableOfGame(gameId) !== grant.tableId) return refuse(otherTable(gameId).data)
      // A game a table machine sends has that machine as its one writer: the tablet may look, not command.
      if (method === 'game.command' && db().sync.isRemote(gameId)) {
        return refuse(tableMachineGame(gameId, grant.tableNumber).data)
      }
      return null
    },
    narrow(method: CallName, params: unknown): unknown {
      // Whatever table it asks for, a table token lists its own table's games only.
      return TABLE_LISTS.has(method) ? { ...(params as object), tableId: grant.tableId } : params
    },
    allowsPush(channel: string, payload: unknown): boolean {
      // Its own table's game view (any tablet of the table follows it, also a game a table machine sends) and
      // its table's hub overlay: decided from the payload (the game's own table), no lookup per push.
      const ours =
        channel === 'game.view'
          ? (payload as GameEnvelope).game.tableId === grant.tableId
          : channel === 'sync.overlay' && ownStreamTable((payload as { table?: unknown }).table)
      // A token revoked after the connection opened gets nothing more (checked for its own table's pushes only).
      return ours && alive()
    },
  }
}
