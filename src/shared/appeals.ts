/**
 * Appeals (issue 31 §1): a player or a team's captain files one on a tournament's game, with its text; the head
 * judge answers it — rejected, accepted with an amendment entry in the game's log, or the game cancelled and
 * replayed. Every step is kept with who took it and when. These are the contract's shapes, the one validation path
 * of every door into the appeals record (the contract and the app service parse with them).
 */
import { z } from 'zod'
import { amendmentShape } from './game/commands'
import { playerNameSchema } from './game/entry'
import { APPEAL_TEXT_MAX, boundedText } from './limits'

export const APPEAL_STATUSES = ['open', 'rejected', 'accepted', 'replayed'] as const
export type AppealStatus = (typeof APPEAL_STATUSES)[number]
export type AppealStep = 'filed' | 'rejected' | 'accepted' | 'replayed'

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
/** The head judge (or whoever files) as the record names him: a name by the registry's rule. */
const who = playerNameSchema

/** The correction of an accepted appeal: the amendment command's own parts (one definition, the engine's). */
export const amendmentInputSchema = z.object(amendmentShape).strict()
export type AmendmentInput = z.infer<typeof amendmentInputSchema>

/** The answer's text goes into the amendment's reason: the same bound (also the exchange file's answers and notes). */
export const appealAnswerSchema = boundedText(500)
const answer = appealAnswerSchema

export const appealFileSchema = z
  .object({
    gameId: id,
    filer: z.discriminatedUnion('role', [
      z.object({ role: z.literal('player'), playerId: id }).strict(),
      z.object({ role: z.literal('captain'), name: playerNameSchema }).strict(),
    ]),
    text: boundedText(APPEAL_TEXT_MAX),
    /** Who wrote the appeal down (the head judge or the secretary). */
    by: who,
  })
  .strict()
export type AppealFileInput = z.infer<typeof appealFileSchema>

export const appealListSchema = z
  .object({ tournamentId: id, status: z.enum(APPEAL_STATUSES).optional() })
  .strict()
export const appealRejectSchema = z.object({ id, answer, by: who }).strict()
export const appealAcceptSchema = z.object({ id, answer, by: who, amendment: amendmentInputSchema }).strict()
export const appealReplaySchema = z.object({ id, answer, by: who }).strict()

export interface AppealEvent {
  step: AppealStep
  who: string
  note: string
  /** ISO time. */
  at: string
}

export interface Appeal {
  id: number
  tournamentId: number
  /** №N in its tournament. */
  number: number
  gameId: number
  /** The game's round and table numbers (null for a game without them). */
  round: number | null
  table: number | null
  filer: { role: 'player' | 'captain'; playerId: number | null; name: string }
  text: string
  status: AppealStatus
  answer: string
  /** The amendment's entry in the game's log (accepted). */
  amendSeq: number | null
  /** Filed, ISO time. */
  createdAt: string
  /** Every step with who and when, oldest first. */
  history: AppealEvent[]
}
