/**
 * The JSON protocol: `{format: 'mafia-desk/protocol', version: 1, header, record}` (docs/protocol-format.md).
 * The zod schema validates a file read back; its inferred type is checked against GameRecord at compile time.
 */
import { z } from 'zod'
import { NOTICE_CODES, type Notice } from '../../shared/game/notices'
import type { GameRecord } from '../../shared/game/record'
import type { ProtocolHeader } from './protocol-model'

export const PROTOCOL_FORMAT = 'mafia-desk/protocol'
export const PROTOCOL_VERSION = 1

const seatNo = z.number().int().min(1).max(10)
const role = z.enum(['civilian', 'sheriff', 'mafia', 'don'])
const scored = z.object({ points: z.number(), reason: z.string() })

export const protocolHeaderSchema = z.object({
  tournament: z.string(),
  stage: z.string().nullable(),
  /** The stage's kind (optional, since format version 1 was first published): names an unnamed stage. */
  stageKind: z.enum(['qualifying', 'semifinal', 'final']).nullable().optional(),
  round: z.number().int().nullable(),
  table: z.number().int().nullable(),
  gameNumber: z.number().int().nullable(),
  date: z.string(),
  judge: z.string(),
  rulesetName: z.string(),
  comments: z.array(z.string()).optional(),
  seatNotes: z.record(z.string(), z.string()).optional(),
})

const seatRecordSchema = z.object({
  seat: seatNo,
  name: z.string(),
  playerId: z.number().int().nullable(),
  role,
  fouls: z.number().int().min(0),
  techFouls: z.number().int().min(0),
  status: z.enum(['alive', 'killed', 'votedOut', 'removed']),
  left: z
    .object({
      how: z.enum(['killed', 'votedOut', 'lifted', 'removed', 'fouledOut', 'teamDefeat']),
      day: z.number().int().nullable(),
      night: z.number().int().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  points: z.object({
    win: z.number(),
    bestMove: z.number(),
    extra: z.number(),
    penalty: z.number(),
    total: z.number(),
  }),
  extraPoints: z.array(scored),
  penalties: z.array(scored),
})

const nightSchema = z.object({
  night: z.number().int().min(0),
  shot: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('kill'), target: seatNo }),
      z.object({ kind: z.literal('miss') }),
    ])
    .nullable(),
  shots: z.record(z.string(), seatNo.nullable()).nullable(),
  donCheck: z.object({ target: seatNo, isSheriff: z.boolean() }).nullable(),
  sheriffCheck: z.object({ target: seatNo, isBlack: z.boolean() }).nullable(),
})

const votingSchema = z.union([
  z.object({
    kind: z.enum(['vote', 'revote']),
    candidates: z.array(
      z.object({ seat: seatNo, voters: z.array(seatNo), count: z.number().int().min(0).max(10).optional() }),
    ),
  }),
  z.object({
    kind: z.literal('liftAll'),
    seats: z.array(seatNo),
    yes: z.array(seatNo),
    no: z.array(seatNo),
    passed: z.boolean(),
  }),
])

const daySchema = z.object({
  day: z.number().int().min(1),
  opener: seatNo,
  nominations: z.array(z.object({ by: seatNo, target: seatNo, withdrawn: z.boolean() })),
  votings: z.array(votingSchema),
  voteCancelled: z.boolean(),
  left: z.array(seatNo),
})

export const gameRecordSchema = z.object({
  rulesetId: z.string(),
  rulesetName: z.string(),
  players: z.array(z.object({ seat: seatNo, name: z.string(), playerId: z.number().int().nullable(), role })),
  finished: z.boolean(),
  winner: z.enum(['red', 'black', 'draw']).nullable(),
  endReason: z.enum(['blacksEliminated', 'parity', 'draw', 'teamDefeat', 'appeal']).nullable(),
  seats: z.array(seatRecordSchema),
  nights: z.array(nightSchema),
  days: z.array(daySchema),
  fouls: z.array(
    z.object({
      seat: seatNo,
      kind: z.enum(['foul', 'techFoul']),
      phase: z.enum(['zeroNight', 'day', 'night']),
      day: z.number().int(),
      night: z.number().int(),
      speaker: seatNo.nullable(),
    }),
  ),
  bestMove: z
    .object({
      by: seatNo,
      seats: z.array(seatNo),
      blacks: z.number().int().min(0).max(3),
      void: z.boolean(),
      points: z.number(),
    })
    .nullable(),
  firstKilled: seatNo.nullable(),
  comments: z
    .array(
      z.object({
        text: z.string(),
        phase: z.enum(['setup', 'zeroNight', 'day', 'night', 'finished']),
        day: z.number().int().min(0),
        night: z.number().int().min(0),
      }),
    )
    .optional(),
  notices: z
    .array(
      z.object({
        notice: z.custom<Notice>(
          (v) =>
            typeof v === 'object' &&
            v !== null &&
            (NOTICE_CODES as string[]).includes((v as { code?: unknown }).code as string) &&
            typeof (v as { params?: unknown }).params === 'object' &&
            (v as { params?: unknown }).params !== null,
          { message: 'not a notice' },
        ),
        day: z.number().int().min(0),
        night: z.number().int().min(0),
      }),
    )
    .optional(),
  /** Amendments on appeal (issue 31 §1), in log order. */
  amendments: z
    .array(
      z.object({
        appealId: z.number().int().positive(),
        reason: z.string(),
        extraPoints: z.array(z.object({ seat: seatNo, points: z.number() })),
        penalties: z.array(
          z.object({
            seat: seatNo,
            points: z.number(),
            kind: z.enum(['removal', 'teamDefeat']),
            action: z.enum(['give', 'withdraw']),
          }),
        ),
        bestMove: z.array(seatNo).nullable(),
        winner: z
          .object({ from: z.enum(['red', 'black', 'draw']).nullable(), to: z.enum(['red', 'black', 'draw']) })
          .nullable(),
      }),
    )
    .optional(),
  daysPlayed: z.number().int().min(0),
  nightsPlayed: z.number().int().min(0),
})

export const protocolJsonSchema = z.object({
  format: z.literal(PROTOCOL_FORMAT),
  version: z.literal(PROTOCOL_VERSION),
  lang: z.enum(['ru', 'en']),
  finished: z.boolean(),
  header: protocolHeaderSchema,
  record: gameRecordSchema,
})

export type ProtocolJson = z.infer<typeof protocolJsonSchema>

// Compile-time checks: the schema and the shared types describe the same shape (extra record fields are allowed
// by GameRecord's later versions only if the schema follows; tsc fails here when they drift apart).
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const recordMatches: Equal<z.infer<typeof gameRecordSchema>, GameRecord> = true
const headerMatches: Equal<z.infer<typeof protocolHeaderSchema>, ProtocolHeader> = true
void recordMatches
void headerMatches
