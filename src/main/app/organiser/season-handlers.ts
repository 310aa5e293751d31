/** The contract's handlers of the seasons, the result exports and the registry's pair policies (issue 31 §2, §4). */
import type { Handlers } from '../../transport/router'
import type { MafiaDb } from '../../db'
import {
  deleteSeason,
  listSeasons,
  saveSeason,
  seasonResultsFile,
  seasonTable,
  tournamentResultsFile,
} from './season-series'
import { deletePairPolicy, listPairPolicies, savePairPolicy } from './pair-policies'

export type SeasonSeriesCall =
  | 'season.list'
  | 'season.save'
  | 'season.delete'
  | 'season.table'
  | 'players.pairs'
  | 'players.savePair'
  | 'players.deletePair'
  | 'export.tournamentResults'
  | 'export.seasonResults'

const MIME = { json: 'application/json', csv: 'text/csv; charset=utf-8' } as const

export function seasonSeriesHandlers(db: () => MafiaDb): Pick<Handlers, SeasonSeriesCall> {
  const file = (f: { fileName: string; bytes: Buffer }, format: 'json' | 'csv') => ({
    fileName: f.fileName,
    mime: MIME[format],
    base64: f.bytes.toString('base64'),
  })
  return {
    'season.list': () => listSeasons(db()),
    'season.save': (input) => saveSeason(db(), input),
    'season.delete': ({ seasonId }) => deleteSeason(db(), seasonId),
    'season.table': ({ seasonId }) => seasonTable(db(), seasonId),
    'players.pairs': () => listPairPolicies(db()),
    'players.savePair': (input) => savePairPolicy(db(), input),
    'players.deletePair': ({ a, b }) => deletePairPolicy(db(), a, b),
    'export.tournamentResults': ({ tournamentId, format, lang }) =>
      file(tournamentResultsFile(db(), tournamentId, format, lang), format),
    'export.seasonResults': ({ seasonId, format, lang }) =>
      file(seasonResultsFile(db(), seasonId, format, lang), format),
  }
}
