/**
 * The one seeded random generator of the app (mulberry32: small, fast, well distributed over 32 bits). Role
 * deals, seatings and the test scripts draw from it, so a seed gives the same sequence everywhere; its output
 * must never change (stored seeds of scenarios and seatings replay through it).
 */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
