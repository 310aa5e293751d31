/**
 * Awards (номинации, issue 31 §1) as data: which roles an award looks at, what it measures, the minimum of games
 * in those roles and the tie-breaks after the measure. One schema for every door (the contract, the database
 * row, the defaults) and one place for the names the exports, the diplomas and /admin show.
 */
import { z } from 'zod'

/** The roles an award looks at: a team (red = civilian + sheriff, black = mafia + don) or one role. */
export const AWARD_ROLE_FILTERS = ['red', 'black', 'civilian', 'sheriff', 'mafia', 'don'] as const
export type AwardRoleFilter = (typeof AWARD_ROLE_FILTERS)[number]

/** What ranks the players: total points in those roles, points per game in them, or wins in them. */
export const AWARD_MEASURES = ['points', 'pointsPerGame', 'wins'] as const
export type AwardMeasure = (typeof AWARD_MEASURES)[number]

/**
 * The tie-breaks after the measure, each with its fixed direction: more games in the roles, more wins in them,
 * higher Ci in them, more best-move hits in them, fewer fouls in them, a better place in the tournament standings.
 */
export const AWARD_TIE_BREAKS = ['games', 'wins', 'ci', 'bestMove', 'fouls', 'rank'] as const
export type AwardTieBreak = (typeof AWARD_TIE_BREAKS)[number]

/** The five shipped awards (their ids; a tournament may rename, disable or re-rule them). */
export const DEFAULT_AWARD_IDS = ['bestRed', 'bestBlack', 'bestSheriff', 'bestDon', 'bestCivilian'] as const

export const STAGE_KINDS_FOR_AWARDS = ['qualifying', 'semifinal', 'final'] as const

/** The most awards a tournament may have: the five shipped ones and up to 15 of the organiser's own. */
export const MAX_AWARDS = 20
export const MAX_OWN_AWARDS = MAX_AWARDS - DEFAULT_AWARD_IDS.length

/** Whether an award is one of the five shipped ones (those can be switched off, never removed). */
export function isShippedAward(id: string): boolean {
  return (DEFAULT_AWARD_IDS as readonly string[]).includes(id)
}

export const awardRuleSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/),
    enabled: z.boolean(),
    /** A custom title; null: the shipped title in the reader's language. */
    title: z.string().trim().min(1).max(120).nullable(),
    roles: z.enum(AWARD_ROLE_FILTERS),
    measure: z.enum(AWARD_MEASURES),
    /** The fewest games in those roles a player needs to be considered. */
    minGames: z.number().int().min(0).max(1000),
    /** Applied in order after the measure; a key appears at most once. */
    tieBreaks: z
      .array(z.enum(AWARD_TIE_BREAKS))
      .max(AWARD_TIE_BREAKS.length)
      .refine((list) => new Set(list).size === list.length, { message: 'repeated tie-break' }),
  })
  .strict()

export type AwardRule = z.infer<typeof awardRuleSchema>

export const awardSettingsSchema = z
  .object({
    /** The stages whose games count: 'all', or a list of stage kinds (games outside any stage count with 'all' only). */
    stages: z.union([
      z.literal('all'),
      z
        .array(z.enum(STAGE_KINDS_FOR_AWARDS))
        .min(1)
        .max(3)
        .refine((list) => new Set(list).size === list.length, { message: 'repeated stage' }),
    ]),
    awards: z
      .array(awardRuleSchema)
      .max(MAX_AWARDS)
      .refine((list) => new Set(list.map((a) => a.id)).size === list.length, {
        message: 'repeated award id',
      })
      .superRefine((list, ctx) => {
        const own = list.filter((a) => !isShippedAward(a.id)).length
        if (own > MAX_OWN_AWARDS)
          ctx.addIssue({
            code: 'custom',
            message: `at most ${MAX_OWN_AWARDS} awards of your own (${MAX_AWARDS} in all)`,
            params: {
              ru: `не больше ${MAX_OWN_AWARDS} своих номинаций (всего не больше ${MAX_AWARDS})`,
              en: `at most ${MAX_OWN_AWARDS} awards of your own (${MAX_AWARDS} in all)`,
            },
          })
        // An award of the organiser's own has no shipped title to fall back on: its title is required.
        list.forEach((a, i) => {
          if (a.title === null && !isShippedAward(a.id))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'title'],
              message: 'an award of your own needs a title',
              params: {
                ru: 'у своей номинации должно быть название',
                en: 'an award of your own needs a title',
              },
            })
        })
      }),
  })
  .strict()

export type AwardSettings = z.infer<typeof awardSettingsSchema>

const FULL_TIE_BREAKS: AwardTieBreak[] = [...AWARD_TIE_BREAKS]

function shipped(
  id: (typeof DEFAULT_AWARD_IDS)[number],
  roles: AwardRoleFilter,
  minGames: number,
): AwardRule {
  return {
    id,
    enabled: true,
    title: null,
    roles,
    measure: 'points',
    minGames,
    tieBreaks: [...FULL_TIE_BREAKS],
  }
}

/** The shipped rules: the five awards by total points in the roles, all stages counted. */
export function defaultAwardSettings(): AwardSettings {
  return {
    stages: 'all',
    awards: [
      shipped('bestRed', 'red', 1),
      shipped('bestBlack', 'black', 1),
      shipped('bestSheriff', 'sheriff', 1),
      shipped('bestDon', 'don', 1),
      shipped('bestCivilian', 'civilian', 1),
    ],
  }
}

/**
 * The rules with every shipped award present: one left out of a document (an older row, a file, a caller that
 * dropped it) is there switched off — the five shipped awards can only be switched off, never removed. The stored
 * rules and the ones read back both pass through here.
 */
export function completeAwardSettings(settings: AwardSettings): AwardSettings {
  const have = new Set(settings.awards.map((a) => a.id))
  const missing = defaultAwardSettings()
    .awards.filter((a) => !have.has(a.id))
    .map((a) => ({ ...a, enabled: false }))
  if (missing.length === 0) return settings
  // The shipped ones keep their place ahead of the organiser's own.
  const shipped = settings.awards.filter((a) => isShippedAward(a.id))
  const own = settings.awards.filter((a) => !isShippedAward(a.id))
  return { ...settings, awards: [...shipped, ...missing, ...own] }
}

type Lang = 'ru' | 'en'

/** The names shown by /admin, the exports and the diplomas (RULES §0 terms). */
export const AWARD_NAMES: Record<
  Lang,
  {
    titles: Record<(typeof DEFAULT_AWARD_IDS)[number], string>
    roles: Record<AwardRoleFilter, string>
    measures: Record<AwardMeasure, string>
    tieBreaks: Record<AwardTieBreak, string>
    /** The measure alone placed the winner. */
    byMeasure: string
  }
> = {
  ru: {
    titles: {
      bestRed: 'Лучший игрок красной команды',
      bestBlack: 'Лучший игрок чёрной команды',
      bestSheriff: 'Лучший шериф',
      bestDon: 'Лучший дон',
      bestCivilian: 'Лучший мирный',
    },
    roles: {
      red: 'красные (мирный, шериф)',
      black: 'чёрные (мафия, дон)',
      civilian: 'мирный',
      sheriff: 'шериф',
      mafia: 'мафия',
      don: 'дон',
    },
    measures: { points: 'сумма баллов', pointsPerGame: 'баллы за игру', wins: 'победы' },
    tieBreaks: {
      games: 'больше игр',
      wins: 'больше побед',
      ci: 'выше Ci',
      bestMove: 'больше лучших ходов',
      fouls: 'меньше фолов',
      rank: 'место в турнирной таблице',
    },
    byMeasure: 'по основному показателю',
  },
  en: {
    titles: {
      bestRed: 'Best red player',
      bestBlack: 'Best black player',
      bestSheriff: 'Best sheriff',
      bestDon: 'Best don',
      bestCivilian: 'Best civilian',
    },
    roles: {
      red: 'red (civilian, sheriff)',
      black: 'black (mafia, don)',
      civilian: 'civilian',
      sheriff: 'sheriff',
      mafia: 'mafia',
      don: 'don',
    },
    measures: { points: 'total points', pointsPerGame: 'points per game', wins: 'wins' },
    tieBreaks: {
      games: 'more games',
      wins: 'more wins',
      ci: 'higher Ci',
      bestMove: 'more best-move hits',
      fouls: 'fewer fouls',
      rank: 'standings place',
    },
    byMeasure: 'by the measure',
  },
}

/** An award's title: its custom one, else the shipped title, else its id. */
export function awardTitle(rule: { id: string; title: string | null }, lang: Lang): string {
  if (rule.title !== null) return rule.title
  const titles = AWARD_NAMES[lang].titles as Record<string, string>
  return titles[rule.id] ?? rule.id
}

/** One winner of an award with the figures that placed him (all counted in the award's roles). */
export interface AwardWinner {
  playerKey: string
  playerId: number | null
  name: string
  games: number
  wins: number
  points: number
  pointsPerGame: number
  ci: number
  /** Games in the roles whose best move scored. */
  bestMoveHits: number
  fouls: number
  /** His place in the tournament's overall standings. */
  rank: number | null
  /** The award's measure. */
  value: number
}

/** An award's result: its winners (several when no tie-break separates them), and what decided it. */
export interface AwardResult {
  id: string
  title: string | null
  roles: AwardRoleFilter
  measure: AwardMeasure
  minGames: number
  /** Players with at least minGames in the roles. */
  contenders: number
  winners: AwardWinner[]
  /**
   * What separated the winner from the next contender: 'measure', a tie-break key, or null (no other contender,
   * no contender at all, or a tie no criterion breaks: the award is shared).
   */
  decidedBy: 'measure' | AwardTieBreak | null
}

/** `awards.get`: the rules as stored (or the shipped ones) and the winners they give now. */
export interface AwardsView {
  tournamentId: number
  settings: AwardSettings
  /** The rules are the shipped defaults (none stored yet). */
  isDefault: boolean
  results: AwardResult[]
}
