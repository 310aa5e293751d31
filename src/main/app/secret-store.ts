/**
 * Where secrets (the OBS WebSocket password) are kept. The desktop app backs this with Electron's safeStorage
 * (the OS keychain) from src/main/electron; the headless server uses a file next to the database, readable
 * only by its owner (mode 0600) and never inside the SQLite file, so it is never in a backup or an export.
 */
import fs from 'node:fs'
import path from 'node:path'
import { AppError, appError, type LocalizedText } from '../../shared/errors'
import type { SecretStore } from '../secrets'

export type { SecretStore }

/** An unreadable secrets file: the stored OBS password cannot be used (never taken silently as "no password"). */
export function secretsUnreadable(file: string, why: string): AppError {
  return new AppError(
    appError(
      'app/secrets_unreadable',
      `Файл секретов «${file}» не читается (${why}): сохранённый пароль OBS недоступен. Проверьте права на файл или введите пароль заново.`,
      `The secrets file "${file}" cannot be read (${why}): the saved OBS password is not available. Check the file's permissions or enter the password again.`,
      { file },
    ),
  )
}

/**
 * The secrets file's names and values; none when it does not exist yet. A file that exists but cannot be read,
 * or does not hold a JSON object of strings, is an `app/secrets_unreadable` error.
 */
export function readSecretsFile(file: string): Record<string, string> {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw secretsUnreadable(file, (err as NodeJS.ErrnoException).code ?? String(err))
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw secretsUnreadable(file, 'not JSON')
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw secretsUnreadable(file, 'not a JSON object')
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== 'string') throw secretsUnreadable(file, `"${k}" is not a string`)
    out[k] = v
  }
  return out
}

/**
 * Writes the secrets file atomically (a temporary file renamed over it), readable only by its owner. A path that
 * cannot be written is an `app/secrets_unwritable` error, and no temporary file is left behind.
 */
export function writeSecretsFile(file: string, all: Record<string, string>): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`)
  try {
    fs.writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 })
    fs.renameSync(tmp, file)
  } catch (err) {
    removeTemporary(tmp)
    const why = (err as NodeJS.ErrnoException).code ?? String(err)
    throw new AppError(
      appError(
        'app/secrets_unwritable',
        `Не удалось записать файл секретов «${file}» (${why}): пароль OBS не сохранён. Проверьте права на папку базы.`,
        `Cannot write the secrets file "${file}" (${why}): the OBS password was not saved. Check the permissions of the database's folder.`,
        { file },
      ),
    )
  }
}

/** Removes the temporary file of a failed write when it is one (the write's own error is what is reported). */
function removeTemporary(tmp: string): void {
  try {
    if (fs.lstatSync(tmp).isFile()) fs.unlinkSync(tmp)
  } catch {
    // nothing there, or not removable either: the caller reports the write's error, which names the folder
  }
}

/** Headless: `<database>.secrets.json`, mode 0600, written atomically. */
export class FileSecretStore implements SecretStore {
  readonly file: string
  constructor(dbFile: string) {
    this.file = `${dbFile}.secrets.json`
  }
  describe(): LocalizedText {
    return {
      ru: `Файл ${this.file} (доступ только владельцу; в резервные копии базы не попадает)`,
      en: `The file ${this.file} (owner-only access; not part of database backups)`,
    }
  }
  get(name: string): string | null {
    const v = readSecretsFile(this.file)[name]
    return typeof v === 'string' ? v : null
  }
  set(name: string, value: string | null): void {
    const all = readSecretsFile(this.file)
    if (value === null) delete all[name]
    else all[name] = value
    writeSecretsFile(this.file, all)
  }
}
