/**
 * The scoring-system editor's pure parts (issue 31 §3): numbers as typed (a comma or a dot), the tie-breaks as an
 * ordered list (`total` stays first; move up, remove, add), the automatic bonuses as a list, and the fields a
 * refused system names. The editor itself is ScoringPanel.vue; the schema is the server's one
 * (src/shared/game/scoring-system.ts), never a copy of its limits.
 */
import {
  TIE_BREAK_KEYS,
  type AutoBonusRule,
  type ScoringSystem,
  type TieBreak,
} from '../../../../shared/game/scoring-system'
import { parseDecimal } from '../../../../shared/numbers'
import { scoringSaveSchema } from '../../../../shared/scoring-ops'
import { validationMessage } from '../../../../shared/validation-message'

/**
 * A number typed into a field: «0,3» and «0.3» alike (the one parser of src/shared/numbers). Text that is no number
 * stays NaN, so the save is refused by the server's schema naming this field (nothing is guessed or dropped).
 */
export function typedNumber(text: string): number {
  return parseDecimal(text) ?? Number.NaN
}

type TieBreakList = ScoringSystem['tieBreaks']
type ListedKey = (typeof TIE_BREAK_KEYS)[number]

/** Moves the criterion at `i` one place up; `total` (index 0) and the one right below it stay where they are. */
export function moveTieBreakUp(list: TieBreakList, i: number): TieBreakList {
  const out = list.map((x) => ({ ...x }))
  if (i <= 1 || i >= out.length) return out
  ;[out[i - 1], out[i]] = [out[i], out[i - 1]]
  return out
}

/** Removes the criterion at `i`; `total` always stays first. */
export function removeTieBreak(list: TieBreakList, i: number): TieBreakList {
  return list.filter((_, j) => j !== i || j === 0).map((x) => ({ ...x }))
}

/** Adds a criterion at the end (more is better); a key already listed is not added twice. */
export function addTieBreak(list: TieBreakList, key: ListedKey): TieBreakList {
  const out = list.map((x) => ({ ...x }))
  if (!TIE_BREAK_KEYS.includes(key) || out.some((x) => x.key === key)) return out
  out.push({ key, order: 'desc' })
  return out
}

/** Turns the order of the criterion at `i` (more is better ⇄ less is better); not `total`'s. */
export function flipTieBreakOrder(list: TieBreakList, i: number): TieBreakList {
  return list.map((x, j) => {
    const order: TieBreak['order'] = x.order === 'desc' ? 'asc' : 'desc'
    return j === i && j > 0 ? { ...x, order } : { ...x }
  })
}

/** The criteria not yet in the list, in the schema's order (what «add» offers). */
export function missingTieBreaks(list: TieBreakList): ListedKey[] {
  const used = new Set<string>(list.map((x) => x.key))
  return TIE_BREAK_KEYS.filter((k) => !used.has(k))
}

/** A new automatic bonus with an id not yet used in the list (+0 for anyone, until the user sets it). */
export function newAutoBonus(list: readonly AutoBonusRule[]): AutoBonusRule {
  const ids = new Set(list.map((b) => b.id))
  let n = list.length + 1
  while (ids.has(`bonus-${n}`)) n++
  return { id: `bonus-${n}`, role: 'any', result: 'any', points: 0 }
}

/** A bonus's «survived» condition as the select shows it, and back. */
export type SurvivedChoice = 'any' | 'yes' | 'no'
export const survivedChoice = (b: AutoBonusRule): SurvivedChoice =>
  b.survived === undefined ? 'any' : b.survived ? 'yes' : 'no'
export function withSurvived(b: AutoBonusRule, c: SurvivedChoice): AutoBonusRule {
  const { survived: _old, ...rest } = b
  return c === 'any' ? rest : { ...rest, survived: c === 'yes' }
}

/** One refused field of a system: its path inside the system (e.g. `extraPoints`, `penalties.removal`). */
export interface FieldIssue {
  /** The path inside the system, `''` for the whole system. */
  path: string
  /** The first key of the path: the editor's group that shows the issue (`extraPoints`, `ci`, …). */
  group: string
  ru: string
  en: string
}

/**
 * What the server's schema refuses in `system`, field by field, in both languages: the same schema and the same
 * formatter as the server's refusal (scoring.save, standings.preview), so the field the refusal names is the one
 * the page marks. Empty when the system passes.
 */
export function systemIssues(system: unknown): FieldIssue[] {
  const parsed = scoringSaveSchema.safeParse({ system })
  if (parsed.success) return []
  const out: FieldIssue[] = []
  for (const issue of parsed.error.issues) {
    const inner = issue.path[0] === 'system' ? issue.path.slice(1) : issue.path
    const path = inner.map(String).join('.')
    // The one formatter of a refusal (a refinement's own words in both languages come from the schema).
    const text = validationMessage([{ ...issue, path: [] }]).issues[0] ?? { ru: '', en: '' }
    out.push({ path, group: inner.length > 0 ? String(inner[0]) : '', ru: text.ru, en: text.en })
  }
  return out
}
