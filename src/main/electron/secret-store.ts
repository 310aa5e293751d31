/**
 * The desktop app's secret store (the OBS password): encrypted with Electron's safeStorage, which uses the OS
 * keychain (Keychain on macOS, DPAPI on Windows, the Secret Service / kwallet on Linux). The ciphertexts are kept
 * in `<database>.secrets.enc.json` (owner-only), never in the database, so they are in no backup. Where the OS
 * offers no encryption (a Linux session without a keyring) it falls back to the headless owner-only file and says
 * so in the settings screen.
 */
import type { LocalizedText } from '../../shared/errors'
import {
  FileSecretStore,
  readSecretsFile,
  secretsUnreadable,
  writeSecretsFile,
  type SecretStore,
} from '../app/secret-store'

/** The part of Electron's `safeStorage` this store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
}

export class SafeStorageSecretStore implements SecretStore {
  readonly file: string
  private fallback: FileSecretStore

  constructor(
    private safe: SafeStorageLike | undefined,
    dbFile: string,
  ) {
    this.file = `${dbFile}.secrets.enc.json`
    this.fallback = new FileSecretStore(dbFile)
  }

  private get encrypted(): boolean {
    try {
      return this.safe?.isEncryptionAvailable() === true
    } catch {
      return false
    }
  }

  describe(): LocalizedText {
    if (!this.encrypted) {
      const f = this.fallback.describe()
      return {
        ru: `Связка ключей ОС недоступна: ${f.ru}`,
        en: `The OS keychain is not available: ${f.en}`,
      }
    }
    return {
      ru: `Связка ключей ОС (зашифровано в ${this.file}; в резервные копии базы не попадает)`,
      en: `The OS keychain (encrypted in ${this.file}; not part of database backups)`,
    }
  }

  get(name: string): string | null {
    if (!this.encrypted || !this.safe) return this.fallback.get(name)
    const v = readSecretsFile(this.file)[name]
    if (typeof v !== 'string') return null
    try {
      return this.safe.decryptString(Buffer.from(v, 'base64'))
    } catch {
      // Encrypted by another user or machine: said so (the judge enters the password again), never taken
      // silently as "no password".
      throw secretsUnreadable(this.file, 'encrypted by another user or machine')
    }
  }

  set(name: string, value: string | null): void {
    if (!this.encrypted || !this.safe) {
      this.fallback.set(name, value)
      return
    }
    const all = readSecretsFile(this.file)
    if (value === null) delete all[name]
    else all[name] = this.safe.encryptString(value).toString('base64')
    writeSecretsFile(this.file, all)
  }
}
