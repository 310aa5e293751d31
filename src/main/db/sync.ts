/**
 * Multi-machine mode (issue 16), what it stores:
 * - on a table machine: `sync_games` (games this machine sends to its hub) and `sync_outbox` (their log entries
 *   not yet acknowledged; the row is written by games.ts in the command's own transaction);
 * - on the hub: table tokens, the conflicts kept aside, and the refused pushes.
 */
import crypto from 'node:crypto'
import { Repo } from './core'
import { base32, canonicalToken } from '../../shared/base32'

export { canonicalToken }
import { loadLog } from './games'
import { tokenHash } from './token-hash'
import type { StoredEntry } from './types'

export interface OutboxBatch {
  gameId: number
  uuid: string
  /** The game's setup (engine GameSetup JSON) and number: the hub creates the game from them on first push. */
  setup: unknown
  number: number | null
  createdAt: number
  entries: StoredEntry[]
}

export interface TableGrant {
  /** The token as presented (canonical form); the database keeps only its hash. */
  token: string
  tableId: number
  tableNumber: number
  tournamentId: number
  tournamentName: string
  /** When the token stops working (ms since epoch): its own limit or the end of the tournament's last day. */
  expiresAt: number | null
}

/** A table token's default life when the tournament has no end date (with one, the token ends with it). */
export const TABLE_TOKEN_DEFAULT_HOURS = 7 * 24
/** Open conflicts a table may have kept aside on the hub at once (issue 29 §2: conflict rows are bounded). */
export const MAX_OPEN_CONFLICTS_PER_TABLE = 200

/** The end of a tournament's last day (`ends_on`, local time), or null without one. */
function tournamentEnd(endsOn: string | null): number | null {
  if (!endsOn || !/^\d{4}-\d{2}-\d{2}$/.test(endsOn)) return null
  const [y, m, d] = endsOn.split('-').map(Number)
  return new Date(y, m - 1, d + 1).getTime()
}

/** The moment a token stops working: the earlier of its own limit and its tournament's end (null: neither). */
function expiryOf(own: number | null, endsOn: string | null): number | null {
  const end = tournamentEnd(endsOn)
  if (own === null) return end
  return end === null ? own : Math.min(own, end)
}

/**
 * A table token: 160 random bits in lower-case base32 (32 characters). Case-insensitive, so a judge who types
 * it from the printed sheet cannot get its case wrong (issue 29 §2).
 */
function newTableToken(): string {
  return base32(crypto.randomBytes(20))
}

export interface TableTokenRow {
  tableId: number
  number: number
  name: string
  judge: string
  /** The SHA-256 of the table's live token (null: none or revoked): the code itself is not in the database. */
  tokenHash: string | null
  createdAt: number | null
  /** When the token stops working (see `grant`); null: it does not expire. */
  expiresAt: number | null
}

export type ConflictResolution = 'keepHub' | 'acceptTable' | 'dismiss'

export interface ConflictRow {
  id: number
  tableId: number | null
  gameUuid: string
  seq: number
  stored: unknown
  received: unknown
  at: number
  /** The head judge's decision (null: still open), its reason and time. */
  resolution: ConflictResolution | null
  reason: string
  resolvedAt: number | null
  /** The machine that sent the received entry ('' : none named; null: kept before machines were named). */
  machine: string | null
}

/** A game of a table in an open round of the hub, as the table machine pulls it (its seating and roles). */
export interface TableGameRow {
  id: number
  uuid: string
  number: number | null
  judge: string
  setup: unknown
  status: string
  createdAt: number
  round: number
  tableNumber: number
  tournamentName: string
  /** The last seq the hub holds (0: not started) and whether a table machine writes it (`sync_remote_games`). */
  lastSeq: number
  remote: boolean
}

export interface RefusalRow {
  id: number
  tableId: number | null
  code: string
  remote: string
  at: number
  /** How many refusals of this kind from this source the row stands for. */
  count: number
}

interface ConflictDbRow {
  id: number
  table_id: number | null
  game_uuid: string
  seq: number
  stored: string
  received: string
  at: number
  resolution: ConflictResolution | null
  reason: string
  resolved_at: number | null
  machine: string | null
}

function toConflict(r: ConflictDbRow): ConflictRow {
  return {
    id: r.id,
    tableId: r.table_id,
    gameUuid: r.game_uuid,
    seq: r.seq,
    stored: JSON.parse(r.stored) as unknown,
    received: JSON.parse(r.received) as unknown,
    at: r.at,
    resolution: r.resolution,
    reason: r.reason,
    resolvedAt: r.resolved_at,
    machine: r.machine,
  }
}

export class SyncRepo extends Repo {
  /** Runs fn in one write transaction (nested calls of other repositories become savepoints). */
  transaction<T>(fn: () => T): T {
    return this.write(fn)
  }

  // ---- table machine: the outbox --------------------------------------------------------------------

  /** Unacknowledged entries in the whole outbox. */
  pendingCount(): number {
    return this.guard(() => (this.stmt('SELECT count(*) AS n FROM sync_outbox').get() as { n: number }).n)
  }

  /** Games with unsent entries, the one with the oldest unsent entry first. */
  pendingGames(): number[] {
    return this.guard(() =>
      (
        this.stmt('SELECT game_id FROM sync_outbox GROUP BY game_id ORDER BY min(id)').all() as Array<{
          game_id: number
        }>
      ).map((r) => r.game_id),
    )
  }

  /** The oldest unsent entries of a game (in seq order, at most `limit`), with what the hub needs to create it. */
  batch(gameId: number, limit: number): OutboxBatch | null {
    return this.guard(() => {
      const game = this.stmt('SELECT uuid, setup, number, created_at FROM games WHERE id = ?').get(gameId) as
        { uuid: string; setup: string; number: number | null; created_at: number } | undefined
      if (!game) return null
      const rows = this.stmt(
        `SELECT e.seq, e.command, e.events, e.at FROM sync_outbox o
         JOIN game_events e ON e.game_id = o.game_id AND e.seq = o.seq
         WHERE o.game_id = ? ORDER BY o.seq LIMIT ?`,
      ).all(gameId, limit) as Array<{ seq: number; command: string; events: string; at: number }>
      return {
        gameId,
        uuid: game.uuid,
        setup: JSON.parse(game.setup) as unknown,
        number: game.number,
        createdAt: game.created_at,
        entries: rows.map((r) => ({
          seq: r.seq,
          command: JSON.parse(r.command) as unknown,
          events: JSON.parse(r.events) as unknown[],
          at: r.at,
        })),
      }
    })
  }

  /** The hub acknowledged every entry of the game up to `seq`: they leave the outbox. */
  acknowledge(gameId: number, seq: number): number {
    return this.write(
      () => this.stmt('DELETE FROM sync_outbox WHERE game_id = ? AND seq <= ?').run(gameId, seq).changes,
    )
  }

  /** Makes a game a synced one and queues its whole log (for a game begun before pairing). */
  registerGame(gameId: number): void {
    this.write(() => {
      this.requireGame(gameId)
      const now = Date.now()
      this.stmt('INSERT OR IGNORE INTO sync_games (game_id, registered_at) VALUES (?, ?)').run(gameId, now)
      this.stmt(
        'INSERT OR IGNORE INTO sync_outbox (game_id, seq, queued_at) SELECT game_id, seq, ? FROM game_events WHERE game_id = ? ORDER BY seq',
      ).run(now, gameId)
    })
  }

  isSynced(gameId: number): boolean {
    return this.guard(() => this.stmt('SELECT 1 FROM sync_games WHERE game_id = ?').get(gameId) !== undefined)
  }

  // ---- hub: games written by a table machine ---------------------------------------------------------

  /**
   * Makes a game one a table machine writes, bound to that machine (`machine`: its id, '' when it sent none); a
   * game already bound stays bound (see `bindMachine` for the head judge's decision).
   */
  markRemote(gameId: number, tableId: number, machine = ''): void {
    this.write(() => {
      this.stmt('INSERT OR IGNORE INTO sync_remote_games (game_id, table_id, machine) VALUES (?, ?, ?)').run(
        gameId,
        tableId,
        machine,
      )
      this.stmt('UPDATE sync_remote_games SET machine = ? WHERE game_id = ? AND machine IS NULL').run(
        machine,
        gameId,
      )
    })
  }

  /** The machine a table's game is bound to (null: none yet). */
  machineOf(gameId: number): string | null {
    return this.guard(() => {
      const row = this.stmt('SELECT machine FROM sync_remote_games WHERE game_id = ?').get(gameId) as
        { machine: string | null } | undefined
      return row?.machine ?? null
    })
  }

  /** Binds a game to another machine (the head judge took that machine's version of a conflict). */
  bindMachine(gameId: number, machine: string): void {
    this.write(() => {
      this.stmt('UPDATE sync_remote_games SET machine = ? WHERE game_id = ?').run(machine, gameId)
    })
  }

  /** Whether a game's log is written by a table machine (then only its pushes may extend it). */
  isRemote(gameId: number): boolean {
    return this.guard(
      () => this.stmt('SELECT 1 FROM sync_remote_games WHERE game_id = ?').get(gameId) !== undefined,
    )
  }

  // ---- hub: table tokens ------------------------------------------------------------------------------

  /**
   * A new token for the table; the table's earlier token is revoked. Returned once: the database keeps only its
   * SHA-256 (db/token-hash.ts), the caller keeps the code where it prints it from (the secrets file). It works for `validHours` (when given),
   * and never past the end of the tournament's last day; without either, for TABLE_TOKEN_DEFAULT_HOURS.
   */
  createToken(tableId: number, validHours?: number): string {
    const token = newTableToken()
    this.write(() => {
      this.requireTable(tableId)
      const now = Date.now()
      const endsOn = (
        this.stmt(
          'SELECT tn.ends_on FROM tables t JOIN tournaments tn ON tn.id = t.tournament_id WHERE t.id = ?',
        ).get(tableId) as { ends_on: string | null } | undefined
      )?.ends_on
      const hours = validHours ?? (tournamentEnd(endsOn ?? null) === null ? TABLE_TOKEN_DEFAULT_HOURS : null)
      this.stmt('UPDATE sync_tokens SET revoked_at = ? WHERE table_id = ? AND revoked_at IS NULL').run(
        now,
        tableId,
      )
      this.stmt(
        'INSERT INTO sync_tokens (token_hash, table_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      ).run(tokenHash(token), tableId, now, hours === null ? null : now + Math.round(hours * 3600_000))
    })
    return token
  }

  revokeToken(tableId: number): void {
    this.write(() => {
      this.requireTable(tableId)
      this.stmt('UPDATE sync_tokens SET revoked_at = ? WHERE table_id = ? AND revoked_at IS NULL').run(
        Date.now(),
        tableId,
      )
    })
  }

  /**
   * What a table token grants, or null: revoked, expired (its own limit or the tournament's end), or its
   * tournament archived. Read only: a wrong token costs no disk write.
   */
  grant(token: string, now = Date.now()): TableGrant | null {
    if (token.length === 0 || token.length > 200) return null
    return this.guard(() => {
      const row = this.stmt(
        `SELECT k.expires_at, t.id AS table_id, t.number, t.tournament_id, tn.name, tn.ends_on
         FROM sync_tokens k
         JOIN tables t ON t.id = k.table_id JOIN tournaments tn ON tn.id = t.tournament_id
         WHERE k.token_hash = ? AND k.revoked_at IS NULL AND tn.archived_at IS NULL`,
      ).get(tokenHash(token)) as
        | {
            expires_at: number | null
            table_id: number
            number: number
            tournament_id: number
            name: string
            ends_on: string | null
          }
        | undefined
      if (!row) return null
      const expiresAt = expiryOf(row.expires_at, row.ends_on)
      if (expiresAt !== null && expiresAt <= now) return null
      return {
        token: canonicalToken(token),
        tableId: row.table_id,
        tableNumber: row.number,
        tournamentId: row.tournament_id,
        tournamentName: row.name,
        expiresAt,
      }
    })
  }

  /** Every table of a tournament with its current token's hash (null when none or revoked). */
  tableTokens(tournamentId: number): TableTokenRow[] {
    return this.guard(() =>
      (
        this.stmt(
          `SELECT t.id, t.number, t.name, t.judge, k.token_hash, k.created_at, k.expires_at, tn.ends_on FROM tables t
           JOIN tournaments tn ON tn.id = t.tournament_id
           LEFT JOIN sync_tokens k ON k.table_id = t.id AND k.revoked_at IS NULL
           WHERE t.tournament_id = ? ORDER BY t.number`,
        ).all(tournamentId) as Array<{
          id: number
          number: number
          name: string
          judge: string
          token_hash: string | null
          created_at: number | null
          expires_at: number | null
          ends_on: string | null
        }>
      ).map((r) => ({
        tableId: r.id,
        number: r.number,
        name: r.name,
        judge: r.judge,
        tokenHash: r.token_hash,
        createdAt: r.created_at,
        expiresAt: r.token_hash === null ? null : expiryOf(r.expires_at, r.ends_on),
      })),
    )
  }

  // ---- hub: what a table sent ---------------------------------------------------------------------------

  /**
   * The hub's game with this uuid: its table, the last seq it holds (0: none yet) and its cancellation (null:
   * not cancelled), without its log.
   */
  gameByUuid(uuid: string): {
    gameId: number
    tableId: number | null
    lastSeq: number
    cancelled: { reason: string; at: number } | null
  } | null {
    return this.guard(() => {
      const row = this.stmt(
        'SELECT id, table_id, last_seq, cancelled_at, cancel_reason FROM games WHERE uuid = ?',
      ).get(uuid) as
        | {
            id: number
            table_id: number | null
            last_seq: number | null
            cancelled_at: number | null
            cancel_reason: string | null
          }
        | undefined
      return row
        ? {
            gameId: row.id,
            tableId: row.table_id,
            lastSeq: row.last_seq ?? 0,
            cancelled:
              row.cancelled_at === null ? null : { reason: row.cancel_reason ?? '', at: row.cancelled_at },
          }
        : null
    })
  }

  /** The games of a table the head judge cancelled (newest first, at most 50): what a table's pull brings. */
  cancelledGames(tableId: number): Array<{ uuid: string; reason: string; at: number }> {
    return this.guard(() =>
      (
        this.stmt(
          `SELECT uuid, cancel_reason, cancelled_at FROM games
           WHERE table_id = ? AND cancelled_at IS NOT NULL ORDER BY cancelled_at DESC LIMIT 50`,
        ).all(tableId) as Array<{ uuid: string; cancel_reason: string | null; cancelled_at: number }>
      ).map((r) => ({ uuid: r.uuid, reason: r.cancel_reason ?? '', at: r.cancelled_at })),
    )
  }

  /**
   * The conflicts decided for the hub's version (keepHub) of one game, or of every game of a table: the hub's
   * `closedGame` keeps those whose kept entry still stands. (A dismissal closes only the entry it was about.)
   */
  closingConflicts(where: { gameUuid: string } | { tableId: number }): ConflictRow[] {
    return this.guard(() => {
      const [column, value] =
        'gameUuid' in where ? ['game_uuid', where.gameUuid] : ['table_id', where.tableId]
      return (
        this.stmt(
          `SELECT * FROM sync_conflicts WHERE ${column} = ? AND resolution = 'keepHub' ORDER BY id`,
        ).all(value) as ConflictDbRow[]
      ).map(toConflict)
    })
  }

  /** One entry of a game's log, or null. */
  entryAt(gameId: number, seq: number): StoredEntry | null {
    return this.entriesBetween(gameId, seq, seq)[0] ?? null
  }

  /** Stops sending a game (table machine): it leaves `sync_games`, so no command queues it again, and its outbox. */
  unregisterGame(gameId: number): void {
    this.write(() => {
      this.stmt('DELETE FROM sync_outbox WHERE game_id = ?').run(gameId)
      this.stmt('DELETE FROM sync_games WHERE game_id = ?').run(gameId)
    })
  }

  /** A game's entries from seq `from` to seq `to` (both included), in seq order. */
  entriesBetween(gameId: number, from: number, to: number): StoredEntry[] {
    return this.guard(() =>
      (
        this.stmt(
          'SELECT seq, command, events, at FROM game_events WHERE game_id = ? AND seq BETWEEN ? AND ? ORDER BY seq',
        ).all(gameId, from, to) as Array<{ seq: number; command: string; events: string; at: number }>
      ).map((r) => ({
        seq: r.seq,
        command: JSON.parse(r.command) as unknown,
        events: JSON.parse(r.events) as unknown[],
        at: r.at,
      })),
    )
  }

  /** A game's whole log (seq order). */
  log(gameId: number): StoredEntry[] {
    return this.guard(() => loadLog(this.core, gameId))
  }

  /**
   * The round a table's newly pushed game belongs to: the first open round (stage order, then number) in which
   * this table has no game yet; null when there is none (the game then stays a round-less tournament game).
   */
  roundForTable(tournamentId: number, tableId: number): number | null {
    return this.guard(() => {
      const row = this.stmt(
        `SELECT r.id FROM rounds r JOIN stages s ON s.id = r.stage_id
         WHERE s.tournament_id = ? AND r.status = 'open'
           AND NOT EXISTS (SELECT 1 FROM games g WHERE g.round_id = r.id AND g.table_id = ? AND g.cancelled_at IS NULL)
         ORDER BY s.position, r.number LIMIT 1`,
      ).get(tournamentId, tableId) as { id: number } | undefined
      return row ? row.id : null
    })
  }

  /** The newest game of each table of a tournament (by creation), for the hub's dashboard. */
  latestGames(
    tournamentId: number,
  ): Map<number, { id: number; uuid: string; status: string; lastSeq: number; winner: string | null }> {
    return this.guard(() => {
      const rows = this.stmt(
        `SELECT g.table_id, g.id, g.uuid, g.status, g.last_seq, g.winner FROM games g
         WHERE g.tournament_id = ? AND g.table_id IS NOT NULL
           AND g.id = (SELECT max(g2.id) FROM games g2 WHERE g2.table_id = g.table_id)`,
      ).all(tournamentId) as Array<{
        table_id: number
        id: number
        uuid: string
        status: string
        last_seq: number | null
        winner: string | null
      }>
      return new Map(
        rows.map((r) => [
          r.table_id,
          { id: r.id, uuid: r.uuid, status: r.status, lastSeq: r.last_seq ?? 0, winner: r.winner },
        ]),
      )
    })
  }

  newestTournamentWithTables(): number | null {
    return this.guard(() => {
      const row = this.stmt('SELECT max(tournament_id) AS id FROM tables').get() as { id: number | null }
      return row.id
    })
  }

  /** The table a game is played at (null: friendly game or no such game). */
  tableOfGame(gameId: number): number | null {
    return this.guard(() => {
      const row = this.stmt('SELECT table_id FROM games WHERE id = ?').get(gameId) as
        { table_id: number | null } | undefined
      return row?.table_id ?? null
    })
  }

  /** Queues again every entry of a game from `fromSeq` on (the hub holds less than this table thought). */
  requeue(gameId: number, fromSeq: number): void {
    this.write(() => {
      this.stmt(
        'INSERT OR IGNORE INTO sync_outbox (game_id, seq, queued_at) SELECT game_id, seq, ? FROM game_events WHERE game_id = ? AND seq >= ?',
      ).run(Date.now(), gameId, fromSeq)
    })
  }

  /** Open conflicts of a table (not yet decided by the head judge). */
  openConflictCount(tableId: number): number {
    return this.guard(
      () =>
        (
          this.stmt('SELECT count(*) AS n FROM sync_conflicts WHERE table_id = ? AND resolution IS NULL').get(
            tableId,
          ) as { n: number }
        ).n,
    )
  }

  /**
   * Keeps a conflicting entry aside (the same conflict is kept once). False when the table already has
   * MAX_OPEN_CONFLICTS_PER_TABLE open ones: nothing is written (the caller refuses the batch, typed).
   */
  addConflict(c: {
    tableId: number | null
    gameUuid: string
    seq: number
    stored: unknown
    received: unknown
    /** The machine that sent the received entry ('' when it sent none). */
    machine?: string
  }): boolean {
    if (c.tableId !== null && this.openConflictCount(c.tableId) >= MAX_OPEN_CONFLICTS_PER_TABLE) return false
    this.write(() => {
      this.stmt(
        'INSERT OR IGNORE INTO sync_conflicts (table_id, game_uuid, seq, stored, received, at, machine) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(
        c.tableId,
        c.gameUuid,
        c.seq,
        JSON.stringify(c.stored),
        JSON.stringify(c.received),
        Date.now(),
        c.machine ?? '',
      )
    })
    return true
  }

  conflicts(tournamentId?: number): ConflictRow[] {
    return this.guard(() => {
      const rows = (
        tournamentId === undefined
          ? this.stmt('SELECT * FROM sync_conflicts ORDER BY id').all()
          : this.stmt(
              `SELECT c.* FROM sync_conflicts c JOIN tables t ON t.id = c.table_id
               WHERE t.tournament_id = ? ORDER BY c.id`,
            ).all(tournamentId)
      ) as ConflictDbRow[]
      return rows.map(toConflict)
    })
  }

  /**
   * What names each table's judge on the hub's dashboard, for every table of a tournament in one query (issue 29 §3:
   * no reads per table): the table's own judge, the round of its newest game, that round's live game at the table
   * (its judge) and the judge the round gives the table. `judgeAt` (tournament/judges.ts) makes the name of it.
   */
  tableJudgeInputs(
    tournamentId: number,
  ): Map<
    number,
    { tableJudge: string; roundId: number | null; live: { judge: string } | null; roundJudge: string }
  > {
    return this.guard(() => {
      const rows = this.stmt(
        `SELECT t.id AS table_id, t.judge AS table_judge, n.round_id AS round_id,
           (SELECT g.judge FROM games g WHERE g.round_id = n.round_id AND g.table_id = t.id AND g.cancelled_at IS NULL
             ORDER BY g.id LIMIT 1) AS live_judge,
           coalesce((SELECT rj.judge FROM round_judges rj WHERE rj.round_id = n.round_id AND rj.table_id = t.id),
             t.judge) AS round_judge
         FROM tables t
         LEFT JOIN games n ON n.id = (SELECT max(g2.id) FROM games g2 WHERE g2.table_id = t.id)
         WHERE t.tournament_id = ?`,
      ).all(tournamentId) as Array<{
        table_id: number
        table_judge: string
        round_id: number | null
        live_judge: string | null
        round_judge: string
      }>
      return new Map(
        rows.map((r) => [
          r.table_id,
          {
            tableJudge: r.table_judge,
            roundId: r.round_id,
            live: r.live_judge === null ? null : { judge: r.live_judge },
            roundJudge: r.round_judge,
          },
        ]),
      )
    })
  }

  /** The newest game of a tournament's tables (its id; 0: none): the hub's status re-seeds when it moved. */
  newestTableGame(tournamentId: number): number {
    return this.guard(
      () =>
        (
          this.stmt('SELECT max(id) AS id FROM games WHERE tournament_id = ? AND table_id IS NOT NULL').get(
            tournamentId,
          ) as { id: number | null }
        ).id ?? 0,
    )
  }

  /** A tournament's undecided conflicts, oldest first (the dashboard's list: bounded per table). */
  openConflicts(tournamentId: number): ConflictRow[] {
    return this.guard(() =>
      (
        this.stmt(
          `SELECT c.* FROM sync_conflicts c JOIN tables t ON t.id = c.table_id
           WHERE t.tournament_id = ? AND c.resolution IS NULL ORDER BY c.id`,
        ).all(tournamentId) as ConflictDbRow[]
      ).map(toConflict),
    )
  }

  /** How many open (undecided) conflicts each table of a tournament has: the hub's status seed (issue 29 §3). */
  openConflictCounts(tournamentId: number): Map<number, number> {
    return this.guard(() => {
      const rows = this.stmt(
        `SELECT c.table_id AS table_id, count(*) AS n FROM sync_conflicts c JOIN tables t ON t.id = c.table_id
         WHERE t.tournament_id = ? AND c.resolution IS NULL GROUP BY c.table_id`,
      ).all(tournamentId) as Array<{ table_id: number; n: number }>
      return new Map(rows.map((r) => [r.table_id, r.n]))
    })
  }

  conflict(id: number): ConflictRow | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM sync_conflicts WHERE id = ?').get(id) as ConflictDbRow | undefined
      return row ? toConflict(row) : null
    })
  }

  /** Records the head judge's decision on a conflict (once: a decided conflict stays decided). */
  resolveConflict(id: number, resolution: ConflictResolution, reason: string): void {
    this.write(() => {
      this.stmt(
        'UPDATE sync_conflicts SET resolution = ?, reason = ?, resolved_at = ? WHERE id = ? AND resolution IS NULL',
      ).run(resolution, reason, Date.now(), id)
    })
  }

  /** The conflict kept for exactly this received entry of a game, if any (decided or not). */
  findConflict(gameUuid: string, seq: number, received: unknown): ConflictRow | null {
    return this.guard(() => {
      const row = this.stmt(
        'SELECT * FROM sync_conflicts WHERE game_uuid = ? AND seq = ? AND received = ?',
      ).get(gameUuid, seq, JSON.stringify(received)) as ConflictDbRow | undefined
      return row ? toConflict(row) : null
    })
  }

  /**
   * The appeal (its number in the tournament) on which the head judge cancelled this game for a replay, or null
   * (issue 31 §1: a table machine still sending the game is told so).
   */
  replayAppealOf(gameId: number): number | null {
    return this.guard(() => {
      const row = this.stmt(
        "SELECT number FROM appeals WHERE game_id = ? AND status = 'replayed' ORDER BY id DESC LIMIT 1",
      ).get(gameId) as { number: number } | undefined
      return row?.number ?? null
    })
  }

  /**
   * The amendments of accepted appeals in this game's log (issue 31 §1): each appeal's number and its entry's seq,
   * in log order. A table never receives the hub's entries, so a table's entry at or after one of them met the
   * head judge's correction.
   */
  appealAmendments(gameId: number): Array<{ appeal: number; seq: number }> {
    return this.guard(
      () =>
        this.stmt(
          `SELECT number AS appeal, amend_seq AS seq FROM appeals
           WHERE game_id = ? AND status = 'accepted' AND amend_seq IS NOT NULL ORDER BY amend_seq`,
        ).all(gameId) as Array<{ appeal: number; seq: number }>,
    )
  }

  /** Drops a game's whole outbox (the hub closed its conflict: the table's differing entries are not sent). */
  dropOutbox(gameId: number): number {
    return this.write(() => this.stmt('DELETE FROM sync_outbox WHERE game_id = ?').run(gameId).changes)
  }

  /**
   * Drops a game's entries from `fromSeq` on and sets the projection of what remains (status, winner, results):
   * the hub accepts a table's version of a game from that seq, which its next push brings (issue 16).
   */
  truncateLog(
    gameId: number,
    fromSeq: number,
    projection: { status: 'setup' | 'running' | 'finished'; winner: string | null; clearResults: boolean },
  ): void {
    this.write(() => {
      this.requireGame(gameId)
      this.stmt('DELETE FROM game_events WHERE game_id = ? AND seq >= ?').run(gameId, fromSeq)
      if (projection.clearResults) this.stmt('DELETE FROM game_results WHERE game_id = ?').run(gameId)
      this.stmt(
        'UPDATE games SET status = ?, winner = ?, last_seq = (SELECT max(seq) FROM game_events WHERE game_id = ?), updated_at = ? WHERE id = ?',
      ).run(projection.status, projection.winner, gameId, Date.now(), gameId)
    })
  }

  /** The games of a table in the hub's open rounds (not cancelled), round order: what the table machine pulls. */
  tableGames(tableId: number): TableGameRow[] {
    return this.guard(() =>
      (
        this.stmt(
          `SELECT g.id, g.uuid, g.number, g.judge, g.setup, g.status, g.created_at, r.number AS round,
             t.number AS table_number, tn.name AS tournament, g.last_seq,
             EXISTS (SELECT 1 FROM sync_remote_games m WHERE m.game_id = g.id) AS remote
           FROM games g JOIN rounds r ON r.id = g.round_id JOIN stages s ON s.id = r.stage_id
           JOIN tables t ON t.id = g.table_id JOIN tournaments tn ON tn.id = g.tournament_id
           WHERE g.table_id = ? AND g.cancelled_at IS NULL AND r.status = 'open'
           ORDER BY s.position, r.number, g.id`,
        ).all(tableId) as Array<{
          id: number
          uuid: string
          number: number | null
          judge: string | null
          setup: string
          status: string
          created_at: number
          round: number
          table_number: number
          tournament: string
          last_seq: number | null
          remote: number
        }>
      ).map((r) => ({
        id: r.id,
        uuid: r.uuid,
        number: r.number,
        judge: r.judge ?? '',
        setup: JSON.parse(r.setup) as unknown,
        status: r.status,
        createdAt: r.created_at,
        round: r.round,
        tableNumber: r.table_number,
        tournamentName: r.tournament,
        lastSeq: r.last_seq ?? 0,
        remote: r.remote === 1,
      })),
    )
  }

  /**
   * Writes refusals counted in memory (issue 29 §2: a flood of wrong tokens costs no write per request): one row
   * per kind and source with its count, all in one transaction.
   */
  addRefusals(
    rows: Array<{ tableId: number | null; code: string; remote: string; count: number; at: number }>,
  ): void {
    if (rows.length === 0) return
    this.write(() => {
      for (const r of rows) {
        this.stmt('INSERT INTO sync_refusals (table_id, code, remote, at, count) VALUES (?, ?, ?, ?, ?)').run(
          r.tableId,
          r.code,
          r.remote.slice(0, 200),
          r.at,
          r.count,
        )
      }
      // A wrong token retried for hours must not grow the file without bound: keep the latest 1000.
      this.stmt('DELETE FROM sync_refusals WHERE id <= (SELECT max(id) - 1000 FROM sync_refusals)').run()
    })
  }

  refusals(): RefusalRow[] {
    return this.guard(() =>
      (
        this.stmt('SELECT * FROM sync_refusals ORDER BY id DESC LIMIT 100').all() as Array<{
          id: number
          table_id: number | null
          code: string
          remote: string
          at: number
          count: number
        }>
      ).map((r) => ({
        id: r.id,
        tableId: r.table_id,
        code: r.code,
        remote: r.remote,
        at: r.at,
        count: r.count,
      })),
    )
  }
}
