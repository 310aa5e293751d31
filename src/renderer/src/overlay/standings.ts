/**
 * Standings for `?layout=standings`: the overlay envelope carries the active tournament's standings (the
 * server recomputes them when a result changes); they are validated here, and a game outside a tournament or a
 * tournament with no finished game shows a clear "no standings yet" state. The tie-break columns (docs/rules.md §13.6,
 * in the ruleset's order) come with each row's values and the criterion that decided its place.
 */
import type { TIE_BREAK_KEYS } from '../../../shared/game/ruleset'

export type TieBreakName = (typeof TIE_BREAK_KEYS)[number]

/** Every tie-break the overlay can label (the type makes this list complete). */
const KNOWN: Record<TieBreakName, true> = {
  extra: true,
  wins: true,
  winsAsSheriff: true,
  winsAsDon: true,
  winsAsCivilian: true,
  winsAsMafia: true,
  firstKilled: true,
  bestMove: true,
  ci: true,
  penalties: true,
  games: true,
}
const isTieBreak = (v: unknown): v is TieBreakName =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(KNOWN, v)

export interface StandingsRow {
  place: number
  name: string
  points: number
  /** Points per game, where the tournament's normaliser ranks by them (the figure the place follows). */
  perGame: number | null
  games: number | null
  wins: number | null
  /** Values in the order of StandingsData.tieBreaks (null where missing). */
  tieBreaks: Array<number | null>
  /** The tie-break that decided this row's place against a neighbour with the same total. */
  decidedBy: TieBreakName | null
  /** Part of the row's Ci is provisional (its stage is not finalised). */
  ciProvisional: boolean
}

export type ClassificationGroup = 'final' | 'semifinal' | 'qualifying'

export interface ClassificationRow {
  place: number
  name: string
  group: ClassificationGroup
  score: number
}

/** A player listed apart, unranked («вне зачёта»): fewer games than the normaliser's minimum. */
export interface ApartRow {
  name: string
  perGame: number | null
  minGames: number | null
}

export interface StandingsData {
  title: string | null
  /** Ranked by points per game (the «очки за игру» normaliser): its minimum of games; null: by the total. */
  minGames: number | null
  /** The players listed apart, after the ranked rows (never given a place on the stream). */
  apart: ApartRow[]
  tieBreaks: TieBreakName[]
  ciProvisional: boolean
  rows: StandingsRow[]
  /** The final classification (final or provisional), when a later stage places players; else null. */
  classification: { final: boolean; rows: ClassificationRow[] } | null
}

const GROUPS: ReadonlySet<string> = new Set(['final', 'semifinal', 'qualifying'])

function readClassification(v: unknown): StandingsData['classification'] {
  if (!isRecord(v) || !Array.isArray(v.rows)) return null
  const rows: ClassificationRow[] = []
  v.rows.forEach((r: unknown, i: number) => {
    if (!isRecord(r) || typeof r.name !== 'string' || typeof r.group !== 'string' || !GROUPS.has(r.group))
      return
    const score = num(r.score)
    if (score === null) return
    rows.push({ place: num(r.place) ?? i + 1, name: r.name, group: r.group as ClassificationGroup, score })
  })
  return rows.length > 0 ? { final: v.final === true, rows } : null
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export function readStandings(envelope: unknown): StandingsData | null {
  if (!isRecord(envelope) || !isRecord(envelope.standings)) return null
  const s = envelope.standings
  if (!Array.isArray(s.rows)) return null
  // An unknown key (a newer server) keeps its column position but is not shown.
  const keys: Array<TieBreakName | null> = Array.isArray(s.tieBreaks)
    ? s.tieBreaks.map((k: unknown) => (isTieBreak(k) ? k : null))
    : []
  const rows: StandingsRow[] = []
  const apart: ApartRow[] = []
  s.rows.forEach((r: unknown, i: number) => {
    if (!isRecord(r) || typeof r.name !== 'string') return
    // A row the server lists apart (place null) is unranked: it never takes a place number on the stream.
    if (r.place === null) {
      const why = isRecord(r.unranked) ? num(r.unranked.minGames) : null
      apart.push({ name: r.name, perGame: num(r.perGame), minGames: why })
      return
    }
    const points = num(r.points) ?? num(r.total)
    if (points === null) return
    const values = Array.isArray(r.tieBreaks) ? r.tieBreaks : []
    rows.push({
      place: num(r.place) ?? i + 1,
      name: r.name,
      points,
      perGame: num(r.perGame),
      games: num(r.games),
      wins: num(r.wins),
      tieBreaks: keys.map((k, j) => (k === null ? null : num(values[j]))).filter((_, j) => keys[j] !== null),
      decidedBy: isTieBreak(r.decidedBy) ? r.decidedBy : null,
      ciProvisional: r.ciProvisional === true,
    })
  })
  if (rows.length === 0 && apart.length === 0) return null
  const normaliser = isRecord(s.normaliser) ? s.normaliser : null
  return {
    title: typeof s.title === 'string' ? s.title : null,
    minGames: normaliser?.kind === 'perGame' ? num(normaliser.minGames) : null,
    apart,
    tieBreaks: keys.filter((k): k is TieBreakName => k !== null),
    ciProvisional: s.ciProvisional === true,
    rows,
    classification: readClassification(s.classification),
  }
}
