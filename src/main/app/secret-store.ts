/**
 * Where secrets (the OBS WebSocket password) are kept. The desktop app backs this with Electron's safeStorage
 * (the OS keychain) from src/main/electron; the headless server uses a file next to the database, readable
 * only by its owner (mode 0600) and never inside the SQLite file, so it is never in a backup or an export.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { LocalizedText } from '../../shared/errors'

export interface SecretStore {
  /** Where the secrets are, in words the settings screen can show. */
  describe(): LocalizedText
  get(name: string): string | null
  set(name: string, value: string | null): void
}

/** The secrets file's names and values; none when it does not exist yet (or cannot be read as JSON). */
export function readSecretsFile(file: string): Record<string, string> {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
    return typeof data === 'object' && data !== null ? (data as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** Writes the secrets file atomically (a temporary file renamed over it), readable only by its owner. */
export function writeSecretsFile(file: string, all: Record<string, string>): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`)
  fs.writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 })
  fs.renameSync(tmp, file)
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
