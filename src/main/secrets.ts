/**
 * What keeps the app's secrets (the OBS WebSocket password, the hub's TLS key codes): a port that stands below
 * both app/ and transport/, so neither imports the other for it. The file store is app/secret-store.ts; the
 * desktop app's OS-keychain store is src/main/electron/secret-store.ts.
 */
import type { LocalizedText } from '../shared/errors'

export interface SecretStore {
  /** Where the secrets are, in words the settings screen can show. */
  describe(): LocalizedText
  get(name: string): string | null
  set(name: string, value: string | null): void
}
