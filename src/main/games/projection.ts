/**
 * What the database stores next to a log entry: the game's status, winner and — with the command that ends the
 * game — every seat's result (cleared when an undo reopens a finished game). One function for the app service's
 * command path and for the hub storing a table's synced entries (issue 16), so both store the same projection.
 */
import { gameRecord, type Game } from '../engine'
import type { Projection } from '../db'

export function projectionOf(next: Game, wasFinished: boolean): Projection {
  const finished = next.state.phase === 'finished'
  const results = finished
    ? gameRecord(next).seats.map((s) => ({
        seat: s.seat,
        playerId: s.playerId,
        role: s.role,
        win: s.points.win,
        bestMove: s.points.bestMove,
        extra: s.points.extra,
        penalty: s.points.penalty,
        total: s.points.total,
        extraReasons: s.extraPoints,
        penaltyReasons: s.penalties,
      }))
    : wasFinished
      ? []
      : undefined
  // A game undone back to its setup has not started (the lists say «Подготовка», not «Идёт»).
  const status = finished ? 'finished' : next.state.phase === 'setup' ? 'setup' : 'running'
  return { status, winner: next.state.winner ?? null, results }
}
