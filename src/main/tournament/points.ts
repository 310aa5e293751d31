/**
 * The points of a seat in a game (docs/rules.md §13.1–13.4): the team rule, the automatic bonuses and the recorded
 * points. Pure.
 */
import type { Role, SeatRecord, Team, GameRecord } from '../../shared/game/record'
import type { AutoBonusRule } from './scoring'

const RED_ROLES: readonly Role[] = ['civilian', 'sheriff']

export function teamOf(role: Role): Team {
  return RED_ROLES.includes(role) ? 'red' : 'black'
}

/** Rounds away binary noise (0.1 + 0.2) so that equal scores compare equal. */
export function roundScore(x: number): number {
  const r = Math.round(x * 1e6) / 1e6
  return r === 0 ? 0 : r
}

export interface SeatScore {
  win: number
  bestMove: number
  extra: number
  penalty: number
  auto: number
  /** Total without Ci (Ci needs the whole tournament; see computeCi). */
  total: number
}

/** Whether this seat's team won (a draw is not a win). */
export function seatWon(record: GameRecord, seat: SeatRecord): boolean {
  return record.winner !== null && record.winner !== 'draw' && record.winner === teamOf(seat.role)
}

/** The automatic bonuses of a seat (a tournament-level addition, like Ci). */
export function autoBonusOf(record: GameRecord, seat: SeatRecord, rules: AutoBonusRule[]): number {
  if (!record.finished) return 0
  const won = seatWon(record, seat)
  let auto = 0
  for (const rule of rules) {
    if (rule.role !== 'any' && rule.role !== seat.role) continue
    if (rule.result === 'win' && !won) continue
    if (rule.result === 'loss' && (won || record.winner === 'draw')) continue
    if (rule.survived === true && seat.left !== null) continue
    if (rule.survived === false && seat.left === null) continue
    auto += rule.points
  }
  return roundScore(auto)
}

/**
 * The per-game points of a seat: exactly the engine's points stored in the record (the protocol's numbers),
 * plus the tournament's automatic bonuses when it has any.
 */
export function recordedSeatScore(seat: SeatRecord, auto = 0): SeatScore {
  const p = seat.points
  return {
    win: p.win,
    bestMove: p.bestMove,
    extra: p.extra,
    penalty: p.penalty,
    auto,
    total: roundScore(p.total + auto),
  }
}
