/**
 * Scoring systems in the contract (issue 31 §3): the list of systems (shipped and custom), a custom system made by
 * copying one and editing it, the preview of a tournament's standings under another system, and the tournament's
 * normaliser for unequal game counts. contract.ts lists the calls; this file holds their shapes.
 */
import { z } from 'zod'
import {
  normaliserSchema,
  scoringSystemSchema,
  type Normaliser,
  type ScoringSystem,
} from './game/scoring-system'

const systemId = z.string().trim().min(1).max(64)

export const scoringGetSchema = z.object({ id: systemId }).strict()
export const scoringSaveSchema = z.object({ system: scoringSystemSchema }).strict()
export const scoringCopySchema = z.object({ id: systemId, name: z.string().trim().min(1).max(200) }).strict()

/** A system as the list shows it: shipped ones are read-only and are copied to be changed. */
export interface ScoringSystemEntry {
  system: ScoringSystem
  shipped: boolean
}

export const standingsPreviewSchema = z
  .object({
    tournamentId: z.number().int().positive(),
    /** A system of the list, or a system given whole (e.g. one being edited); neither: the tournament's own. */
    scoringSystemId: systemId.optional(),
    system: scoringSystemSchema.optional(),
    normaliser: normaliserSchema.optional(),
  })
  .strict()
  .refine((x) => !(x.scoringSystemId !== undefined && x.system !== undefined), {
    message: 'scoringSystemId or system, not both',
  })

export const tournamentNormaliserSchema = z
  .object({ tournamentId: z.number().int().positive(), normaliser: normaliserSchema })
  .strict()

/** One row of a preview table. `perGame` with the «очки за игру» normaliser; `apart`: below its minimum of games. */
export interface PreviewRow {
  rank: number | null
  playerId: number | null
  name: string
  games: number
  total: number
  perGame: number | null
}

export interface StandingsPreview {
  tournament: { id: number; name: string }
  /** The tournament's own system and normaliser: the standings as they are. */
  current: { system: ScoringSystem; normaliser: Normaliser; rows: PreviewRow[]; apart: PreviewRow[] }
  /** The same games under the other system and normaliser (nothing is stored). */
  preview: { system: ScoringSystem; normaliser: Normaliser; rows: PreviewRow[]; apart: PreviewRow[] }
}
