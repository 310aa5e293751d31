/**
 * The judge's commands (imperative; docs/architecture.md "The engine"). The app service validates every payload with
 * `commandSchema` before the engine sees it. Every command may carry `at` (ms since epoch), stamped by the app
 * service: the engine has no clock, so the timer uses it (0 when absent). Command objects are strict: a key no
 * command has is refused, at every door into a game's log (the panel, a table's push, an import).
 */
import { z } from 'zod'
import { boundedText } from '../limits'

export const seatSchema = z.number().int().min(1).max(10)
const seatList = z.array(seatSchema).max(10)
/** The latest moment a JS date can hold (whole ms since epoch): a larger or fractional `at` is no moment at all. */
export const MAX_AT_MS = 8.64e15
const at = z.number().int().min(0).max(MAX_AT_MS).optional()

/** The highest appeal number an amendment may name (an appeal's number in its tournament: №1, №2, …). */
export const AMEND_MAX_APPEAL = 1_000_000
/** An amendment's reason (the head judge's answer): 1–500 characters, no control characters (the registry's rule). */
const amendText = boundedText(500)

/** The correction an amendment carries (also the appeals' accept form): every part optional, at least one given. */
export const amendmentShape = {
  extraPoints: z
    .array(z.object({ seat: seatSchema, points: z.number().finite().min(-10).max(10) }).strict())
    .max(10)
    .optional(),
  penalties: z
    .array(
      z
        .object({
          seat: seatSchema,
          kind: z.enum(['removal', 'teamDefeat']),
          action: z.enum(['give', 'withdraw']),
        })
        .strict(),
    )
    .max(10)
    .optional(),
  bestMove: seatList.optional(),
  winner: z.enum(['red', 'black', 'draw']).optional(),
}

export { REMOVAL_REASONS, REMOVAL_REASON_TEXT, type RemovalReason } from './removal'

export const commandSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('start'), at }).strict(),
  z.object({ cmd: z.literal('next'), at }).strict(),
  z.object({ cmd: z.literal('nominate'), by: seatSchema.optional(), target: seatSchema, at }).strict(),
  z.object({ cmd: z.literal('withdraw'), by: seatSchema.optional(), at }).strict(),
  z
    .object({
      cmd: z.literal('vote'),
      candidate: seatSchema,
      voters: seatList.optional(),
      /** §7.5: the number of votes, when the judge enters a count instead of the seats. */
      count: z.number().int().min(0).max(10).optional(),
      at,
    })
    .strict(),
  z.object({ cmd: z.literal('liftAll'), yes: seatList, no: seatList.optional(), at }).strict(),
  z
    .object({
      cmd: z.literal('shot'),
      /** One target, or null for a miss. */
      target: seatSchema.nullable().optional(),
      /** Per-black shots: black seat → target (null: did not shoot). */
      shots: z.record(z.string().regex(/^([1-9]|10)$/), seatSchema.nullable()).optional(),
      at,
    })
    .strict(),
  z.object({ cmd: z.literal('donCheck'), target: seatSchema, at }).strict(),
  z.object({ cmd: z.literal('sheriffCheck'), target: seatSchema, at }).strict(),
  z.object({ cmd: z.literal('bestMove'), seats: seatList, at }).strict(),
  z.object({ cmd: z.literal('foul'), seat: seatSchema, at }).strict(),
  z.object({ cmd: z.literal('unfoul'), seat: seatSchema, at }).strict(),
  z.object({ cmd: z.literal('techFoul'), seat: seatSchema, at }).strict(),
  z.object({ cmd: z.literal('remove'), seat: seatSchema, reason: z.string().min(1).max(200), at }).strict(),
  z
    .object({ cmd: z.literal('teamDefeat'), seat: seatSchema, reason: z.string().max(200).optional(), at })
    .strict(),
  z
    .object({
      cmd: z.literal('timer'),
      action: z.enum(['start', 'pause', 'reset', 'add']),
      seconds: z.number().int().min(-600).max(600).optional(),
      at,
    })
    .strict(),
  z
    .object({
      cmd: z.literal('extraPoints'),
      seat: seatSchema,
      points: z.number().finite().min(-10).max(10),
      reason: z.string().min(1).max(500),
      at,
    })
    .strict(),
  /** §14: a judge's comment or a protest for the protocol, recorded where the game is (any phase). */
  z.object({ cmd: z.literal('comment'), text: z.string().trim().min(1).max(1000), at }).strict(),
  /**
   * An amendment (issue 31 §1): the head judge's correction of a finished game on an appeal, appended to its log
   * (never a rewrite). It names the appeal (its number in the tournament) and carries the correction: extra points
   * per seat, a ruleset penalty given or withdrawn, the best move's seats, the winning team. docs/rules.md "Appeals".
   */
  z
    .object({
      cmd: z.literal('amend'),
      appealId: z.number().int().min(1).max(AMEND_MAX_APPEAL),
      reason: amendText,
      ...amendmentShape,
      at,
    })
    .strict(),
  z.object({ cmd: z.literal('undo'), at }).strict(),
  z.object({ cmd: z.literal('redo'), at }).strict(),
])

export type Command = z.infer<typeof commandSchema>
/** Every command name the engine knows, in the schema's order (derived from the schema, never listed twice). */
export const COMMAND_NAMES: readonly string[] = commandSchema.options.map((o) => o.shape.cmd.value)
export type CommandName = Command['cmd']
export type CommandOf<K extends CommandName> = Extract<Command, { cmd: K }>
