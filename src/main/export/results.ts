/**
 * Versioned result exports (issue 31 §4, docs/protocol-format.md): a tournament's results
 * (`mafia-desk/tournament-results`) and a season's results (`mafia-desk/season-results`), each as JSON and CSV.
 *
 * The zod schemas below are the one definition of the JSON: the types the builders fill are inferred from them, a
 * reader validates a file with them, and docs/protocol-format.md documents them field by field. Version policy (as
 * the protocol's): a new optional field keeps the version; anything a version-1 reader could misread (a removed or
 * renamed field, a changed meaning or type) bumps it, and readers refuse versions they do not know.
 *
 * CSV: UTF-8 with a BOM (so Excel reads Cyrillic), CRLF line ends, RFC 4180 quoting. The Russian export uses `;`
 * between fields and a decimal comma, the English one `,` and a decimal point: each is what Excel opens as columns
 * and numbers by default in that locale (a Russian Windows has `,` as its decimal mark, so its list separator is
 * `;`, and a `,`-separated file would land in one column).
 */
import { z } from 'zod'
import { appError, type Result } from '../../shared/errors'
import { validationMessage } from '../../shared/validation-message'
import type { AllStandings } from '../tournament/standings'
import { TIE_BREAK_KEYS } from '../../shared/game/ruleset'
import {
  SEASON_TIE_RULE,
  seasonConfigSchema,
  type SeasonTable,
  type SeasonTableRow,
} from '../../shared/season-series'
import { neutraliseFormula } from './standings-file'
import { labels, stageLabel, type Lang } from './i18n'
import { resultLabels } from './results-i18n'

export const TOURNAMENT_RESULTS_FORMAT = 'mafia-desk/tournament-results'
export const SEASON_RESULTS_FORMAT = 'mafia-desk/season-results'
export const RESULTS_VERSION = 1
export const RESULTS_FORMATS = ['json', 'csv'] as const
export type ResultsFormat = (typeof RESULTS_FORMATS)[number]

const tieBreakKey = z.enum(['total', ...TIE_BREAK_KEYS])
const stageKind = z.enum(['qualifying', 'semifinal', 'final'])
const role = z.enum(['civilian', 'sheriff', 'mafia', 'don'])
const playerId = z.number().int().positive().nullable()

const classificationRowSchema = z
  .object({
    place: z.number().int().min(1),
    playerId,
    name: z.string(),
    group: stageKind,
    stageTotal: z.number(),
    carried: z.number(),
    score: z.number(),
    stageRank: z.number().int().min(1),
  })
  .strict()

const standingsRowSchema = z
  .object({
    rank: z.number().int().min(1),
    playerId,
    name: z.string(),
    total: z.number(),
    games: z.number().int().min(0),
    wins: z.number().int().min(0),
    points: z.number(),
    bestMove: z.number(),
    extra: z.number(),
    penalties: z.number(),
    auto: z.number(),
    ci: z.number(),
    firstKilled: z.number().int().min(0),
    ciProvisional: z.boolean(),
    tieBreaks: z.array(z.object({ key: tieBreakKey, value: z.number() }).strict()),
    decidedBy: tieBreakKey.nullable(),
    /** Points per game where the tournament's normaliser ranks by them (optional: absent in older files). */
    perGame: z.number().nullable().optional(),
  })
  .strict()

/** A player listed apart, unranked: fewer games than the normaliser's minimum (`minGames`). */
const apartRowSchema = standingsRowSchema
  .extend({ rank: z.null(), decidedBy: z.null(), perGame: z.number(), minGames: z.number().int().min(1) })
  .strict()

const gameSeatSchema = z
  .object({
    gameId: z.number().int().positive(),
    stage: z.string().nullable(),
    seat: z.number().int().min(1).max(10),
    playerId,
    name: z.string(),
    role,
    result: z.enum(['win', 'loss', 'draw', 'none']),
    win: z.number(),
    bestMove: z.number(),
    extra: z.number(),
    penalty: z.number(),
    auto: z.number(),
    ci: z.number(),
    total: z.number(),
    firstKilled: z.boolean(),
    ciProvisional: z.boolean(),
  })
  .strict()

/** An award of the tournament (filled by the awards feature when it has some; absent otherwise). */
const awardSchema = z
  .object({
    title: z.string(),
    playerId,
    name: z.string(),
    detail: z.string().optional(),
  })
  .strict()

export const tournamentResultsSchema = z
  .object({
    format: z.literal(TOURNAMENT_RESULTS_FORMAT),
    version: z.literal(RESULTS_VERSION),
    tournament: z
      .object({
        id: z.number().int().positive(),
        uuid: z.string(),
        name: z.string(),
        startsOn: z.string().nullable(),
        endsOn: z.string().nullable(),
      })
      .strict(),
    /** The standings' tie-breaks after the total, in order. */
    tieBreaks: z.array(tieBreakKey),
    ciProvisional: z.boolean(),
    classification: z.array(classificationRowSchema),
    standings: z.array(standingsRowSchema),
    /** The players listed apart under the normaliser, below `standings` (optional: absent in older files). */
    apart: z.array(apartRowSchema).optional(),
    /** Every seat of every game with its points (the per-game points). */
    games: z.array(gameSeatSchema),
    awards: z.array(awardSchema).optional(),
  })
  .strict()
export type TournamentResults = z.infer<typeof tournamentResultsSchema>
export type ResultsAward = z.infer<typeof awardSchema>

const seasonRowSchema = z
  .object({
    place: z.number().int().min(1),
    playerId: z.number().int().positive(),
    nickname: z.string(),
    total: z.number(),
    tournaments: z.number().int().min(0),
    wins: z.number().int().min(0),
    bestPlace: z.number().int().min(1).nullable(),
    results: z.array(
      z
        .object({
          tournamentId: z.number().int().positive(),
          place: z.number().int().min(1),
          points: z.number(),
        })
        .strict(),
    ),
    rating: z.number().nullable(),
    ratedGames: z.number().int().min(0),
    decidedBy: z.enum(SEASON_TIE_RULE).nullable(),
  })
  .strict()

export const seasonResultsSchema = z
  .object({
    format: z.literal(SEASON_RESULTS_FORMAT),
    version: z.literal(RESULTS_VERSION),
    season: seasonConfigSchema.extend({ id: z.number().int().positive() }),
    tournaments: z.array(
      z
        .object({
          id: z.number().int().positive(),
          name: z.string(),
          startsOn: z.string().nullable(),
          weight: z.number(),
          players: z.number().int().min(0),
        })
        .strict(),
    ),
    tieRule: z.array(z.enum(SEASON_TIE_RULE)),
    ratedGames: z.number().int().min(0),
    rows: z.array(seasonRowSchema),
  })
  .strict()
export type SeasonResults = z.infer<typeof seasonResultsSchema>

// Compile-time check: the season table's shared row type and the file's row schema are the same shape.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const seasonRowMatches: Equal<z.infer<typeof seasonRowSchema>, SeasonTableRow> = true
void seasonRowMatches

/**
 * Reads a results file (either kind): its `format` and `version` first — a version this build does not know is
 * refused as such (`export/unsupported_results_version`), never half-read — then the whole document by its schema
 * (`export/bad_results_json`, naming the first fields that do not fit).
 */
export function parseResultsJson(text: string): Result<TournamentResults | SeasonResults> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return {
      ok: false,
      error: appError('export/bad_results_json', 'Файл итогов — не JSON', 'The results file is not JSON', {
        cause: err instanceof Error ? err.message : String(err),
      }),
    }
  }
  const head = z
    .object({ format: z.enum([TOURNAMENT_RESULTS_FORMAT, SEASON_RESULTS_FORMAT]), version: z.unknown() })
    .safeParse(raw)
  if (!head.success)
    return {
      ok: false,
      error: appError(
        'export/bad_results_json',
        `Это не файл итогов: нужен format «${TOURNAMENT_RESULTS_FORMAT}» или «${SEASON_RESULTS_FORMAT}»`,
        `Not a results file: format must be "${TOURNAMENT_RESULTS_FORMAT}" or "${SEASON_RESULTS_FORMAT}"`,
      ),
    }
  const { format, version } = head.data
  if (version !== RESULTS_VERSION)
    return {
      ok: false,
      error: appError(
        'export/unsupported_results_version',
        `Версия ${String(version)} формата ${format} этой программе не известна (она читает версию ${RESULTS_VERSION}). Обновите программу.`,
        `Version ${String(version)} of ${format} is not known to this build (it reads version ${RESULTS_VERSION}). Update the app.`,
        { format, version },
      ),
    }
  const parsed =
    format === TOURNAMENT_RESULTS_FORMAT
      ? tournamentResultsSchema.safeParse(raw)
      : seasonResultsSchema.safeParse(raw)
  if (parsed.success) return { ok: true, value: parsed.data }
  const text2 = validationMessage(parsed.error.issues)
  return {
    ok: false,
    error: appError(
      'export/bad_results_json',
      `Файл не соответствует формату ${format} v${RESULTS_VERSION}: ${text2.ru}`,
      `The file does not match the ${format} v${RESULTS_VERSION} format: ${text2.en}`,
      { issues: text2.issues },
    ),
  }
}

export interface TournamentResultsInput {
  tournament: TournamentResults['tournament']
  standings: AllStandings
  awards?: ResultsAward[]
}

/** A standings row as the document has it: the same fields for a ranked row and for one listed apart. */
function standingEntry<R extends AllStandings['overall'][number] | AllStandings['apart'][number]>(r: R) {
  return {
    rank: r.rank as R['rank'],
    perGame: r.perGame as R['perGame'],
    playerId: r.playerId,
    name: r.name,
    total: r.total,
    games: r.games,
    wins: r.wins,
    points: r.points,
    bestMove: r.bestMove,
    extra: r.extra,
    penalties: r.penalties,
    auto: r.auto,
    ci: r.ci,
    firstKilled: r.firstKilled,
    ciProvisional: r.ciProvisional,
    tieBreaks: r.tieBreaks,
    decidedBy: r.decidedBy as R['decidedBy'],
  }
}

/** The tournament's results document (overall standings, classification, every game's points, awards if any). */
export function tournamentResults(input: TournamentResultsInput): TournamentResults {
  const all = input.standings
  return {
    format: TOURNAMENT_RESULTS_FORMAT,
    version: RESULTS_VERSION,
    tournament: input.tournament,
    tieBreaks: all.tieBreaks.map((t) => t.key),
    ciProvisional: all.ciProvisional,
    classification: all.classification.map((r) => ({
      place: r.place,
      playerId: r.playerId,
      name: r.name,
      group: r.group,
      stageTotal: r.stageTotal,
      carried: r.carried,
      score: r.score,
      stageRank: r.stageRank,
    })),
    standings: all.overall.map(standingEntry),
    ...(all.apart.length > 0
      ? { apart: all.apart.map((r) => ({ ...standingEntry(r), minGames: r.minGames })) }
      : {}),
    games: all.games.map((g) => ({
      gameId: g.gameId,
      stage: g.stage,
      seat: g.seat,
      playerId: g.playerId,
      name: g.name,
      role: g.role,
      result: g.result,
      win: g.win,
      bestMove: g.bestMove,
      extra: g.extra,
      penalty: g.penalty,
      auto: g.auto,
      ci: g.ci,
      total: g.total,
      firstKilled: g.firstKilled,
      ciProvisional: g.ciProvisional,
    })),
    ...(input.awards !== undefined && input.awards.length > 0 ? { awards: input.awards } : {}),
  }
}

/** The season's results document (its definition, its tournaments and the table with the rating). */
export function seasonResults(table: SeasonTable): SeasonResults {
  return {
    format: SEASON_RESULTS_FORMAT,
    version: RESULTS_VERSION,
    season: table.season,
    tournaments: table.tournaments,
    tieRule: table.tieRule,
    ratedGames: table.ratedGames,
    rows: table.rows,
  }
}

const jsonBytes = (doc: unknown): Buffer => Buffer.from(JSON.stringify(doc, null, 2) + '\n', 'utf8')

export const tournamentResultsToJson = (doc: TournamentResults): Buffer => jsonBytes(doc)
export const seasonResultsToJson = (doc: SeasonResults): Buffer => jsonBytes(doc)

// ---- CSV

type Cell = string | number | null

/** The field separator and decimal mark of a language's CSV (see the file's comment). */
export function csvDialect(lang: Lang): { delimiter: ';' | ','; decimal: ',' | '.' } {
  return lang === 'ru' ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' }
}

function csvBytes(rows: Cell[][], lang: Lang): Buffer {
  const { delimiter, decimal } = csvDialect(lang)
  const field = (v: Cell): string => {
    if (v === null) return ''
    const text =
      typeof v === 'number' ? String(Math.round(v * 1e4) / 1e4).replace('.', decimal) : neutraliseFormula(v)
    return /["\r\n]/.test(text) || text.includes(delimiter) || /^\s|\s$/.test(text)
      ? `"${text.replace(/"/g, '""')}"`
      : text
  }
  return Buffer.from('\uFEFF' + rows.map((r) => r.map(field).join(delimiter)).join('\r\n') + '\r\n', 'utf8')
}

/**
 * One row per player in the final classification's order: his final place and the stage that placed him, then
 * his overall standings (place, total, games, wins, the point parts). Per-game points are in the JSON.
 */
export function tournamentResultsToCsv(doc: TournamentResults, lang: Lang = 'ru'): Buffer {
  const L = labels(lang)
  const R = resultLabels(lang)
  const byPlayer = new Map(doc.standings.map((r) => [r.playerId ?? `name:${r.name}`, r]))
  const head: Cell[] = [
    L.classificationPlace,
    L.player,
    L.playerId,
    L.classificationGroup,
    L.classificationStageTotal,
    L.classificationCarried,
    R.classificationScore,
    R.overallRank,
    L.total,
    L.games,
    L.wins,
    L.winPoints,
    L.bestMove,
    L.extra,
    L.penalties,
    L.ci,
  ]
  const rows = doc.classification.map((c): Cell[] => {
    const s = byPlayer.get(c.playerId ?? `name:${c.name}`)
    return [
      c.place,
      c.name,
      c.playerId,
      stageLabel(L, c.group),
      c.stageTotal,
      c.carried,
      c.score,
      s?.rank ?? null,
      s?.total ?? null,
      s?.games ?? null,
      s?.wins ?? null,
      s?.points ?? null,
      s?.bestMove ?? null,
      s?.extra ?? null,
      s?.penalties ?? null,
      s?.ci ?? null,
    ]
  })
  return csvBytes([head, ...rows], lang)
}

/** The season table: place, player, series points, tournaments, wins, best place, rating; then per tournament
 * its place and points (in the season's tournament order). */
export function seasonResultsToCsv(doc: SeasonResults, lang: Lang = 'ru'): Buffer {
  const L = labels(lang)
  const R = resultLabels(lang)
  const head: Cell[] = [
    L.rank,
    L.player,
    L.playerId,
    R.seriesPoints,
    R.tournaments,
    R.tournamentWins,
    R.bestPlace,
    R.rating,
    R.ratedGames,
    ...doc.tournaments.flatMap((t) => [R.placeIn(t.name), R.pointsIn(t.name)]),
  ]
  const rows = doc.rows.map((r): Cell[] => [
    r.place,
    r.nickname,
    r.playerId,
    r.total,
    r.tournaments,
    r.wins,
    r.bestPlace,
    r.rating,
    r.ratedGames,
    ...doc.tournaments.flatMap((t) => {
      const res = r.results.find((x) => x.tournamentId === t.id)
      return [res?.place ?? null, res?.points ?? null]
    }),
  ])
  return csvBytes([head, ...rows], lang)
}
