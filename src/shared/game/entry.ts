/**
 * One shape for what enters a game's log, whichever door it comes through (issue 29 §7): the judge's panel
 * (`game.command`, `games.create`), a table machine's push and pull (`/sync/push`, `/sync/pull`), an exchange file
 * (`data.import`). A log entry is a strict command with bounded text, a bounded list of event objects and a real
 * moment; a setup is ten named players, a valid ruleset and a role for each seat 1–10. The engine's replay check
 * (`engine/verify.ts`) then makes sure the entries are exactly what the engine makes of them.
 */
import { z } from 'zod'
import { commandSchema, MAX_AT_MS } from './commands'
import { rulesetSchema } from './ruleset'
import { NICKNAME_MAX } from '../limits'
import type { LocalizedText } from '../errors'
import { validationMessage } from '../validation-message'

export { MAX_AT_MS }

/** A game's log never holds more entries than this (a real game has a few hundred). */
export const MAX_LOG_SEQ = 20_000
/** The events of one entry: at most this many, and this many characters of JSON. */
export const MAX_ENTRY_EVENTS = 100
export const MAX_ENTRY_EVENTS_CHARS = 64 * 1024

/** A player's name or nickname: 1–NICKNAME_MAX characters, no NUL or other control characters (the registry's rule). */
export const playerNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(NICKNAME_MAX)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'control characters (such as NUL) are not allowed')

const eventSchema = z.looseObject({ type: z.string().min(1).max(40) })

export const logEntrySchema = z
  .object({
    seq: z.number().int().min(1).max(MAX_LOG_SEQ),
    command: commandSchema,
    events: z
      .array(eventSchema)
      .max(MAX_ENTRY_EVENTS)
      .refine((events) => JSON.stringify(events).length <= MAX_ENTRY_EVENTS_CHARS, {
        message: `the events are longer than ${MAX_ENTRY_EVENTS_CHARS} characters`,
      }),
    at: z.number().int().min(0).max(MAX_AT_MS),
  })
  .strict()
export type LogEntryInput = z.infer<typeof logEntrySchema>

const roleSchema = z.enum(['civilian', 'sheriff', 'mafia', 'don'])

/**
 * A game's setup as any door hands it over: ten players (name; the registry link and photo are the receiving
 * machine's own), the ruleset and one role per seat. The deal itself (one don, two mafia, one sheriff) is the
 * engine's `validateSetup`.
 */
export const gameSetupSchema = z
  .object({
    ruleset: rulesetSchema,
    players: z
      .array(
        z
          .object({
            name: playerNameSchema,
            playerId: z.number().int().positive().nullable().optional(),
            photo: z.string().max(300).nullable().optional(),
            club: z.string().max(200).nullable().optional(),
          })
          .strict(),
      )
      .length(10),
    roles: z
      .record(z.string().regex(/^(10|[1-9])$/), roleSchema)
      .refine((roles) => Object.keys(roles).length === 10, { message: 'one role for each seat 1–10' }),
  })
  .strict()

/**
 * The first problem of a zod parse, as "field: what is allowed" in both languages (for a typed refusal's text): the
 * one validation wording of shared/validation-message.ts, which names a player by his seat, never by a 0-based index.
 */
export function firstIssue(error: z.ZodError): LocalizedText {
  const { ru, en } = validationMessage(error.issues, { limit: 1 })
  return { ru, en }
}
