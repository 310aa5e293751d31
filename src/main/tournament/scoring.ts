/**
 * Tournament scoring (docs/rules.md §13). A game's points are the engine's per-seat points stored in its record (the
 * protocol and `game_results` show the same numbers): this module never recomputes them. The tournament adds Ci,
 * first-kill compensation (§13.5), and optional automatic bonuses on top, and orders players by the ruleset's
 * tie-breaks (§13.6). Pure: no I/O, no clock, no randomness.
 */
import type { Role } from '../../shared/game/record'
import {
  BUILTIN_RULESETS,
  TIE_BREAK_KEYS,
  type BuiltinRulesetId,
  type Ruleset,
} from '../../shared/game/ruleset'

/** A criterion of the standings order (docs/rules.md §13.6). `total` always comes first. */
export type TieBreakKey = 'total' | (typeof TIE_BREAK_KEYS)[number]

export interface TieBreak {
  key: TieBreakKey
  /** `desc`: more is better. */
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

/** What the tournament adds to the stored per-game points, and how it orders the standings. */
export interface ScoringConfig {
  id: string
  name: string
  /** Range of the judge's extra points per game (a seat outside it is flagged in the standings, never clamped). */
  extraPoints: { min: number; max: number }
  ci: {
    enabled: boolean
    /** K: 0.4 (0.5 in the newest FIIM scoring). */
    k: number
    /** B = round(ratio · n); 0.4 per docs/rules.md §13.5. */
    ratio: number
    /** `stage`: n and i counted within each stage; `tournament`: over all games. */
    scope: 'stage' | 'tournament'
    /** Stages that are finals: Ci is off there when the stage has fewer than `minFinalGames` games. */
    finalStages: string[]
    minFinalGames: number
  }
  autoBonus: AutoBonusRule[]
  /** `total` first, then the ruleset's tie-breaks. */
  tieBreaks: TieBreak[]
}

/** FIIM's order (docs/rules.md §13.6): used for a ruleset stored before tie-breaks were ruleset data. */
export const FIIM_TIE_BREAKS: TieBreak[] = [
  { key: 'total', order: 'desc' },
  ...(BUILTIN_RULESETS.fiim.scoring.tieBreaks ?? []),
]

/** The standings order of a ruleset: the total, then its tie-breaks (a repeated key counts once). */
export function tieBreaksOf(ruleset: Ruleset): TieBreak[] {
  const list = ruleset.scoring.tieBreaks
  if (list === undefined) return FIIM_TIE_BREAKS
  const out: TieBreak[] = [{ key: 'total', order: 'desc' }]
  for (const tb of list) if (!out.some((x) => x.key === tb.key)) out.push({ key: tb.key, order: tb.order })
  return out
}

/**
 * The tournament scoring of a ruleset (its `scoring` values, docs/rules.md §13): Ci's K and final rule, the extra
 * points range and the tie-breaks. `extra` overrides what a ruleset does not carry (Ci scope, auto bonuses).
 */
export function scoringFromRuleset(
  ruleset: Ruleset,
  extra: Partial<Omit<ScoringConfig, 'id' | 'name'>> = {},
): ScoringConfig {
  const sc = ruleset.scoring
  return {
    id: ruleset.id,
    name: ruleset.name,
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
    tieBreaks: tieBreaksOf(ruleset),
    ...extra,
  }
}

/** Presets that follow the built-in rulesets (docs/rules.md §15). */
export const SCORING_PRESETS: Record<BuiltinRulesetId, ScoringConfig> = {
  fiim: scoringFromRuleset(BUILTIN_RULESETS.fiim),
  club: scoringFromRuleset(BUILTIN_RULESETS.club),
  city: scoringFromRuleset(BUILTIN_RULESETS.city),
}
