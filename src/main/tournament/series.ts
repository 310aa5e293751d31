/**
 * The season's series table (issue 31 §4): series points per final place of each tournament of the season, from
 * the tournament's final classification (classification.ts, the one place a tournament's final order is made:
 * never re-ranked here), times the tournament's weight; plus the rating over the season's games (rating.ts).
 *
 * Order (docs/tournament.md «Сезон»): more series points; then more tournament wins (first places); then the
 * better places by countback (more second places, then more third places, …); then the higher rating. Players
 * equal on all four share the place. A shared place in a tournament's classification gives each of its players
 * that place's points. Guests (no registry id) are not in the season table.
 */
import type { ClassificationRow } from './classification'
import type { RatingTable } from './rating'
import {
  SEASON_TIE_RULE,
  type SeasonTableRow,
  type SeasonTieKey,
  type SeriesPoints,
  type SeriesResult,
} from '../../shared/season-series'

export interface SeriesTournament {
  id: number
  weight: number
  classification: readonly ClassificationRow[]
}

const round2 = (x: number): number => Math.round(x * 100) / 100

/** The series points of a final place in a tournament of `players` classified players (before the weight). */
export function pointsForPlace(points: SeriesPoints, place: number, players: number): number {
  if (points.kind === 'formula') return Math.max(0, players - place + 1)
  return points.points[place - 1] ?? 0
}

interface Entry {
  playerId: number
  results: SeriesResult[]
  total: number
  rating: number | null
  ratedGames: number
  /** How many times each place (index = place) occurs in his results; filled once before the sort. */
  counts: number[]
}

/** How many times each place (index = place) occurs in a player's results. */
function placeCounts(results: readonly SeriesResult[]): number[] {
  const counts: number[] = []
  for (const r of results) counts[r.place] = (counts[r.place] ?? 0) + 1
  return counts
}

/** Compares two entries by one criterion: negative when `a` goes first. */
function compareBy(key: SeasonTieKey, a: Entry, b: Entry): number {
  switch (key) {
    case 'total':
      return b.total - a.total
    case 'wins':
      return (b.counts[1] ?? 0) - (a.counts[1] ?? 0)
    case 'places': {
      const ca = a.counts
      const cb = b.counts
      for (let p = 2; p < Math.max(ca.length, cb.length); p++) {
        const d = (cb[p] ?? 0) - (ca[p] ?? 0)
        if (d !== 0) return d
      }
      return 0
    }
    case 'rating':
      return (b.rating ?? -Infinity) - (a.rating ?? -Infinity) || 0
  }
}

/** The first criterion that orders `a` before `b`, or null when they are equal on all of them. */
function decidingKey(a: Entry, b: Entry): SeasonTieKey | null {
  for (const key of SEASON_TIE_RULE) if (compareBy(key, a, b) !== 0) return key
  return null
}

/**
 * The season table. `nickname` names a registry id; `ratings` is the rating over the season's games (players who
 * only played rated games, e.g. friendlies, are listed with no series points).
 */
export function seriesTable(
  tournaments: readonly SeriesTournament[],
  points: SeriesPoints,
  ratings: RatingTable,
  nickname: (playerId: number) => string,
): SeasonTableRow[] {
  const entries = new Map<number, Entry>()
  const entry = (playerId: number): Entry => {
    let e = entries.get(playerId)
    if (e === undefined) {
      const r = ratings.byPlayer.get(playerId)
      e = {
        playerId,
        results: [],
        total: 0,
        rating: r ? round2(r.ordinal) : null,
        ratedGames: r?.games ?? 0,
        counts: [],
      }
      entries.set(playerId, e)
    }
    return e
  }
  for (const t of tournaments) {
    const players = t.classification.length
    for (const row of t.classification) {
      if (row.playerId === null) continue
      const e = entry(row.playerId)
      const pts = round2(pointsForPlace(points, row.place, players) * t.weight)
      e.results.push({ tournamentId: t.id, place: row.place, points: pts })
      e.total = round2(e.total + pts)
    }
  }
  for (const r of ratings.ranking) entry(r.playerId)
  for (const e of entries.values()) e.counts = placeCounts(e.results)
  const named = [...entries.values()].map((e) => ({ e, name: nickname(e.playerId) }))
  named.sort((x, y) => {
    for (const key of SEASON_TIE_RULE) {
      const d = compareBy(key, x.e, y.e)
      if (d !== 0) return d
    }
    return x.name.localeCompare(y.name) || x.e.playerId - y.e.playerId
  })
  const rows: SeasonTableRow[] = []
  named.forEach(({ e, name }, i) => {
    const prev = i > 0 ? named[i - 1].e : null
    const shared = prev !== null && decidingKey(prev, e) === null
    const next = named[i + 1]?.e
    const places = e.results.map((r) => r.place)
    rows.push({
      place: shared ? rows[i - 1].place : i + 1,
      playerId: e.playerId,
      nickname: name,
      total: e.total,
      tournaments: e.results.length,
      wins: places.filter((p) => p === 1).length,
      bestPlace: places.length > 0 ? Math.min(...places) : null,
      results: e.results,
      rating: e.rating,
      ratedGames: e.ratedGames,
      decidedBy: next === undefined ? null : decidingKey(e, next),
    })
  })
  return rows
}
