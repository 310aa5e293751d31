/**
 * The hub side of the multi-machine mode (issue 16): stores what table machines push, idempotently.
 *
 * A batch holds entries of one game in seq order. Entries the hub already holds must be byte-for-byte the same
 * (then they are accepted again); a different one is a conflict, kept aside for the head judge and never merged.
 * New entries are replayed through the engine on top of the hub's copy: the engine must accept each command and
 * produce exactly the pushed events. Everything new of a batch is stored in ONE transaction, or nothing is.
 * Each game has one writer (its table), so no other merging exists.
 */
import { restore, type Game, type GameSetup, type LogEntry } from '../engine'
import { checkSetup, verifyEntries } from '../engine/verify'
import { toAppErrorData, type AppErrorData } from '../../shared/errors'
import type { ConflictRow, MafiaDb, RefusalRow, StoredEntry, TableGrant } from '../db'
import type { GameHost } from './game-host'
import type { TableCodes } from './table-codes'
import type { SyncTrace } from '../../shared/contract'
import { projectionOf } from '../games/projection'
import { writeEntries } from '../games/writer'
import { judgeAt } from '../tournament/judges'
import type {
  SyncConflictAppeal,
  SyncConflictDetail,
  SyncConflictResolution,
  SyncEntryView,
  SyncHello,
  SyncHubStatus,
  SyncPull,
  SyncPush,
  SyncPushResult,
  SyncTableLive,
  SyncTableSession,
} from '../../shared/sync'
import {
  appealAmended,
  appealReplayed,
  badToken,
  conflictClosed,
  conflictsFull,
  gameCancelled,
  otherTable,
  syncError,
} from './errors'
import { HubStatusBook } from './status'

/**
 * The appeal behind a table's entry at `seq` of a game (issue 31 §1), the one answer of the push's refusal, the
 * conflicts screen and the decision: the head judge's amendment by an accepted appeal is at or before that seq
 * ('amended'), or — an entry the hub does not hold (`stored` null) — he cancelled the game for a replay on an
 * appeal ('replayed'). Null: an ordinary conflict.
 */
function appealBehind(
  db: MafiaDb,
  gameId: number | null,
  seq: number,
  stored: unknown,
): SyncConflictAppeal | null {
  if (gameId === null) return null
  const amended = db.sync
    .appealAmendments(gameId)
    .filter((a) => a.seq <= seq)
    .at(-1)
  if (amended !== undefined) return { number: amended.appeal, kind: 'amended' }
  if (stored !== null) return null
  const replayed = db.sync.replayAppealOf(gameId)
  return replayed === null ? null : { number: replayed, kind: 'replayed' }
}

/** A push for a game the hub does not hold: a table's friendly game stays on the table (issue 28 §5). */
function unknownGame(gameUuid: string): Error {
  return syncError(
    'sync/unknown_game',
    'Главный компьютер не знает эту игру: официальна только игра тура, полученная с главного компьютера. Товарищеская игра стола остаётся на столе.',
    "The hub does not know this game: only the round's game pulled from the hub is official. A table's friendly game stays on the table.",
    { gameUuid },
  )
}

/** A push from another machine than the one a game is bound to (a second machine given the same code). */
function otherMachine(gameUuid: string, tableNumber: number): Error {
  return syncError(
    'sync/other_machine',
    `Эту игру стола ${tableNumber} ведёт другой компьютер: у игры один автор. Продолжайте её на том компьютере стола, который её начал.`,
    `Another machine runs this game of table ${tableNumber}: a game has one writer. Go on with it on the table machine that began it.`,
    { gameUuid },
  )
}

/** Closed means locked (issue 29 §4): a game of a closed round or an archived tournament takes no entry. */
function lockOf(db: MafiaDb, tournamentId: number | null, roundId: number | null): Error | null {
  const t = tournamentId === null ? null : db.tournaments.getTournament(tournamentId)
  if (t && t.archivedAt !== null) {
    return syncError(
      'sync/locked',
      `Турнир «${t.name}» в архиве: его игры не меняются.`,
      `The tournament "${t.name}" is archived: its games do not change.`,
      { tournamentId: t.id, reason: 'archived' },
    )
  }
  const r = roundId === null ? null : db.tournaments.getRound(roundId)
  if (r && r.status === 'finished') {
    return syncError(
      'sync/locked',
      `Тур ${r.number} закрыт: его игры не меняются, пока главный судья не откроет его снова.`,
      `Round ${r.number} is closed: its games do not change until the head judge reopens it.`,
      { roundId: r.id, reason: 'roundClosed' },
    )
  }
  return null
}

/** The replay check's refusal of a pushed entry, as the sync code the table's sender knows. */
function refusedEntry(error: AppErrorData): Error {
  const code =
    error.code === 'engine/bad_entry'
      ? 'sync/malformed'
      : error.code === 'engine/entry_mismatch'
        ? 'sync/replay_mismatch'
        : 'sync/replay_refused'
  return syncError(code, error.message.ru, error.message.en, { ...error.details, error })
}

export interface HubDeps {
  db: () => MafiaDb
  service: GameHost
  /** The codes of the tables' live tokens (the database keeps only their hashes). */
  codes: TableCodes
  log?: (line: string) => void
  /** Called after a batch was stored (the dashboard's push). */
  onStored?: (info: {
    tournamentId: number
    tableId: number
    gameId: number
    gameUuid: string
    lastSeq: number
    trace: Omit<SyncTrace, 'pushedAt'>
    /** The table's live status after the batch (the dashboard's delta). */
    table: SyncTableLive
  }) => void
  /** Called after a table's game changed, for `/overlay?table=N` clients. */
  onOverlay?: (table: number, gameId: number) => void
  /** Called when the status changed beyond the tables' live rows (a decision without a table). */
  onStatus?: (tournamentId: number) => void
  /**
   * Called with the tables whose live status changed (contact, stored batch, conflict, refusal: issue 29 §3's
   * deltas); `reload`: the open conflicts or the refusals changed too.
   */
  onLive?: (tournamentId: number, tables: SyncTableLive[], reload: boolean) => void
  /** How long heartbeats with nothing new are coalesced before they reach the dashboards (ms). */
  coalesceMs?: number
  now?: () => number
}

/** Engine states of synced games kept in memory (LRU): more than the tables of the biggest hall (each a few 10 kB). */
const KEPT_GAMES = 512

/** The settings key of the table "on stream": OBS and the hub's /overlay follow that table's current game. */
export const ON_STREAM_KEY = 'sync.onStream'

function canonical(e: { seq: number; command: unknown; events: unknown; at: number }): string {
  return JSON.stringify([e.seq, e.command, e.events, e.at])
}

type Outcome = { value: SyncPushResult } | { error: unknown }

interface Queued {
  grant: TableGrant
  body: SyncPush
  arrivedAt: number
  resolve: (r: SyncPushResult) => void
  reject: (err: unknown) => void
}

export class SyncHub {
  /** Each table's live status, in memory, updated per push, heartbeat and decision (issue 29 §3). */
  readonly book: HubStatusBook
  /** The engine state of recently synced games by uuid, as of their last stored entry. */
  private readonly games = new Map<string, Game>()
  private readonly queue: Queued[] = []
  private readonly now: () => number
  private readonly log: (line: string) => void

  constructor(private readonly deps: HubDeps) {
    this.now = deps.now ?? (() => Date.now())
    this.log = deps.log ?? (() => {})
    this.book = new HubStatusBook({
      db: deps.db,
      now: this.now,
      emit: (tournamentId, tables, reload) => deps.onLive?.(tournamentId, tables, reload),
      coalesceMs: deps.coalesceMs,
      log: this.log,
    })
  }

  /**
   * The table a token grants, or sync/bad_token. Reads only (issue 29 §2: a flood of wrong tokens costs no disk
   * write); the endpoint logs and counts the refusal (sync/refusals.ts).
   */
  authenticate(token: string | null): TableGrant {
    const grant = token ? this.deps.db().sync.grant(token) : null
    if (!grant) throw badToken()
    return grant
  }

  private touch(grant: TableGrant, behind: number): void {
    this.book.contact(grant.tournamentId, grant.tableId, behind)
  }

  hello(grant: TableGrant, pending: number | undefined): SyncHello {
    const t = this.deps.db().tournaments.getTournament(grant.tournamentId)
    this.touch(grant, pending ?? 0)
    return {
      tournament: { uuid: t?.uuid ?? '', name: grant.tournamentName },
      table: { id: grant.tableId, number: grant.tableNumber },
      hubTime: this.now(),
    }
  }

  /** Stores one batch now, in its own transaction. */
  push(grant: TableGrant, body: SyncPush): SyncPushResult {
    const [outcome] = this.commit([{ grant, body, arrivedAt: this.now() }])
    if ('error' in outcome) throw outcome.error
    return outcome.value
  }

  /**
   * Group commit: the batches that arrive while the hub is busy are stored together on the next turn of the event
   * loop, in ONE transaction (one fsync for all tables), each batch in its own savepoint — a refused batch leaves
   * the others stored. Answers only after the commit.
   */
  enqueue(grant: TableGrant, body: SyncPush, arrivedAt = this.now()): Promise<SyncPushResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ grant, body, arrivedAt, resolve, reject })
      if (this.queue.length === 1) setImmediate(() => this.flush())
    })
  }

  private flush(): void {
    const items = this.queue.splice(0)
    this.commit(items).forEach((o, i) =>
      'error' in o ? items[i].reject(o.error) : items[i].resolve(o.value),
    )
  }

  private commit(items: Array<{ grant: TableGrant; body: SyncPush; arrivedAt: number }>): Outcome[] {
    const effects: Array<(storedAt: number) => void> = []
    let outcomes: Outcome[]
    try {
      outcomes = this.deps.db().sync.transaction(() =>
        items.map((it): Outcome => {
          try {
            return { value: this.store(it.grant, it.body, it.arrivedAt, effects) }
          } catch (error) {
            this.refused(it.grant, it.body.gameUuid, error)
            return { error }
          }
        }),
      )
    } catch (error) {
      return items.map(() => ({ error }))
    }
    // After the commit: the dashboard, the standings and the stream only ever show what is stored.
    const storedAt = this.now()
    for (const effect of effects) {
      try {
        effect(storedAt)
      } catch (err) {
        this.log(`sync: after storing: ${String(err)}`)
      }
    }
    return outcomes
  }

  /** A push the HTTP layer refused before the hub saw it (not the sync contract's shape): logged and kept too. */
  refusedPush(grant: TableGrant, raw: unknown, error: unknown): void {
    const uuid = (raw as { gameUuid?: unknown } | null)?.gameUuid
    this.refused(grant, typeof uuid === 'string' ? uuid.slice(0, 64) : '?', error)
  }

  /**
   * Every refused push is logged here with the game it named; the endpoint (sync/http.ts) counts it and keeps it
   * for the head judge's dashboard in the refusal log (aggregated: no disk write per refusal in a flood).
   */
  private refused(grant: TableGrant, gameUuid: string, error: unknown): void {
    const data = toAppErrorData(error, 'sync/internal')
    this.log(
      `sync: refused a push of game ${gameUuid} from table ${grant.tableNumber}: ${data.code} ${data.message.en}`,
    )
  }

  private store(
    grant: TableGrant,
    body: SyncPush,
    arrivedAt: number,
    effects: Array<(storedAt: number) => void>,
  ): SyncPushResult {
    const db = this.deps.db()
    const pending = body.pending ?? 0
    const contactAt = this.now()
    // The dashboard hears of every contact: a stored batch tells it with its own push, anything else here (a
    // refused batch stays to be sent: the table is behind by it too).
    let outcome: 'refused' | 'duplicates' | 'stored' = 'refused'
    effects.push(() => {
      if (outcome === 'stored') return
      const behind = outcome === 'refused' ? pending + body.entries.length : pending
      this.book.contact(grant.tournamentId, grant.tableId, behind, contactAt)
      if (outcome === 'refused') this.book.refused(grant.tournamentId, grant.tableId)
    })
    const tournament = db.tournaments.getTournament(grant.tournamentId)
    if (!tournament || tournament.uuid !== body.tournament) {
      throw syncError(
        'sync/unknown_tournament',
        'Этот стол подключён к другому турниру: подключите его заново.',
        'This table is paired with another tournament: pair it again.',
        { tournament: body.tournament },
      )
    }
    body.entries.forEach((e, i) => {
      if (e.seq !== body.fromSeq + i) {
        throw syncError(
          'sync/malformed',
          'Записи пакета должны идти подряд, начиная с fromSeq.',
          'The entries of a batch must follow each other from fromSeq.',
          { fromSeq: body.fromSeq, index: i, seq: e.seq },
        )
      }
    })
    // A setup sent along goes through the one setup check, though the hub keeps its own seating of its games.
    if (body.game) {
      const setup = checkSetup(body.game.setup)
      if (!setup.ok) {
        throw syncError('sync/malformed', setup.error.message.ru, setup.error.message.en, {
          error: setup.error,
        })
      }
    }
    const have = db.sync.gameByUuid(body.gameUuid)
    // Only the round's own game, pulled from the hub, is official: a game the hub does not hold (a friendly game
    // of the table, a made-up uuid) is never created here (issue 28 §5). Refused, logged and counted by the
    // endpoint (sync/http.ts), like every refusal: no write per refusal here.
    if (!have) throw unknownGame(body.gameUuid)
    if (have.tableId !== grant.tableId) throw otherTable(body.gameUuid)
    // A game the head judge cancelled takes nothing more; the table learns it from this answer (or its pull).
    if (have.cancelled) {
      const appeal = db.sync.replayAppealOf(have.gameId)
      if (appeal === null) throw gameCancelled(body.gameUuid, have.cancelled.reason, have.cancelled.at)
      // Cancelled for a replay on an appeal (issue 31 §1): the table's entries the hub does not hold are kept aside
      // for the head judge (nothing the table played is lost), and the refusal names the appeal.
      const unsent = body.entries.filter((e) => e.seq > have.lastSeq)
      this.keepAside(grant, body, unsent, () => null, effects)
      this.log(
        `sync: game ${body.gameUuid} was cancelled by appeal №${appeal}: table ${grant.tableNumber}'s ${unsent.length} entries kept aside`,
      )
      throw appealReplayed(body.gameUuid, appeal, have.cancelled.reason, have.cancelled.at)
    }
    // One writer is one machine (issue 29 §2): a second machine given the same code is refused, never merged;
    // only the head judge's decision for its version of a conflict binds the game to it.
    const machine = body.machine ?? ''
    const bound = db.sync.machineOf(have.gameId)
    if (bound !== null && bound !== machine) throw otherMachine(body.gameUuid, grant.tableNumber)
    const last = have.lastSeq
    // The head judge kept the hub's version of an entry of this game: the table's branch after it is never stored
    // (not even entries the engine would accept on top of the hub's log: that would merge two versions).
    const closed = this.closedGame(db, body.gameUuid, have.gameId)
    if (body.fromSeq > last + 1) {
      if (closed) throw conflictClosed(body.gameUuid, closed)
      throw syncError(
        'sync/gap',
        `Пропуск в журнале: на главном компьютере записи до ${last}, пришли с ${body.fromSeq}.`,
        `A gap in the log: the hub holds entries up to ${last}, the batch starts at ${body.fromSeq}.`,
        { hubLast: last, fromSeq: body.fromSeq },
      )
    }
    // Entries the hub already holds (a retry after a lost answer) must be the same, byte for byte.
    let duplicates = 0
    if (body.fromSeq <= last) {
      const bySeq = new Map(db.sync.entriesBetween(have.gameId, body.fromSeq, last).map((e) => [e.seq, e]))
      for (const e of body.entries) {
        if (e.seq > last) break
        const mine = bySeq.get(e.seq)
        if (mine && canonical(mine) === canonical(e)) {
          duplicates += 1
          continue
        }
        if (closed) throw conflictClosed(body.gameUuid, closed)
        const decided = db.sync.findConflict(body.gameUuid, e.seq, e)
        if (decided && decided.resolution !== null && decided.resolution !== 'acceptTable') {
          throw conflictClosed(body.gameUuid, {
            seq: e.seq,
            resolution: decided.resolution,
            reason: decided.reason,
          })
        }
        // The table's entry meets the head judge's amendment by an appeal (issue 31 §1): its branch from here is
        // kept aside whole for him (never merged over the correction), and the refusal names the appeal.
        const appeal = appealBehind(db, have.gameId, e.seq, mine)
        if (appeal !== null) {
          const branch = body.entries.filter((x) => x.seq >= e.seq)
          this.keepAside(grant, body, branch, (seq) => bySeq.get(seq) ?? null, effects)
          this.log(
            `sync: table ${grant.tableNumber}'s entries ${e.seq}… of game ${body.gameUuid} met appeal №${appeal.number}'s amendment: kept aside`,
          )
          throw appealAmended(body.gameUuid, e.seq, appeal.number)
        }
        const known = decided !== null
        const kept =
          known ||
          db.sync.addConflict({
            tableId: grant.tableId,
            gameUuid: body.gameUuid,
            seq: e.seq,
            stored: mine,
            received: e,
            machine,
          })
        // Conflict rows are bounded per table (issue 29 §2): past the bound the batch is refused, nothing kept.
        if (!kept) throw conflictsFull(grant.tableNumber)
        if (!known) effects.push(() => this.book.conflict(grant.tournamentId, grant.tableId, +1))
        this.log(`sync: conflict in game ${body.gameUuid} at seq ${e.seq} from table ${grant.tableNumber}`)
        throw syncError(
          'sync/conflict',
          `Запись ${e.seq} игры отличается от уже полученной: она отложена для главного судьи.`,
          `Entry ${e.seq} differs from the one already received: it is kept aside for the head judge.`,
          { gameUuid: body.gameUuid, seq: e.seq },
        )
      }
    }
    const fresh = body.entries.filter((e) => e.seq > last)
    if (closed && fresh.length > 0) throw conflictClosed(body.gameUuid, closed)
    if (fresh.length === 0) {
      outcome = 'duplicates'
      return { acknowledged: last, stored: 0, duplicates }
    }
    const gameId = have.gameId
    const row = db.games.getGame(gameId)!
    // Closed means locked (issue 29 §4): refused here with the table's code, and again by the one writer's store.
    const locked = lockOf(db, row.tournamentId, row.roundId)
    if (locked) throw locked
    let start: Game
    try {
      start = this.replayed(db, body.gameUuid, gameId, row.setup as GameSetup, last)
    } catch (err) {
      throw syncError('sync/replay_refused', 'Игру нельзя восстановить.', 'The game cannot be rebuilt.', {
        cause: String(err),
      })
    }
    // The one replay check of every door (engine/verify.ts): shape, place, the engine's acceptance, its events.
    const checked = verifyEntries(start, fresh)
    if (!checked.ok) throw refusedEntry(checked.error)
    const written = db.sync.transaction(() => {
      // Only the table's pushes extend this game from now on (a game the hub seated, too).
      db.sync.markRemote(gameId, grant.tableId, machine)
      return writeEntries(db, gameId, row.status === 'finished', checked.value.steps)
    })
    const game = written.game
    const lastSeq = fresh[fresh.length - 1].seq
    outcome = 'stored'
    // The hub's own clock for the game's timer (issue 29 §3): the table's clock only ever enters as a difference
    // (its send time minus its timer's start), never as an absolute time on the hub's stream.
    const clockOffsetMs = arrivedAt - (body.sentAt ?? fresh[fresh.length - 1].at)
    effects.push((storedAt) => {
      this.remember(body.gameUuid, game)
      const table = this.book.stored(grant.tournamentId, grant.tableId, pending, contactAt, {
        id: gameId,
        uuid: body.gameUuid,
        status: written.status,
        lastSeq,
        winner: written.winner,
      })
      this.afterStored(grant, gameId, game, written.resultChanged, clockOffsetMs)
      if (this.overlayTournament(db) === grant.tournamentId) this.deps.onOverlay?.(grant.tableNumber, gameId)
      this.deps.onStored?.({
        tournamentId: grant.tournamentId,
        tableId: grant.tableId,
        gameId,
        gameUuid: body.gameUuid,
        lastSeq,
        trace: {
          fromSeq: fresh[0].seq,
          committedOnTable: fresh.map((e) => e.at),
          sentAt: body.sentAt ?? null,
          arrivedAt,
          storedAt,
        },
        table,
      })
    })
    return { acknowledged: lastSeq, stored: fresh.length, duplicates }
  }

  /**
   * Keeps a table's entries aside as conflicts for the head judge, each once (a retry adds nothing), with the hub's
   * entry at its seq (null: none). Past the per-table bound the batch is refused (conflicts_full).
   */
  private keepAside(
    grant: TableGrant,
    body: SyncPush,
    entries: SyncPush['entries'],
    storedAt: (seq: number) => unknown,
    effects: Array<(storedAt: number) => void>,
  ): void {
    const db = this.deps.db()
    for (const x of entries) {
      if (db.sync.findConflict(body.gameUuid, x.seq, x)) continue
      const kept = db.sync.addConflict({
        tableId: grant.tableId,
        gameUuid: body.gameUuid,
        seq: x.seq,
        stored: storedAt(x.seq),
        received: x,
        machine: body.machine ?? '',
      })
      if (!kept) throw conflictsFull(grant.tableNumber)
      effects.push(() => this.book.conflict(grant.tournamentId, grant.tableId, +1))
    }
  }

  /**
   * The conflict that closes a game to its table's pushes: one the head judge decided for the hub's version
   * (keepHub) whose kept entry still stands on the hub (a later acceptTable that replaced it reopens the game).
   * A dismissal closes only the entry it was about (say, a second machine given the same code: the table's own
   * machine goes on). Null: the game takes the table's entries.
   */
  private closedGame(
    db: MafiaDb,
    gameUuid: string,
    gameId: number,
  ): { seq: number; resolution: 'keepHub' | 'dismiss'; reason: string } | null {
    for (const c of db.sync.closingConflicts({ gameUuid })) {
      const entry = db.sync.entryAt(gameId, c.seq)
      if (entry && canonical(entry) === canonical(c.stored as StoredEntry)) {
        return { seq: c.seq, resolution: c.resolution as 'keepHub' | 'dismiss', reason: c.reason }
      }
    }
    return null
  }

  /**
   * The hub's engine state of a game whose log ends at `last`: the one kept after its previous batch (no replay
   * of the whole log per push), else rebuilt from the stored log.
   */
  private replayed(db: MafiaDb, uuid: string, gameId: number, setup: GameSetup, last: number): Game {
    const kept = this.games.get(uuid)
    if (kept && kept.log.length === last) return kept
    return restore(setup, db.sync.log(gameId) as LogEntry[])
  }

  /**
   * Keeps a game's state after a committed batch: the newest games of every table, up to KEPT_GAMES (a hall of 200
   * tables keeps each table's game, so no push replays its game's whole log; issue 29 §3).
   */
  private remember(uuid: string, game: Game): void {
    this.games.delete(uuid)
    this.games.set(uuid, game)
    if (this.games.size > KEPT_GAMES) this.games.delete(this.games.keys().next().value!)
  }

  /** Refreshes the service's copy; the table on stream brings its newest game to the stream (OBS follows). */
  private afterStored(
    grant: TableGrant,
    gameId: number,
    game: Game,
    resultChanged: boolean,
    clockOffsetMs: number,
  ): void {
    const service = this.deps.service
    service.refreshGame(gameId, { game, resultChanged, clockOffsetMs })
    const onStream = this.deps.db().settings.getSetting<{ tableId: number }>(ON_STREAM_KEY)
    if (onStream?.tableId === grant.tableId && service.activeGameId() !== gameId) service.open(gameId)
  }

  /**
   * The tournament whose table numbers `/overlay?table=N` means: the one of the table on stream, else the newest
   * tournament that has tables.
   */
  private overlayTournament(db: MafiaDb): number | null {
    const onStream = db.settings.getSetting<{ tableId: number }>(ON_STREAM_KEY)
    const table = onStream ? db.tournaments.getTable(onStream.tableId) : null
    if (table) return table.tournamentId
    return db.sync.newestTournamentWithTables()
  }

  /** The current game (newest) of table number N, or null. */
  tableGame(table: number): { gameId: number | null; tournamentId: number | null } {
    const db = this.deps.db()
    const tournamentId = this.overlayTournament(db)
    if (tournamentId === null) return { gameId: null, tournamentId }
    const row = db.sync.tableTokens(tournamentId).find((t) => t.number === table)
    return {
      gameId: row ? (db.sync.latestGames(tournamentId).get(row.tableId)?.id ?? null) : null,
      tournamentId,
    }
  }

  /** Chooses the table on stream (null: none); its newest game becomes the active one at once. */
  setOnStream(tableId: number | null): void {
    const db = this.deps.db()
    db.settings.setSetting(ON_STREAM_KEY, tableId === null ? null : { tableId })
    if (tableId === null) return
    const table = db.tournaments.getTable(tableId)
    if (!table) return
    const newest = db.sync.latestGames(table.tournamentId).get(tableId)
    if (newest) this.deps.service.open(newest.id)
  }

  /**
   * What a table machine pulls (`POST /sync/pull`): the games of ITS table in the hub's started, open rounds —
   * seats, players, judge and roles of that table only; registry links stay on the hub.
   */
  tableGames(grant: TableGrant): SyncPull {
    const db = this.deps.db()
    this.book.touched(grant.tournamentId, grant.tableId)
    const tableJudge = db.tournaments.getTable(grant.tableId)?.judge ?? ''
    return {
      // A game a tablet already plays on the hub has the hub as its one writer: the table machine does not get it.
      games: db.sync
        .tableGames(grant.tableId)
        .filter((g) => g.lastSeq === 0 || g.remote)
        .map((g) => {
          const setup = structuredClone(g.setup) as { players?: Array<Record<string, unknown>> }
          if (Array.isArray(setup.players))
            setup.players = setup.players.map((p) => ({ ...p, playerId: null, photo: null, club: null }))
          return {
            uuid: g.uuid,
            number: g.number,
            judge: judgeAt(g, tableJudge, undefined),
            setup: setup as Record<string, unknown>,
            createdAt: g.createdAt,
            tournament: g.tournamentName,
            round: g.round,
            table: g.tableNumber,
          }
        }),
      cancelled: db.sync.cancelledGames(grant.tableId),
      closed: this.closedGames(db, grant.tableId),
    }
  }

  /** The table's games the hub takes no more entries of (a conflict decided for the hub's version). */
  private closedGames(db: MafiaDb, tableId: number): NonNullable<SyncPull['closed']> {
    const uuids = new Set(db.sync.closingConflicts({ tableId }).map((c) => c.gameUuid))
    const out: NonNullable<SyncPull['closed']> = []
    for (const uuid of uuids) {
      const game = db.sync.gameByUuid(uuid)
      const closed = game ? this.closedGame(db, uuid, game.gameId) : null
      if (closed) out.push({ uuid, ...closed })
    }
    return out
  }

  /**
   * A tablet on the hub with a table token (issue 16): its table and that table's games of the hub's open rounds;
   * the one to open at once is the only game still to play (or the only game). Never another table's game, never
   * the hub's stream game. Null for a caller without a table token.
   */
  tableSession(tableId: number | null): SyncTableSession | null {
    if (tableId === null) return null
    const db = this.deps.db()
    const table = db.tournaments.getTable(tableId)
    if (!table) return null
    const games = db.sync.tableGames(tableId).map((g) => ({
      gameId: g.id,
      uuid: g.uuid,
      round: g.round,
      number: g.number,
      judge: judgeAt(g, table.judge, undefined),
      status: g.status as 'setup' | 'running' | 'finished',
      writer: g.remote ? ('table' as const) : ('hub' as const),
    }))
    const toPlay = games.filter((g) => g.status !== 'finished')
    const pick = toPlay.length === 1 ? toPlay[0] : toPlay.length === 0 && games.length === 1 ? games[0] : null
    return {
      tableId,
      tableNumber: table.number,
      tournamentName: db.tournaments.getTournament(table.tournamentId)?.name ?? '',
      games,
      gameId: pick?.gameId ?? null,
    }
  }

  /** The conflicts of a tournament's tables with both versions of each entry, newest first. */
  conflicts(tournamentId: number): SyncConflictDetail[] {
    const db = this.deps.db()
    const numbers = new Map(db.sync.tableTokens(tournamentId).map((t) => [t.tableId, t.number]))
    return db.sync
      .conflicts(tournamentId)
      .reverse()
      .map((c) => this.conflictDetail(db, c, numbers.get(c.tableId ?? -1) ?? null))
  }

  private conflictDetail(db: MafiaDb, c: ConflictRow, tableNumber: number | null): SyncConflictDetail {
    const game = db.sync.gameByUuid(c.gameUuid)
    return {
      id: c.id,
      tableId: c.tableId,
      tableNumber,
      gameUuid: c.gameUuid,
      gameId: game?.gameId ?? null,
      seq: c.seq,
      hubEntry: entryView(c.stored),
      tableEntry: entryView(c.received),
      at: c.at,
      resolution: c.resolution,
      reason: c.reason,
      resolvedAt: c.resolvedAt,
      appeal: appealBehind(db, game?.gameId ?? null, c.seq, c.stored),
    }
  }

  /**
   * The head judge decides a conflict, explicitly and once (logged):
   * - keepHub: the hub's entry stands; the table's differing entries are refused for good (it stops sending them);
   * - acceptTable: the table's entry replaces the hub's from that seq — only when the engine accepts it on the hub's
   *   log before it; the hub's entries from that seq are dropped and the table's next push brings its version;
   * - dismiss: closed with a reason, nothing changes; that entry is refused for good (its sender stops sending
   *   the game), other entries of the game are taken as usual (e.g. a second machine given the same code).
   */
  resolveConflict(conflictId: number, resolution: SyncConflictResolution, reason: string): number {
    const db = this.deps.db()
    const c = db.sync.conflict(conflictId)
    if (!c) {
      throw syncError('sync/conflict_not_found', 'Конфликт не найден.', 'No such conflict.', { conflictId })
    }
    if (c.resolution !== null) {
      throw syncError(
        'sync/conflict_decided',
        'Этот конфликт уже решён.',
        'This conflict has already been decided.',
        { conflictId, resolution: c.resolution },
      )
    }
    if (resolution === 'dismiss' && reason.trim() === '') {
      throw syncError(
        'sync/malformed',
        'Укажите причину, по которой конфликт закрывается.',
        'Give the reason for closing the conflict.',
      )
    }
    const table = c.tableId === null ? null : db.tournaments.getTable(c.tableId)
    const game = db.sync.gameByUuid(c.gameUuid)
    const appeal = appealBehind(db, game?.gameId ?? null, c.seq, c.stored)
    let decidedToo = 0
    // Taking the table's version cuts the hub's log from that seq: never through an appeal's amendment either.
    const cut =
      resolution === 'acceptTable' && appeal === null && game
        ? db.sync.appealAmendments(game.gameId).find((a) => a.seq >= c.seq)
        : undefined
    if (cut !== undefined) {
      throw syncError(
        'sync/appeal_amended',
        `Версию стола с записи ${c.seq} принять нельзя: журнал главного компьютера после неё содержит исправление по апелляции №${cut.appeal} (запись ${cut.seq}). Оставьте версию главного компьютера или закройте конфликт с причиной.`,
        `The table's version from entry ${c.seq} cannot be taken: the hub's log after it holds the correction by appeal No. ${cut.appeal} (entry ${cut.seq}). Keep the hub's version or dismiss the conflict with a reason.`,
        { conflictId, appeal: cut.appeal, seq: cut.seq },
      )
    }
    if (appeal !== null && resolution === 'acceptTable') {
      // The head judge's own answer to an appeal is never replaced by a table's entry (issue 31 §1).
      throw syncError(
        appeal.kind === 'amended' ? 'sync/appeal_amended' : 'sync/appeal_replayed',
        `Версию стола принять нельзя: игра исправлена по апелляции №${appeal.number}${appeal.kind === 'replayed' ? ' (отменена для переигровки)' : ''}. Оставьте версию главного компьютера или закройте конфликт с причиной.`,
        `The table's version cannot be taken: the game was corrected by appeal No. ${appeal.number}${appeal.kind === 'replayed' ? ' (cancelled for a replay)' : ''}. Keep the hub's version or dismiss the conflict with a reason.`,
        { conflictId, appeal: appeal.number, kind: appeal.kind },
      )
    }
    if (resolution === 'acceptTable' && game) {
      const row = db.games.getGame(game.gameId)!
      const setup = row.setup as GameSetup
      const prefix = db.sync.entriesBetween(game.gameId, 1, c.seq - 1) as LogEntry[]
      const before = restore(setup, prefix)
      // The one replay check (engine/verify.ts), as for a push: the table's entry on top of the hub's log before it.
      const r = verifyEntries(before, [c.received])
      if (!r.ok) {
        throw syncError(
          'sync/replay_refused',
          `Движок не принимает запись стола ${c.seq} после записей главного компьютера: версию стола принять нельзя.`,
          `The engine does not accept the table's entry ${c.seq} after the hub's entries: its version cannot be taken.`,
          { conflictId, seq: c.seq, error: r.error },
        )
      }
      const projection = projectionOf(before, row.status === 'finished')
      db.sync.transaction(() => {
        db.sync.truncateLog(game.gameId, c.seq, {
          status: prefix.length === 0 ? 'setup' : projection.status,
          winner: projection.winner,
          clearResults: projection.status !== 'finished',
        })
        if (projection.status === 'finished' && projection.results)
          db.games.setResults(game.gameId, projection.results)
        // The game is now the machine's whose entry was taken: no other machine's entries go on top of it.
        if (c.machine !== null) db.sync.bindMachine(game.gameId, c.machine)
        db.sync.resolveConflict(conflictId, resolution, reason.trim())
      })
      this.games.delete(c.gameUuid)
      this.deps.service.refreshGame(game.gameId)
      if (table) this.book.gameChanged(table.tournamentId, table.id)
    } else {
      // A conflict over the head judge's answer to an appeal (issue 31 §1) is the table's whole branch after it:
      // one decision decides every entry of that branch still open (the same game, table and appeal).
      const branch =
        appeal === null || table === null
          ? []
          : db.sync
              .openConflicts(table.tournamentId)
              .filter(
                (o) =>
                  o.id !== c.id &&
                  o.gameUuid === c.gameUuid &&
                  o.tableId === c.tableId &&
                  appealBehind(db, game?.gameId ?? null, o.seq, o.stored)?.number === appeal.number,
              )
      db.sync.transaction(() => {
        db.sync.resolveConflict(conflictId, resolution, reason.trim())
        for (const o of branch) db.sync.resolveConflict(o.id, resolution, reason.trim())
      })
      decidedToo = branch.length
    }
    this.log(
      `sync: conflict ${conflictId} (game ${c.gameUuid}, seq ${c.seq}) decided: ${resolution}${reason.trim() ? ` — ${reason.trim()}` : ''}` +
        (decidedToo > 0 ? ` (with the ${decidedToo} later entries of the table's branch)` : ''),
    )
    const tournamentId = table?.tournamentId ?? null
    if (table) this.book.conflict(table.tournamentId, table.id, -1 - decidedToo)
    else if (tournamentId !== null) this.deps.onStatus?.(tournamentId)
    return tournamentId ?? 0
  }

  /**
   * The judge of each table in the round of its newest game, as the dashboard names him (the game's own judge, the
   * round's judge of that table when its game was cancelled); the table's usual judge before any game. One query
   * for the whole tournament.
   */
  private judgesNow(db: MafiaDb, tournamentId: number): Map<number, string> {
    const out = new Map<number, string>()
    for (const [tableId, j] of db.sync.tableJudgeInputs(tournamentId)) {
      out.set(tableId, j.roundId === null ? j.tableJudge : judgeAt(j.live, j.tableJudge, j.roundJudge))
    }
    return out
  }

  /** The tournament whose tables `/overlay?table=N` and `sync.overlay` show. */
  streamTournament(): number | null {
    return this.overlayTournament(this.deps.db())
  }

  status(
    tournamentId: number,
    pairing: {
      addresses: string[]
      address: string
      fingerprint: string | null
      code: (token: string) => string
    },
    refusals: {
      counts(): Array<{ code: string; count: number }>
      unwritten(): Array<Omit<RefusalRow, 'id'>>
    },
  ): SyncHubStatus {
    const db = this.deps.db()
    const tokens = db.sync.tableTokens(tournamentId)
    const conflicts = db.sync.openConflicts(tournamentId)
    const onStream = db.settings.getSetting<{ tableId: number }>(ON_STREAM_KEY)?.tableId ?? null
    const tableIds = new Set(tokens.map((t) => t.tableId))
    const judges = this.judgesNow(db, tournamentId)
    return {
      tournamentId,
      tables: tokens.map((t) => {
        // The live part from the hub's memory (issue 29 §3): no scan of games or conflicts per call.
        const live = this.book.live(tournamentId, t.tableId)
        const code = this.deps.codes.codeOf(t.tableId, t.tokenHash)
        return {
          ...live,
          number: t.number,
          name: t.name,
          judge: judges.get(t.tableId) ?? t.judge,
          token: code,
          pairingUrl: code !== null ? pairing.code(code) : null,
          codeLost: t.tokenHash !== null && code === null,
          expiresAt: t.expiresAt,
          onStream: onStream === t.tableId,
        }
      }),
      conflicts: conflicts.map((c) => ({
        id: c.id,
        tableId: c.tableId,
        gameUuid: c.gameUuid,
        seq: c.seq,
        at: c.at,
      })),
      refusals: [...refusals.unwritten(), ...db.sync.refusals()]
        .filter((r) => r.tableId === null || tableIds.has(r.tableId))
        .slice(0, 20)
        .map((r) => ({ tableId: r.tableId, code: r.code, remote: r.remote, at: r.at, count: r.count })),
      refusalCounts: refusals.counts(),
      onStreamTableId: onStream,
      addresses: pairing.addresses,
      address: pairing.address,
      fingerprint: pairing.fingerprint,
    }
  }
}

function entryView(raw: unknown): SyncEntryView | null {
  if (typeof raw !== 'object' || raw === null) return null
  const e = raw as Partial<SyncEntryView>
  if (typeof e.seq !== 'number' || typeof e.command !== 'object' || e.command === null) return null
  return {
    seq: e.seq,
    command: e.command,
    events: Array.isArray(e.events) ? e.events : [],
    at: typeof e.at === 'number' ? e.at : 0,
  }
}
