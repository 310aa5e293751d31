/**
 * The game: its setup, the append-only log of accepted commands with their events, and the current state.
 * Undo appends a revert marker and the state is rebuilt by replay (docs/architecture.md); `restore(setup, log)` equals the
 * incrementally built game.
 */
import { AppError, type AppErrorData } from '../../shared/errors'
import type { Command } from '../../shared/game/commands'
import type { Role } from '../../shared/game/record'
import { rulesetSchema, type Ruleset } from '../../shared/game/ruleset'
import { decide } from './decide'
import { E } from './errors'
import type { GameEvent } from './events'
import { apply } from './evolve'
import type { GameState } from './state'

export interface GameSetup {
  ruleset: Ruleset
  /** Ten players; seat = index + 1. */
  players: Array<{ name: string; playerId?: number | null; photo?: string | null }>
  /** Seats 1..10 → role. */
  roles: Record<number, Role>
}

export interface LogEntry {
  seq: number
  command: Command
  events: GameEvent[]
  at: number
}

export interface Game {
  setup: GameSetup
  log: LogEntry[]
  state: GameState
  /** Seqs of entries that undo can take back (most recent last) and that redo can bring back. */
  undoable: number[]
  redoable: number[]
}

export type ExecuteResult = { ok: true; game: Game; entry: LogEntry } | { ok: false; error: AppErrorData }

/** Timer commands are not game actions: undo skips them and they do not clear the redo stack. */
const isUndoable = (c: Command): boolean =>
  c.cmd !== 'timer' && c.cmd !== 'undo' && c.cmd !== 'redo' && c.cmd !== 'amend'
/**
 * An amendment on appeal (issue 31 §1) is the head judge's ruling on the record: undo never takes it back, nor
 * anything before it (the record it ruled on stays as it was); a counter-amendment withdraws it.
 */
const isRuling = (c: Command): boolean => c.cmd === 'amend'
/** An entry that sets or clears the timer (the game's end clears it too). */
const setsTimer = (e: LogEntry): boolean =>
  e.events.some((x) => x.type === 'timerSet' || x.type === 'gameFinished')

export function validateSetup(setup: GameSetup): AppErrorData | null {
  if (!Array.isArray(setup.players) || setup.players.length !== 10) {
    return E.badSetup('нужно ровно 10 игроков', 'exactly 10 players are needed')
  }
  for (const [i, p] of setup.players.entries()) {
    if (typeof p?.name !== 'string' || p.name.trim() === '') {
      return E.badSetup(`у места №${i + 1} нет имени`, `seat ${i + 1} has no name`)
    }
  }
  const parsed = rulesetSchema.safeParse(setup.ruleset)
  if (!parsed.success) return E.badSetup('неверный набор правил', 'invalid ruleset')
  const counts: Record<Role, number> = { civilian: 0, sheriff: 0, mafia: 0, don: 0 }
  for (let seat = 1; seat <= 10; seat++) {
    const role = setup.roles?.[seat]
    if (role !== 'civilian' && role !== 'sheriff' && role !== 'mafia' && role !== 'don') {
      return E.badSetup(`нет роли у места №${seat}`, `seat ${seat} has no role`)
    }
    counts[role]++
  }
  if (counts.don !== 1 || counts.mafia !== 2 || counts.sheriff !== 1) {
    return E.badSetup(
      'нужны 1 дон, 2 мафии, 1 шериф и 6 мирных',
      'one don, two mafia, one sheriff and six civilians',
    )
  }
  return null
}

/**
 * The state before the first command. `ruleset` is the state's own copy of the setup's ruleset (states share it and
 * never change it); a replay of the same game may pass the copy its current state already holds.
 */
export function initialState(setup: GameSetup, ruleset: Ruleset = structuredClone(setup.ruleset)): GameState {
  return {
    ruleset,
    phase: 'setup',
    seats: setup.players.map((p, i) => ({
      seat: i + 1,
      name: p.name,
      playerId: p.playerId ?? null,
      photo: p.photo ?? null,
      role: setup.roles[i + 1],
      status: 'alive',
      fouls: 0,
      techFouls: 0,
      silence: 0,
      silentThrough: null,
      left: null,
      extraPoints: [],
      penalties: [],
    })),
    days: [],
    nights: [],
    fouls: [],
    bestMove: null,
    firstKilled: null,
    winner: null,
    endReason: null,
    timer: null,
    cancelNextVote: false,
    departures: 0,
    departuresAtNightStart: 0,
    quietRounds: 0,
    comments: [],
    amendments: [],
    notices: [],
  }
}

/** A new game in the setup phase. Throws AppError `engine/bad_setup` on a bad setup. */
export function newGame(setup: GameSetup): Game {
  const bad = validateSetup(setup)
  if (bad) throw new AppError(bad)
  return { setup, log: [], state: initialState(setup), undoable: [], redoable: [] }
}

/**
 * The game's revision: the number of entries in its log (game commands, timer commands, undos and redos alike), so
 * it steps by one at every accepted command and never steps back. The control view carries it, and a command built
 * on a view names it (`execute`'s `expected`). The one definition: nothing else is called a game's revision (the
 * overlay's push counter is its `frame`, see the app service).
 */
export function revisionOf(game: Game): number {
  return game.log.length
}

/**
 * Runs one command. Immutable: returns a new Game (the input is unchanged) and the new log entry.
 * `expected`: the revision of the view the command was built on (the judge's panel always gives it); when the game
 * has moved on since, the command is refused with `engine/stale_revision` and nothing changes — a second press that
 * was meant for the view before the first one's effect must not act on the view after it. Without it (a scenario,
 * the CLI, a synced log) the command applies to the game as it is.
 */
export function execute(game: Game, command: Command, expected?: number): ExecuteResult {
  const revision = revisionOf(game)
  if (expected !== undefined && expected !== revision)
    return { ok: false, error: E.staleRevision(expected, revision) }
  const at = command.at ?? 0
  const seq = revision + 1
  if (command.cmd === 'undo' || command.cmd === 'redo') {
    const from = command.cmd === 'undo' ? game.undoable : game.redoable
    if (from.length === 0)
      return { ok: false, error: command.cmd === 'undo' ? E.nothingToUndo() : E.nothingToRedo() }
    const target = from[from.length - 1]
    const event: GameEvent =
      command.cmd === 'undo' ? { type: 'undone', seq: target } : { type: 'redone', seq: target }
    const entry: LogEntry = { seq, command, events: [event], at }
    // The replay keeps the ruleset copy of the current state: copying it again was half an undo's time.
    return { ok: true, game: restore(game.setup, [...game.log, entry], game.state.ruleset), entry }
  }
  const d = decide(game.state, command)
  if (!d.ok) return d
  const entry: LogEntry = { seq, command, events: d.events, at }
  const undoable = isRuling(command) ? [] : isUndoable(command) ? [...game.undoable, seq] : game.undoable
  const redoable = isRuling(command) || isUndoable(command) ? [] : game.redoable
  return {
    ok: true,
    game: { setup: game.setup, log: [...game.log, entry], state: d.state, undoable, redoable },
    entry,
  }
}

/**
 * Which entries are in force after the undo/redo markers, and the undo/redo stacks. A timer command belongs to the
 * timer it changed: `anchor` is the game entry in force that last set the timer when it was given (0: none), and
 * replay applies the timer command only while that entry is again the last one in force that set the timer — so
 * after an undo or a redo the timer is exactly the one of the moment returned to, never a later step's timer carried
 * back (docs/architecture.md). The undo stack holds exactly the game entries in force, in log order.
 */
function resolveHistory(log: LogEntry[]): {
  active: boolean[]
  anchor: number[]
  undoable: number[]
  redoable: number[]
} {
  // Filled by push, not `log.map`: map's result array came out packed in some calls and holey in others, and the
  // replay's compiled code, made for one, was thrown away at the first real undo (a deopt, then a slow recompile).
  const active: boolean[] = []
  const anchor: number[] = []
  for (const e of log) {
    active.push(isUndoable(e.command) || isRuling(e.command) || e.command.cmd === 'timer')
    anchor.push(0)
  }
  let undoable: number[] = []
  let redoable: number[] = []
  for (const e of log) {
    if (e.command.cmd === 'timer') {
      for (let i = undoable.length - 1; i >= 0 && anchor[e.seq - 1] === 0; i--)
        if (setsTimer(log[undoable[i] - 1])) anchor[e.seq - 1] = undoable[i]
    }
    const marker = e.events[0]
    if (e.command.cmd === 'undo' && marker?.type === 'undone') {
      active[marker.seq - 1] = false
      undoable = undoable.filter((x) => x !== marker.seq)
      redoable.push(marker.seq)
    } else if (e.command.cmd === 'redo' && marker?.type === 'redone') {
      active[marker.seq - 1] = true
      redoable = redoable.filter((x) => x !== marker.seq)
      undoable.push(marker.seq)
    } else if (isRuling(e.command)) {
      undoable = []
      redoable = []
    } else if (isUndoable(e.command)) {
      undoable.push(e.seq)
      redoable = []
    }
  }
  return { active, anchor, undoable, redoable }
}

/**
 * Rebuilds a game from its setup and log (replay). `ruleset`: the state's copy of the setup's ruleset when the caller
 * already holds one for this setup (an undo or redo of a live game); a fresh copy otherwise.
 */
export function restore(setup: GameSetup, log: LogEntry[], ruleset?: Ruleset): Game {
  const { active, anchor, undoable, redoable } = resolveHistory(log)
  const state = initialState(setup, ruleset)
  let lastTimer = 0
  for (let i = 0; i < log.length; i++) {
    if (!active[i]) continue
    const cmd = log[i].command
    if (cmd.cmd === 'timer' && anchor[i] !== lastTimer) continue
    if (isUndoable(cmd) && setsTimer(log[i])) lastTimer = log[i].seq
    for (const e of log[i].events) apply(state, e)
  }
  return { setup, log, state, undoable, redoable }
}

/** replay(log) → state, for tests and tools. */
export function replay(setup: GameSetup, log: LogEntry[]): GameState {
  return restore(setup, log).state
}
