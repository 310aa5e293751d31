/**
 * `npm run cli -- awards --tournament ID|UUID --out FILE.pdf [--csv FILE.csv] [--db PATH] [--lang ru|en]`
 * Writes a tournament's diplomas PDF (one page per winner of each enabled award, issue 31 §1) and, with --csv, the
 * awards CSV, from a database file — the same service calls as /admin's buttons (`awards.diplomas`,
 * `awards.export`). Reads the database without changing it. Errors are printed in Russian and English; nothing
 * is written when one is refused.
 */
import { PROCESS_IO, withReadonlyDb, type CliIo } from './cli-io'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseOptions, type OptionTable } from './args'
import type { MafiaDb } from './db'
import { awardDiplomas, awardsCsv } from './app/organiser/awards'
import { tournamentNotFound } from './app/exports'
import { AppError, appError, type AppErrorData } from '../shared/errors'

export const AWARDS_USAGE =
  'cli awards --tournament ID|UUID --out FILE.pdf [--csv FILE.csv] [--db PATH] [--lang ru|en]'

const AWARDS_OPTIONS = {
  tournament: {
    type: 'string',
    value: 'ID|UUID',
    help: { ru: 'номер или UUID турнира', en: 'the tournament id or UUID' },
  },
  out: {
    type: 'string',
    value: 'FILE',
    help: { ru: 'куда записать дипломы (PDF)', en: 'the diplomas PDF to write' },
  },
  csv: {
    type: 'string',
    value: 'FILE',
    help: { ru: 'куда записать номинации (CSV)', en: 'the awards CSV to write' },
  },
  db: { type: 'string', value: 'FILE', help: { ru: 'файл базы', en: 'the database file' } },
  lang: { type: 'string', value: 'ru|en', default: 'ru', help: { ru: 'язык', en: 'the language' } },
} satisfies OptionTable

/** Where the command writes (kept under its old name for its callers). */
export type AwardsIo = CliIo

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function refused(code: string, ru: string, en: string, details?: Record<string, unknown>): AppError {
  return new AppError(appError(code, ru, en, details))
}

/** The tournament named by its number or its UUID (the exchange file's name for it). */
function tournamentOf(db: MafiaDb, ref: string): number {
  const value = ref.trim()
  if (UUID.test(value)) {
    const t = db.tournaments.listTournaments().find((x) => x.uuid.toLowerCase() === value.toLowerCase())
    if (!t)
      throw refused(
        'export/tournament_not_found',
        `Турнир с UUID ${value} не найден`,
        `No tournament with UUID ${value}`,
        { uuid: value },
      )
    return t.id
  }
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw refused(
      'export/bad_id',
      `--tournament: нужен номер турнира (целое положительное число) или его UUID, а не «${ref}»`,
      `--tournament must be a tournament id (a positive integer) or its UUID, not "${ref}"`,
    )
  if (!db.tournaments.getTournament(n)) throw tournamentNotFound(n)
  return n
}

function errorText(e: AppErrorData): string {
  return `[${e.code}] ${e.message.ru}\n[${e.code}] ${e.message.en}\n`
}

export async function runAwards(args: string[], io: AwardsIo = PROCESS_IO): Promise<number> {
  const parsed = parseOptions(args, AWARDS_OPTIONS)
  if (parsed.kind === 'error') {
    io.err(`${parsed.message.ru}\n${parsed.message.en}\nusage: ${AWARDS_USAGE}\n`)
    return 2
  }
  const v = parsed.values
  if (parsed.positionals.length > 0 || !v.tournament || !v.out) {
    const missing = [!v.tournament ? '--tournament' : null, !v.out ? '--out' : null]
      .filter(Boolean)
      .join(', ')
    if (missing) io.err(`Не хватает параметров: ${missing}\nMissing options: ${missing}\n`)
    else
      io.err(
        `Лишние аргументы: ${parsed.positionals.join(' ')}\nUnexpected arguments: ${parsed.positionals.join(' ')}\n`,
      )
    io.err(`usage: ${AWARDS_USAGE}\n`)
    return 2
  }
  if (v.lang !== 'ru' && v.lang !== 'en') {
    io.err(
      `--lang: допустимо ru или en, а не «${v.lang}»\n--lang must be ru or en, not "${v.lang}"\nusage: ${AWARDS_USAGE}\n`,
    )
    return 2
  }
  const lang = v.lang
  const out = v.out
  const tournament = v.tournament
  return withReadonlyDb(v.db, io, errorText, async (db) => {
    const tournamentId = tournamentOf(db, tournament)
    // Both files are made before either is written: a refusal (no winners) leaves nothing half done.
    const pdf = Buffer.from((await awardDiplomas(db, tournamentId, lang)).base64, 'base64')
    const csv = v.csv ? Buffer.from(awardsCsv(db, tournamentId, lang).base64, 'base64') : null
    writeFileSync(resolve(out), pdf)
    io.out(`${resolve(out)} (${pdf.length} bytes)\n`)
    if (csv && v.csv) {
      writeFileSync(resolve(v.csv), csv)
      io.out(`${resolve(v.csv)} (${csv.length} bytes)\n`)
    }
    return 0
  })
}
