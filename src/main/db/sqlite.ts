/**
 * Every SQLite connection of the app is opened here, so the native module's build can be chosen at run time
 * (better-sqlite3's `nativeBinding` option). Node (CLI, headless server, tests, benchmarks) uses the build in
 * node_modules; the desktop app points this at the build made for Electron's ABI, kept apart from Node's
 * (`native/electron/better_sqlite3.node`, see scripts/native-electron.mjs) — neither rewrites the other.
 */
import Database from 'better-sqlite3'

let nativeBinding: string | undefined

/** Sets the native module file for every connection opened from now on (undefined: Node's default build). */
export function useSqliteBinding(file: string | undefined): void {
  nativeBinding = file
}

/** The native module file in use (undefined: better-sqlite3's default lookup). */
export function sqliteBinding(): string | undefined {
  return nativeBinding
}

/** Opens a connection with the chosen native build. */
export function openSqlite(file: string, options: Database.Options = {}): Database.Database {
  return new Database(file, nativeBinding ? { ...options, nativeBinding } : options)
}
