/**
 * The JSON exchange format for moving games between machines (docs/data-format.md): format
 * `mafia-desk/games`, version 2 (a version 1 file is read as well: every part version 2 added is optional). Player
 * ids inside the document (players[].id, setup.players[].playerId, results[].playerId, pairs, appeal filers) are the
 * exporting machine's ids; the importer maps them by nickname. Tournaments are named by uuid, games by uuid, appeals
 * by (tournament uuid, number), seasons by name: never by another machine's integer ids.
 */
import { awardSettingsSchema } from '../../shared/awards'
import { z } from 'zod'
import { APPEAL_STATUSES, appealAnswerSchema } from '../../shared/appeals'
import { logEntrySchema, playerNameSchema } from '../../shared/game/entry'
import { normaliserSchema, scoringSystemSchema } from '../../shared/game/scoring-system'
import { APPEAL_TEXT_MAX, boundedText } from '../../shared/limits'
import { pairReasonSchema, seasonConfigSchema, seasonRangeProblem } from '../../shared/season-series'

export const EXCHANGE_FORMAT = 'mafia-desk/games'
/** The version this app writes. */
export const EXCHANGE_VERSION = 2
/** The versions this app reads (version 1: without seasons, pairs, normalisers, appeals and `tournaments`). */
export const EXCHANGE_VERSIONS: readonly number[] = [1, 2]

const reasoned = z.object({ points: z.number(), reason: z.string() })
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')

export const exchangePlayerSchema = z.object({
  id: z.number().int(),
  nickname: z.string().trim().min(1).max(100),
  fullName: z.string().default(''),
  club: z.string().default(''),
  city: z.string().default(''),
})

export const exchangeRoundSchema = z.object({
  number: z.number().int().positive(),
  status: z.enum(['open', 'finished']),
  finishedAt: z.number().int().nullable().default(null),
  /** The judge of a table in this round when it differs from the table's usual judge (by table number). */
  judges: z
    .array(z.object({ table: z.number().int().positive(), judge: z.string().trim().min(1).max(80) }))
    .default([]),
})

export const exchangeStageSchema = z.object({
  position: z.number().int().positive(),
  kind: z.enum(['qualifying', 'semifinal', 'final']),
  name: z.string().default(''),
  rounds: z.array(exchangeRoundSchema),
})

export const exchangeTableSchema = z.object({
  number: z.number().int().positive(),
  name: z.string().default(''),
  judge: z.string().default(''),
})

/**
 * An appeal on a game of the tournament (src/db/appeals.ts), with every logged step. Identified by its number in
 * the tournament; its game by uuid; a player filer by the document's player id.
 */
export const exchangeAppealSchema = z
  .object({
    number: z.number().int().positive(),
    game: z.string().min(1),
    filer: z
      .object({
        role: z.enum(['player', 'captain']),
        playerId: z.number().int().nullable().default(null),
        name: playerNameSchema,
      })
      .refine((f) => f.role === 'player' || f.playerId === null, {
        message: 'a captain is no player of the registry',
        path: ['playerId'],
      }),
    /** The appeal's own bounds (src/shared/appeals.ts): the same text rule as `appeals.file`. */
    text: boundedText(APPEAL_TEXT_MAX),
    status: z.enum(APPEAL_STATUSES),
    answer: z.union([z.literal(''), appealAnswerSchema]).default(''),
    amendSeq: z.number().int().positive().nullable().default(null),
    createdAt: z.number().int(),
    history: z
      .array(
        z.object({
          step: z.enum(['filed', 'rejected', 'accepted', 'replayed']),
          who: playerNameSchema,
          note: z.union([z.literal(''), appealAnswerSchema]).default(''),
          at: z.number().int(),
        }),
      )
      .min(1),
  })
  .refine((a) => a.history[0].step === 'filed' && a.history.slice(1).every((h) => h.step !== 'filed'), {
    message: 'the history opens with the filing, once',
    path: ['history'],
  })
  .refine(
    (a) =>
      a.status === 'open' ? a.history.length === 1 : a.history.length === 2 && a.history[1].step === a.status,
    {
      message: 'the history is the filing, then (once) the answer that is the appeal’s status',
      path: ['status'],
    },
  )
  .refine((a) => (a.status === 'accepted') === (a.amendSeq !== null), {
    message: 'an accepted appeal (and only it) names its amendment entry',
    path: ['amendSeq'],
  })

/**
 * A season (src/shared/season-series.ts) with its tournaments named by uuid: the list, and the weights keyed by
 * tournament uuid. The points table, the dates and the rest are checked by the season's own schema.
 */
export const exchangeSeasonSchema = seasonConfigSchema
  .omit({ tournamentIds: true, weights: true })
  .extend({
    tournaments: z.array(z.string().min(1)).max(500),
    weights: z.record(z.string().min(1), seasonConfigSchema.shape.weights.valueType),
  })
  .strict()
  .superRefine((season, ctx) => {
    const range = seasonRangeProblem(season)
    if (range) ctx.addIssue({ code: 'custom', message: range.en, path: ['to'] })
  })

/** A pair of players the club keeps apart at every seating (document player ids). */
export const exchangePairSchema = z
  .object({
    a: z.number().int(),
    b: z.number().int(),
    reason: pairReasonSchema.default(''),
  })
  .refine((p) => p.a !== p.b, { message: 'a pair needs two different players', path: ['b'] })

export const exchangeTournamentSchema = z.object({
  uuid: z.string().min(1),
  name: z.string().trim().min(1),
  startsOn: isoDate.nullable().default(null),
  endsOn: isoDate.nullable().default(null),
  ruleset: z.unknown().optional(),
  stages: z.array(exchangeStageSchema),
  tables: z.array(exchangeTableSchema),
  /** Optional for readers (issue 31 §1): the tournament's own award rules, when it has any. */
  awards: awardSettingsSchema.optional(),
  /** Version 2, optional: the tournament's normaliser for unequal game counts. */
  normaliser: normaliserSchema.optional(),
  /** Version 2, optional: the appeals on the document's games of this tournament. */
  appeals: z.array(exchangeAppealSchema).optional(),
})

/** A log entry of the file: the one log-entry shape of every door into a game's log (shared/game/entry.ts). */
export const exchangeEntrySchema = logEntrySchema

export const exchangeResultSchema = z.object({
  seat: z.number().int().min(1).max(10),
  playerId: z.number().int().nullable(),
  role: z.string().min(1),
  win: z.number(),
  bestMove: z.number(),
  extra: z.number(),
  penalty: z.number(),
  total: z.number(),
  ci: z.number().default(0),
  extraReasons: z.array(reasoned).default([]),
  penaltyReasons: z.array(reasoned).default([]),
})

export const exchangeGameSchema = z
  .object({
    uuid: z.string().min(1),
    /**
     * Version 2: the uuid of the game's tournament (one of the document's), null for a friendly game. Absent (a
     * version 1 file): the document's `tournament`, when it has one.
     */
    tournament: z.string().min(1).nullable().optional(),
    /** Stage position inside the game's tournament, round number inside that stage, table number. */
    stage: z.number().int().positive().nullable().default(null),
    round: z.number().int().positive().nullable().default(null),
    table: z.number().int().positive().nullable().default(null),
    number: z.number().int().nullable().default(null),
    judge: z.string().default(''),
    status: z.enum(['setup', 'running', 'finished']),
    rulesetId: z.string().nullable().default(null),
    winner: z.string().nullable().default(null),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    setup: z.custom<unknown>((v) => v !== undefined, 'setup is required'),
    log: z.array(exchangeEntrySchema),
    results: z.array(exchangeResultSchema),
    /** Version 2: a cancelled game (e.g. an appeal answered by a replay) with when and why; null: not cancelled. */
    cancelled: z
      .object({ at: z.number().int(), reason: z.string().max(500) })
      .nullable()
      .default(null),
  })
  .refine((g) => g.round === null || g.stage !== null, {
    message: 'a round needs its stage',
    path: ['round'],
  })
  .refine((g) => g.log.every((e, i) => i === 0 || e.seq > g.log[i - 1].seq), {
    message: 'log seq must be strictly increasing',
    path: ['log'],
  })

export const exchangeDocumentSchema = z.object({
  format: z.literal(EXCHANGE_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  exportedAt: z.string(),
  app: z.string().optional(),
  tournament: exchangeTournamentSchema.optional(),
  /** Version 2: more tournaments (the whole database's export); `tournament` stays the one of a narrower scope. */
  tournaments: z.array(exchangeTournamentSchema).optional(),
  players: z.array(exchangePlayerSchema),
  games: z.array(exchangeGameSchema),
  /** Version 2, optional: the club's seasons. */
  seasons: z.array(exchangeSeasonSchema).optional(),
  /** Version 2, optional: the registry's pairs kept apart. */
  pairs: z.array(exchangePairSchema).optional(),
  /** Version 2, optional: the custom scoring systems (made by copying a system; the shipped ones never travel). */
  scoringSystems: z.array(scoringSystemSchema).optional(),
})

export type ExchangeDocument = z.infer<typeof exchangeDocumentSchema>
export type ExchangeGame = z.infer<typeof exchangeGameSchema>
export type ExchangeTournament = z.infer<typeof exchangeTournamentSchema>
export type ExchangePlayer = z.infer<typeof exchangePlayerSchema>
export type ExchangeAppeal = z.infer<typeof exchangeAppealSchema>
export type ExchangeSeason = z.infer<typeof exchangeSeasonSchema>
export type ExchangePair = z.infer<typeof exchangePairSchema>

/** Every tournament of a document: `tournament` and then `tournaments`. */
export function documentTournaments(
  doc: Pick<ExchangeDocument, 'tournament' | 'tournaments'>,
): ExchangeTournament[] {
  return [...(doc.tournament ? [doc.tournament] : []), ...(doc.tournaments ?? [])]
}

/** The uuid of a game's tournament: its own field, or (a version 1 file) the document's tournament. */
export function gameTournament(doc: Pick<ExchangeDocument, 'tournament'>, g: ExchangeGame): string | null {
  return g.tournament === undefined ? (doc.tournament?.uuid ?? null) : g.tournament
}
