/**
 * The club's season as a series of tournaments (issue 31 §4): its definition (zod, the one door for the contract
 * and for the stored row), the season table's shape, and the registry's pair policies (issue 31 §2).
 * src/main/tournament/series.ts computes the table; src/main/app/organiser/season-series.ts reads the database.
 */
import { z } from 'zod'
import type { LocalizedText } from './errors'

const id = z.number().int().positive()
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: 'not a calendar date' })

/**
 * Series points per final place: a table (1st, 2nd, 3rd, …; places past its end get 0), or the formula
 * «N − place + 1» where N is the number of players in the tournament's final classification (last place gets 1).
 */
export const seriesPointsSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('table'),
      points: z.array(z.number().min(0).max(1000)).min(1).max(200),
    })
    .strict(),
  z.object({ kind: z.literal('formula') }).strict(),
])
export type SeriesPoints = z.infer<typeof seriesPointsSchema>

/** The points table most series use: 25, 18, 15, 12, 10, 8, 6, 4, 2, 1. */
export const DEFAULT_SERIES_POINTS: SeriesPoints = {
  kind: 'table',
  points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
}

/**
 * What a season is, without its id: stored as the row's config and checked by this schema on every read. The one
 * rule across fields (the range's order) is `seasonRangeProblem`, applied by every door beside this schema.
 */
export const seasonConfigSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    /**
     * The date range (inclusive): the tournaments that start in it, and the friendly games played in it. Either
     * end may be left open. Ignored for tournaments when `tournamentIds` lists them.
     */
    from: isoDate.nullable(),
    to: isoDate.nullable(),
    /** An explicit list of tournaments instead of the range (empty: the range decides). */
    tournamentIds: z.array(id).max(500),
    /** Whether friendly games (outside any tournament) count for the season's rating column. */
    friendlies: z.boolean(),
    points: seriesPointsSchema,
    /** A multiplier per tournament (its weight or category), by tournament id; 1 when not listed. */
    weights: z.record(z.string().regex(/^[1-9]\d*$/), z.number().min(0).max(100)),
  })
  .strict()

/** A new season's definition: open dates, no list, friendly games counted, the usual points table. */
export function newSeasonConfig(name: string): SeasonConfig {
  return {
    name,
    from: null,
    to: null,
    tournamentIds: [],
    friendlies: true,
    points: DEFAULT_SERIES_POINTS,
    weights: {},
  }
}

/** The one rule across fields: a range that ends before it starts is refused (with the judge's words). */
export function seasonRangeProblem(c: { from: string | null; to: string | null }): LocalizedText | null {
  if (c.from === null || c.to === null || c.from <= c.to) return null
  return {
    ru: `сезон кончается (${c.to}) раньше, чем начинается (${c.from})`,
    en: `the season ends (${c.to}) before it starts (${c.from})`,
  }
}
export type SeasonConfig = z.infer<typeof seasonConfigSchema>

/** `season.save`: a new season (no id) or a changed one; a field left out keeps its value (or the default). */
export const seasonSaveSchema = seasonConfigSchema
  .partial()
  .required({ name: true })
  .extend({ seasonId: id.optional() })
  .strict()
export type SeasonSaveInput = z.infer<typeof seasonSaveSchema>

export interface SeasonDef extends SeasonConfig {
  id: number
}

/** One tournament of the season, as the table counts it. */
export interface SeasonTournament {
  id: number
  name: string
  startsOn: string | null
  weight: number
  /** Players in its final classification. */
  players: number
}

/** A player's result in one tournament of the season. */
export interface SeriesResult {
  tournamentId: number
  /** His place in the tournament's final classification (a shared place is the same number). */
  place: number
  /** Series points: the place's points × the tournament's weight (2 decimals). */
  points: number
}

/** The criteria of the season table's order, in order (docs/tournament.md «Сезон»). */
export const SEASON_TIE_RULE = ['total', 'wins', 'places', 'rating'] as const
export type SeasonTieKey = (typeof SEASON_TIE_RULE)[number]

export interface SeasonTableRow {
  place: number
  playerId: number
  nickname: string
  /** Series points over the season's tournaments. */
  total: number
  /** Tournaments of the season in whose final classification he is. */
  tournaments: number
  /** Tournaments won (first place). */
  wins: number
  /** His best place (null: no tournament of the season). */
  bestPlace: number | null
  results: SeriesResult[]
  /** The rating (μ − 3σ) over the season's games, 2 decimals; null: no rated game in the season. */
  rating: number | null
  /** Rated games of the season he played. */
  ratedGames: number
  /** The criterion that put him above the next row (null: the last row, or a shared place). */
  decidedBy: SeasonTieKey | null
}

export interface SeasonTable {
  season: SeasonDef
  tournaments: SeasonTournament[]
  /** Games rated for the rating column. */
  ratedGames: number
  tieRule: SeasonTieKey[]
  rows: SeasonTableRow[]
}

// ---- pair policies in the registry ----------------------------------------------------------------------

/**
 * Two players the club keeps apart at every tournament's seating (relatives, a couple, one team's members): the
 * registry's pairs are added to each stage's own pairs when a seating is generated.
 */
/** Why a pair is kept apart (a note; also the exchange file's pairs). */
export const pairReasonSchema = z.string().trim().max(200)

export const pairPolicySchema = z
  .object({
    a: id,
    b: id,
    reason: pairReasonSchema.optional(),
  })
  .strict()
  .refine((p) => p.a !== p.b, { message: 'a pair needs two different players', path: ['b'] })
export type PairPolicyInput = z.infer<typeof pairPolicySchema>

export interface PairPolicy {
  /** The smaller id first. */
  a: number
  b: number
  aName: string
  bName: string
  reason: string
}
