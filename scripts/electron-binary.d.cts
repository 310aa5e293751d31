// Types of scripts/electron-binary.cjs (used by e2e/electron.spec.ts).
export declare const ROOT: string
export declare function electronPackageDir(root?: string): string | null
export declare function electronBinary(root?: string, env?: NodeJS.ProcessEnv): string | null
export declare function electronVersion(root?: string): { version: string; abi: string | null } | null
export declare function missingElectronMessage(version?: string): string
