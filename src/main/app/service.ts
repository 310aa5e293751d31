/**
 * The application service: the single authority over games (docs/architecture.md). A command is validated, decided by the
 * engine, written to SQLite in one transaction, and only then applied in memory and pushed to the renderers —
 * so a crash loses nothing that was shown. It owns the clock: every command is stamped with `at` here.
 */
import {
  controlView,
  dealRoles,
  describeCommand,
  execute,
  newGame,
  overlayView,
  overlayViewOf,
  restore,
  type Game,
  type GameSetup,
  type LogEntry,
} from '../engine'
import { BUILTIN_RULESETS, rulesetSchema, type Ruleset } from '../../shared/game/ruleset'
import type { Command } from '../../shared/game/commands'
import type { Role } from '../../shared/game/record'
import type { ControlView, OverlayView, TimerState } from '../../shared/game/views'
import type {
  GameEnvelope,
  GameSummary,
  LowerThird,
  OverlayEnvelope,
  OverlayGraphics,
  OverlayPublicSettings,
  OverlayStandings,
  PushName,
  Pushes,
  SetupInput,
} from '../../shared/contract'
import { overlaySettingsSchema } from '../../shared/contract'
import { gameTitle } from '../../shared/game-title'
import { NO_GRAPHICS } from '../obs/graphics'
import { AppError, appError } from '../../shared/errors'
import type { MafiaDb, GameRow, Player } from '../db'
import { writeEntries } from '../games/writer'
import { checkSetup } from '../engine/verify'
import { checkTournamentGameSetup, closedRoundLock } from './tournament-record'

export type PushListener = <K extends PushName>(channel: K, payload: Pushes[K]) => void

export interface ServiceOptions {
  clock?: () => number
  log?: (line: string) => void
  /** Standings of a tournament for the overlay (computed from stored games; cached until a result changes). */
  standings?: (tournamentId: number) => OverlayStandings | null
  /** The on-demand graphics the overlay shows now (owned by the OBS director). */
  graphics?: () => OverlayGraphics
  /** Called with the active game's view after every stored command and when another game is opened (OBS). */
  onView?: (envelope: GameEnvelope) => void
  /**
   * A game at a table changed that is not the active one (issue 16): its table's tablets follow it. The envelope
   * is built only when called (`make`), i.e. when some tablet may want it.
   */
  tableView?: (make: () => GameEnvelope) => void
}

interface LiveGame {
  row: GameRow
  game: Game
  /**
   * The overlay's frame number for this game and what it showed with it (see `publishOverlay`): it counts the
   * changes of what the overlay shows of the game in this run of the server, from 0 when it is first shown. Never
   * the game's revision, which would reveal how many hidden entries the judge made; after a restart the overlay
   * reconnects and takes the view as it comes.
   */
  overlayShown?: { frame: number; content: string }
  /** On the hub: a game whose one writer is a table machine (issue 16); its log grows only by sync. */
  remote?: boolean
}

/** What the overlay shows now: the envelope last pushed, and its content without the frame number (to compare). */
interface OverlayFeed {
  gameId: number | null
  content: string
  /** The settings and graphics part (JSON), which the panels follow. */
  controls: string
  envelope: OverlayEnvelope
  /** The tournament whose standings the envelope carries (pinned or the game's), null: none. */
  standingsOf: number | null
}

export const DEFAULT_OVERLAY_SETTINGS: OverlayPublicSettings = {
  roles: 'atEnd',
  theme: { accent: '#e53935', background: '#101218', text: '#ffffff', logoUrl: null, title: 'Mafia Desk' },
}

/** A table's clock offset that moves by less than this (ms: network jitter) keeps the one the hub has. */
const CLOCK_JITTER_MS = 250

const SETTINGS = { overlay: 'overlay', active: 'activeGameId', rulesets: 'customRulesets' } as const

function notFoundGame(id: number): AppError {
  return new AppError(
    appError('app/game_not_found', `Игра №${id} не найдена`, `Game ${id} not found`, { gameId: id }),
  )
}

function remoteGame(row: GameRow): AppError {
  return new AppError(
    appError(
      'app/remote_game',
      'Эту игру ведёт судья за своим столом: её команды приходят с компьютера стола.',
      "This game is run by its table's judge: its commands come from the table machine.",
      { gameId: row.id, tableId: row.tableId },
    ),
  )
}

export class AppService {
  private readonly live = new Map<number, LiveGame>()
  /** The clock offset (hub minus table, ms) of each game a table machine plays, from its last stored batch. */
  private readonly hubClock = new Map<number, number>()
  private readonly listeners = new Set<PushListener>()
  private activeId: number | null = null
  private overlaySettings: OverlayPublicSettings = DEFAULT_OVERLAY_SETTINGS
  /** Standings per tournament; `fresh: false` once a result changed (the old value is shown until recomputed). */
  private readonly standingsCache = new Map<number, { value: OverlayStandings | null; fresh: boolean }>()
  private feed: OverlayFeed | null = null
  /** Work that waits until the command's pushes and reply are out (OBS, standings); see `afterSend`. */
  private later: { view: GameEnvelope | null; standings: boolean; tournaments: Set<number> } | null = null
  private readonly clock: () => number
  private readonly log: (line: string) => void

  constructor(
    private db: MafiaDb,
    private readonly options: ServiceOptions = {},
  ) {
    this.clock = options.clock ?? (() => Date.now())
    this.log = options.log ?? (() => {})
  }

  // ---- start-up ------------------------------------------------------------------------------------

  /**
   * Reopens the games in progress at their exact state (the demo tournament and game of a first start are the
   * composition root's, see demo-games.ts `seedDemo`).
   */
  init(): void {
    const stored = this.db.settings.getSetting<unknown>(SETTINGS.overlay)
    const parsed = overlaySettingsSchema.safeParse(stored)
    if (parsed.success) this.overlaySettings = parsed.data

    for (const { game: row, log } of this.db.games.listInProgress()) {
      try {
        const game = restore(row.setup as GameSetup, log as LogEntry[])
        const remote = this.db.sync.isRemote(row.id)
        this.live.set(row.id, { row, game, remote })
        // A read-only or damaged database takes no write: its games are shown as stored (the timer as it was).
        if (!remote && !this.db.readonly) this.pauseAfterRestart(row.id)
      } catch (err) {
        // A game whose log cannot be replayed stays in the database untouched; it is reported, never dropped.
        this.log(`game ${row.id} could not be resumed: ${String(err)}`)
      }
    }
    const active = this.db.settings.getSetting<number>(SETTINGS.active)
    if (typeof active === 'number' && this.tryLoad(active)) this.activeId = active
    else if (this.live.size > 0) this.activeId = Math.max(...this.live.keys())
    if (this.activeId === null) {
      const last = this.db.games.listGames({}).at(-1)
      if (last && this.tryLoad(last.id)) this.activeId = last.id
    }
  }

  /** Switches to another database handle (after a restore) and reopens everything from it. */
  replaceDatabase(db: MafiaDb): void {
    this.db = db
    this.live.clear()
    this.standingsCache.clear()
    this.later = null
    this.feed = null
    this.activeId = null
    this.overlaySettings = DEFAULT_OVERLAY_SETTINGS
    this.init()
    const env = this.active()
    if (env) this.push('game.view', env)
    this.publishOverlay(env?.view)
  }

  /** After a restart a running timer is paused with the time that was left at the last stored moment. */
  private pauseAfterRestart(gameId: number): void {
    const g = this.live.get(gameId)
    if (!g) return
    const timer = controlView(g.game).timer
    if (!timer || timer.runningSince === null) return
    const lastAt = g.game.log.at(-1)?.at ?? timer.runningSince
    this.apply(gameId, { cmd: 'timer', action: 'pause', at: Math.max(lastAt, timer.runningSince) })
  }

  // ---- pushes ---------------------------------------------------------------------------------------

  onPush(listener: PushListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private push<K extends PushName>(channel: K, payload: Pushes[K]): void {
    for (const l of this.listeners) {
      try {
        l(channel, payload)
      } catch (err) {
        this.log(`push listener failed: ${String(err)}`)
      }
    }
  }

  /**
   * Pushes the active game's new state: the overlay first (the stream waits on it; nothing when what it shows did
   * not change), then the control view. The control view is built once and the overlay's is cut from it. OBS
   * follows at once for a game switch, and after the reply for a command (`afterSend`).
   */
  private broadcast(gameId: number, obs: 'now' | 'afterSend' = 'now'): GameEnvelope | null {
    if (gameId !== this.activeId) {
      if (this.live.get(gameId)?.row.tableId != null) this.options.tableView?.(() => this.envelope(gameId))
      return null
    }
    const env = this.envelope(gameId)
    this.publishOverlay(env.view)
    this.push('game.view', env)
    if (obs === 'now') {
      if (this.later) this.later.view = null // an older view must not reach OBS after this one
      this.options.onView?.(env)
    } else this.afterSend({ view: env })
    return env
  }

  /**
   * Runs work that nobody waits on after the current command's pushes and reply have been sent (the reply goes out
   * when the router's promise settles, before `setImmediate`): the OBS director, and the standings of a tournament
   * whose results changed. Several commands in a row coalesce into one run with the newest view.
   */
  private afterSend(work: { view?: GameEnvelope; standings?: boolean; tournament?: number }): void {
    if (!this.later) {
      this.later = { view: null, standings: false, tournaments: new Set() }
      setImmediate(() => {
        // Work nobody waits on never takes the process down (e.g. the database closed at shutdown meanwhile).
        try {
          this.flushAfterSend()
        } catch (err) {
          this.log(
            `deferred work after a command failed: ${err instanceof Error ? err.message : String(err)}`,
          )
        }
      })
    }
    if (work.view) this.later.view = work.view
    if (work.standings) this.later.standings = true
    if (work.tournament !== undefined) this.later.tournaments.add(work.tournament)
  }

  /** Does the deferred work now (also called by queries that must see its result). */
  flushAfterSend(): void {
    const work = this.later
    if (!work) return
    this.later = null
    if (work.standings) this.publishOverlay(undefined, true)
    if (work.view) this.options.onView?.(work.view)
    for (const tournamentId of work.tournaments) this.push('tournament.changed', { tournamentId })
  }

  // ---- games ------------------------------------------------------------------------------------------

  private tryLoad(gameId: number): LiveGame | null {
    const have = this.live.get(gameId)
    if (have) return have
    const loaded = this.db.games.loadGame(gameId)
    if (!loaded) return null
    const game = restore(loaded.game.setup as GameSetup, loaded.log as LogEntry[])
    const lg = { row: loaded.game, game, remote: this.db.sync.isRemote(gameId) }
    this.live.set(gameId, lg)
    return lg
  }

  private require(gameId: number): LiveGame {
    const g = this.tryLoad(gameId)
    if (!g) throw notFoundGame(gameId)
    return g
  }

  summary(row: GameRow): GameSummary {
    const setup = row.setup as GameSetup
    return {
      id: row.id,
      uuid: row.uuid,
      title: gameTitle(row, 'ru'),
      status: row.status,
      winner: (row.winner as GameSummary['winner']) ?? null,
      tournamentId: row.tournamentId,
      roundId: row.roundId,
      tableId: row.tableId,
      number: row.number,
      rulesetId: setup?.ruleset?.id ?? 'fiim',
      updatedAt: new Date(row.updatedAt).toISOString(),
    }
  }

  envelope(gameId: number): GameEnvelope {
    const g = this.require(gameId)
    return { gameId, game: this.summary(g.row), view: this.onHubClock(gameId, controlView(g.game)) }
  }

  /**
   * A view of a game a table machine plays, with its running timer on this machine's clock (issue 29 §3): the
   * table's entries carry the table's clock; the hub shifts the timer's start by the hub's receive time minus the
   * table's send time of the last batch, so the stream counts down right whatever the table's clock says.
   */
  private onHubClock<V extends { timer: TimerState | null }>(gameId: number, view: V): V {
    const offset = this.hubClock.get(gameId)
    const t = view.timer
    if (offset === undefined || !t || t.runningSince === null) return view
    return { ...view, timer: { ...t, runningSince: t.runningSince + offset } }
  }

  active(): GameEnvelope | null {
    if (this.activeId === null || !this.tryLoad(this.activeId)) return null
    return this.envelope(this.activeId)
  }

  open(gameId: number): GameEnvelope {
    this.require(gameId)
    this.activeId = gameId
    this.db.settings.setSetting(SETTINGS.active, gameId)
    return this.broadcast(gameId)!
  }

  list(status?: GameSummary['status']): GameSummary[] {
    return this.db.games.listGames(status ? { status } : {}).map((r) => this.summary(r))
  }

  rulesets(): Ruleset[] {
    const custom = this.db.settings.getSetting<unknown[]>(SETTINGS.rulesets) ?? []
    const parsed = custom.flatMap((r) => {
      const p = rulesetSchema.safeParse(r)
      return p.success ? [p.data] : []
    })
    return [...Object.values(BUILTIN_RULESETS), ...parsed]
  }

  saveRuleset(ruleset: Ruleset): Ruleset {
    if (ruleset.id in BUILTIN_RULESETS) {
      throw new AppError(
        appError(
          'app/builtin_ruleset',
          `Встроенный регламент «${ruleset.id}» менять нельзя: сохраните копию под другим id`,
          `The built-in ruleset "${ruleset.id}" cannot be changed: save a copy under another id`,
        ),
      )
    }
    const custom = (this.db.settings.getSetting<unknown[]>(SETTINGS.rulesets) ?? []).filter(
      (r) => (r as { id?: unknown }).id !== ruleset.id,
    )
    this.db.settings.setSetting(SETTINGS.rulesets, [...custom, ruleset])
    return ruleset
  }

  /**
   * Creates a game and (unless `open: false`) makes it the active one. In a tournament the tournament's own
   * ruleset copy is used when its id matches; for a round and table whose prepared game has not started yet
   * (made by "start round"), that game gets this setup instead of a second game being created.
   */
  createGame(input: SetupInput, opts: { open?: boolean } = {}): GameEnvelope {
    const ruleset = this.tournamentCopyFor(input) ?? this.rulesets().find((r) => r.id === input.rulesetId)
    if (!ruleset) {
      throw new AppError(
        appError(
          'app/unknown_ruleset',
          `Нет регламента «${input.rulesetId}»`,
          `No ruleset "${input.rulesetId}"`,
        ),
      )
    }
    // Roles entered by hand name the black seats and the sheriff; every other seat is a civilian.
    const roles: Record<number, Role> = input.roles
      ? Object.fromEntries(
          Array.from({ length: 10 }, (_, i) => [i + 1, input.roles?.[String(i + 1)] ?? 'civilian'] as const),
        )
      : dealRoles(input.seed ?? this.clock())
    const setup: GameSetup = {
      ruleset,
      players: input.players.map((p) => {
        const photo = p.playerId ? (this.db.players.getPlayer(p.playerId)?.photo ?? null) : null
        return { name: p.name, playerId: p.playerId ?? null, photo: photo ? `/${photo}` : null }
      }),
      roles,
    }
    // The one setup check of every door into a game's log (engine/verify.ts): throws engine/bad_setup.
    const checked = checkSetup(setup)
    if (!checked.ok) throw new AppError(checked.error)
    const game = newGame(setup)
    checkTournamentGameSetup(this.db, input) // a tournament game's players are its table's seating
    const prepared =
      input.roundId && input.tableId ? this.db.games.liveGameAt(input.roundId, input.tableId) : null
    const row =
      prepared && prepared.lastSeq === null
        ? this.db.games.updateGameSetup(prepared.id, setup)
        : this.db.games.createGame({
            tournamentId: input.tournamentId ?? null,
            roundId: input.roundId ?? null,
            tableId: input.tableId ?? null,
            number: input.number ?? null,
            judge: input.judge ?? undefined,
            setup,
          })
    this.live.set(row.id, { row, game })
    if (row.tournamentId !== null) this.tournamentChanged(row.tournamentId)
    return opts.open === false ? this.envelope(row.id) : this.open(row.id)
  }

  /** The tournament's stored ruleset copy when the game is set up under it (the id matches), else null. */
  private tournamentCopyFor(input: SetupInput): Ruleset | null {
    if (!input.tournamentId) return null
    const parsed = rulesetSchema.safeParse(this.db.tournaments.getTournament(input.tournamentId)?.ruleset)
    return parsed.success && parsed.data.id === input.rulesetId ? parsed.data : null
  }

  /** Tells the organiser's dashboards that something of this tournament changed. */
  tournamentChanged(tournamentId: number): void {
    this.standingsCache.delete(tournamentId)
    this.push('tournament.changed', { tournamentId })
    // The stream shows what the exports say (a closed stage's Ci is final): its standings follow at once.
    if (this.feed?.standingsOf === tournamentId) this.afterSend({ standings: true })
  }

  /**
   * Where a game stands (day or night, and the day's step), for the dashboard: the same words as the panel's
   * banner («День 2 · Последнее слово»); null when it cannot be replayed.
   */
  progress(gameId: number): { day: number; night: number; phase: string; step: string | null } | null {
    try {
      const g = this.tryLoad(gameId)
      if (!g) return null
      const v = controlView(g.game)
      return { day: v.day, night: v.night, phase: v.phase, step: v.step }
    } catch {
      return null
    }
  }

  /**
   * Merges two entries of the player registry (see the database's mergePlayers) and reloads every game held in
   * memory that seated the dropped player: its setup now names the kept one, so a game that ends later stores its
   * results under a player who exists. The standings are recomputed at their next use.
   */
  mergePlayers(keepId: number, dropId: number): Player {
    const kept = this.db.players.mergePlayers(keepId, dropId)
    for (const [gameId, g] of [...this.live]) {
      if (g.game.setup.players.some((p) => p.playerId === dropId)) this.refreshGame(gameId)
    }
    this.standingsCache.clear()
    return kept
  }

  /**
   * An imported file changed the database behind the service: a game prepared here and played on another machine
   * replaced its placeholder (same uuid, perhaps another id), and finished games changed a tournament's standings.
   * Every game held in memory whose stored row is gone, is another game now or has another log is reloaded (the
   * active one follows its uuid); the panel, the stream and the organiser's dashboards get the new state.
   */
  imported(tournamentId: number | null): void {
    for (const [gameId, g] of [...this.live]) {
      const row = this.db.games.getGame(gameId)
      const lastSeq = g.game.log.at(-1)?.seq ?? null
      if (row !== null && row.uuid === g.row.uuid && row.lastSeq === lastSeq) continue
      const shown = g.overlayShown
      this.live.delete(gameId)
      const target = row?.uuid === g.row.uuid ? gameId : (this.db.games.getGameByUuid(g.row.uuid)?.id ?? null)
      if (this.activeId === gameId) {
        this.activeId = target
        if (target !== null) this.db.settings.setSetting(SETTINGS.active, target)
      }
      if (target === null) continue
      const reloaded = this.tryLoad(target)
      // The overlay's frame number goes on from where it was, so the stream takes the new view.
      if (reloaded && shown && !reloaded.overlayShown) reloaded.overlayShown = shown
      this.broadcast(target)
    }
    if (tournamentId !== null) {
      this.tournamentChanged(tournamentId)
      this.afterSend({ standings: true })
    }
  }

  /** Cancels a game with a reason (kept with its protocol; counted nowhere; its table is free again). */
  cancelGame(gameId: number, reason: string): GameSummary {
    const row = this.db.games.cancelGame(gameId, reason)
    this.live.delete(gameId)
    if (row.tournamentId !== null) this.tournamentChanged(row.tournamentId)
    return this.summary(row)
  }

  /**
   * Runs one judge command: engine → SQLite (one transaction) → memory → pushes. `revision`: the revision of the
   * view it was built on (the panel's); a stale one is refused with `engine/stale_revision` and changes nothing.
   */
  command(gameId: number, command: Command, revision?: number): GameEnvelope {
    return this.apply(gameId, { ...command, at: this.clock() }, revision)
  }

  private apply(gameId: number, command: Command, revision?: number): GameEnvelope {
    const g = this.require(gameId)
    if (g.remote) throw remoteGame(g.row)
    if (g.row.cancelledAt !== null) {
      throw new AppError(
        appError(
          'app/game_cancelled',
          `Игра №${gameId} отменена (${g.row.cancelReason ?? ''}): её нельзя продолжить.`,
          `Game ${gameId} was cancelled (${g.row.cancelReason ?? ''}): it cannot go on.`,
          { gameId },
        ),
      )
    }
    const frozen = closedRoundLock(this.db, g.row) // a game of a closed round is frozen
    if (frozen) throw frozen
    const result = execute(g.game, command, revision)
    if (!result.ok) throw new AppError(result.error)
    // Stored first, through the one writer (a table's push too): if this throws (read-only or full disk, a closed
    // round, an archived tournament), memory keeps the last stored state.
    const written = writeEntries(this.db, gameId, g.row.status === 'finished', [result])
    g.game = written.game
    g.row = { ...g.row, status: written.status, winner: written.winner, updatedAt: this.clock() }
    return this.announceStored(gameId, written.resultChanged, 'afterSend') ?? this.envelope(gameId)
  }

  /**
   * What follows a stored change of a game's log, the same for a judge's command and a table's push: results
   * changed → the standings are recomputed after the pushes (until then the overlay keeps the ones it shows); the
   * organiser's dashboards hear of it (`tournament.changed`) after the judge and the stream; the view goes out.
   */
  private announceStored(
    gameId: number,
    resultChanged: boolean,
    obs: 'now' | 'afterSend',
  ): GameEnvelope | null {
    const tournamentId = this.live.get(gameId)?.row.tournamentId ?? null
    if (resultChanged && tournamentId !== null) {
      const cached = this.standingsCache.get(tournamentId)
      if (gameId !== this.activeId) this.standingsCache.delete(tournamentId)
      else if (cached) cached.fresh = false
      this.afterSend({ standings: true })
    }
    if (tournamentId !== null) this.afterSend({ tournament: tournamentId })
    return this.broadcast(gameId, obs)
  }

  /**
   * A game's log was changed behind the service (the hub stored a table's synced entries, issue 16): drop the
   * cached state, refresh its tournament's standings and push its new view when it is the active game.
   */
  refreshGame(gameId: number, synced?: { game: Game; resultChanged: boolean; clockOffsetMs?: number }): void {
    const offset = synced?.clockOffsetMs
    const kept = this.hubClock.get(gameId)
    // Network jitter does not move the countdown (nor step the overlay's frame); a table clock's jump does.
    if (offset !== undefined && (kept === undefined || Math.abs(kept - offset) > CLOCK_JITTER_MS))
      this.hubClock.set(gameId, offset)
    const shown = this.live.get(gameId)?.overlayShown
    this.live.delete(gameId)
    const row = this.db.games.getGame(gameId)
    // The hub hands over the state it just replayed: no second replay of the whole log per push.
    if (synced && row) this.live.set(gameId, { row, game: synced.game, remote: true })
    const reloaded = this.tryLoad(gameId)
    if (reloaded && shown) reloaded.overlayShown = shown // the overlay's frame number goes on from where it was
    if (!reloaded) return
    this.announceStored(gameId, synced?.resultChanged ?? true, 'now')
  }

  /** Writes a line to the app's log (a head judge's decision that unlocks something, say). */
  note(line: string): void {
    this.log(line)
  }

  activeGameId(): number | null {
    return this.activeId
  }

  describe(command: Command) {
    return describeCommand(command)
  }

  // ---- overlay -------------------------------------------------------------------------------------

  /**
   * What the overlay shows now. Its frame number steps only when something the overlay can see changes, so a night
   * entry hidden from the stream (a shot, a check) changes neither the frame number nor the pushes.
   */
  overlay(): OverlayEnvelope {
    this.flushAfterSend()
    if (!this.feed || this.feed.gameId !== this.activeId) this.publishOverlay()
    return this.feed!.envelope
  }

  /**
   * The overlay envelope of any game (the hub's `/overlay?table=N`, issue 16); null: no game. Its frame number is
   * counted as for the active game: a hidden night entry changes neither the frame number nor the content.
   */
  overlayOf(gameId: number | null): OverlayEnvelope {
    if (gameId === this.activeId) return this.overlay()
    const g = gameId === null ? null : this.tryLoad(gameId)
    const view =
      g && gameId !== null
        ? this.onHubClock(gameId, overlayView(g.game, { roles: this.overlaySettings.roles }))
        : null
    const of = this.standingsTournament(g)
    const standings = of !== null ? this.tournamentStandings(of, true) : null
    return this.shown(g, g ? gameId : null, view, standings, of).envelope
  }

  /** The tournament the stream's standings show: the one pinned in the overlay settings, else the game's own. */
  private standingsTournament(g: LiveGame | null): number | null {
    return this.overlaySettings.standingsTournamentId ?? g?.row.tournamentId ?? null
  }

  /** Pushes the overlay envelope again (the on-demand graphics changed). */
  pushOverlay(): void {
    this.publishOverlay()
  }

  /** A player intro for a seat of the active game: registry club/city/photo and tournament points. */
  lowerThird(seat: number): LowerThird {
    const g = this.activeId === null ? null : this.tryLoad(this.activeId)
    if (!g) throw new AppError(appError('app/no_active_game', 'Нет активной игры', 'No active game'))
    const p = g.game.state.seats[seat - 1]
    const reg = p.playerId !== null ? this.db.players.getPlayer(p.playerId) : null
    const standings = g.row.tournamentId ? this.tournamentStandings(g.row.tournamentId, true) : null
    // The registry id, when the seat has one: a player renamed since his first game keeps his points.
    const row = standings?.rows.find((r) =>
      p.playerId !== null ? r.playerId === p.playerId : r.name === p.name,
    )
    return {
      seat,
      name: p.name,
      club: reg?.club || null,
      city: reg?.city || null,
      photo: p.photo ?? reg?.photo ?? null,
      points: standings ? (row?.points ?? 0) : null,
      tournament: standings?.title ?? null,
    }
  }

  /**
   * Builds the overlay envelope of the active game (from `control`, its control view at its newest revision, when
   * the caller has it) and pushes it when its content differs from what the overlay shows: then the overlay's
   * frame number steps by one (or, for another game, is that game's own). `freshStandings` recomputes standings whose
   * results changed; otherwise the standings shown stay until the deferred refresh.
   */
  private publishOverlay(control?: ControlView, freshStandings = false): void {
    const g = this.activeId === null ? null : this.tryLoad(this.activeId)
    const gameId = g ? this.activeId : null
    const view: OverlayView | null = g
      ? overlayViewOf(control ?? this.onHubClock(this.activeId!, controlView(g.game)), g.game, {
          roles: this.overlaySettings.roles,
        })
      : null
    const of = this.standingsTournament(g)
    const standings = of !== null ? this.tournamentStandings(of, freshStandings) : null
    const prev = this.feed
    const next = this.shown(g, gameId, view, standings, of)
    if (prev && prev.gameId === gameId && prev.content === next.content) return
    this.feed = next
    this.push('overlay.view', next.envelope)
    // The panels follow the overlay's settings and graphics, not its view (one message per command for them).
    if (prev?.controls !== next.controls)
      this.push('overlay.controls', {
        settings: this.overlaySettings,
        graphics: next.envelope.graphics ?? NO_GRAPHICS,
      })
  }

  /**
   * The overlay envelope of game `g` showing `view`, with the overlay's frame number: per game, one step per change
   * of what the overlay shows of it (also across a switch to another game), never the game's revision. The same
   * content keeps its frame number.
   */
  private shown(
    g: LiveGame | null,
    gameId: number | null,
    view: OverlayView | null,
    standings: OverlayStandings | null,
    standingsOf: number | null,
  ): OverlayFeed {
    const graphics = this.options.graphics?.() ?? NO_GRAPHICS
    const controls = JSON.stringify({ settings: this.overlaySettings, graphics })
    const judge = g?.row.judge.trim() || null
    const content = JSON.stringify({ gameId, view, standings, controls, judge })
    let frame = 0
    if (g && view) {
      const last = g.overlayShown
      frame = !last ? 0 : last.content === content ? last.frame : last.frame + 1
      g.overlayShown = { frame, content }
    }
    const envelope: OverlayEnvelope = {
      gameId,
      view,
      frame,
      settings: this.overlaySettings,
      standings,
      graphics,
      judge,
    }
    return { gameId, content, controls, envelope, standingsOf }
  }

  private tournamentStandings(tournamentId: number, fresh: boolean): OverlayStandings | null {
    if (!this.options.standings) return null
    const cached = this.standingsCache.get(tournamentId)
    if (cached && (cached.fresh || !fresh)) return cached.value
    let value: OverlayStandings | null = null
    try {
      value = this.options.standings(tournamentId)
    } catch (err) {
      // Standings are a view: a failure here is logged and must never stop the game.
      this.log(`standings of tournament ${tournamentId} failed: ${String(err)}`)
    }
    this.standingsCache.set(tournamentId, { value, fresh: true })
    return value
  }

  setOverlaySettings(settings: OverlayPublicSettings): OverlayPublicSettings {
    const pinned = settings.standingsTournamentId
    if (pinned != null && !this.db.tournaments.getTournament(pinned))
      throw new AppError(
        appError(
          'app/tournament_not_found',
          `Турнир №${pinned} не найден`,
          `Tournament ${pinned} not found`,
          {
            tournamentId: pinned,
          },
        ),
      )
    this.db.settings.setSetting(SETTINGS.overlay, settings)
    this.overlaySettings = settings
    this.publishOverlay()
    return settings
  }
}
