/**
 * The JSON exchange format for moving games between machines (docs/data-format.md): format
 * `mafia-desk/games`, version 1. Player ids inside the document (players[].id, setup.players[].playerId,
 * results[].playerId) are the exporting machine's ids; the importer maps them by nickname.
 */
import { awardSettingsSchema } from '../../shared/awards'
import { z } from 'zod'
import { logEntrySchema } from '../../shared/game/entry'

export const EXCHANGE_FORMAT = 'mafia-desk/games'
export const EXCHANGE_VERSION = 1

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
    /** Stage position inside the document's tournament, round number inside that stage, table number. */
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
  })
  .refine((g) => g.round === null || g.stage !== null, {
    message: 'a round needs its stage',
    path: ['round'],
  })
  .refine((g) => g.log.every((e, i) => i === 0 || e.seq > g.log[i - 1].seq), {
    message: 'log seq must be strictly increasing',
    path: ['log'],
  })

export const exchangeDocumentSchema = z
  .object({
    format: z.literal(EXCHANGE_FORMAT),
    version: z.literal(EXCHANGE_VERSION),
    exportedAt: z.string(),
    app: z.string().optional(),
    tournament: exchangeTournamentSchema.optional(),
    players: z.array(exchangePlayerSchema),
    games: z.array(exchangeGameSchema),
  })
  .refine((d) => d.tournament !== undefined || d.games.every((g) => g.stage === null && g.table === null), {
    message: 'games refer to a stage or table but the document has no tournament',
    path: ['games'],
  })

export type ExchangeDocument = z.infer<typeof exchangeDocumentSchema>
export type ExchangeGame = z.infer<typeof exchangeGameSchema>
export type ExchangeTournament = z.infer<typeof exchangeTournamentSchema>
export type ExchangePlayer = z.infer<typeof exchangePlayerSchema>
