/**
 * A tournament's award rules (issue 31 §1, migration 10): one JSON document per tournament, validated by the one
 * schema of shared/awards.ts on the way in and on the way out (a row that no longer parses is reported, never
 * silently replaced by the defaults). No row: the shipped defaults.
 */
import {
  awardSettingsSchema,
  completeAwardSettings,
  defaultAwardSettings,
  type AwardSettings,
} from '../../shared/awards'
import { validationMessage } from '../../shared/validation-message'
import { Repo, type DbCore } from './core'
import { dbError, invalidInput, tournamentArchived } from './errors'

/** The stored rules of a tournament, parsed by the one schema; null without a row; db/corrupt when damaged. */
export function storedAwardRules(core: DbCore, tournamentId: number): AwardSettings | null {
  const row = core.stmt('SELECT rules FROM tournament_awards WHERE tournament_id = ?').get(tournamentId) as
    { rules: string } | undefined
  if (row === undefined) return null
  let json: unknown
  try {
    json = JSON.parse(row.rules)
  } catch {
    json = undefined
  }
  const parsed = awardSettingsSchema.safeParse(json)
  if (!parsed.success)
    throw dbError(
      'db/corrupt',
      'Сохранённые правила номинаций турнира повреждены; задайте их заново.',
      'The tournament’s stored award rules are damaged; set them again.',
      { tournamentId },
    )
  return completeAwardSettings(parsed.data)
}

export class AwardsRepo extends Repo {
  /** The stored rules, or null when the tournament has none (the defaults apply). */
  getAwardRules(tournamentId: number): AwardSettings | null {
    return this.guard(() => {
      this.requireTournament(tournamentId)
      return storedAwardRules(this.core, tournamentId)
    })
  }

  /** The rules in force: the stored ones, else the shipped defaults (`isDefault`). */
  effectiveAwardRules(tournamentId: number): { settings: AwardSettings; isDefault: boolean } {
    const stored = this.getAwardRules(tournamentId)
    return stored === null
      ? { settings: defaultAwardSettings(), isDefault: true }
      : { settings: stored, isDefault: false }
  }

  /**
   * Stores the rules (validated again here: every door into the record goes through the one schema), every
   * shipped award in them: one left out is stored switched off.
   */
  setAwardRules(tournamentId: number, rules: AwardSettings): AwardSettings {
    const parsed = awardSettingsSchema.safeParse(rules)
    if (!parsed.success) {
      const text = validationMessage(parsed.error.issues)
      throw invalidInput(`Неверные правила номинаций: ${text.ru}`, `Invalid award rules: ${text.en}`)
    }
    const complete = completeAwardSettings(parsed.data)
    return this.write(() => {
      const t = this.requireTournament(tournamentId)
      if (t.archived_at !== null) throw tournamentArchived(t.name, t.id)
      this.stmt(
        `INSERT INTO tournament_awards (tournament_id, rules, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(tournament_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
      ).run(tournamentId, JSON.stringify(complete), Date.now())
      return complete
    })
  }

  /** Back to the shipped defaults. */
  clearAwardRules(tournamentId: number): void {
    this.write(() => {
      const t = this.requireTournament(tournamentId)
      if (t.archived_at !== null) throw tournamentArchived(t.name, t.id)
      this.stmt('DELETE FROM tournament_awards WHERE tournament_id = ?').run(tournamentId)
    })
  }
}
