/**
 * Tournament operations in the contract (issue 11): the inputs (zod) and outputs of the calls that create and
 * run a tournament — registration, stages, seating, rounds, cancelled games — and the organiser's dashboard.
 * contract.ts lists the calls; this file holds their shapes so the contract stays readable.
 */
import { z } from 'zod'
import type { Normaliser } from './game/scoring-system'

const id = z.number().int().positive()
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .optional()
const points = z.number().min(0).max(5)

/** The scoring version of a tournament: values copied into its ruleset (docs/rules.md §13.3, §13.5). */
export const tournamentScoringSchema = z
  .object({ bestMove2: points, bestMove3: points, ciK: points })
  .strict()
export type TournamentScoring = z.infer<typeof tournamentScoringSchema>

const tournamentFields = {
  name: z.string().trim().min(1).max(200),
  startsOn: date,
  endsOn: date,
  venue: z.string().trim().max(200).optional(),
  club: z.string().trim().max(200).optional(),
  /** The ruleset copied into the tournament (built-in or saved). */
  rulesetId: z.string().min(1).max(60),
  scoring: tournamentScoringSchema.optional(),
  /** The scoring system copied into the tournament (docs/tournament.md «Система подсчёта очков»); default: the ruleset's. */
  scoringSystemId: z.string().trim().min(1).max(64).optional(),
  tables: z.number().int().min(1).max(200),
  /** Judge per table number (index 0 = table 1). */
  judges: z.array(z.string().trim().max(80)).max(200).optional(),
}

export const tournamentCreateSchema = z.object(tournamentFields).strict()
export const tournamentUpdateSchema = z
  .object({ tournamentId: id, ...tournamentFields })
  .partial()
  .required({ tournamentId: true })
  .strict()
export type TournamentCreateInput = z.infer<typeof tournamentCreateSchema>
export type TournamentUpdateInput = z.infer<typeof tournamentUpdateSchema>

export const stageCreateSchema = z
  .object({
    tournamentId: id,
    kind: z.enum(['qualifying', 'semifinal', 'final']),
    name: z.string().trim().max(100).optional(),
    /** Games per player (= rounds). */
    games: z.number().int().min(1).max(100),
    /** Semifinal/final: the top K of the previous stage's standings, seeded. */
    size: z.number().int().min(10).max(10000).optional(),
    /**
     * When players tie on every criterion across the cut (place K and K+1): the stage is refused with the tied
     * players named, unless `lot` is given — then the tied players are ordered by a drawn lot (recorded).
     */
    tieAtCut: z.enum(['lot']).optional(),
    /** Or the head judge's decision (e.g. after a shoot-out): the tied players who go through, in seed order. */
    tieThrough: z.array(id).min(1).max(10000).optional(),
  })
  .strict()
export type StageCreateInput = z.infer<typeof stageCreateSchema>

/**
 * A substitution at a started round's table (issue 28): the head judge's act, or the table judge's with the head
 * judge's confirmation (his name). The seat's player is replaced by the substitute, who scores for nobody.
 */
export const substituteSchema = z
  .object({
    roundId: id,
    tableId: id,
    seat: z.number().int().min(1).max(10),
    /** The substitute, as the protocol prints him. */
    name: z.string().trim().min(1).max(60),
    reason: z.string().trim().min(1).max(500),
    /** The head judge who makes or confirms it. */
    headJudge: z.string().trim().min(1).max(80),
    /** Asked at the table by its judge (confirmed by the head judge named). */
    byTable: z.boolean().optional(),
  })
  .strict()
export type SubstituteInput = z.infer<typeof substituteSchema>

/** «Завершить тур»: `force` closes it with unfinished games, which are frozen (default) or cancelled with a reason. */
export const roundFinishSchema = z
  .object({
    roundId: id,
    force: z.boolean().optional(),
    unfinished: z.enum(['freeze', 'cancel']).optional(),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .strict()
export type RoundFinishInput = z.infer<typeof roundFinishSchema>

export const seatingGenerateSchema = z
  .object({
    stageId: id,
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .optional(),
    /** Players who should not meet (e.g. same club). */
    avoidPairs: z
      .array(z.tuple([id, id]))
      .max(1000)
      .optional(),
    /** A player fixed to a table (accessibility). */
    fixedTable: z
      .array(z.object({ playerId: id, table: id }).strict())
      .max(1000)
      .optional(),
    /**
     * When the number of players is not a multiple of 10: `extraGame` (some sit out each round, some play one
     * game more) or `spareSeats` (the free seats are marked for substitutes).
     */
    uneven: z.enum(['extraGame', 'spareSeats']).optional(),
  })
  .strict()
export type SeatingGenerateInput = z.infer<typeof seatingGenerateSchema>

export interface TournamentPlayer {
  id: number
  nickname: string
  club: string | null
  withdrawn: boolean
}

/** The figures of a seating (docs/rules.md §16.2): the generated one and a random one side by side. */
export interface SeatingFigures {
  players: number
  tables: number
  games: number
  pairsExpected: number
  pairsMin: number
  pairsMax: number
  pairsStdDev: number
  /** Pairs that met exactly twice. */
  pairsTwice: number
  pairsNeverMet: number
  seatMaxDeviation: number
  keySeatsMaxDeviation: number
  tableUseMaxDeviation: number
  /** The most games a player played at one table, the limit ⌈G/T⌉ + 1 and the players over it (table balance). */
  tableMaxAtOne: number
  tableCap: number
  tableOverCap: number
  /** The same with one judge (the tables' judges of each round; unnamed judges are not counted). */
  judgeMaxWithOne: number
  judgeOverCap: number
  /** Spare seats over all rounds. */
  spareSeats: number
  /** Pairs who should not meet but do / players not at their fixed table. */
  avoidViolations: number
  fixedViolations: number
  /** The band of meetings per pair (⌊λ⌋..⌈λ⌉, λ = the average): the ideal is every pair inside it. */
  pairsBandLow: number
  pairsBandHigh: number
  /** Pairs that met fewer or more times than the band. */
  pairsOutsideBand: number
  /** Σ meetings² over the pairs (smaller: more even) and the least any seating of this shape can reach. */
  pairsSumSquares: number
  pairsSumSquaresBound: number
}

export interface DashboardGame {
  id: number
  status: 'setup' | 'running' | 'finished'
  winner: 'red' | 'black' | 'draw' | null
  /** While running: the day, the night, the phase and the day's step of the game. */
  day: number | null
  night: number | null
  phase: string | null
  step: string | null
  cancelled: boolean
  cancelReason: string | null
  /** The judge stored with the game (its protocol's judge). */
  judge: string
}

export interface DashboardTable {
  tableId: number
  table: number
  judge: string
  /** Seat 1..10: a player, or null for a spare seat / no seating stored. */
  seats: Array<TournamentPlayer | null>
  /** The live (not cancelled) game of this round and table, if any. */
  game: DashboardGame | null
  /** Cancelled games of this round and table, newest last. */
  cancelled: DashboardGame[]
  /** The head judge's substitutions at this table (issue 28): the substitute scores for nobody. */
  substitutions: DashboardSubstitution[]
}

export interface DashboardSubstitution {
  seat: number
  name: string
  /** The seated player replaced (null: a spare seat). */
  replaced: TournamentPlayer | null
  reason: string
  /** The head judge who made or confirmed it. */
  headJudge: string
  byTable: boolean
  at: number
}

/** Why a player of the stage has no seat in a round: he sits it out ("extra game"), registered after it started, or
 * withdrew before it started. */
export type AbsenceReason = 'sitsOut' | 'notYetRegistered' | 'withdrawn'

export interface DashboardRound {
  id: number
  number: number
  started: boolean
  finished: boolean
  tables: DashboardTable[]
  /**
   * The stage's players with no seat in this round (empty before a seating): they sit out under the "extra game"
   * option, or were registered after the round started.
   */
  sittingOut: TournamentPlayer[]
  /** The same players and the withdrawn ones seated earlier in the stage, each with why he does not play. */
  absent: Array<{ player: TournamentPlayer; reason: AbsenceReason }>
  /** Spare seats of this round (seats for substitutes, counted for nobody). */
  spareSeats: number
}

export interface DashboardStage {
  id: number
  kind: 'qualifying' | 'semifinal' | 'final'
  name: string
  position: number
  games: number | null
  size: number | null
  seed: number | null
  players: number
  /** The stage's players now (its seeded list for a semi-final or final; withdrawn players left out). */
  playerIds: number[]
  rounds: DashboardRound[]
  /** The option chosen when the players are not a multiple of 10 (null: none chosen). */
  uneven: 'extraGame' | 'spareSeats' | null
  /** The constraints the stored seating was generated with (a new generation starts from them). */
  avoidPairs: Array<[number, number]>
  fixedTable: Array<{ playerId: number; table: number }>
  /** The players seated in more rounds than `games` (they play an extra game). */
  extraGame: TournamentPlayer[]
  /**
   * The players the stage's seating gives fewer than `games` games (e.g. registered after a round started);
   * empty while some round has no seating.
   */
  fewerGames: TournamentPlayer[]
  /** A tie at the cut when the stage was seeded (players equal on every criterion), decided by lot or judge. */
  cutLot: { tied: TournamentPlayer[]; through: TournamentPlayer[]; by: 'lot' | 'judge' } | null
  /** Figures of the stored seating next to those of a random one (null before a seating is generated). */
  figures: { generated: SeatingFigures; random: SeatingFigures } | null
}

export interface TournamentDetail {
  id: number
  uuid: string
  name: string
  startsOn: string | null
  endsOn: string | null
  venue: string
  club: string
  rulesetId: string
  scoring: TournamentScoring
  /** The scoring system copied into the tournament (issue 31 §3) and its normaliser for unequal game counts. */
  scoringSystem: { id: string; name: string }
  normaliser: Normaliser
  archived: boolean
  /** The tournament has games (not cancelled): its ruleset and scoring version no longer change. */
  rulesetLocked: boolean
  tables: Array<{ id: number; number: number; judge: string }>
  players: TournamentPlayer[]
  stages: DashboardStage[]
}
