// Types of scripts/electronegativity.mjs (used by tests/electron/electronegativity.test.ts).
export interface Finding {
  check: string
  file: string
  line: number
  message: string
}
export interface Waiver {
  check: string
  file: string
  count: number
  reason: string
}
export declare function findingsOf(sarif: unknown): Finding[]
export declare function applyWaivers(
  findings: Finding[],
  waivers: Waiver[],
): { left: Finding[]; unused: Waiver[] }
