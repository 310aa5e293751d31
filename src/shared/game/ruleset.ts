/**
 * A ruleset is data (docs/rules.md §15): the engine reads these parameters and never a club name.
 * `fiim`, `club` (seeds 000+001) and `city` (seed 002) ship with the product; a user copies one and changes
 * any parameter, and each game stores the whole ruleset object it was played under.
 */
import { z } from 'zod'
import { REMOVAL_REASONS } from './commands'
import {
  scoringSystemSchema,
  tieBreakSchema,
  TIE_BREAK_KEYS,
  type ScoringSystem,
  type TieBreak,
} from './scoring-system'

const seconds = z.number().int().min(0).max(3600)
const points = z.number().min(-10).max(10)

export { TIE_BREAK_KEYS, tieBreakSchema } from './scoring-system'

export const rulesetSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  /** Timer durations in seconds (docs/rules.md §3.1, §5.2, §8.1, §9). */
  times: z.object({
    zeroNight: seconds,
    speech: seconds,
    tieSpeech: seconds,
    lastWordKilled: seconds,
    lastWordVoted: seconds,
    /** Speech of a silenced player when few players are left (FIIM: 30 s at 3–4 players), see `silencedFewPlayers`. */
    silencedFewSpeech: seconds,
  }),
  /** §6.4: "Я отзываю игрока …" allowed. */
  nominationWithdrawal: z.boolean(),
  /** §7.2: fewer nominees than this → no vote. Day 1 has its own minimum. */
  minCandidates: z.number().int().min(1).max(10),
  minCandidatesDay1: z.number().int().min(1).max(10),
  /** §7.3: whoever did not vote is counted for the last candidate, or abstains. */
  nonVoters: z.enum(['toLastCandidate', 'abstain']),
  /** §7.3: a nominee may vote against himself. */
  selfVote: z.boolean(),
  /** §8.2: the tied players vote in the revote (and the lift-all vote). */
  tiedVoteInRevote: z.boolean(),
  /** §8.3 and §8.5. */
  liftAll: z.object({
    majority: z.enum(['moreThanHalfLiving', 'yesOverNo']),
    forbidWhenAllLivingTied: z.boolean(),
    forbidThreeAtNine: z.boolean(),
  }),
  /** §11.2: `nextSpeech` (FIIM: the next own speech is lost) or `roundRule` (seeds 000/001: during his own speech the
   * speech ends at once; otherwise his next turn in the round is lost). */
  thirdFoul: z.enum(['nextSpeech', 'roundRule']),
  /** §5.3: a silenced player's turn is skipped or is a silent turn in which he may nominate. */
  silencedTurn: z.enum(['skip', 'nominateOnly']),
  /** §11.2 FIIM: with this many living players or fewer a silenced player speaks `times.silencedFewSpeech`; 0 = never. */
  silencedFewPlayers: z.number().int().min(0).max(10),
  /** §11.2: the foul that silences. */
  silenceAtFouls: z.number().int().min(1).max(10),
  /** §11.3: the foul that removes (null: never). */
  removalAtFouls: z.number().int().min(1).max(10).nullable(),
  /** §11.4: technical fouls (off in FIIM) and the count that removes. */
  techFouls: z.object({ enabled: z.boolean(), removalAt: z.number().int().min(1).max(10) }),
  /** §11.5: the reason codes a removal may give (free text belongs in a comment); absent (older rulesets): all. */
  removalReasons: z.array(z.string().min(1).max(64)).max(32).optional(),
  /** §11.5: offences that are a team defeat (ППК) under this ruleset, so refused as a removal (FIIM: the oath). */
  teamDefeatReasons: z.array(z.string().min(1).max(64)).max(32).optional(),
  /** §10.2/§10.3: which removal before the vote result cancels the vote. */
  removalCancelsVote: z.enum(['anyPlayer', 'nomineeOnly']),
  /** §4.5: best move of the first killed; void when this many or more left by day 1's vote (null: never void). */
  bestMove: z.object({
    enabled: z.boolean(),
    voidIfDay1Departures: z.number().int().min(1).max(10).nullable(),
  }),
  /** §12: a draw when nobody left over this many consecutive nights and days (null: no draw rule). */
  drawAfterQuietRounds: z.number().int().min(1).max(10).nullable(),
  /** §13: scoring values. */
  scoring: z.object({
    win: points,
    draw: points,
    bestMove2: points,
    bestMove3: points,
    removalPenalty: points,
    teamDefeatPenalty: points,
    extraMin: points,
    extraMax: points,
    /** §13.5 Ci: K and the minimum number of games for Ci in a final. */
    ciK: points,
    ciMinFinalGames: z.number().int().min(0).max(100),
    /** §13.6: tie-breaks after the total, in order; omitted in rulesets stored before they were data (FIIM's
     * order is used then). */
    tieBreaks: z.array(tieBreakSchema).max(TIE_BREAK_KEYS.length).optional(),
  }),
  /**
   * The scoring system the games are scored with (docs/tournament.md «Система подсчёта очков»): a tournament's copy
   * of the ruleset carries the system it chose. Omitted: the system of the `scoring` values (scoringSystemOf).
   */
  scoringSystem: scoringSystemSchema.optional(),
})

export type Ruleset = z.infer<typeof rulesetSchema>
export type BuiltinRulesetId = 'fiim' | 'club' | 'city'

const fiim: Ruleset = {
  id: 'fiim',
  name: 'ФИИМ / FIIM',
  times: {
    zeroNight: 60,
    speech: 60,
    tieSpeech: 30,
    lastWordKilled: 60,
    lastWordVoted: 60,
    silencedFewSpeech: 30,
  },
  nominationWithdrawal: false,
  minCandidates: 1,
  minCandidatesDay1: 2,
  nonVoters: 'toLastCandidate',
  selfVote: true,
  tiedVoteInRevote: true,
  liftAll: { majority: 'moreThanHalfLiving', forbidWhenAllLivingTied: true, forbidThreeAtNine: true },
  thirdFoul: 'nextSpeech',
  silencedTurn: 'nominateOnly',
  silencedFewPlayers: 4,
  silenceAtFouls: 3,
  removalAtFouls: 4,
  techFouls: { enabled: false, removalAt: 2 },
  removalReasons: REMOVAL_REASONS.filter((r) => r !== 'oath'),
  teamDefeatReasons: ['oath'],
  removalCancelsVote: 'anyPlayer',
  bestMove: { enabled: true, voidIfDay1Departures: 2 },
  drawAfterQuietRounds: 3,
  scoring: {
    win: 1,
    draw: 0,
    bestMove2: 0.3,
    bestMove3: 0.5,
    removalPenalty: -0.5,
    teamDefeatPenalty: -0.7,
    extraMin: -1.6,
    extraMax: 1.6,
    ciK: 0.4,
    ciMinFinalGames: 4,
    tieBreaks: [
      { key: 'extra', order: 'desc' },
      { key: 'wins', order: 'desc' },
      { key: 'winsAsSheriff', order: 'desc' },
      { key: 'winsAsDon', order: 'desc' },
      { key: 'firstKilled', order: 'desc' },
    ],
  },
}

const club: Ruleset = {
  ...fiim,
  id: 'club',
  name: 'Клуб «Первая столица» / Club',
  times: { ...fiim.times, silencedFewSpeech: 0 },
  nominationWithdrawal: true,
  thirdFoul: 'roundRule',
  silencedTurn: 'skip',
  silencedFewPlayers: 0,
  techFouls: { enabled: true, removalAt: 2 },
  removalReasons: [...REMOVAL_REASONS],
  teamDefeatReasons: [],
  removalCancelsVote: 'nomineeOnly',
  liftAll: { majority: 'moreThanHalfLiving', forbidWhenAllLivingTied: false, forbidThreeAtNine: false },
  drawAfterQuietRounds: null,
}

const city: Ruleset = {
  ...club,
  id: 'city',
  name: 'Городские правила / City',
  times: { ...club.times, lastWordVoted: 30 },
  minCandidates: 2,
  minCandidatesDay1: 2,
  nonVoters: 'abstain',
  selfVote: false,
  tiedVoteInRevote: false,
  liftAll: { majority: 'yesOverNo', forbidWhenAllLivingTied: false, forbidThreeAtNine: false },
}

export const BUILTIN_RULESETS: Record<BuiltinRulesetId, Ruleset> = { fiim, club, city }

/** A user-defined ruleset: a copy of `base` with some parameters changed, validated. */
export function deriveRuleset(
  base: Ruleset,
  changes: Partial<Ruleset> & { id: string; name: string },
): { ok: true; value: Ruleset } | { ok: false; issues: string[] } {
  const parsed = rulesetSchema.safeParse({ ...base, ...changes })
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }
}

/** FIIM's order (docs/rules.md §13.6): used for a ruleset stored before tie-breaks were ruleset data. */
export const FIIM_TIE_BREAKS: TieBreak[] = [
  { key: 'total', order: 'desc' },
  ...(fiim.scoring.tieBreaks ?? []),
]

/** The standings order of a ruleset's scoring values: the total, then its tie-breaks (a repeated key counts once). */
export function tieBreaksOf(ruleset: Ruleset): TieBreak[] {
  const list = ruleset.scoring.tieBreaks
  if (list === undefined) return FIIM_TIE_BREAKS
  const out: TieBreak[] = [{ key: 'total', order: 'desc' }]
  for (const tb of list) if (!out.some((x) => x.key === tb.key)) out.push({ key: tb.key, order: tb.order })
  return out
}

/**
 * The scoring system a ruleset's games are scored with: the one it carries (a tournament's choice), else the one
 * its `scoring` values describe (docs/rules.md §13) — which is what the shipped systems are.
 */
export function scoringSystemOf(ruleset: Ruleset): ScoringSystem {
  if (ruleset.scoringSystem !== undefined) return ruleset.scoringSystem
  const sc = ruleset.scoring
  return {
    id: ruleset.id,
    name: ruleset.name,
    basedOn: null,
    win: { civilian: sc.win, sheriff: sc.win, mafia: sc.win, don: sc.win },
    loss: 0,
    draw: sc.draw,
    extraPoints: { min: sc.extraMin, max: sc.extraMax },
    penalties: { removal: sc.removalPenalty, fourFouls: sc.removalPenalty, teamDefeat: sc.teamDefeatPenalty },
    bestMove: { two: sc.bestMove2, three: sc.bestMove3 },
    autoBonus: [],
    ci: {
      enabled: sc.ciK > 0,
      k: sc.ciK,
      ratio: 0.4,
      scope: 'stage',
      finalStages: ['final'],
      minFinalGames: sc.ciMinFinalGames,
    },
    tieBreaks: tieBreaksOf(ruleset),
  }
}

/** The scoring systems shipped with the product: FIIM and the club systems of the shipped rulesets (§15). */
export const SHIPPED_SCORING_SYSTEMS: Record<BuiltinRulesetId, ScoringSystem> = {
  fiim: scoringSystemOf(fiim),
  club: scoringSystemOf(club),
  city: scoringSystemOf(city),
}
