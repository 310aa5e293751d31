/**
 * The one writer of a game's log (issue 29 §7). A judge's command (the app service) and a table's push (the hub)
 * both append through `writeEntries`, inside the caller's transaction: each entry with the projection the engine's
 * state gives (status, winner, per-seat results), never a caller's own. The database refuses an entry of a game in a
 * closed round or an archived tournament (issue 29 §4) on this path, for both. What changed is then announced by
 * the service's `announceStored`, the same way for both (view, overlay, standings, tournament dashboards).
 */
import type { Game, LogEntry } from '../engine'
import type { MafiaDb, StoredEntry } from '../db'
import { projectionOf } from './projection'

export interface WrittenEntries {
  /** The game after the last entry, its status and winner as stored. */
  game: Game
  status: 'running' | 'finished'
  winner: string | null
  /** Whether a result moved (a game ended, or was undone past its end, or changed after it): standings follow. */
  resultChanged: boolean
}

/**
 * Appends entries the engine made (each with the game it led to) to game `gameId`, whose stored status was
 * finished or not (`wasFinished`). Call inside a transaction to store several at once (all or nothing).
 */
export function writeEntries(
  db: MafiaDb,
  gameId: number,
  wasFinished: boolean,
  steps: ReadonlyArray<{ entry: LogEntry; game: Game }>,
): WrittenEntries {
  if (steps.length === 0) throw new Error('writeEntries: nothing to write')
  let finished = wasFinished
  let winner: string | null = null
  for (const step of steps) {
    const projection = projectionOf(step.game, finished)
    db.games.appendEntry(gameId, step.entry as StoredEntry, projection)
    finished = projection.status === 'finished'
    winner = projection.winner
  }
  return {
    game: steps[steps.length - 1].game,
    status: finished ? 'finished' : 'running',
    winner,
    resultChanged: wasFinished || finished,
  }
}
