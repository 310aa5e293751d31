/**
 * The scoring page (issue 31 §3): the scoring systems (shipped, and custom ones made by copying and editing, kept in
 * the database), the system a tournament copies into its ruleset, the preview of a tournament's standings under
 * another system, and the tournament's normaliser for unequal game counts. Every system that comes in goes through
 * one validation (scoringSystemSchema); nothing here writes while previewing.
 */
import { z } from 'zod'
import {
  SHIPPED_SCORING_SYSTEMS,
  rulesetSchema,
  scoringSystemOf,
  type Ruleset,
} from '../../../shared/game/ruleset'
import {
  normaliserSchema,
  scoringSystemSchema,
  type Normaliser,
  type ScoringSystem,
} from '../../../shared/game/scoring-system'
import type { PreviewRow, ScoringSystemEntry, StandingsPreview } from '../../../shared/scoring-ops'
import type { MafiaDb } from '../../db'
import { CUSTOM_SCORING_SYSTEMS_KEY } from '../../db/settings'
import { computeAllStandings, type ApartRow, type StandingsRow } from '../../tournament/standings'
import { standingsInputs, tournamentRuleset } from '../exports'
import { normaliserKey, tournamentNormaliser } from '../standings-normaliser'
import { fail } from './context'

const CUSTOM_KEY = CUSTOM_SCORING_SYSTEMS_KEY
export { tournamentNormaliser }

function isShipped(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(SHIPPED_SCORING_SYSTEMS, id)
}

/** The custom systems stored in the database; a stored value that is not a list of systems is refused, named. */
export function customSystems(db: MafiaDb): ScoringSystem[] {
  const stored = db.settings.getSetting<unknown>(CUSTOM_KEY)
  if (stored === null) return []
  const parsed = z.array(scoringSystemSchema).safeParse(stored)
  if (!parsed.success) {
    throw fail(
      'scoring/stored_invalid',
      'Сохранённые системы подсчёта очков повреждены и не читаются; ничего не изменено. Восстановите резервную копию.',
      'The stored scoring systems are damaged and cannot be read; nothing was changed. Restore a backup.',
      { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) },
    )
  }
  return parsed.data
}

export function listSystems(db: MafiaDb): ScoringSystemEntry[] {
  return [
    ...Object.values(SHIPPED_SCORING_SYSTEMS).map((system) => ({ system, shipped: true })),
    ...customSystems(db).map((system) => ({ system, shipped: false })),
  ]
}

export function systemById(db: MafiaDb, id: string): ScoringSystemEntry {
  const found = listSystems(db).find((e) => e.system.id === id)
  if (!found) {
    throw fail(
      'scoring/unknown_system',
      `Нет системы подсчёта очков «${id}».`,
      `There is no scoring system "${id}".`,
      { id },
    )
  }
  return found
}

/** Saves an edited custom system (made by copying): a shipped one never changes, it is copied instead. */
export function saveSystem(db: MafiaDb, system: ScoringSystem): ScoringSystemEntry {
  const valid = scoringSystemSchema.parse(system)
  if (isShipped(valid.id)) {
    throw fail(
      'scoring/shipped_readonly',
      `Система «${valid.name}» поставляется с программой и не меняется: скопируйте её и измените копию.`,
      `The system "${valid.name}" ships with the app and does not change: copy it and edit the copy.`,
      { id: valid.id },
    )
  }
  const list = customSystems(db)
  const at = list.findIndex((s) => s.id === valid.id)
  if (at < 0) {
    throw fail(
      'scoring/unknown_system',
      `Нет своей системы «${valid.id}»: новая система создаётся копированием существующей.`,
      `There is no custom system "${valid.id}": a new system is made by copying an existing one.`,
      { id: valid.id },
    )
  }
  list[at] = valid
  db.settings.setSetting(CUSTOM_KEY, list)
  return { system: valid, shipped: false }
}

/** A custom system copied from any system of the list, with a new id and the given name. */
export function copySystem(db: MafiaDb, id: string, name: string): ScoringSystemEntry {
  const base = systemById(db, id).system
  const list = customSystems(db)
  const taken = new Set([...list.map((s) => s.id), ...Object.keys(SHIPPED_SCORING_SYSTEMS)])
  let n = list.length + 1
  while (taken.has(`custom-${n}`)) n++
  const copy = scoringSystemSchema.parse({
    ...structuredClone(base),
    id: `custom-${n}`,
    name,
    basedOn: base.basedOn ?? base.id,
  })
  db.settings.setSetting(CUSTOM_KEY, [...list, copy])
  return { system: copy, shipped: false }
}

/**
 * The tournament's copy of a ruleset with the chosen system in it: the games prepared under that copy score with
 * it (panel, protocol) as do the standings. A later change of the system in the list changes nothing here.
 */
export function withSystem(
  db: MafiaDb,
  ruleset: Ruleset,
  scoringSystemId: string | undefined,
  version?: { bestMove2: number; bestMove3: number; ciK: number },
): Ruleset {
  if (scoringSystemId === undefined) return ruleset
  const system = structuredClone(systemById(db, scoringSystemId).system)
  // The settings' scoring version (best move values, Ci K) is the system's own, edited in one place.
  if (version) {
    system.bestMove = { two: version.bestMove2, three: version.bestMove3 }
    system.ci = { ...system.ci, k: version.ciK, enabled: version.ciK > 0 }
  }
  return rulesetSchema.parse({ ...ruleset, scoringSystem: system })
}

export function setTournamentNormaliser(
  db: MafiaDb,
  tournamentId: number,
  normaliser: Normaliser,
): Normaliser {
  const t = db.tournaments.getTournament(tournamentId)
  if (!t) {
    throw fail(
      'app/tournament_not_found',
      `Турнир №${tournamentId} не найден`,
      `Tournament ${tournamentId} not found`,
    )
  }
  const valid = normaliserSchema.parse(normaliser)
  db.settings.setSetting(normaliserKey(t.uuid), valid)
  return valid
}

function table(
  db: MafiaDb,
  tournamentId: number,
  system: ScoringSystem,
  normaliser: Normaliser,
): { system: ScoringSystem; normaliser: Normaliser; rows: PreviewRow[]; apart: PreviewRow[] } {
  const { games, options } = standingsInputs(db, tournamentId)
  const all = computeAllStandings(games, { ...options, scoring: system, normaliser })
  const row = (r: StandingsRow | ApartRow): PreviewRow => ({
    rank: r.rank,
    playerId: r.playerId,
    name: r.name,
    games: r.games,
    total: r.total,
    perGame: r.perGame,
  })
  return { system, normaliser, rows: all.overall.map(row), apart: all.apart.map(row) }
}

/** The tournament's standings under another system and/or normaliser, next to its own; nothing is stored. */
export function previewStandings(
  db: MafiaDb,
  input: { tournamentId: number; scoringSystemId?: string; system?: ScoringSystem; normaliser?: Normaliser },
): StandingsPreview {
  const t = db.tournaments.getTournament(input.tournamentId)
  if (!t) {
    throw fail(
      'app/tournament_not_found',
      `Турнир №${input.tournamentId} не найден`,
      `Tournament ${input.tournamentId} not found`,
    )
  }
  const own = scoringSystemOf(tournamentRuleset(db, t.id))
  const ownNormaliser = tournamentNormaliser(db, t.id)
  const other =
    input.system !== undefined
      ? scoringSystemSchema.parse(input.system)
      : input.scoringSystemId !== undefined
        ? systemById(db, input.scoringSystemId).system
        : own
  return {
    tournament: { id: t.id, name: t.name },
    current: table(db, t.id, own, ownNormaliser),
    preview: table(db, t.id, other, input.normaliser ?? ownNormaliser),
  }
}
