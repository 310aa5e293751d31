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
  | 'sync/game_cancelled'
  | 'sync/table_machine_game'
  | 'sync/locked'
  | 'sync/other_machine'

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

/** A push for a game the head judge cancelled on the hub: nothing stored; the table marks it cancelled too. */
export function gameCancelled(gameUuid: string, reason: string, at: number): AppError {
  return syncError(
    'sync/game_cancelled',
    `Главный судья отменил эту игру (${reason}): главный компьютер её больше не принимает.`,
    `The head judge cancelled this game (${reason}): the hub no longer takes it.`,
    { gameUuid, reason, at },
  )
}

/** A push after the head judge kept the hub's version of one of the game's entries: the table stops sending it. */
export function conflictClosed(
  gameUuid: string,
  closed: { seq: number; resolution: string; reason: string },
): AppError {
  return syncError(
    'sync/conflict_closed',
    `Главный судья оставил версию главного компьютера (запись ${closed.seq}): эта игра больше не синхронизируется с этого стола.`,
    `The head judge kept the hub's version (entry ${closed.seq}): this game is no longer synced from this table.`,
    { gameUuid, ...closed },
  )
}

/** A tablet with a table token commanding a game whose one writer is a table machine. */
export function tableMachineGame(gameId: number, tableNumber: number): AppError {
  return syncError(
    'sync/table_machine_game',
    `Эту игру ведёт компьютер стола ${tableNumber}: её записи приходят оттуда, и у игры может быть только один автор. Продолжайте игру на компьютере стола; здесь она только для просмотра.`,
    `Table ${tableNumber}'s machine runs this game: its entries come from there, and a game has one writer only. Go on with the game on the table's machine; here it is for viewing only.`,
    { gameId, tableNumber },
  )
}
