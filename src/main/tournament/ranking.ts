/**
 * The standings order (docs/rules.md §13.6): the total (or the points per game under the «очки за игру» normaliser),
 * then the tie-breaks; shared ranks for unbroken ties. Pure.
 */
import { roundScore } from '../../shared/game/scoring-system'
import type { TieBreak, TieBreakKey } from './scoring'
import type { Normaliser } from '../../shared/game/scoring-system'
import type { ApartRow, StandingsRow } from './standings'

/** What a criterion reads of a row (ranked or listed apart). */
type Measured = Omit<StandingsRow, 'rank' | 'perGame' | 'decidedBy' | 'tieBreaks'>

export function criterionValue(row: Measured, key: TieBreakKey): number {
  switch (key) {
    case 'total':
      return row.total
    case 'extra':
      return row.extra
    case 'wins':
      return row.wins
    case 'winsAsSheriff':
      return row.winsByRole.sheriff
    case 'winsAsDon':
      return row.winsByRole.don
    case 'winsAsCivilian':
      return row.winsByRole.civilian
    case 'winsAsMafia':
      return row.winsByRole.mafia
    case 'firstKilled':
      return row.firstKilled
    case 'bestMove':
      return row.bestMove
    case 'ci':
      return row.ci
    case 'penalties':
      return row.penalties
    case 'games':
      return row.games
  }
}

/** The first criterion on which a and b differ, or null when they tie on every one. */
export function decidingCriterion(a: StandingsRow, b: StandingsRow, tieBreaks: TieBreak[]): TieBreak | null {
  for (const tb of tieBreaks) {
    if (roundScore(criterionValue(a, tb.key) - criterionValue(b, tb.key)) !== 0) return tb
  }
  return null
}

/** Compares by the criteria in order: negative when `a` ranks above `b`, 0 when they tie on every criterion. */
export function compareRows(a: StandingsRow, b: StandingsRow, tieBreaks: TieBreak[]): number {
  const tb = decidingCriterion(a, b, tieBreaks)
  if (tb === null) return 0
  const d = roundScore(criterionValue(a, tb.key) - criterionValue(b, tb.key))
  return tb.order === 'desc' ? -d : d
}

/** A stable order for rows no criterion separates: player ids as numbers (9 before 10), then names. */
function unbrokenOrder(
  a: Pick<StandingsRow, 'playerId' | 'name' | 'playerKey'>,
  b: Pick<StandingsRow, 'playerId' | 'name' | 'playerKey'>,
): number {
  if (a.playerId !== null && b.playerId !== null && a.playerId !== b.playerId) return a.playerId - b.playerId
  if (a.playerId !== null && b.playerId === null) return -1
  if (a.playerId === null && b.playerId !== null) return 1
  return a.name.localeCompare(b.name) || (a.playerKey < b.playerKey ? -1 : a.playerKey > b.playerKey ? 1 : 0)
}

/**
 * Sorts rows by the criteria and gives ranks; rows equal on every criterion share a rank (1, 2, 2, 4) and are
 * listed by player id. Each row carries its tie-break values and the criterion that decided its place.
 */
export function rankRows(rows: StandingsRow[], tieBreaks: TieBreak[]): StandingsRow[] {
  const sorted = [...rows].sort((a, b) => compareRows(a, b, tieBreaks) || unbrokenOrder(a, b))
  const shown = tieBreaks.filter((tb) => tb.key !== 'total')
  const decided = (a: StandingsRow | undefined, b: StandingsRow | undefined): TieBreakKey | null => {
    if (a === undefined || b === undefined) return null
    const tb = decidingCriterion(a, b, tieBreaks)
    return tb === null || tb.key === 'total' ? null : tb.key
  }
  const out: StandingsRow[] = []
  sorted.forEach((row, idx) => {
    const prev = out[idx - 1]
    const shared = prev !== undefined && compareRows(sorted[idx - 1], row, tieBreaks) === 0
    out.push({
      ...row,
      rank: shared ? prev.rank : idx + 1,
      tieBreaks: shown.map((tb) => ({ key: tb.key, value: criterionValue(row, tb.key) })),
      decidedBy: shared ? null : (decided(sorted[idx - 1], row) ?? decided(row, sorted[idx + 1])),
    })
  })
  return out
}

/**
 * The normaliser for unequal game counts: «очки за игру» ranks by points per game (then the tie-breaks), and a
 * player with fewer than `minGames` games is listed apart, unranked, by points per game; `none` ranks by the total.
 * The only function that ranks a table under a normaliser (standings.ts `computeAllStandings` calls it).
 */
export function normalise(
  rows: readonly StandingsRow[],
  normaliser: Normaliser,
  tieBreaks: TieBreak[],
): { rows: StandingsRow[]; apart: ApartRow[] } {
  if (normaliser.kind === 'none') return { rows: rankRows([...rows], tieBreaks), apart: [] }
  const { minGames } = normaliser
  const perGame = (r: StandingsRow): number => (r.games > 0 ? roundScore(r.total / r.games) : 0)
  const shown = tieBreaks.filter((tb) => tb.key !== 'total')
  const apart = rows
    .filter((r) => r.games < minGames)
    .map((r): ApartRow => ({
      ...r,
      rank: null,
      perGame: perGame(r),
      decidedBy: null,
      tieBreaks: shown.map((tb) => ({ key: tb.key, value: criterionValue(r, tb.key) })),
      minGames,
    }))
    .sort((a, b) => b.perGame - a.perGame || unbrokenOrder(a, b))
  // Points per game take the total's place as the first criterion; the tie-breaks follow.
  const total = new Map(rows.map((r) => [r.playerKey, r.total]))
  const ranked = rankRows(
    rows.filter((r) => r.games >= minGames).map((r) => ({ ...r, total: perGame(r) })),
    tieBreaks,
  )
  return {
    rows: ranked.map((r) => ({ ...r, perGame: r.total, total: total.get(r.playerKey) ?? r.total })),
    apart,
  }
}
