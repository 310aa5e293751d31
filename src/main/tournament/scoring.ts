/**
 * The tournament's scoring configuration (docs/rules.md §13): which scoring system scores it. The system is data
 * (shared/game/scoring-system.ts) and `gamePoints` there is the one computation of a game's points; Ci is in
 * ci.ts, the order in ranking.ts, the table in standings.ts. Pure.
 */
import {
  FIIM_TIE_BREAKS,
  SHIPPED_SCORING_SYSTEMS,
  scoringSystemOf,
  tieBreaksOf,
  type Ruleset,
} from '../../shared/game/ruleset'
import type { ScoringSystem } from '../../shared/game/scoring-system'

export type { AutoBonusRule, ScoringSystem, TieBreak, TieBreakKey } from '../../shared/game/scoring-system'
export { FIIM_TIE_BREAKS, SHIPPED_SCORING_SYSTEMS, scoringSystemOf, tieBreaksOf }

/** The system of a ruleset with some parts replaced (e.g. automatic bonuses, Ci scope). */
export function scoringSystemWith(
  ruleset: Ruleset,
  extra: Partial<Omit<ScoringSystem, 'id' | 'name'>> = {},
): ScoringSystem {
  return { ...scoringSystemOf(ruleset), ...extra }
}
