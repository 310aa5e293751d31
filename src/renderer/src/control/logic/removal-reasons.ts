/**
 * The removal dialog's reasons (RULES §11.5, §11.9): the codes this game's ruleset takes, in its order, without
 * those that are a team defeat there (FIIM: the oath), each with a letter in both layouts (the Russian letter opens
 * the Russian word). Pure.
 */
import { REMOVAL_REASONS, type RemovalReason } from '../../../../shared/game/removal'
import type { Ruleset } from '../../../../shared/game/ruleset'

/** One letter per reason and language; unique within a language. */
export const REASON_LETTERS: Record<RemovalReason, { ru: string; en: string }> = {
  oath: { ru: 'К', en: 'T' },
  betting: { ru: 'П', en: 'B' },
  arguingWithJudge: { ru: 'С', en: 'A' },
  nightViolation: { ru: 'Н', en: 'N' },
  refusedHandCount: { ru: 'Р', en: 'H' },
  insult: { ru: 'О', en: 'I' },
  other: { ru: 'Д', en: 'O' },
}

export interface ReasonChoice {
  code: string
  /** Null for a code of a user's ruleset that the app has no words for (shown as the code, picked in the list). */
  letters: { ru: string; en: string } | null
}

const isKnown = (r: string): r is RemovalReason => (REMOVAL_REASONS as readonly string[]).includes(r)

/**
 * The reasons a removal may give under `ruleset`, in its order, without a team defeat's. The ruleset not known yet:
 * every code, the oath last (a team defeat under FIIM, so never the default).
 */
export function removalChoices(
  ruleset: Pick<Ruleset, 'removalReasons' | 'teamDefeatReasons'> | null,
): ReasonChoice[] {
  const allowed: readonly string[] = ruleset
    ? (ruleset.removalReasons ?? REMOVAL_REASONS)
    : [...REMOVAL_REASONS.filter((r) => r !== 'oath'), 'oath']
  const teamDefeat: readonly string[] = ruleset?.teamDefeatReasons ?? []
  return allowed
    .filter((r) => !teamDefeat.includes(r))
    .map((code) => ({ code, letters: isKnown(code) ? REASON_LETTERS[code] : null }))
}

/**
 * A team defeat's reason under `ruleset` (FIIM: the oath) whose letter is `key`: it is not in the removal list, and
 * the dialog says which command takes it instead. Null for any other key.
 */
export function teamDefeatByLetter(
  ruleset: Pick<Ruleset, 'teamDefeatReasons'> | null,
  key: string,
): RemovalReason | null {
  const choices = (ruleset?.teamDefeatReasons ?? []).filter(isKnown).map((code) => ({
    code,
    letters: REASON_LETTERS[code],
  }))
  const code = reasonByLetter(choices, key)
  return code !== null && isKnown(code) ? code : null
}

/** The reason whose letter (either language, either case) is `key`; null for any other key. */
export function reasonByLetter(choices: ReasonChoice[], key: string): string | null {
  if (key.length !== 1) return null
  const k = key.toLowerCase()
  const hit = choices.find(
    (c) => c.letters !== null && (c.letters.ru.toLowerCase() === k || c.letters.en.toLowerCase() === k),
  )
  return hit?.code ?? null
}
