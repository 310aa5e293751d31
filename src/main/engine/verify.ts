/**
 * The one replay check of a game's log (issue 29 §7), used by every door that hands over entries it did not make
 * itself: an imported file, a table machine's push, the head judge's decision of a conflict. A setup must be the
 * shared setup shape and a legal deal; each entry must be the shared log-entry shape (a strict command, bounded text
 * and events, a real moment), stand at its place in the log, be accepted by the engine on top of the entries before
 * it and carry exactly the events and moment the engine makes of its command. Anything else is a typed refusal
 * naming the entry; nothing here stores anything.
 */
import { appError, type AppErrorData } from '../../shared/errors'
import { firstIssue, gameSetupSchema, logEntrySchema } from '../../shared/game/entry'
import { execute, newGame, validateSetup, type Game, type GameSetup, type LogEntry } from './game'

export type VerifyResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }

/** JSON with sorted keys: two equal values compare equal whatever their key order. */
export function canonicalEntry(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}

const bad = (
  code: 'engine/bad_setup' | 'engine/bad_entry' | 'engine/entry_refused' | 'engine/entry_mismatch',
  ru: string,
  en: string,
  details: Record<string, unknown>,
): { ok: false; error: AppErrorData } => ({ ok: false, error: appError(code, ru, en, details) })

/** A setup from outside: the shared shape (ten named players, a ruleset, a role per seat) and a legal deal. */
export function checkSetup(raw: unknown): VerifyResult<GameSetup> {
  const parsed = gameSetupSchema.safeParse(raw)
  if (!parsed.success) {
    const why = firstIssue(parsed.error)
    return bad('engine/bad_setup', `Неверная расстановка: ${why.ru}.`, `Invalid setup: ${why.en}.`, {
      issue: why.en,
    })
  }
  const setup: GameSetup = {
    ruleset: parsed.data.ruleset,
    players: parsed.data.players.map((p) => ({
      name: p.name,
      playerId: p.playerId ?? null,
      photo: p.photo ?? null,
      club: p.club || null,
    })),
    roles: Object.fromEntries(Object.entries(parsed.data.roles).map(([seat, role]) => [Number(seat), role])),
  }
  const deal = validateSetup(setup)
  return deal ? { ok: false, error: deal } : { ok: true, value: setup }
}

/**
 * Plays `entries` on top of `start` (a game whose log ends just before the first of them), each checked as above.
 * Returns the game after the last entry, the entries as the engine made them (what may be stored) and each with the
 * game it led to (for the stored projection).
 */
export function verifyEntries(
  start: Game,
  entries: readonly unknown[],
): VerifyResult<{ game: Game; entries: LogEntry[]; steps: Array<{ entry: LogEntry; game: Game }> }> {
  let game = start
  const out: LogEntry[] = []
  const steps: Array<{ entry: LogEntry; game: Game }> = []
  for (const [i, raw] of entries.entries()) {
    const place = game.log.length + 1
    const parsed = logEntrySchema.safeParse(raw)
    if (!parsed.success) {
      const why = firstIssue(parsed.error)
      return bad(
        'engine/bad_entry',
        `Запись на месте ${place} не годится для журнала игры: ${why.ru}.`,
        `The entry at place ${place} is not a valid log entry: ${why.en}.`,
        { seq: place, index: i, issue: why.en },
      )
    }
    const e = parsed.data
    if (e.seq !== place) {
      return bad(
        'engine/bad_entry',
        `Запись ${e.seq} стоит на месте ${place}.`,
        `Entry ${e.seq} stands at place ${place}.`,
        { seq: e.seq, index: i, place },
      )
    }
    // The moment is the entry's; a command without its own `at` was stamped with it.
    const command = { ...e.command, at: e.command.at ?? e.at }
    const r = execute(game, command)
    if (!r.ok) {
      return bad(
        'engine/entry_refused',
        `Запись ${e.seq} («${command.cmd}») отклонена правилами: ${r.error.message.ru}`,
        `Entry ${e.seq} ("${command.cmd}") is refused by the rules: ${r.error.message.en}`,
        { seq: e.seq, index: i, error: r.error },
      )
    }
    if (r.entry.at !== e.at || canonicalEntry(r.entry.events) !== canonicalEntry(e.events)) {
      return bad(
        'engine/entry_mismatch',
        `События записи ${e.seq} («${command.cmd}») не следуют из её команды.`,
        `The events of entry ${e.seq} ("${command.cmd}") do not follow from its command.`,
        { seq: e.seq, index: i },
      )
    }
    out.push(r.entry)
    steps.push({ entry: r.entry, game: r.game })
    game = r.game
  }
  return { ok: true, value: { game, entries: out, steps } }
}

/** A whole game from outside: its setup checked, then its whole log from the first entry. */
export function verifyGame(
  setupRaw: unknown,
  log: readonly unknown[],
): VerifyResult<{
  setup: GameSetup
  game: Game
  entries: LogEntry[]
  steps: Array<{ entry: LogEntry; game: Game }>
}> {
  const setup = checkSetup(setupRaw)
  if (!setup.ok) return setup
  const played = verifyEntries(newGame(setup.value), log)
  if (!played.ok) return played
  return { ok: true, value: { setup: setup.value, ...played.value } }
}
