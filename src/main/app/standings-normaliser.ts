/**
 * Where a tournament's normaliser for unequal game counts is stored (issue 31 §3): one setting per tournament,
 * keyed by its uuid. The standings options read it here (exports.ts), so every table, view and file of the
 * tournament ranks with it; the scoring page sets it (organiser/scoring-systems.ts).
 */
import { normaliserSchema, type Normaliser } from '../../shared/game/scoring-system'
import type { MafiaDb } from '../db'
import { tournamentNormaliserKey } from '../db/settings'
import { AppError, appError } from '../../shared/errors'

/** The setting's key: one name, shared with the exchange file (db/settings.ts). */
export const normaliserKey = tournamentNormaliserKey
export const NO_NORMALISER: Normaliser = { kind: 'none' }

/**
 * The normaliser shown in the tournament's detail (the scoring tab's control): a damaged stored value reads as
 * `none` here only, so the tournament still opens and the head judge can choose it again — every standings view
 * refuses it meanwhile (tournamentNormaliser), so nothing is ranked by a value nobody chose.
 */
export function shownNormaliser(db: MafiaDb, tournamentId: number): Normaliser {
  const t = db.tournaments.getTournament(tournamentId)
  if (!t) return NO_NORMALISER
  const parsed = normaliserSchema.safeParse(db.settings.getSetting<unknown>(normaliserKey(t.uuid)))
  return parsed.success ? parsed.data : NO_NORMALISER
}

/** The tournament's normaliser; `none` when none was chosen (or for an unknown tournament). */
export function tournamentNormaliser(db: MafiaDb, tournamentId: number): Normaliser {
  const t = db.tournaments.getTournament(tournamentId)
  if (!t) return NO_NORMALISER
  const stored = db.settings.getSetting<unknown>(normaliserKey(t.uuid))
  if (stored === null) return NO_NORMALISER
  const parsed = normaliserSchema.safeParse(stored)
  if (parsed.success) return parsed.data
  // A damaged value never silently turns into «no normaliser»: the standings would change without a word.
  throw new AppError(
    appError(
      'standings/normaliser_invalid',
      `Сохранённая нормировка турнира «${t.name}» повреждена; выберите её заново на вкладке «Подсчёт очков».`,
      `The stored normaliser of the tournament "${t.name}" is damaged; choose it again on the Scoring tab.`,
      {
        tournamentId,
        issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
      },
    ),
  )
}
