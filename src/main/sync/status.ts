/**
 * The hub's live status of its tables (issue 29 §3): each table's newest game and how far the hub has it, its open
 * conflicts, when it was last heard from and what it reported still to send. Kept in memory and updated in O(1) on
 * each push, heartbeat and decision — seeded once per tournament from the database (two queries) — so neither a push
 * nor a heartbeat costs a scan of the tournament's tables, and the dashboard gets each change as a small delta.
 *
 * Heartbeats are coalesced: a table heard from again with nothing new is sent to the dashboards at most once per
 * `coalesceMs` together with every other table heard from meanwhile (the page shows "last seen N s ago" to the
 * second); a stored batch, a new pending count or a first contact goes out at once.
 */
import type { MafiaDb } from '../db'
import type { SyncTableLive } from '../../shared/sync'

type GameLive = NonNullable<SyncTableLive['game']>

interface Contact {
  lastSeenAt: number
  behind: number
}

interface Seeded {
  /** Each table's newest game (by creation) and its open conflicts, as the database had them at the seed. */
  games: Map<number, GameLive>
  conflicts: Map<number, number>
  /** The newest game of the tournament's tables at the seed: a game created since (a round started) re-seeds. */
  newest: number
  /** Something of the tournament changed outside the pushes: check `newest` before the next use. */
  check: boolean
  /** The database seeded from: a restore from a backup replaces it, and every seed is taken again. */
  db: MafiaDb
}

/** A heartbeat with nothing new reaches the dashboards at most this often (ms). */
export const HEARTBEAT_COALESCE_MS = 1000

export interface StatusBookDeps {
  db: () => MafiaDb
  now: () => number
  /** Sends the changed tables of a tournament to its dashboards. */
  emit: (tournamentId: number, tables: SyncTableLive[], reload: boolean) => void
  coalesceMs?: number
  log: (line: string) => void
}

export class HubStatusBook {
  /** Contacts are the hub's own memory (never stored): a hub restart starts with "not heard from yet". */
  private readonly contacts = new Map<number, Contact>()
  private readonly seeds = new Map<number, Seeded>()
  /** Tables heard from whose contact the dashboards have not been told of yet, per tournament. */
  private readonly dirty = new Map<number, Set<number>>()
  private timer: ReturnType<typeof setTimeout> | null = null
  /** How many times a tournament was seeded from the database (a test's and the bench's check: not per push). */
  seedCount = 0

  constructor(private readonly deps: StatusBookDeps) {}

  private seed(tournamentId: number): Seeded {
    const db = this.deps.db()
    let s = this.seeds.get(tournamentId)
    if (s && s.db !== db) s = undefined
    if (s?.check) {
      s.check = false
      if (db.sync.newestTableGame(tournamentId) !== s.newest) s = undefined
    }
    if (!s) {
      s = {
        db,
        newest: db.sync.newestTableGame(tournamentId),
        games: db.sync.latestGames(tournamentId),
        conflicts: db.sync.openConflictCounts(tournamentId),
        check: false,
      }
      this.seeds.set(tournamentId, s)
      this.seedCount += 1
    }
    return s
  }

  /** A table's live status now. */
  live(tournamentId: number, tableId: number): SyncTableLive {
    const s = this.seed(tournamentId)
    const c = this.contacts.get(tableId)
    return {
      tableId,
      behind: c ? c.behind : null,
      lastSeenAt: c ? c.lastSeenAt : null,
      game: s.games.get(tableId) ?? null,
      conflicts: s.conflicts.get(tableId) ?? 0,
    }
  }

  /**
   * A table was heard from (a hello, a pull, a push) with `behind` commands still to send. Nothing new but the time:
   * coalesced with the other tables' heartbeats; a first contact or a new pending count: sent at once.
   */
  contact(tournamentId: number, tableId: number, behind: number, at = this.deps.now()): void {
    const before = this.contacts.get(tableId)
    this.contacts.set(tableId, { lastSeenAt: at, behind })
    if (!before || before.behind !== behind) this.send(tournamentId, tableId, false)
    else this.later(tournamentId, tableId)
  }

  /** Only the contact time, kept for the next coalesced delta (a pull keeps the pending count it had). */
  touched(tournamentId: number, tableId: number): void {
    this.contact(tournamentId, tableId, this.contacts.get(tableId)?.behind ?? 0)
  }

  /**
   * A batch of a table's game was stored: the table's contact and game row now (the newest game of the table
   * only). Returns the row for the caller's own push (the stored batch's `sync.changed` carries it).
   */
  stored(tournamentId: number, tableId: number, behind: number, at: number, game: GameLive): SyncTableLive {
    this.contacts.set(tableId, { lastSeenAt: at, behind })
    this.dirty.get(tournamentId)?.delete(tableId)
    const s = this.seed(tournamentId)
    const have = s.games.get(tableId)
    if (!have || game.id >= have.id) s.games.set(tableId, game)
    return this.live(tournamentId, tableId)
  }

  /** A table's open conflicts went up or down by `delta` (kept aside, decided). */
  conflict(tournamentId: number, tableId: number, delta: number): void {
    const s = this.seed(tournamentId)
    s.conflicts.set(tableId, Math.max(0, (s.conflicts.get(tableId) ?? 0) + delta))
    this.send(tournamentId, tableId, true)
  }

  /** A table's game changed behind the pushes (a conflict decided for the table's version truncates the log). */
  gameChanged(tournamentId: number, tableId: number): void {
    const s = this.seeds.get(tournamentId)
    if (!s) return
    const g = this.deps.db().games.getGame(s.games.get(tableId)?.id ?? -1)
    const have = s.games.get(tableId)
    if (g && have)
      s.games.set(tableId, { ...have, status: g.status, lastSeq: g.lastSeq ?? 0, winner: g.winner })
  }

  /**
   * Something of a tournament changed (every stored batch says so too): before its next use the seed checks, with
   * one indexed query, whether a game was created for its tables since (a round started), and is taken again from
   * the database if so. The contacts stay.
   */
  changed(tournamentId: number): void {
    const s = this.seeds.get(tournamentId)
    if (s) s.check = true
  }

  /** Something the live rows do not hold (a refusal) changed: the dashboards ask for the status again. */
  refused(tournamentId: number, tableId: number): void {
    this.send(tournamentId, tableId, true)
  }

  private send(tournamentId: number, tableId: number, reload: boolean): void {
    this.dirty.get(tournamentId)?.delete(tableId)
    this.deps.emit(tournamentId, [this.live(tournamentId, tableId)], reload)
  }

  private later(tournamentId: number, tableId: number): void {
    let set = this.dirty.get(tournamentId)
    if (!set) this.dirty.set(tournamentId, (set = new Set()))
    set.add(tableId)
    if (this.timer) return
    this.timer = setTimeout(() => {
      try {
        this.flush()
      } catch (err) {
        // A closed database at shutdown, say: the dashboards miss one "last seen"; the hub goes on.
        this.deps.log(`sync: the tables' status could not be sent: ${String(err)}`)
      }
    }, this.deps.coalesceMs ?? HEARTBEAT_COALESCE_MS)
    this.timer.unref?.()
  }

  /** Sends every coalesced contact now, one delta per tournament. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const all = [...this.dirty]
    this.dirty.clear()
    for (const [tournamentId, set] of all) {
      if (set.size > 0)
        this.deps.emit(
          tournamentId,
          [...set].map((id) => this.live(tournamentId, id)),
          false,
        )
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.dirty.clear()
  }
}
