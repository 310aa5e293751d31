/**
 * Nothing that comes from a file is trusted (issue 13 §5): every game of an exchange file is checked before the
 * database stores it. Its setup must be a valid game (ten named players, a valid ruleset, a legal deal of roles),
 * and its log is played again through the engine, command by command: a command the engine refuses, or one whose
 * events differ from those in the file, refuses the whole file, naming the game and the entry. The game's status,
 * winner and per-seat results are then the engine's, never the file's (a crafted file cannot add points); the
 * stored Ci starts at 0 and is set here when the stage is finalised.
 */
import { AppError, appError } from '../../shared/errors'
import type { Command } from '../../shared/game/commands'
import { execute, newGame, parseCommand, validateSetup, type Game, type GameSetup } from '../engine'
import type { ExchangeGame } from '../db'
import { projectionOf } from './projection'

/** JSON with sorted keys, so that two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}

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

/** Checks one imported game and returns it with the engine's status, winner and results. Throws AppError. */
export function verifyImportedGame(g: ExchangeGame): ExchangeGame {
  const setup = g.setup as GameSetup
  const bad = validateSetup(setup)
  if (bad) {
    throw refused(g, `неверная расстановка: ${bad.message.ru}`, `invalid setup: ${bad.message.en}`, {
      setup: bad,
    })
  }
  let game: Game = newGame(setup)
  for (const [i, e] of g.log.entries()) {
    if (e.seq !== i + 1) {
      throw refused(g, `запись ${e.seq} стоит на месте ${i + 1}`, `entry ${e.seq} stands at place ${i + 1}`, {
        seq: e.seq,
      })
    }
    // The engine's own door for commands: an unknown one or a bad field, named in both languages.
    const parsed = parseCommand(e.command)
    if (!parsed.ok) {
      throw refused(
        g,
        `запись ${e.seq}: ${parsed.error.message.ru}`,
        `entry ${e.seq}: ${parsed.error.message.en}`,
        { seq: e.seq },
      )
    }
    const command: Command = { ...parsed.command, at: parsed.command.at ?? e.at }
    const r = execute(game, command)
    if (!r.ok) {
      throw refused(
        g,
        `запись ${e.seq} («${command.cmd}») отклонена правилами: ${r.error.message.ru}`,
        `entry ${e.seq} ("${command.cmd}") is refused by the rules: ${r.error.message.en}`,
        { seq: e.seq, error: r.error },
      )
    }
    if (canonical(r.entry.events) !== canonical(e.events)) {
      throw refused(
        g,
        `события записи ${e.seq} («${command.cmd}») не следуют из её команды`,
        `the events of entry ${e.seq} ("${command.cmd}") do not follow from its command`,
        { seq: e.seq },
      )
    }
    game = r.game
  }
  if (g.log.length === 0) return { ...g, status: 'setup', winner: null, results: [] }
  const projection = projectionOf(game, false)
  return {
    ...g,
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
