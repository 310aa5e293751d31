/**
 * `npm run cli -- export protocol --game ID --format pdf|html|json --out FILE [--db PATH] [--lang ru|en] [--unfinished]`
 * `npm run cli -- export standings --tournament ID --format xlsx|csv|json --out FILE [--db PATH] [--lang ru|en]`
 * Reads the database without changing it and writes the file. Errors are printed in Russian and English.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase } from './db'
import { protocolFile, standingsFile } from './app/exports'
import { parseProtocolFormat, parseStandingsFormat } from './export/commands'
import { toAppErrorData } from '../shared/errors'

export const EXPORT_USAGE =
  'cli export protocol --game ID --format pdf|html|json --out FILE [--db PATH] [--lang ru|en] [--unfinished]\n' +
  '  cli export standings --tournament ID --format xlsx|csv|json --out FILE [--db PATH] [--lang ru|en]'

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value)
  if (!value || !Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`)
  return n
}

export async function runExport(args: string[]): Promise<number> {
  const [what, ...rest] = args
  let parsed
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        game: { type: 'string' },
        tournament: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        db: { type: 'string', default: resolve(process.cwd(), 'data/mafia-desk.sqlite') },
        lang: { type: 'string', default: 'ru' },
        unfinished: { type: 'boolean', default: false },
      },
      strict: true,
    })
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\nusage: ${EXPORT_USAGE}\n`)
    return 2
  }
  const v = parsed.values
  if ((what !== 'protocol' && what !== 'standings') || !v.format || !v.out) {
    process.stderr.write(`usage: ${EXPORT_USAGE}\n`)
    return 2
  }
  const lang = v.lang === 'en' ? 'en' : 'ru'
  let db
  try {
    db = await openDatabase(resolve(v.db!), { readonly: true })
  } catch (err) {
    const e = toAppErrorData(err)
    process.stderr.write(`[${e.code}] ${e.message.ru}\n[${e.code}] ${e.message.en}\n`)
    return 1
  }
  try {
    let bytes: Buffer
    if (what === 'protocol') {
      const gameId = positiveInt(v.game, 'game')
      const format = parseProtocolFormat(v.format)
      bytes = (await protocolFile(db, gameId, { format, lang, allowUnfinished: v.unfinished })).bytes
    } else {
      const tournamentId = positiveInt(v.tournament, 'tournament')
      bytes = await standingsFile(db, tournamentId, parseStandingsFormat(v.format), lang)
    }
    writeFileSync(resolve(v.out), bytes)
    process.stdout.write(`${resolve(v.out)} (${bytes.length} bytes)\n`)
    return 0
  } catch (err) {
    const e = toAppErrorData(err, 'export/failed')
    process.stderr.write(`[${e.code}] ${e.message.ru}\n[${e.code}] ${e.message.en}\n`)
    return 1
  } finally {
    db.close()
  }
}
