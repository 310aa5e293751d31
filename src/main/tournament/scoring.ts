/**
 * Tournament scoring (RULES.md §13): the scoring parameters as data, the per-game points of each seat
 * and the first-kill compensation Ci (§13.5). Pure: no I/O, no clock, no randomness.
 */
import type { GameRecord, Role, SeatRecord, Team } from '../../shared/game/record'
import { BUILTIN_RULESETS, type BuiltinRulesetId, type Ruleset } from '../../shared/game/ruleset'

/** A criterion of the standings order (RULES.md §13.6). `desc` = more is better. */
export type TieBreakKey =
  | 'total'
  | 'extra'
  | 'wins'
  | 'winsAsSheriff'
  | 'winsAsDon'
  | 'winsAsCivilian'
  | 'winsAsMafia'
  | 'firstKilled'
  | 'bestMove'
  | 'ci'
  | 'penalties'
  | 'games'

export interface TieBreak {
  key: TieBreakKey
  order: 'desc' | 'asc'
}

/** An automatic bonus: `points` for every seat matching role/result/survival (e.g. +0.1 to a surviving sheriff who won). */
export interface AutoBonusRule {
  id: string
  role: Role | 'any'
  result: 'win' | 'loss' | 'any'
  /** true: only players still at the table at the end; false: only those who left; omitted: anyone. */
  survived?: boolean
  points: number
}

export interface ScoringConfig {
  id: string
  name: string
  /** Points for each player of the winning team (loss: 0). */
  win: number
  /** Points for each player in a drawn game. */
  draw: number
  /** Best move values by the number of blacks named (RULES.md §13.3). */
  bestMove: { two: number; three: number }
  /** Penalties (negative numbers): removal (удаление), removal by the 4th foul, team-defeat culprit (ППК). */
  penalties: { removal: number; fouledOut: number; teamDefeat: number }
  /** Range of the judge's extra points per game (the sum of a seat's extra points is clamped to it). */
  extraPoints: { min: number; max: number }
  ci: {
    enabled: boolean
    /** K: 0.4 (0.5 in the newest FIIM scoring). */
    k: number
    /** B = round(ratio · n); 0.4 per RULES.md §13.5. */
    ratio: number
    /** `stage`: n and i counted within each stage; `tournament`: over all games. */
    scope: 'stage' | 'tournament'
    /** Stages that are finals: Ci is off there when the stage has fewer than `minFinalGames` games. */
    finalStages: string[]
    minFinalGames: number
  }
  autoBonus: AutoBonusRule[]
  tieBreaks: TieBreak[]
}

export const DEFAULT_TIE_BREAKS: TieBreak[] = [
  { key: 'total', order: 'desc' },
  { key: 'extra', order: 'desc' },
  { key: 'wins', order: 'desc' },
  { key: 'winsAsSheriff', order: 'desc' },
  { key: 'winsAsDon', order: 'desc' },
  { key: 'firstKilled', order: 'desc' },
]

/**
 * The scoring of a ruleset (its `scoring` values, RULES.md §13): the tournament adds Ci scope, final stages, auto
 * bonuses and tie-breaks, which a ruleset does not carry. The 4th-foul removal costs the removal penalty, as in
 * the engine.
 */
export function scoringFromRuleset(
  ruleset: Ruleset,
  extra: Partial<Omit<ScoringConfig, 'id' | 'name'>> = {},
): ScoringConfig {
  const sc = ruleset.scoring
  return {
    id: ruleset.id,
    name: ruleset.name,
    win: sc.win,
    draw: sc.draw,
    bestMove: { two: sc.bestMove2, three: sc.bestMove3 },
    penalties: { removal: sc.removalPenalty, fouledOut: sc.removalPenalty, teamDefeat: sc.teamDefeatPenalty },
    extraPoints: { min: sc.extraMin, max: sc.extraMax },
    ci: {
      enabled: sc.ciK > 0,
      k: sc.ciK,
      ratio: 0.4,
      scope: 'stage',
      finalStages: ['final'],
      minFinalGames: sc.ciMinFinalGames,
    },
    autoBonus: [],
    tieBreaks: DEFAULT_TIE_BREAKS,
    ...extra,
  }
}

/** Presets that follow the built-in rulesets (RULES.md §15): FIIM values (win 1, best move 0.3/0.5, −0.5/−0.7,
 * extra −1.6…+1.6, Ci K 0.4, off in finals under 4 games). */
export const SCORING_PRESETS: Record<BuiltinRulesetId, ScoringConfig> = {
  fiim: scoringFromRuleset(BUILTIN_RULESETS.fiim),
  club: scoringFromRuleset(BUILTIN_RULESETS.club),
  city: scoringFromRuleset(BUILTIN_RULESETS.city),
}

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

/** Per-game points of one seat under `config`, recomputed from the record's facts. */
export function scoreSeat(record: GameRecord, seat: SeatRecord, config: ScoringConfig): SeatScore {
  const won = seatWon(record, seat)
  const win = !record.finished ? 0 : won ? config.win : record.winner === 'draw' ? config.draw : 0
  let bestMove = 0
  const bm = record.bestMove
  if (bm !== null && bm.by === seat.seat && !bm.void && teamOf(seat.role) === 'red') {
    bestMove = bm.blacks >= 3 ? config.bestMove.three : bm.blacks === 2 ? config.bestMove.two : 0
  }
  const extraSum = seat.extraPoints.reduce((s, e) => s + e.points, 0)
  const extra = Math.min(config.extraPoints.max, Math.max(config.extraPoints.min, extraSum))
  let penalty = 0
  const how = seat.left?.how
  if (how === 'removed') penalty = config.penalties.removal
  else if (how === 'fouledOut') penalty = config.penalties.fouledOut
  else if (how === 'teamDefeat') penalty = config.penalties.teamDefeat
  let auto = 0
  if (record.finished) {
    for (const rule of config.autoBonus) {
      if (rule.role !== 'any' && rule.role !== seat.role) continue
      if (rule.result === 'win' && !won) continue
      if (rule.result === 'loss' && (won || record.winner === 'draw')) continue
      if (rule.survived === true && seat.left !== null) continue
      if (rule.survived === false && seat.left === null) continue
      auto += rule.points
    }
  }
  return {
    win,
    bestMove,
    extra: roundScore(extra),
    penalty,
    auto: roundScore(auto),
    total: roundScore(win + bestMove + extra + penalty + auto),
  }
}

/** The per-game points as the engine stored them in the record (no recomputation). */
export function recordedSeatScore(seat: SeatRecord): SeatScore {
  const p = seat.points
  return { win: p.win, bestMove: p.bestMove, extra: p.extra, penalty: p.penalty, auto: 0, total: p.total }
}

/**
 * Ci per RULES.md §13.5: n games played, i times killed first while red, B = round(ratio·n),
 * Ci = min(K·i/B, K), 0 when B = 0. The value is added in each game where the player was killed first and lost.
 */
export function computeCi(n: number, i: number, k: number, ratio = 0.4): number {
  // ratio·n is never exactly x.5 for ratio 0.4 and integer n; Math.round is the usual rounding.
  const b = Math.round(roundScore(ratio * n))
  if (b === 0 || i === 0) return 0
  return Math.min((k * i) / b, k)
}

/** Whether Ci applies in a stage: on in the config, and not a final with fewer than minFinalGames games. */
export function ciApplies(config: ScoringConfig, stage: string | null, stageGameCount: number): boolean {
  if (!config.ci.enabled) return false
  if (stage !== null && config.ci.finalStages.includes(stage) && stageGameCount < config.ci.minFinalGames)
    return false
  return true
}
