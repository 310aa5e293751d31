/** Input checks and setup-JSON helpers shared by the aggregate modules. */
import { NICKNAME_MAX } from '../../shared/limits'
import { invalidInput } from './errors'
import { isRecord } from './fsutil'
import { cleanNickname } from './text'
import { GAME_STATUSES, type GameStatus, type ReasonedPoints, type SeatResultInput } from './types'

export function toJson(value: unknown, what: string): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (err) {
    throw invalidInput(
      `${what}: значение нельзя сохранить как JSON.`,
      `${what}: the value cannot be stored as JSON.`,
      { cause: String(err) },
    )
  }
  if (text === undefined) {
    throw invalidInput(`${what}: значение отсутствует.`, `${what}: the value is missing.`)
  }
  return text
}

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

/** NUL and the other control characters (C0 except tab/line breaks, DEL, C1): never part of a name. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

export function refuseControlChars(text: string, field: string): void {
  if (CONTROL_CHARS.test(text)) {
    throw invalidInput(
      `Поле «${field}» содержит управляющие символы (например, NUL).`,
      `"${field}" contains control characters (such as NUL).`,
      { field },
    )
  }
}

export function optionalText(value: unknown, field: string, max = 200): string {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string')
    throw invalidInput(`Поле «${field}» должно быть строкой.`, `"${field}" must be a string.`)
  refuseControlChars(value, field)
  const text = value.trim()
  if (text.length > max) {
    throw invalidInput(
      `Поле «${field}» длиннее ${max} символов.`,
      `"${field}" is longer than ${max} characters.`,
    )
  }
  return text
}

export function checkNickname(value: unknown): string {
  if (typeof value !== 'string' || cleanNickname(value) === '') {
    throw invalidInput('Ник игрока не может быть пустым.', "The player's nickname cannot be empty.")
  }
  refuseControlChars(value, 'nickname')
  const nickname = cleanNickname(value)
  if (nickname.length > NICKNAME_MAX) {
    throw invalidInput(
      `Ник длиннее ${NICKNAME_MAX} символов (в нём ${nickname.length}).`,
      `The nickname is longer than ${NICKNAME_MAX} characters (it has ${nickname.length}).`,
    )
  }
  return nickname
}

export function checkDate(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalidInput(
      `Поле «${field}» должно быть датой ГГГГ-ММ-ДД.`,
      `"${field}" must be a date YYYY-MM-DD.`,
      { value },
    )
  }
  return value
}

export function checkStatus(status: unknown): GameStatus {
  if (!GAME_STATUSES.includes(status as GameStatus)) {
    throw invalidInput(
      `Неизвестный статус игры: ${String(status)}.`,
      `Unknown game status: ${String(status)}.`,
    )
  }
  return status as GameStatus
}

export function checkPoints(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidInput(`Результат: «${field}» должно быть числом.`, `Result: "${field}" must be a number.`)
  }
  return value
}

export function checkReasons(value: unknown, field: string): ReasonedPoints[] {
  if (value === undefined || value === null) return []
  if (
    !Array.isArray(value) ||
    !value.every((r) => isRecord(r) && typeof r.points === 'number' && typeof r.reason === 'string')
  ) {
    throw invalidInput(
      `Результат: «${field}» должно быть списком {points, reason}.`,
      `Result: "${field}" must be a list of {points, reason}.`,
    )
  }
  return value.map((r: { points: number; reason: string }) => ({ points: r.points, reason: r.reason }))
}

export interface ResultParams {
  seat: number
  playerId: number | null
  role: string
  win: number
  bestMove: number
  extra: number
  penalty: number
  total: number
  extraReasons: string
  penaltyReasons: string
}

export function checkResults(results: readonly SeatResultInput[]): ResultParams[] {
  if (!Array.isArray(results))
    throw invalidInput('Результаты должны быть списком.', 'Results must be a list.')
  const seats = new Set<number>()
  return results.map((r) => {
    if (!Number.isInteger(r.seat) || r.seat < 1 || r.seat > 10 || seats.has(r.seat)) {
      throw invalidInput(
        `Результат: неверное или повторное место ${String(r.seat)}.`,
        `Result: invalid or repeated seat ${String(r.seat)}.`,
      )
    }
    seats.add(r.seat)
    if (r.playerId !== null && !isId(r.playerId)) {
      throw invalidInput('Результат: неверный id игрока.', 'Result: invalid player id.')
    }
    if (typeof r.role !== 'string' || r.role === '') {
      throw invalidInput('Результат: не указана роль.', 'Result: the role is missing.')
    }
    return {
      seat: r.seat,
      playerId: r.playerId,
      role: r.role,
      win: checkPoints(r.win, 'win'),
      bestMove: checkPoints(r.bestMove, 'bestMove'),
      extra: checkPoints(r.extra, 'extra'),
      penalty: checkPoints(r.penalty, 'penalty'),
      total: checkPoints(r.total, 'total'),
      extraReasons: JSON.stringify(checkReasons(r.extraReasons, 'extraReasons')),
      penaltyReasons: JSON.stringify(checkReasons(r.penaltyReasons, 'penaltyReasons')),
    }
  })
}

/** Seating read from a GameSetup-like JSON: `players[i]` sits at seat i + 1. */
export function setupSeats(setup: unknown): Array<{ seat: number; playerId: number | null; name: string }> {
  if (!isRecord(setup) || !Array.isArray(setup.players)) return []
  return setup.players.slice(0, 10).map((p: unknown, i: number) => ({
    seat: i + 1,
    playerId: isRecord(p) && isId(p.playerId) ? p.playerId : null,
    name: isRecord(p) && typeof p.name === 'string' ? p.name : typeof p === 'string' ? p : '',
  }))
}

export function rulesetIdOf(setup: unknown): string | null {
  if (!isRecord(setup)) return null
  if (isRecord(setup.ruleset) && typeof setup.ruleset.id === 'string') return setup.ruleset.id
  if (typeof setup.rulesetId === 'string') return setup.rulesetId
  if (typeof setup.ruleset === 'string') return setup.ruleset
  return null
}

/** A copy of the setup with `players[].playerId` rewritten by `map` (ids it does not know become null). */
export function remapSetupPlayers(setup: unknown, map: (id: number) => number | null): unknown {
  if (!isRecord(setup) || !Array.isArray(setup.players)) return setup
  return {
    ...setup,
    players: setup.players.map((p: unknown) =>
      isRecord(p) && isId(p.playerId) ? { ...p, playerId: map(p.playerId) } : p,
    ),
  }
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10)
}
