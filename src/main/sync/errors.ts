/** The typed errors of the multi-machine sync (issue 16): every refusal names what was wrong; nothing is stored. */
import { AppError, appError } from '../../shared/errors'

export type SyncErrorCode =
  | 'sync/bad_token'
  | 'sync/unknown_tournament'
  | 'sync/malformed'
  | 'sync/too_large'
  | 'sync/gap'
  | 'sync/conflict'
  | 'sync/replay_refused'
  | 'sync/replay_mismatch'
  | 'sync/forbidden'
  | 'sync/unknown_game'
  | 'sync/unreachable'
  | 'sync/not_paired'
  | 'sync/conflict_closed'
  | 'sync/conflict_not_found'
  | 'sync/conflict_decided'

export function syncError(
  code: SyncErrorCode,
  ru: string,
  en: string,
  details?: Record<string, unknown>,
): AppError {
  return new AppError(appError(code, ru, en, details))
}

export function badToken(): AppError {
  return syncError(
    'sync/bad_token',
    'Неверный или отозванный токен стола: главный судья должен выдать новый код подключения.',
    'Wrong or revoked table token: ask the head judge for a new pairing code.',
  )
}

export function otherTable(gameRef: string | number): AppError {
  return syncError(
    'sync/forbidden',
    'Эта игра принадлежит другому столу: токен стола даёт доступ только к играм своего стола.',
    "This game belongs to another table: a table token reaches only its own table's games.",
    { game: gameRef },
  )
}
