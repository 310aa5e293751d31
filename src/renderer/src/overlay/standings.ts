/**
 * Standings for `?layout=standings`: the overlay envelope carries the active tournament's standings (the
 * server recomputes them when a result changes); they are validated here, and a game outside a tournament or a
 * tournament with no finished game shows a clear "no standings yet" state.
 */
export interface StandingsRow {
  place: number
  name: string
  points: number
  games: number | null
  wins: number | null
}

export interface StandingsData {
  title: string | null
  rows: StandingsRow[]
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export function readStandings(envelope: unknown): StandingsData | null {
  if (!isRecord(envelope) || !isRecord(envelope.standings)) return null
  const s = envelope.standings
  if (!Array.isArray(s.rows)) return null
  const rows: StandingsRow[] = []
  s.rows.forEach((r: unknown, i: number) => {
    if (!isRecord(r) || typeof r.name !== 'string') return
    const points = num(r.points) ?? num(r.total)
    if (points === null) return
    rows.push({ place: num(r.place) ?? i + 1, name: r.name, points, games: num(r.games), wins: num(r.wins) })
  })
  if (rows.length === 0) return null
  return { title: typeof s.title === 'string' ? s.title : null, rows }
}
