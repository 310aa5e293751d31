/**
 * A scoring system is data (docs/rules.md §13, docs/tournament.md «Система подсчёта очков»): points per win by
 * role, for a loss and a draw, the judge's extra points range, the penalties, the automatic bonuses (the first
 * killed's best move, and any rule by role/result/survival), Ci and the tie-breaks. `gamePoints` is the one
 * function that turns a finished game and a system into each seat's points: the engine's record (so the panel and
 * the protocol), the standings, the classification and the rating read it. Pure; imports nothing outside src/shared.
 */
import { z } from 'zod'
import type { Role, Team, Winner } from './record'

const points = z.number().min(-10).max(10)

/** §13.6: the criteria that order players with equal totals (standings data, not a fixed default). */
export const TIE_BREAK_KEYS = [
  'extra',
  'wins',
  'winsAsSheriff',
  'winsAsDon',
  'winsAsCivilian',
  'winsAsMafia',
  'firstKilled',
  'bestMove',
  'ci',
  'penalties',
  'games',
] as const
export const tieBreakSchema = z.object({ key: z.enum(TIE_BREAK_KEYS), order: z.enum(['desc', 'asc']) })

/** A criterion of the standings order (docs/rules.md §13.6). `total` always comes first. */
export type TieBreakKey = 'total' | (typeof TIE_BREAK_KEYS)[number]
export interface TieBreak {
  key: TieBreakKey
  /** `desc`: more is better. */
  order: 'desc' | 'asc'
}

/** The kinds of penalty a system prices (docs/rules.md §13.4): a removal, the 4th foul, a team defeat (ППК). */
export const PENALTY_KINDS = ['removal', 'fourFouls', 'teamDefeat'] as const
export type PenaltyKind = (typeof PENALTY_KINDS)[number]

const ROLES = ['civilian', 'sheriff', 'mafia', 'don'] as const

export const autoBonusSchema = z
  .object({
    id: z.string().min(1).max(64),
    role: z.enum([...ROLES, 'any']),
    result: z.enum(['win', 'loss', 'any']),
    /** true: only players still at the table at the end; false: only those who left; omitted: anyone. */
    survived: z.boolean().optional(),
    points,
  })
  .strict()
/** An automatic bonus: `points` for every seat matching role/result/survival (e.g. +0.1 to a surviving sheriff who won). */
export type AutoBonusRule = z.infer<typeof autoBonusSchema>

export const scoringSystemSchema = z
  .object({
    id: z.string().trim().min(1).max(64),
    name: z.string().trim().min(1).max(200),
    /** The shipped system this one was copied from (null for a shipped one). */
    basedOn: z.string().min(1).max(64).nullable().default(null),
    /** §13.1: points for a win, by role. */
    win: z.object({ civilian: points, sheriff: points, mafia: points, don: points }).strict(),
    loss: points,
    draw: points,
    /** §13.2: the judge's extra points per game (a value outside is flagged in the standings, never clamped). */
    extraPoints: z
      .object({ min: points, max: points })
      .strict()
      .refine((r) => r.min <= r.max, {
        message: 'min > max',
        params: { ru: 'нижняя граница больше верхней', en: 'the lower bound is above the upper one' },
      }),
    /** §13.4: the penalties (≤ 0 as a rule). */
    penalties: z.object({ removal: points, fourFouls: points, teamDefeat: points }).strict(),
    /** §13.3: the automatic bonus of a red first killed whose best move names 2 or 3 blacks. */
    bestMove: z.object({ two: points, three: points }).strict(),
    /** Further automatic bonuses by role/result/survival. */
    autoBonus: z.array(autoBonusSchema).max(32),
    /** §13.5 Ci. */
    ci: z
      .object({
        enabled: z.boolean(),
        /** K: 0.4 (0.5 in the newest FIIM scoring). */
        k: z.number().min(0).max(5),
        /** B = round(ratio · n); 0.4 per docs/rules.md §13.5. */
        ratio: z.number().positive().max(5),
        /** `stage`: n and i counted within each stage; `tournament`: over all games. */
        scope: z.enum(['stage', 'tournament']),
        /** Stages that are finals: Ci is off there when the stage has fewer than `minFinalGames` games. */
        finalStages: z.array(z.string().min(1).max(32)).max(8),
        minFinalGames: z.number().int().min(0).max(100),
      })
      .strict(),
    /** §13.6: `total` first, then the tie-breaks in order (a key counts once). */
    tieBreaks: z
      .array(z.object({ key: z.enum(['total', ...TIE_BREAK_KEYS]), order: z.enum(['desc', 'asc']) }).strict())
      .min(1)
      .max(TIE_BREAK_KEYS.length + 1)
      .refine((l) => l[0]?.key === 'total' && new Set(l.map((t) => t.key)).size === l.length, {
        message: 'total first, each key once',
        params: { ru: '«Итого» первым, каждый критерий один раз', en: '"Total" first, each criterion once' },
      }),
  })
  .strict()
export type ScoringSystem = z.infer<typeof scoringSystemSchema>

/**
 * A normaliser for unequal game counts: «очки за игру» ranks by points per game; a player with fewer than
 * `minGames` games is listed apart, unranked. `none`: the plain total.
 */
export const normaliserSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z.object({ kind: z.literal('perGame'), minGames: z.number().int().min(1).max(100) }).strict(),
])
export type Normaliser = z.infer<typeof normaliserSchema>

export function teamOf(role: Role): Team {
  return role === 'civilian' || role === 'sheriff' ? 'red' : 'black'
}

/** Rounds away binary noise (0.1 + 0.2) so that equal scores compare equal. */
export function roundScore(x: number): number {
  const r = Math.round(x * 1e6) / 1e6
  return r === 0 ? 0 : r
}

/** The engine's rounding of a game's points (three decimals, as the protocol prints them). */
const round3 = (x: number): number => Math.round(x * 1000) / 1000

/** What `gamePoints` reads of a game: the engine's record has this shape. */
export interface ScoredGame {
  finished: boolean
  winner: Winner | null
  seats: ReadonlyArray<{
    seat: number
    role: Role
    left: unknown
    extraPoints: ReadonlyArray<{ points: number }>
    /** `kind` prices the penalty by the system; a penalty without one keeps its recorded points. */
    penalties: ReadonlyArray<{ points: number; kind?: PenaltyKind }>
  }>
  bestMove: { by: number; blacks: number; void: boolean } | null
}

export interface GameSeatPoints {
  seat: number
  win: number
  bestMove: number
  extra: number
  penalty: number
  /** The automatic bonuses (other than the best move). */
  auto: number
  /** win + bestMove + extra + penalty + auto. Ci is added by the tournament (it needs every game). */
  total: number
}

/** §13.3: the best move's points: a red first killed naming 3 (or 2) blacks, unless void. */
export function bestMovePoints(
  system: ScoringSystem,
  bm: { blacks: number; void: boolean },
  red: boolean,
): number {
  if (bm.void || !red) return 0
  return bm.blacks === 3 ? system.bestMove.three : bm.blacks === 2 ? system.bestMove.two : 0
}

/** Whether this seat's team won (a draw is not a win). */
export function seatWon(winner: Winner | null, role: Role): boolean {
  return winner !== null && winner !== 'draw' && winner === teamOf(role)
}

/** The automatic bonuses of a seat in a finished game. */
export function autoBonusOf(
  game: ScoredGame,
  seat: ScoredGame['seats'][number],
  rules: readonly AutoBonusRule[],
): number {
  if (!game.finished) return 0
  const won = seatWon(game.winner, seat.role)
  let auto = 0
  for (const rule of rules) {
    if (rule.role !== 'any' && rule.role !== seat.role) continue
    if (rule.result === 'win' && !won) continue
    if (rule.result === 'loss' && (won || game.winner === 'draw' || game.winner === null)) continue
    if (rule.survived === true && seat.left !== null) continue
    if (rule.survived === false && seat.left === null) continue
    auto += rule.points
  }
  return roundScore(auto)
}

/**
 * The one computation of a game's points (docs/rules.md §13.1–13.4): every seat's win/loss/draw points by role,
 * the best move, the judge's extra points, the penalties priced by the system, the automatic bonuses. In seat order.
 */
export function gamePoints(game: ScoredGame, system: ScoringSystem): GameSeatPoints[] {
  const bm = game.bestMove
  return [...game.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => {
      const team = teamOf(s.role)
      const win =
        game.winner === null
          ? 0
          : game.winner === 'draw'
            ? system.draw
            : game.winner === team
              ? system.win[s.role]
              : system.loss
      const redBy = bm !== null && bm.by === s.seat && team === 'red'
      const bestMove = bm !== null && bm.by === s.seat ? bestMovePoints(system, bm, redBy) : 0
      const extra = round3(s.extraPoints.reduce((a, x) => a + x.points, 0))
      const penalty = round3(
        s.penalties.reduce((a, x) => a + (x.kind ? system.penalties[x.kind] : x.points), 0),
      )
      const auto = autoBonusOf(game, s, system.autoBonus)
      return {
        seat: s.seat,
        win,
        bestMove,
        extra,
        penalty,
        auto,
        total: round3(win + bestMove + extra + penalty + auto),
      }
    })
}
