/**
 * Where the hub keeps its table tokens' codes (issue 29 §2): the database holds only each token's SHA-256
 * (db/token-hash.ts), so a backup or a copied file pairs no machine; the codes the organiser prints ("Коды всех
 * столов") stay in the secrets file beside the hub's certificate (mode 0600, never in a backup or an export) — on
 * the desktop, the OS keychain. A code is shown only while its hash is the table's live token: a code of a revoked
 * token, or a secrets file from another database, shows nothing. A live token whose code is not kept (issued
 * before version 9 stored hashes, or the secrets file was lost) must be re-issued to be printed.
 */
import { tokenHash } from '../db'

/** What the hub needs of the secret store (the app's SecretStore has these; core hands it in). */
export interface CodeStore {
  get(name: string): string | null
  set(name: string, value: string | null): void
}

const PREFIX = 'hub.table-code.'

export class TableCodes {
  constructor(private readonly store: CodeStore) {}

  /** Keeps a token issued now for its table (replacing the table's earlier one). */
  keep(tableId: number, token: string): void {
    this.store.set(PREFIX + tableId, token)
  }

  /** The table's token was revoked: its code goes too. */
  forget(tableId: number): void {
    this.store.set(PREFIX + tableId, null)
  }

  /** The code of the table's live token (its hash `liveHash`), or null: none kept, or one of another token. */
  codeOf(tableId: number, liveHash: string | null): string | null {
    if (liveHash === null) return null
    const code = this.store.get(PREFIX + tableId)
    return code !== null && tokenHash(code) === liveHash ? code : null
  }
}
