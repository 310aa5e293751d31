/**
 * The hub side of the multi-machine mode (issue 16): stores what table machines push, idempotently.
 *
 * A batch holds entries of one game in seq order. Entries the hub already holds must be byte-for-byte the same
 * (then they are accepted again); a different one is a conflict, kept aside for the head judge and never merged.
 * New entries are replayed through the engine on top of the hub's copy: the engine must accept each command and
 * produce exactly the pushed events. Everything new of a batch is stored in ONE transaction, or nothing is.
 * Each game has one writer (its table), so no other merging exists.
 */
import { execute, restore, type Game, type GameSetup, type LogEntry } from '../engine'
import type { Command } from '../../shared/game/commands'
import type { ConflictRow, MafiaDb, RefusalRow, StoredEntry, TableGrant } from '../db'
import type { AppService } from '../app/service'
import type { SyncTrace } from '../../shared/contract'
import { projectionOf } from '../app/projection'
import { judgeAt } from '../app/tournaments'
import type {
  SyncConflictDetail,
  SyncConflictResolution,
  SyncEntryView,
  SyncHello,
  SyncHubStatus,
  SyncPull,
  SyncPush,
  SyncPushResult,
  SyncTableSession,
} from '../../shared/sync'
import { badToken, conflictClosed, conflictsFull, gameCancelled, otherTable, syncError } from './errors'

export interface HubDeps {
  db: () => MafiaDb
  service: AppService
  log?: (line: string) => void
  /** Called after a batch was stored (the dashboard's push). */
  onStored?: (info: {
    tournamentId: number
    tableId: number
    gameId: number
    gameUuid: string
    lastSeq: number
    trace: Omit<SyncTrace, 'pushedAt'>
  }) => void
  /** Called after a table's game changed, for `/overlay?table=N` clients. */
  onOverlay?: (table: number, gameId: number) => void
  /** Called whenever a table's status changed (contact, refusal, conflict). */
  onStatus?: (tournamentId: number) => void
  now?: () => number
}

interface Peer {
  lastSeenAt: number
  behind: number
}

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
  private readonly peers = new Map<number, Peer>()
  /** The engine state of recently synced games by uuid, as of their last stored entry. */
  private readonly games = new Map<string, Game>()
  private readonly queue: Queued[] = []
  private readonly now: () => number
  private readonly log: (line: string) => void

  constructor(private readonly deps: HubDeps) {
    this.now = deps.now ?? (() => Date.now())
    this.log = deps.log ?? (() => {})
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
    this.peers.set(grant.tableId, { lastSeenAt: this.now(), behind })
    this.deps.onStatus?.(grant.tournamentId)
  }

  hello(grant: TableGrant, pending: number | undefined): SyncHello {
    const t = this.deps.db().getTournament(grant.tournamentId)
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

  private store(
    grant: TableGrant,
    body: SyncPush,
    arrivedAt: number,
    effects: Array<(storedAt: number) => void>,
  ): SyncPushResult {
    const db = this.deps.db()
    const pending = body.pending ?? 0
    this.peers.set(grant.tableId, { lastSeenAt: this.now(), behind: pending + body.entries.length })
    // The dashboard hears of every contact: a stored batch tells it with its own push, anything else here.
    let stored = false
    effects.push(() => {
      if (!stored) this.deps.onStatus?.(grant.tournamentId)
    })
    const tournament = db.getTournament(grant.tournamentId)
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
    const have = db.sync.gameByUuid(body.gameUuid)
    // Refused, logged and counted by the endpoint (sync/http.ts), like every refusal: no write per refusal here.
    if (have && have.tableId !== grant.tableId) throw otherTable(body.gameUuid)
    // A game the head judge cancelled takes nothing more; the table learns it from this answer (or its pull).
    if (have?.cancelled) throw gameCancelled(body.gameUuid, have.cancelled.reason, have.cancelled.at)
    const last = have?.lastSeq ?? 0
    // The head judge kept the hub's version of an entry of this game: the table's branch after it is never stored
    // (not even entries the engine would accept on top of the hub's log: that would merge two versions).
    const closed = have ? this.closedGame(db, body.gameUuid, have.gameId) : null
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
    if (have && body.fromSeq <= last) {
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
        const kept = db.sync.addConflict({
          tableId: grant.tableId,
          gameUuid: body.gameUuid,
          seq: e.seq,
          stored: mine,
          received: e,
        })
        // Conflict rows are bounded per table (issue 29 §2): past the bound the batch is refused, nothing kept.
        if (!kept) throw conflictsFull(grant.tableNumber)
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
      this.peers.set(grant.tableId, { lastSeenAt: this.now(), behind: pending })
      return { acknowledged: last, stored: 0, duplicates }
    }

    const { gameId, game, resultChanged } = db.sync.transaction(() => {
      let id = have?.gameId
      let setup: GameSetup
      let wasFinished: boolean
      if (id === undefined) {
        if (!body.game) {
          throw syncError(
            'sync/unknown_game',
            'Главный компьютер ещё не знает эту игру: нужна её расстановка.',
            'The hub does not know this game yet: its setup is needed.',
            { gameUuid: body.gameUuid },
          )
        }
        setup = this.hubSetup(db, body.game.setup)
        const row = db.createGame({
          uuid: body.gameUuid,
          tournamentId: grant.tournamentId,
          tableId: grant.tableId,
          roundId: db.sync.roundForTable(grant.tournamentId, grant.tableId),
          number: body.game.number,
          setup,
        })
        id = row.id
        wasFinished = false
      } else {
        const row = db.getGame(id)!
        setup = row.setup as GameSetup
        wasFinished = row.status === 'finished'
      }
      // Only the table's pushes extend this game from now on (a game the hub seated, too).
      db.sync.markRemote(id, grant.tableId)
      const startedFinished = wasFinished
      let game: Game
      try {
        game = this.replayed(db, body.gameUuid, id, setup, last)
      } catch (err) {
        throw syncError('sync/replay_refused', 'Игру нельзя восстановить.', 'The game cannot be rebuilt.', {
          cause: String(err),
        })
      }
      for (const e of fresh) {
        const r = execute(game, e.command as Command)
        if (!r.ok) {
          throw syncError(
            'sync/replay_refused',
            `Движок отклонил запись ${e.seq}: ${r.error.message.ru}`,
            `The engine refused entry ${e.seq}: ${r.error.message.en}`,
            { seq: e.seq, error: r.error },
          )
        }
        if (canonical(r.entry) !== canonical(e)) {
          throw syncError(
            'sync/replay_mismatch',
            `Запись ${e.seq} на главном компьютере дала другие события (разные версии программы?).`,
            `Entry ${e.seq} produced other events on the hub (different app versions?).`,
            { seq: e.seq },
          )
        }
        const projection = projectionOf(r.game, wasFinished)
        db.appendEntry(id, e as StoredEntry, projection)
        wasFinished = projection.status === 'finished'
        game = r.game
      }
      // Standings move only when a result did (a game ended, or was undone past its end).
      return { gameId: id, game, resultChanged: startedFinished || wasFinished }
    })
    const lastSeq = fresh[fresh.length - 1].seq
    stored = true
    this.peers.set(grant.tableId, { lastSeenAt: this.now(), behind: pending })
    effects.push((storedAt) => {
      this.remember(body.gameUuid, game)
      this.afterStored(grant, gameId, game, resultChanged)
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
      })
    })
    return { acknowledged: lastSeq, stored: fresh.length, duplicates }
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

  /** The table's setup as the hub stores it: its players linked to the hub's registry by nickname. */
  private hubSetup(db: MafiaDb, raw: Record<string, unknown>): GameSetup {
    const setup = structuredClone(raw) as unknown as GameSetup
    if (!Array.isArray(setup.players)) {
      throw syncError('sync/malformed', 'В расстановке нет игроков.', 'The setup has no players.')
    }
    setup.players = setup.players.map((p) => {
      const known = typeof p?.name === 'string' ? db.findPlayerByNickname(p.name) : null
      return { ...p, playerId: known?.id ?? null, photo: known?.photo ? `/${known.photo}` : null }
    })
    return setup
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

  /** Keeps a game's state after a committed batch (the newest games of every table: at most 64). */
  private remember(uuid: string, game: Game): void {
    this.games.delete(uuid)
    this.games.set(uuid, game)
    if (this.games.size > 64) this.games.delete(this.games.keys().next().value!)
  }

  /** Refreshes the service's copy; the table on stream brings its newest game to the stream (OBS follows). */
  private afterStored(grant: TableGrant, gameId: number, game: Game, resultChanged: boolean): void {
    const service = this.deps.service
    service.refreshGame(gameId, { game, resultChanged })
    const onStream = this.deps.db().getSetting<{ tableId: number }>(ON_STREAM_KEY)
    if (onStream?.tableId === grant.tableId && service.activeGameId() !== gameId) service.open(gameId)
  }

  /**
   * The tournament whose table numbers `/overlay?table=N` means: the one of the table on stream, else the newest
   * tournament that has tables.
   */
  private overlayTournament(db: MafiaDb): number | null {
    const onStream = db.getSetting<{ tableId: number }>(ON_STREAM_KEY)
    const table = onStream ? db.getTable(onStream.tableId) : null
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
    db.setSetting(ON_STREAM_KEY, tableId === null ? null : { tableId })
    if (tableId === null) return
    const table = db.getTable(tableId)
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
    this.peers.set(grant.tableId, {
      lastSeenAt: this.now(),
      behind: this.peers.get(grant.tableId)?.behind ?? 0,
    })
    const tableJudge = db.getTable(grant.tableId)?.judge ?? ''
    return {
      // A game a tablet already plays on the hub has the hub as its one writer: the table machine does not get it.
      games: db.sync
        .tableGames(grant.tableId)
        .filter((g) => g.lastSeq === 0 || g.remote)
        .map((g) => {
          const setup = structuredClone(g.setup) as { players?: Array<Record<string, unknown>> }
          if (Array.isArray(setup.players))
            setup.players = setup.players.map((p) => ({ ...p, playerId: null, photo: null }))
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
    const table = db.getTable(tableId)
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
      tournamentName: db.getTournament(table.tournamentId)?.name ?? '',
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
    const table = c.tableId === null ? null : db.getTable(c.tableId)
    const game = db.sync.gameByUuid(c.gameUuid)
    if (resolution === 'acceptTable' && game) {
      const row = db.getGame(game.gameId)!
      const setup = row.setup as GameSetup
      const prefix = db.sync.entriesBetween(game.gameId, 1, c.seq - 1) as LogEntry[]
      const before = restore(setup, prefix)
      const received = c.received as LogEntry
      const r = execute(before, received.command)
      if (!r.ok || canonical(r.entry) !== canonical(received)) {
        throw syncError(
          'sync/replay_refused',
          `Движок не принимает запись стола ${c.seq} после записей главного компьютера: версию стола принять нельзя.`,
          `The engine does not accept the table's entry ${c.seq} after the hub's entries: its version cannot be taken.`,
          { conflictId, seq: c.seq },
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
          db.setResults(game.gameId, projection.results)
        db.sync.resolveConflict(conflictId, resolution, reason.trim())
      })
      this.games.delete(c.gameUuid)
      this.deps.service.refreshGame(game.gameId)
    } else {
      db.sync.resolveConflict(conflictId, resolution, reason.trim())
    }
    this.log(
      `sync: conflict ${conflictId} (game ${c.gameUuid}, seq ${c.seq}) decided: ${resolution}${reason.trim() ? ` — ${reason.trim()}` : ''}`,
    )
    const tournamentId = table?.tournamentId ?? null
    if (tournamentId !== null) this.deps.onStatus?.(tournamentId)
    return tournamentId ?? 0
  }

  /**
   * The judge of a table in the round of its newest game, as the dashboard names him (the game's own judge, the
   * round's judge of that table when its game was cancelled); the table's usual judge before any game.
   */
  private judgeNow(
    db: MafiaDb,
    tableId: number,
    tableJudge: string,
    newestGameId: number | undefined,
  ): string {
    const roundId = newestGameId === undefined ? null : (db.getGame(newestGameId)?.roundId ?? null)
    if (roundId === null) return tableJudge
    return judgeAt(db.liveGameAt(roundId, tableId), tableJudge, db.roundJudges(roundId).get(tableId))
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
    const games = db.sync.latestGames(tournamentId)
    const conflicts = db.sync.conflicts(tournamentId)
    const onStream = db.getSetting<{ tableId: number }>(ON_STREAM_KEY)?.tableId ?? null
    const tableIds = new Set(tokens.map((t) => t.tableId))
    return {
      tournamentId,
      tables: tokens.map((t) => {
        const peer = this.peers.get(t.tableId)
        return {
          tableId: t.tableId,
          number: t.number,
          name: t.name,
          judge: this.judgeNow(db, t.tableId, t.judge, games.get(t.tableId)?.id),
          token: t.token,
          pairingUrl: t.token ? pairing.code(t.token) : null,
          expiresAt: t.expiresAt,
          behind: peer ? peer.behind : null,
          lastSeenAt: peer ? peer.lastSeenAt : null,
          game: games.get(t.tableId) ?? null,
          conflicts: conflicts.filter((c) => c.tableId === t.tableId && c.resolution === null).length,
          onStream: onStream === t.tableId,
        }
      }),
      conflicts: conflicts
        .filter((c) => c.resolution === null)
        .map((c) => ({
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
