/**
 * Nothing that comes from a file is trusted (issue 13 §5, issue 29 §1): every game of an exchange file goes through
 * the engine's one replay check (`engine/verify.ts`, the same as a table's push) before the database stores it. Its
 * setup must be the shared setup shape and a legal deal, played under a ruleset this machine knows — the
 * tournament's own copy or a shipped or saved one, never a copy the file widened — and its log is played again,
 * command by command: a command the engine refuses, or one whose events differ from those in the file, refuses
 * the whole file, naming the game and the entry. The game's status, winner and per-seat results are then the
 * engine's, never the file's (a crafted file cannot add points); the stored Ci starts at 0 and is set here when the
 * stage is finalised.
 */
import { AppError, appError } from '../../shared/errors'
import { rulesetSchema, type Ruleset } from '../../shared/game/ruleset'
import { canonicalEntry, verifyGame } from '../engine/verify'
import type { ExchangeGame, ExchangeTournament } from '../db'
import { projectionOf } from '../games/projection'

function refused(g: ExchangeGame, whyRu: string, whyEn: string, details: Record<string, unknown>): AppError {
  const name = g.number === null ? g.uuid : `№${g.number} (${g.uuid})`
  const nameEn = g.number === null ? g.uuid : `#${g.number} (${g.uuid})`
  return new AppError(
    appError(
      'db/import_invalid_game',
      `Импорт отменён: игра ${name} — ${whyRu}. Ничего не изменено.`,
      `Import refused: game ${nameEn}: ${whyEn}. Nothing was changed.`,
      { uuid: g.uuid, ...details },
    ),
  )
}

/** The rulesets an imported game may have been played under, as canonical JSON. */
export type KnownRulesets = (tournament: ExchangeTournament | undefined) => Set<string>

/** The canonical JSON of a ruleset as the shared schema reads it (null: not a ruleset). */
export function rulesetKey(raw: unknown): string | null {
  const parsed = rulesetSchema.safeParse(raw)
  return parsed.success ? canonicalEntry(parsed.data) : null
}

/**
 * The known rulesets: every one of this machine (shipped or saved) and the tournament's own copy — the one this
 * database holds when it has the tournament (the file's copy is then ignored: it may have been widened), else the
 * file's, for a tournament this import creates.
 */
export function knownRulesets(
  own: Ruleset[],
  stored: (uuid: string) => { ruleset: unknown } | undefined,
): KnownRulesets {
  const base = own.map((r) => rulesetKey(r)).filter((k): k is string => k !== null)
  return (tournament) => {
    const keys = new Set(base)
    const here = tournament ? stored(tournament.uuid) : undefined
    const copy = here ? rulesetKey(here.ruleset) : tournament ? rulesetKey(tournament.ruleset) : null
    if (copy) keys.add(copy)
    return keys
  }
}

/**
 * Checks one imported game and returns it with the engine's status, winner, results and entries. `known`: the
 * rulesets it may use (canonical JSON). Throws AppError.
 */
export function verifyImportedGame(g: ExchangeGame, known: Set<string>): ExchangeGame {
  const checked = verifyGame(g.setup, g.log)
  if (!checked.ok) {
    const { code, message, details } = checked.error
    const seq = typeof details?.seq === 'number' ? details.seq : undefined
    if (code === 'engine/bad_setup') {
      throw refused(g, `неверная расстановка: ${message.ru}`, `invalid setup: ${message.en}`, {
        setup: checked.error,
      })
    }
    // The engine's own refusal when it refused the command, else the check's.
    throw refused(g, `запись ${seq ?? '?'}: ${message.ru}`, `entry ${seq ?? '?'}: ${message.en}`, {
      seq,
      error: details?.error ?? checked.error,
    })
  }
  const { setup, game, entries } = checked.value
  const key = rulesetKey(setup.ruleset)
  if (key === null || !known.has(key)) {
    throw refused(
      g,
      `регламент «${setup.ruleset.id}» игры не совпадает ни с регламентом турнира, ни с известным регламентом`,
      `its ruleset "${setup.ruleset.id}" is neither the tournament's nor a known one`,
      { rulesetId: setup.ruleset.id },
    )
  }
  const base = { ...g, setup, log: entries }
  if (entries.length === 0) return { ...base, status: 'setup', winner: null, results: [] }
  const projection = projectionOf(game, false)
  return {
    ...base,
    status: projection.status,
    winner: projection.winner,
    results: (projection.results ?? []).map((r) => ({
      ...r,
      ci: 0,
      extraReasons: r.extraReasons ?? [],
      penaltyReasons: r.penaltyReasons ?? [],
    })),
  }
}
