/**
 * The multi-machine mode's composition (issue 16): the hub (stores what tables push, serves table tokens) and
 * the sender (drains this machine's outbox to its hub). Every machine has both: a machine is a hub when the head
 * judge hands out table tokens, a table when it is paired; nothing else differs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MafiaDb } from '../db'
import type { GameHost } from './game-host'
import type { CallGrant } from '../transport/router'
import type { Handlers } from '../transport/router'
import type { OverlayEnvelope, SyncChanged } from '../../shared/contract'
import { SyncHub } from './hub'
import { SyncSender } from './sender'
import { handleSyncRequest, syncGuards, type SyncGuards } from './http'
import { tableCallGrant } from './access'
import { RefusalLog } from './refusals'
import { AuthFailureLimiter } from '../transport/limits'
import { pairingCode } from './pairing'
import { TableCodes, type CodeStore } from './table-codes'

export { SyncHub } from './hub'
export { SyncSender, PAIRING_KEY } from './sender'

export interface SyncOptions {
  db: () => MafiaDb
  service: GameHost
  /** Where the codes of the table tokens are kept (the secrets file / keychain; the database keeps their hashes). */
  secrets: CodeStore
  log?: (line: string) => void
  /** Where the dashboard's `sync.changed` pushes go. */
  changed?: (payload: SyncChanged) => void
  /** Where `/overlay?table=N`'s `sync.overlay` pushes go. */
  overlay?: (payload: { table: number; envelope: OverlayEnvelope }) => void
  /** Failed authentications per address, shared with the WebSocket server (one of its own when absent). */
  failures?: AuthFailureLimiter
  /**
   * This machine's clock, the one its service stamps commands with: the sender's send time comes from it too, so
   * the hub measures a table's clock from the same source as the table's entries (issue 29 §3).
   */
  clock?: () => number
}

/** What the hub's handlers need of the server it runs in. */
export interface SyncEndpoints {
  /** This machine's own origin (http://127.0.0.1:PORT): the pairing code's address without the LAN mode. */
  origin(): string
  /** The HTTPS origins a table of the hall can reach (LAN mode), first the default one. */
  lanOrigins(): string[]
  /** The hub certificate's fingerprint (LAN mode), or null. */
  fingerprint(): string | null
  /** Closes the connections of tokens that no longer grant anything. */
  dropDeadGrants(): void
}

export interface Sync {
  hub: SyncHub
  sender: SyncSender
  /** Every refusal of the hall link, counted and logged (the WebSocket server reports its own to it too). */
  refusals: RefusalLog
  guards: SyncGuards
  /** For the HTTP server: POST /sync/push and /sync/hello. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): boolean
  /** For the WebSocket server: what a table token grants. */
  grantFor(token: string): CallGrant | null
  handlers(endpoints: SyncEndpoints): SyncHandlers
  /** The code of a table's live token as this hub keeps it (the printed sheet's), or null: none, or not kept. */
  codeOf(tableId: number): string | null
}

type SyncHandlers = { [K in keyof Handlers as K extends `sync.${string}` ? K : never]: Handlers[K] }

export function createSync(opts: SyncOptions): Sync {
  const changed = opts.changed ?? (() => {})
  const refusals = new RefusalLog(opts.db, opts.log ?? (() => {}))
  const guards = syncGuards(refusals, opts.failures)
  /** What each table's `/overlay?table=N` was last sent: its game and overlay frame. */
  const overlaySent = new Map<number, string>()
  const codes = new TableCodes(opts.secrets)
  const hub = new SyncHub({
    db: opts.db,
    service: opts.service,
    codes,
    log: opts.log,
    onStored: (s) =>
      changed({
        tournamentId: s.tournamentId,
        tableId: s.tableId,
        gameId: s.gameId,
        gameUuid: s.gameUuid,
        lastSeq: s.lastSeq,
        at: Date.now(),
        trace: { ...s.trace, pushedAt: Date.now() },
        tables: [s.table],
      }),
    onOverlay: (table, gameId) => {
      // A batch the stream cannot see (a hidden night entry) keeps the overlay's frame number: no frame for it.
      const envelope = opts.service.overlayOf(gameId)
      const shown = `${envelope.gameId}/${envelope.view ? envelope.frame : ''}`
      if (overlaySent.get(table) === shown) return
      overlaySent.set(table, shown)
      opts.overlay?.({ table, envelope })
    },
    onStatus: (tournamentId) =>
      changed({ tournamentId, tableId: null, gameId: null, gameUuid: null, lastSeq: null, at: Date.now() }),
    // Issue 29 §3: the dashboard gets each change of a table's live status as a delta (no status call per push).
    onLive: (tournamentId, tables, reload) =>
      changed({
        tournamentId,
        tableId: tables.length === 1 ? tables[0].tableId : null,
        gameId: null,
        gameUuid: null,
        lastSeq: null,
        at: Date.now(),
        tables,
        ...(reload ? { reload } : {}),
      }),
  })
  // A round started (new games for the tables): the live status of that tournament checks its seed before next use.
  opts.service.onPush((channel, payload) => {
    if (channel === 'tournament.changed') hub.book.changed((payload as { tournamentId: number }).tournamentId)
  })
  const sender = new SyncSender({
    db: opts.db,
    log: opts.log,
    clock: opts.clock,
    // A game the head judge cancelled is cancelled here through the service (its live copy goes too).
    onCancelled: (gameId, reason) => void opts.service.cancelGame(gameId, reason),
  })
  /** The pairing codes' address: the one the organiser picked among the hall's (LAN mode), else this machine's. */
  const addressing = (endpoints: SyncEndpoints, address?: string) => {
    const lan = endpoints.lanOrigins()
    const chosen = address !== undefined && lan.includes(address) ? address : (lan[0] ?? endpoints.origin())
    const fingerprint = endpoints.fingerprint()
    return {
      addresses: lan,
      address: chosen,
      fingerprint,
      code: (token: string) => pairingCode(chosen, token, fingerprint),
    }
  }
  return {
    hub,
    sender,
    refusals,
    guards,
    handle: (req, res, path) => handleSyncRequest(hub, guards, req, res, path),
    codeOf(tableId) {
      const row = opts.db().tournaments.getTable(tableId)
      const live = row
        ? opts
            .db()
            .sync.tableTokens(row.tournamentId)
            .find((t) => t.tableId === tableId)
        : undefined
      return codes.codeOf(tableId, live?.tokenHash ?? null)
    },
    grantFor(token) {
      const grant = opts.db().sync.grant(token)
      return grant
        ? tableCallGrant(opts.db, grant, {
            streamTournament: () => hub.streamTournament(),
            refused: (code) => refusals.count(code, '', grant.tableId),
          })
        : null
    },
    handlers: (endpoints) => ({
      'sync.status': ({ tournamentId, address }) =>
        hub.status(tournamentId, addressing(endpoints, address), refusals),
      'sync.createToken': ({ tableId, validHours, address }) => {
        const db = opts.db()
        codes.keep(tableId, db.sync.createToken(tableId, validHours))
        // The table's earlier token is revoked: its open connections close now.
        endpoints.dropDeadGrants()
        return hub.status(
          db.tournaments.getTable(tableId)!.tournamentId,
          addressing(endpoints, address),
          refusals,
        )
      },
      'sync.revokeToken': ({ tableId, address }) => {
        const db = opts.db()
        db.sync.revokeToken(tableId)
        codes.forget(tableId)
        endpoints.dropDeadGrants()
        return hub.status(
          db.tournaments.getTable(tableId)!.tournamentId,
          addressing(endpoints, address),
          refusals,
        )
      },
      'sync.setOnStream': ({ tournamentId, tableId }) => {
        hub.setOnStream(tableId)
        return hub.status(tournamentId, addressing(endpoints), refusals)
      },
      'sync.local': () => sender.status(),
      'sync.pair': ({ hubUrl, token }) => sender.pair(hubUrl, token),
      'sync.unpair': () => sender.unpair(),
      'sync.overlay': ({ table }) => opts.service.overlayOf(hub.tableGame(table).gameId),
      'sync.pull': async () => {
        await sender.pull()
        return sender.status()
      },
      // The router narrows a table token's call to its table (access.ts); the control token has no table.
      'sync.table': (params) => hub.tableSession((params as { tableId?: number }).tableId ?? null),
      'sync.conflicts': ({ tournamentId }) => hub.conflicts(tournamentId),
      'sync.resolveConflict': ({ conflictId, resolution, reason }) =>
        hub.conflicts(hub.resolveConflict(conflictId, resolution, reason)),
    }),
  }
}
