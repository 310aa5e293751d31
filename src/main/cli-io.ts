/** What the CLI commands share: where they write, and their run against a database file opened read-only. */
import { resolve } from 'node:path'
import { openDatabase, type MafiaDb } from './db'
import { DEFAULT_DB } from './serve-args'
import { toAppErrorData, type AppErrorData } from '../shared/errors'

/** Where a CLI command writes: the process's streams, unless a caller (a test) passes its own. */
export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
}

export const PROCESS_IO: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}

/**
 * Opens the database (`file`, else the default one) read-only, runs `work` on it and closes it. A file that does
 * not open, or a refusal of the work, is printed by the command's own `errorText` and gives exit code 1.
 */
export async function withReadonlyDb(
  file: string | undefined,
  io: CliIo,
  errorText: (e: AppErrorData) => string,
  work: (db: MafiaDb) => Promise<number>,
): Promise<number> {
  let db: MafiaDb
  try {
    db = await openDatabase(resolve(file ?? DEFAULT_DB), { readonly: true })
  } catch (err) {
    io.err(errorText(toAppErrorData(err)))
    return 1
  }
  try {
    return await work(db)
  } catch (err) {
    io.err(errorText(toAppErrorData(err, 'export/failed')))
    return 1
  } finally {
    db.close()
  }
}
