/**
 * The one writer of a game's log (issue 29 §7). A judge's command (the app service) and a table's push (the hub)
 * both append through `writeEntries`, inside the caller's transaction: each entry with the projection the engine's
 * state gives (status, winner, per-seat results), never a caller's own. The database refuses an entry of a game in a
 * closed round or an archived tournament (issue 29 §4) on this path, for both. What changed is then announced by
 * the service's `announceStored`, the same way for both (view, overlay, standings, tournament dashboards).
 */
import { AppError, appError } from '../../shared/errors'
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
 * `appeal`: the number of the appeal the head judge accepts (issue 31 §1). An amendment (`amend`) is written only
 * so, naming that appeal: a judge's panel or a table's push never writes one.
 */
export function writeEntries(
  db: MafiaDb,
  gameId: number,
  wasFinished: boolean,
  steps: ReadonlyArray<{ entry: LogEntry; game: Game }>,
  opts: { appeal?: number } = {},
): WrittenEntries {
  if (steps.length === 0) throw new Error('writeEntries: nothing to write')
  for (const { entry } of steps) {
    const c = entry.command
    if (c.cmd === 'amend' && c.appealId !== opts.appeal) {
      throw new AppError(
        appError(
          'app/amend_needs_appeal',
          'Исправление результата вносит главный судья, удовлетворяя апелляцию («Апелляции» в кабинете турнира).',
          'A result is amended by the head judge accepting an appeal ("Appeals" in the tournament office).',
          { gameId, seq: entry.seq },
        ),
      )
    }
  }
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
