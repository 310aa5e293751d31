/**
 * The tournament's final classification (итоговая классификация): the finalists first, by their final result
 * (plus the share of their earlier stages' points the tournament chose to carry over), then the semi-finalists who
 * did not reach the final, by their semi-final result (with the same carry-over), then everyone else by the
 * qualifying. Computed from the stages' standings (tournament/standings.ts), never by adding the stages up.
 * Under the «очки за игру» normaliser the qualifying group follows the qualifying table: by points per game, and a
 * player listed apart there (fewer games than the minimum) is not classified.
 */
import type { StageStandings, StandingsRow } from './standings'

export type ClassificationGroup = 'final' | 'semifinal' | 'qualifying'

export interface ClassificationOptions {
  /**
   * The share (0..1) of a player's points in the earlier stages added to his points in the stage that places him:
   * 0 = the final's result alone (the usual rule), 1 = every point carries over, 0.5 = half of them.
   */
  carryOver: number
}

export interface ClassificationRow {
  place: number
  playerKey: string
  playerId: number | null
  name: string
  /** The stage whose result places the player. */
  group: ClassificationGroup
  /** His total in that stage. */
  stageTotal: number
  /** What the earlier stages add (carryOver × their totals). */
  carried: number
  /** stageTotal + carried: what he is ranked by within his group (the qualifying under a normaliser: per game). */
  score: number
  /** His place in that stage's own standings (the tie-break within the group). */
  stageRank: number
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000

/** The classification; empty when no stage has standings yet. Stages are the standings' per-kind tables. */
export function classify(
  stages: ReadonlyArray<Pick<StageStandings, 'stage' | 'rows'>>,
  options: ClassificationOptions,
): ClassificationRow[] {
  const carry = Math.min(1, Math.max(0, options.carryOver))
  const table = (kind: ClassificationGroup): StandingsRow[] =>
    stages.find((s) => s.stage === kind)?.rows ?? []
  const final = table('final')
  const semi = table('semifinal')
  // Games outside any stage count as qualifying (a tournament run without stages).
  const qualifying = [...table('qualifying'), ...(stages.find((s) => s.stage === null)?.rows ?? [])]
  const totalIn = (rows: StandingsRow[], key: string): number =>
    rows.filter((r) => r.playerKey === key).reduce((a, r) => a + r.total, 0)
  const placed = new Set<string>()
  const out: ClassificationRow[] = []
  const group = (kind: ClassificationGroup, rows: StandingsRow[], earlier: StandingsRow[][]): void => {
    const entries = rows
      .filter((r) => !placed.has(r.playerKey))
      .map((r) => {
        const carried = r3(carry * earlier.reduce((a, e) => a + totalIn(e, r.playerKey), 0))
        return { r, carried, score: r3(r.total + carried) }
      })
      // A table ranked by the normaliser (the qualifying's points per game) orders by that figure, as its places.
      .map((e) => ({ ...e, by: e.r.perGame ?? e.score }))
      .sort((a, b) => b.by - a.by || a.r.rank - b.r.rank || a.r.name.localeCompare(b.r.name))
    let prev: { by: number; rank: number; place: number } | null = null
    for (const e of entries) {
      placed.add(e.r.playerKey)
      // A shared place only when the score and the stage's own place are both equal (a tie nothing breaks).
      const place: number =
        prev !== null && prev.by === e.by && prev.rank === e.r.rank ? prev.place : out.length + 1
      prev = { by: e.by, rank: e.r.rank, place }
      out.push({
        place,
        playerKey: e.r.playerKey,
        playerId: e.r.playerId,
        name: e.r.name,
        group: kind,
        stageTotal: e.r.total,
        carried: e.carried,
        score: e.score,
        stageRank: e.r.rank,
      })
    }
  }
  group('final', final, [qualifying, semi])
  group('semifinal', semi, [qualifying])
  group('qualifying', qualifying, [])
  return out
}
