// Types of scripts/native-electron.mjs (used by tests/electron/native.test.ts).
export interface ElectronBuild {
  electron: string
  abi: string | null
  betterSqlite3: string
  platform: string
  arch: string
}
export declare const BINDING_PATH: string[]
export declare function targetFile(root?: string): string
export declare function wantedBuild(root?: string, arch?: string): ElectronBuild | null
export declare function isUpToDate(root: string, want: ElectronBuild | null): boolean
export declare function buildForElectron(opts?: { root?: string; force?: boolean; arch?: string }): number
