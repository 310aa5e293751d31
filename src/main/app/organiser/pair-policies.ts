/**
 * The registry's pair policies (issue 31 §2): pairs of players the club keeps apart at every tournament. They are
 * kept once, in the database (not per tournament or stage), and every stage's seating takes them together with
 * the stage's own pairs: a stage can add pairs of its own, never drop one of the club's (to stop keeping two
 * players apart, remove the pair from the registry).
 */
import type { MafiaDb } from '../../db'
import type { PairPolicy, PairPolicyInput } from '../../../shared/season-series'

export function listPairPolicies(db: MafiaDb): PairPolicy[] {
  const name = (id: number): string => db.players.getPlayer(id)?.nickname ?? `#${id}`
  return db.seasons
    .listPairPolicies()
    .map((p) => ({ a: p.a, b: p.b, aName: name(p.a), bName: name(p.b), reason: p.reason }))
}

export function savePairPolicy(db: MafiaDb, input: PairPolicyInput): PairPolicy[] {
  db.seasons.savePairPolicy(input.a, input.b, input.reason ?? '')
  return listPairPolicies(db)
}

export function deletePairPolicy(db: MafiaDb, a: number, b: number): PairPolicy[] {
  db.seasons.deletePairPolicy(a, b)
  return listPairPolicies(db)
}

/**
 * The pairs a stage's seating keeps apart: the registry's pairs and the stage's own, each pair once (smaller id
 * first). The caller leaves out pairs whose players are not in the stage.
 */
export function pairsToKeepApart(
  db: MafiaDb,
  stagePairs: ReadonlyArray<readonly [number, number]> | undefined,
): Array<[number, number]> {
  const seen = new Set<string>()
  const out: Array<[number, number]> = []
  const add = (x: number, y: number): void => {
    const [a, b] = x < y ? [x, y] : [y, x]
    const key = `${a}:${b}`
    if (a === b || seen.has(key)) return
    seen.add(key)
    out.push([a, b])
  }
  for (const p of db.seasons.listPairPolicies()) add(p.a, p.b)
  for (const [x, y] of stagePairs ?? []) add(x, y)
  return out
}
