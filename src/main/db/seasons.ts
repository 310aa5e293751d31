/**
 * The club's seasons (issue 31 §4) and the registry's pair policies (issue 31 §2), migration 13. A season's
 * definition is one JSON document; seasonConfigSchema checks it on every write and every read (one door), so a
 * damaged row is a clear error, never a wrong table.
 */
import { Repo, type Statement } from './core'
import { dbError, invalidInput, notFound } from './errors'
import {
  seasonConfigSchema,
  seasonRangeProblem,
  type SeasonConfig,
  type SeasonDef,
} from '../../shared/season-series'
import { validationMessage } from '../../shared/validation-message'

const SEASON = { ru: 'Сезон', en: 'Season' }

interface SeasonDbRow {
  id: number
  name: string
  config: string
}

export interface PairPolicyRow {
  a: number
  b: number
  reason: string
}

export function checkConfig(value: unknown, seasonId: number | null): SeasonConfig {
  const parsed = seasonConfigSchema.safeParse(value)
  const range = parsed.success ? seasonRangeProblem(parsed.data) : null
  if (parsed.success && range === null) return parsed.data
  const text = range ?? validationMessage(parsed.error?.issues ?? [])
  const issues = 'issues' in text ? text.issues : []
  if (seasonId === null)
    throw invalidInput(`Сезон не сохранён: ${text.ru}.`, `The season was not saved: ${text.en}.`, {
      issues,
    })
  throw dbError(
    'db/bad_season',
    `Сезон №${seasonId} в базе повреждён (${text.ru}): сохраните его заново.`,
    `Season ${seasonId} in the database is damaged (${text.en}): save it again.`,
    { seasonId, issues },
  )
}

export class SeasonsRepo extends Repo {
  listSeasons(): SeasonDef[] {
    return this.guard(() =>
      (this.stmt('SELECT id, name, config FROM seasons ORDER BY id').all() as SeasonDbRow[]).map((r) =>
        this.toSeason(r),
      ),
    )
  }

  getSeason(id: number): SeasonDef | null {
    return this.guard(() => {
      const row = this.stmt('SELECT id, name, config FROM seasons WHERE id = ?').get(id) as
        SeasonDbRow | undefined
      return row ? this.toSeason(row) : null
    })
  }

  /** Stores a new season (id null) or replaces an existing one's definition. */
  saveSeason(id: number | null, config: SeasonConfig): SeasonDef {
    const checked = checkConfig(config, null)
    return this.write(() => {
      // The list and the weights name tournaments of this database (the exchange file names them by uuid).
      for (const t of [...checked.tournamentIds, ...Object.keys(checked.weights).map(Number)])
        this.requireTournament(t)
      const now = Date.now()
      const json = JSON.stringify(checked)
      let seasonId: number
      if (id === null) {
        seasonId = Number(
          this.stmt('INSERT INTO seasons (name, config, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
            checked.name,
            json,
            now,
            now,
          ).lastInsertRowid,
        )
      } else {
        const done = this.stmt('UPDATE seasons SET name = ?, config = ?, updated_at = ? WHERE id = ?').run(
          checked.name,
          json,
          now,
          id,
        )
        if (done.changes === 0) throw notFound(SEASON, id)
        seasonId = id
      }
      return { id: seasonId, ...checked }
    })
  }

  deleteSeason(id: number): void {
    this.write(() => {
      if (this.stmt('DELETE FROM seasons WHERE id = ?').run(id).changes === 0) throw notFound(SEASON, id)
    })
  }

  private toSeason(row: SeasonDbRow): SeasonDef {
    let parsed: unknown
    try {
      parsed = JSON.parse(row.config)
    } catch {
      parsed = null
    }
    return { id: row.id, ...checkConfig(parsed, row.id) }
  }

  // ---- pair policies

  listPairPolicies(): PairPolicyRow[] {
    return this.guard(
      () => this.stmt('SELECT a, b, reason FROM pair_policies ORDER BY a, b').all() as PairPolicyRow[],
    )
  }

  /** Adds a pair (or changes its reason); the order of the two players does not matter. */
  savePairPolicy(x: number, y: number, reason: string): void {
    if (x === y)
      throw invalidInput('Для пары нужны два разных игрока.', 'A pair needs two different players.', {
        playerId: x,
      })
    const [a, b] = x < y ? [x, y] : [y, x]
    this.write(() => {
      this.requirePlayer(a)
      this.requirePlayer(b)
      this.stmt(
        `INSERT INTO pair_policies (a, b, reason, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(a, b) DO UPDATE SET reason = excluded.reason`,
      ).run(a, b, reason.trim(), Date.now())
    })
  }

  deletePairPolicy(x: number, y: number): void {
    const [a, b] = x < y ? [x, y] : [y, x]
    this.write(() => {
      if (this.stmt('DELETE FROM pair_policies WHERE a = ? AND b = ?').run(a, b).changes === 0)
        throw dbError(
          'db/not_found',
          `Пары игроков №${a} и №${b} нет в реестре.`,
          `Players ${a} and ${b} are not a pair in the registry.`,
          { a, b },
        )
    })
  }
}

/**
 * A players' merge (players.ts): the dropped player's pairs move to the kept one; a pair of the two merged players
 * is no pair any more (as in a stage's own pairs).
 */
export function remapPairPolicies(stmt: (sql: string) => Statement, keepId: number, dropId: number): void {
  const rows = stmt('SELECT a, b, reason, created_at FROM pair_policies WHERE a = ? OR b = ?').all(
    dropId,
    dropId,
  ) as Array<PairPolicyRow & { created_at: number }>
  stmt('DELETE FROM pair_policies WHERE a = ? OR b = ?').run(dropId, dropId)
  const insert = stmt('INSERT OR IGNORE INTO pair_policies (a, b, reason, created_at) VALUES (?, ?, ?, ?)')
  for (const r of rows) {
    const other = r.a === dropId ? r.b : r.a
    if (other === keepId) continue
    insert.run(Math.min(keepId, other), Math.max(keepId, other), r.reason, r.created_at)
  }
}
