/**
 * Where the desktop app finds better-sqlite3 built for Electron's ABI (issue 17, defect 3). Node's build stays
 * in node_modules for the CLI, the headless server, the tests and the benchmarks; the Electron build lives
 * beside it and is chosen at run time through better-sqlite3's `nativeBinding` option, so `npm start` never
 * rewrites Node's build and `npm test` never rewrites Electron's.
 *   - development (`npm start`, `npm run dev`, `npm run test:electron`): <project>/native/electron/better_sqlite3.node,
 *     made by `npm run native:electron` (scripts/native-electron.mjs);
 *   - packaged app: <resources>/native/electron/better_sqlite3.node (electron-builder.yml `extraResources`).
 */
import { join } from 'node:path'

/** The Electron build's path relative to the project (dev) or to the resources folder (packaged). */
export const ELECTRON_SQLITE_BINDING = ['native', 'electron', 'better_sqlite3.node'] as const

export function electronSqliteBinding(app: {
  isPackaged: boolean
  /** The project folder (out/main/../..) when not packaged. */
  projectRoot: string
  resourcesPath: string
}): string {
  return join(app.isPackaged ? app.resourcesPath : app.projectRoot, ...ELECTRON_SQLITE_BINDING)
}
