/**
 * The sync contract between a table machine and its hub (issue 16): `POST /sync/push` and `POST /sync/hello`,
 * each authenticated by the table token (`Authorization: Bearer …`). One batch carries entries of ONE game, in
 * seq order from `fromSeq`; the hub stores them idempotently and answers with the last seq it holds.
 */
import { z } from 'zod'
import { gameSetupSchema, logEntrySchema } from './game/entry'

/** At most this many entries per batch, and this many bytes per request body. */
export const SYNC_MAX_ENTRIES = 200
export const SYNC_MAX_BYTES = 2 * 1024 * 1024
/**
 * The most entries a table may report as still unsent (issue 29 §2: `pending: 1e15` was taken): far above any
 * tournament (a game has a few hundred entries), far below a number that breaks the dashboard's sums.
 */
export const SYNC_MAX_PENDING = 1_000_000
const pendingSchema = z.number().int().nonnegative().max(SYNC_MAX_PENDING)

/** One entry of a batch: the one log-entry shape of every door into a game's log (shared/game/entry.ts). */
export const syncEntrySchema = logEntrySchema
export type SyncEntry = z.infer<typeof syncEntrySchema>

export const syncPushSchema = z
  .object({
    /** The tournament the table was paired with (its uuid): a push for another one is refused. */
    tournament: z.string().min(1).max(64),
    gameUuid: z.string().uuid(),
    fromSeq: z.number().int().positive(),
    entries: z.array(syncEntrySchema).max(SYNC_MAX_ENTRIES),
    /** What the hub needs to create the game on its first push (engine GameSetup JSON). */
    game: z
      .object({
        setup: gameSetupSchema,
        number: z.number().int().positive().nullable(),
        createdAt: z.number().finite().min(0),
      })
      .strict()
      .optional(),
    /** Entries still in the table's outbox after this batch (the hub shows it as the table's lag). */
    pending: pendingSchema.optional(),
    /**
     * When the table's sender sent the batch (its clock, ms): the hub's lag trace, and the table clock's offset
     * from the hub's (the hub's receive time minus this) for the table game's timer on the hub's stream.
     */
    sentAt: z.number().finite().min(0).optional(),
    /** The sending machine's own id (made once per database): a game takes entries from one machine only. */
    machine: z.string().uuid().optional(),
  })
  .strict()
export type SyncPush = z.infer<typeof syncPushSchema>

export interface SyncPushResult {
  /** The last seq of this game the hub holds after the push: the table may drop its outbox up to it. */
  acknowledged: number
  stored: number
  duplicates: number
}

export const syncHelloSchema = z.object({ pending: pendingSchema.optional() }).strict()

export interface SyncHello {
  tournament: { uuid: string; name: string }
  table: { id: number; number: number }
  hubTime: number
}

/** The hub's view of one table, for the head judge's dashboard. */
export interface SyncTableStatus {
  tableId: number
  number: number
  name: string
  judge: string
  /** The pairing token (null: none or revoked) and the code a table machine enters or scans (see pairing.ts). */
  token: string | null
  pairingUrl: string | null
  /**
   * The table has a live token whose code this hub does not keep (issued before tokens were stored hashed, or the
   * secrets file was lost): it still works, but to print it the organiser re-issues it.
   */
  codeLost?: boolean
  /** When the token stops working (ms since epoch; null: never). */
  expiresAt: number | null
  /** Commands the table reported as not yet on the hub, at its last contact (null: never seen). */
  behind: number | null
  lastSeenAt: number | null
  /** The game the table plays now (its newest) and how far the hub has it. */
  game: { id: number; uuid: string; status: string; lastSeq: number; winner: string | null } | null
  conflicts: number
  onStream: boolean
}

/**
 * The live part of a table's status on the hub (issue 29 §3): what a push, a heartbeat or a conflict changes. The hub
 * keeps it in memory and pushes it to the dashboard as a delta (`sync.changed`'s `tables`); the dashboard merges it
 * into the row it holds, without asking for the whole status again.
 */
export type SyncTableLive = Pick<SyncTableStatus, 'tableId' | 'behind' | 'lastSeenAt' | 'game' | 'conflicts'>

export interface SyncHubStatus {
  tournamentId: number
  tables: SyncTableStatus[]
  conflicts: Array<{ id: number; tableId: number | null; gameUuid: string; seq: number; at: number }>
  /** The latest refusals (one row per kind and source per few seconds, with how many it stands for). */
  refusals: Array<{ tableId: number | null; code: string; remote: string; at: number; count: number }>
  /** Refusals of each kind since the hub started. */
  refusalCounts: Array<{ code: string; count: number }>
  onStreamTableId: number | null
  /** The hall addresses the hub can be reached at (LAN mode; empty: this machine only) and the one the codes name. */
  addresses: string[]
  address: string
  /** The fingerprint of the hub's certificate the codes carry (LAN mode), or null. */
  fingerprint: string | null
}

/** A table machine's own view of its pairing and outbox. */
export interface SyncLocalStatus {
  paired: boolean
  hubUrl: string | null
  /** The pinned fingerprint of the hub's certificate (null: a hub on this machine, over loopback). */
  fingerprint?: string | null
  tableNumber: number | null
  tournamentName: string | null
  pending: number
  /** The last successful contact with the hub (ms since epoch) and the last failure, if any since. */
  lastOkAt: number | null
  lastError: { code: string; message: { ru: string; en: string } } | null
  /** The games this table pulled from the hub's started rounds (its seating, judge and roles): the picker's list. */
  pulled?: SyncPulledLocal[]
  /** Synced games whose sync stopped (cancelled, conflict closed) or waits for the head judge (open conflict). */
  games?: SyncGameNotice[]
}

/** A game of this table in one of the hub's started rounds, as `POST /sync/pull` gives it to the table machine. */
export interface SyncPulledGame {
  uuid: string
  number: number | null
  judge: string
  /** Engine GameSetup JSON: this table's seats, players and roles (registry links dropped: the hub's own). */
  setup: Record<string, unknown>
  createdAt: number
  tournament: string
  round: number
  table: number
}

export interface SyncPull {
  games: SyncPulledGame[]
  /** This table's games the head judge cancelled (the table marks them cancelled and stops sending them). */
  cancelled?: SyncCancelledGame[]
  /** This table's games the hub takes no more entries of (a conflict decided for the hub's version). */
  closed?: SyncClosedGame[]
}

/** A pulled game as the table machine keeps it: its local id and where it belongs on the hub. */
export interface SyncPulledLocal {
  gameId: number
  uuid: string
  tournament: string
  round: number
  table: number
  judge: string
}

export const syncPullSchema = z.object({}).strict()

export type SyncConflictResolution = 'keepHub' | 'acceptTable' | 'dismiss'

/** One conflict kept aside on the hub, with both versions of the entry, for the head judge's decision. */
export interface SyncConflictDetail {
  id: number
  tableId: number | null
  tableNumber: number | null
  gameUuid: string
  gameId: number | null
  seq: number
  /** The hub's entry at that seq (null: none) and the one the table sent. */
  hubEntry: SyncEntryView | null
  tableEntry: SyncEntryView | null
  at: number
  resolution: SyncConflictResolution | null
  reason: string
  resolvedAt: number | null
  /**
   * The appeal behind the conflict (issue 31 §1), or null: the hub's entry at that seq is the head judge's
   * amendment by appeal №number ('amended'), or he cancelled the game for a replay on it ('replayed'). The table's
   * version cannot be taken over it.
   */
  appeal: SyncConflictAppeal | null
}

export interface SyncConflictAppeal {
  number: number
  kind: 'amended' | 'replayed'
}

export interface SyncEntryView {
  seq: number
  command: Record<string, unknown>
  events: unknown[]
  at: number
}

/** A game of this table the head judge cancelled on the hub (the pull brings it; the table marks it cancelled). */
export interface SyncCancelledGame {
  uuid: string
  reason: string
  at: number
}

/**
 * A game of this table the hub no longer takes entries of: the head judge kept the hub's version of a conflict
 * and that version still stands on the hub. (A push of an entry he dismissed gets the same answer, 'dismiss'.)
 */
export interface SyncClosedGame {
  uuid: string
  seq: number
  resolution: 'keepHub' | 'dismiss'
  reason: string
}

/** What the table machine shows on a synced game whose sync stopped or waits (its game screen and picker). */
export interface SyncGameNotice {
  gameId: number
  uuid: string
  /** cancelled: the head judge cancelled it; closed: he kept the hub's version; conflict: waiting for his decision. */
  state: 'cancelled' | 'closed' | 'conflict'
  reason: string
  seq: number | null
  /** A conflict whose hub entry is the head judge's amendment by this appeal (its number; issue 31 §1). */
  appeal?: number
}

/** A game of this table on the hub, as a tablet with the table token sees it (issue 16). */
export interface SyncTableGame {
  gameId: number
  uuid: string
  round: number
  number: number | null
  judge: string
  status: 'setup' | 'running' | 'finished'
  /** 'table': a table machine sends this game (its one writer): the tablet may only look at it. */
  writer: 'hub' | 'table'
}

/** A tablet on the hub's control page with a table token: its table and that table's games of the open rounds. */
export interface SyncTableSession {
  tableId: number
  tableNumber: number
  tournamentName: string
  games: SyncTableGame[]
  /** The game to open at once (the only one still to play), or null: the tablet shows the list. */
  gameId: number | null
}
