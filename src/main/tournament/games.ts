/**
 * A stored game as the standings read it: its record rebuilt through the engine from the setup and the log (the
 * log is the source of truth, so the standings carry the protocol's points), the seat whose team defeat ended it,
 * and the extra points range of its own ruleset. Pure.
 */
import { gameRecord, restore, type GameSetup, type LogEntry } from '../engine'
import { rulesetSchema, type Ruleset } from '../../shared/game/ruleset'
import type { StandingsGame } from './standings'

/** The seat of the team defeat (ППК) that ended the game: the last accepted `teamDefeat` command of the log. */
export function teamDefeatSeat(log: readonly LogEntry[]): number | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const c = log[i].command
    if (c.cmd === 'teamDefeat' && log[i].events.some((e) => e.type === 'gameDecided')) return c.seat
  }
  return null
}

/** The ruleset stored in a game's setup, when it is a valid one. */
export function rulesetOfSetup(setup: unknown): Ruleset | null {
  const r = (setup as { ruleset?: unknown } | null)?.ruleset
  const parsed = rulesetSchema.safeParse(r)
  return parsed.success ? parsed.data : null
}

export function standingsGameFromLog(
  gameId: number,
  stage: string | null,
  setup: GameSetup,
  log: readonly LogEntry[],
): StandingsGame {
  const record = gameRecord(restore(setup, [...log]))
  const ruleset = rulesetOfSetup(setup)
  return {
    gameId,
    stage,
    record,
    teamDefeatBy: teamDefeatSeat(log),
    ...(ruleset ? { extraRange: { min: ruleset.scoring.extraMin, max: ruleset.scoring.extraMax } } : {}),
  }
}
