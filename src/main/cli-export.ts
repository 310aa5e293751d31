/**
 * `npm run cli -- export protocol --game ID --format pdf|html|json --out FILE [--db PATH] [--lang ru|en] [--unfinished]`
 * `npm run cli -- export standings --tournament ID --format xlsx|csv|json --out FILE [--db PATH] [--lang ru|en]`
 * `npm run cli -- export results --tournament ID --format json|csv --out FILE [--db PATH] [--lang ru|en]`
 * `npm run cli -- export season --season ID --format json|csv --out FILE [--db PATH] [--lang ru|en]`
 * Reads the database without changing it and writes the file. Errors are printed in Russian and English.
 */
import { PROCESS_IO, withReadonlyDb, type CliIo } from './cli-io'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseOptions, type OptionTable } from './args'
import { protocolFile, standingsFile } from './app/exports'
import { parseProtocolFormat, parseResultsFormat, parseStandingsFormat } from './export/commands'
import { seasonResultsFile, tournamentResultsFile } from './app/organiser/season-series'
import { AppError, appError, type AppErrorData } from '../shared/errors'

export const EXPORT_USAGE =
  'cli export protocol --game ID --format pdf|html|json --out FILE [--db PATH] [--lang ru|en] [--unfinished]\n' +
  '  cli export standings --tournament ID --format xlsx|csv|json --out FILE [--db PATH] [--lang ru|en]\n' +
  '  cli export results --tournament ID --format json|csv --out FILE [--db PATH] [--lang ru|en]\n' +
  '  cli export season --season ID --format json|csv --out FILE [--db PATH] [--lang ru|en]'

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value)
  if (!value || !Number.isInteger(n) || n <= 0)
    throw new AppError(
      appError(
        'export/bad_id',
        `--${name}: нужно целое положительное число, а не «${value ?? ''}»`,
        `--${name} must be a positive integer, not "${value ?? ''}"`,
      ),
    )
  return n
}

const EXPORT_OPTIONS = {
  game: { type: 'string', value: 'ID', help: { ru: 'номер игры', en: 'the game id' } },
  tournament: { type: 'string', value: 'ID', help: { ru: 'номер турнира', en: 'the tournament id' } },
  season: { type: 'string', value: 'ID', help: { ru: 'номер сезона', en: 'the season id' } },
  format: { type: 'string', value: 'FORMAT', help: { ru: 'формат файла', en: 'the file format' } },
  out: { type: 'string', value: 'FILE', help: { ru: 'куда записать', en: 'where to write' } },
  db: { type: 'string', value: 'FILE', help: { ru: 'файл базы', en: 'the database file' } },
  lang: { type: 'string', value: 'ru|en', default: 'ru', help: { ru: 'язык', en: 'the language' } },
  unfinished: {
    type: 'boolean',
    help: { ru: 'выгрузить незавершённую игру с пометкой', en: 'export an unfinished game, marked so' },
  },
} satisfies OptionTable

/** Where the command writes (kept under its old name for its callers). */
export type ExportIo = CliIo

/** An error in both languages; an unfinished game's refusal names this command's own flag. */
function errorText(e: AppErrorData): string {
  const hint =
    e.code === 'export/game_not_finished'
      ? {
          ru: 'Чтобы выгрузить её с пометкой «НЕ ЗАВЕРШЕНА», добавьте --unfinished.',
          en: 'To export it marked "NOT FINISHED", add --unfinished.',
        }
      : null
  return (
    `[${e.code}] ${e.message.ru}${hint ? ` ${hint.ru}` : ''}\n` +
    `[${e.code}] ${e.message.en}${hint ? ` ${hint.en}` : ''}\n`
  )
}

export async function runExport(args: string[], io: ExportIo = PROCESS_IO): Promise<number> {
  const [what, ...rest] = args
  const parsed = parseOptions(rest, EXPORT_OPTIONS)
  if (parsed.kind === 'error') {
    io.err(`${parsed.message.ru}\n${parsed.message.en}\nusage: ${EXPORT_USAGE}\n`)
    return 2
  }
  const v = parsed.values
  const kinds = ['protocol', 'standings', 'results', 'season']
  if (what === undefined || !kinds.includes(what) || !v.format || !v.out) {
    io.err(`usage: ${EXPORT_USAGE}\n`)
    return 2
  }
  const lang = v.lang === 'en' ? 'en' : 'ru'
  const out = v.out
  const asked = v.format
  return withReadonlyDb(v.db, io, errorText, async (db) => {
    let bytes: Buffer
    if (what === 'protocol') {
      const gameId = positiveInt(v.game, 'game')
      const format = parseProtocolFormat(asked)
      bytes = (await protocolFile(db, gameId, { format, lang, allowUnfinished: v.unfinished })).bytes
    } else if (what === 'results') {
      const tournamentId = positiveInt(v.tournament, 'tournament')
      bytes = tournamentResultsFile(db, tournamentId, parseResultsFormat(asked), lang).bytes
    } else if (what === 'season') {
      const seasonId = positiveInt(v.season, 'season')
      bytes = seasonResultsFile(db, seasonId, parseResultsFormat(asked), lang).bytes
    } else {
      const tournamentId = positiveInt(v.tournament, 'tournament')
      bytes = await standingsFile(db, tournamentId, parseStandingsFormat(asked), lang)
    }
    writeFileSync(resolve(out), bytes)
    io.out(`${resolve(out)} (${bytes.length} bytes)\n`)
    return 0
  })
}
