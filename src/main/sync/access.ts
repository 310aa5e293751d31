/**
 * What a table token may do over the contract (issue 16): read and command its own table's games — nothing
 * else. It never sees another table's game (roles), never changes the tournament, never restores a backup.
 */
import type { CallName, GameEnvelope } from '../../shared/contract'
import type { AppErrorData } from '../../shared/errors'
import type { MafiaDb, TableGrant } from '../db'
import type { CallGrant } from '../transport/router'
import { forbidden } from '../transport/router'
import { otherTable, tableMachineGame } from './errors'

/** The 'control' calls a table token may make, each about one game given by `gameId`. */
const TABLE_CALLS: ReadonlySet<CallName> = new Set<CallName>(['game.view', 'game.command'])
/** Reads that show no game of another table. (`overlay.view` is the hub's active game: any table's.) */
const OPEN_READS: ReadonlySet<CallName> = new Set<CallName>(['app.info', 'standings.get', 'rulesets.list'])
/** Lists a table token gets narrowed to its own table, on the server (see `narrow`). */
const TABLE_LISTS: ReadonlySet<CallName> = new Set<CallName>(['game.list', 'sync.table'])

export function tableCallGrant(db: () => MafiaDb, grant: TableGrant): CallGrant {
  return {
    check(method: CallName, params: unknown): AppErrorData | null {
      if (OPEN_READS.has(method)) return null
      if (TABLE_LISTS.has(method)) return db().sync.grant(grant.token) === null ? forbidden(method) : null
      if (method === 'sync.overlay') {
        return (params as { table?: unknown }).table === grant.tableNumber ? null : otherTable('overlay').data
      }
      if (!TABLE_CALLS.has(method)) return forbidden(method)
      // A token revoked after the connection opened stops working at once.
      if (db().sync.grant(grant.token) === null) return forbidden(method)
      const gameId = (params as { gameId?: unknown }).gameId
      if (typeof gameId !== 'number') return forbidden(method)
      if (db().sync.tableOfGame(gameId) !== grant.tableId) return otherTable(gameId).data
      // A game a table machine sends has that machine as its one writer: the tablet may look, not command.
      if (method === 'game.command' && db().sync.isRemote(gameId)) {
        return tableMachineGame(gameId, grant.tableNumber).data
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
          : channel === 'sync.overlay' && (payload as { table?: unknown }).table === grant.tableNumber
      // A token revoked after the connection opened gets nothing more (checked for its own table's pushes only).
      return ours && db().sync.grant(grant.token) !== null
    },
  }
}
