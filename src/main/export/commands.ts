/**
 * The logic behind `npm run cli -- export protocol|standings …`, independent of argv parsing and of the database:
 * the caller loads the game(s) and passes them in; the result is the file's bytes. Errors are thrown as AppError
 * (`export/game_not_finished`, `export/bad_format`, …).
 */
import { AppError, appError } from '../../shared/errors'
import type { GameRecord } from '../../shared/game/record'
import type { Ruleset } from '../../shared/game/ruleset'
import { SCORING_PRESETS, scoringFromRuleset, type ScoringConfig } from '../tournament/scoring'
import type { StandingsGame } from '../tournament/standings'
import type { Lang } from './i18n'
import { renderProtocol, type ProtocolFormat, type ProtocolHeader } from './protocol'
import {
  collectStandings,
  standingsToCsv,
  standingsToJson,
  standingsToXlsx,
  type StandingsExportOptions,
  type StandingsFormat,
} from './standings-file'
import { RESULTS_FORMATS, type ResultsFormat } from './results'

export const PROTOCOL_FORMATS: readonly ProtocolFormat[] = ['pdf', 'html', 'json']
export const STANDINGS_FORMATS: readonly StandingsFormat[] = ['xlsx', 'csv', 'json']

export interface ExportProtocolOptions {
  format: ProtocolFormat
  lang?: Lang
  allowUnfinished?: boolean
}

function badFormat(format: string, allowed: readonly string[]): AppError {
  return new AppError(
    appError(
      'export/bad_format',
      `Неизвестный формат «${format}»; возможные: ${allowed.join(', ')}`,
      `Unknown format "${format}"; expected one of: ${allowed.join(', ')}`,
      { format, allowed: [...allowed] },
    ),
  )
}

/** Parses a --format value; throws `export/bad_format`. */
export function parseProtocolFormat(format: string): ProtocolFormat {
  if ((PROTOCOL_FORMATS as readonly string[]).includes(format)) return format as ProtocolFormat
  throw badFormat(format, PROTOCOL_FORMATS)
}

export function parseResultsFormat(format: string): ResultsFormat {
  if ((RESULTS_FORMATS as readonly string[]).includes(format)) return format as ResultsFormat
  throw badFormat(format, RESULTS_FORMATS)
}

export function parseStandingsFormat(format: string): StandingsFormat {
  if ((STANDINGS_FORMATS as readonly string[]).includes(format)) return format as StandingsFormat
  throw badFormat(format, STANDINGS_FORMATS)
}

/** The scoring of a tournament: from its ruleset object, or a preset by id (fiim/club/city), FIIM otherwise. */
export function scoringFor(ruleset: Ruleset | string | null | undefined): ScoringConfig {
  if (typeof ruleset === 'object' && ruleset !== null) return scoringFromRuleset(ruleset)
  if (ruleset === 'club' || ruleset === 'city' || ruleset === 'fiim') return SCORING_PRESETS[ruleset]
  return SCORING_PRESETS.fiim
}

/** The game protocol as file bytes. */
export async function exportProtocol(
  record: GameRecord,
  header: ProtocolHeader,
  options: ExportProtocolOptions,
): Promise<Buffer> {
  const format = parseProtocolFormat(options.format)
  return renderProtocol(record, header, {
    format,
    lang: options.lang,
    allowUnfinished: options.allowUnfinished,
  })
}

/** The standings (overall, or options.stage) as file bytes. Unfinished games are left out. */
export async function exportStandings(
  games: StandingsGame[],
  options: StandingsExportOptions,
  format: StandingsFormat,
): Promise<Buffer> {
  const f = parseStandingsFormat(format)
  const data = collectStandings(games, options)
  const lang = options.lang ?? 'ru'
  switch (f) {
    case 'xlsx':
      return standingsToXlsx(data, lang)
    case 'csv':
      return standingsToCsv(data, lang, options.csvDelimiter ?? ',')
    case 'json':
      return standingsToJson(data)
  }
}

/** A file name suggestion, e.g. "protocol-t2-g17.pdf". */
export function protocolFileName(header: ProtocolHeader, format: ProtocolFormat): string {
  const parts = ['protocol']
  if (header.table !== null) parts.push(`t${header.table}`)
  if (header.gameNumber !== null) parts.push(`g${header.gameNumber}`)
  return `${parts.join('-')}.${format}`
}
