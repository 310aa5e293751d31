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
  | 'sync/conflicts_full'
  | 'sync/too_many_failures'
  | 'sync/busy'
  | 'sync/timeout'
  | 'sync/tls_required'
  | 'sync/hub_identity'
  | 'sync/pair_failed'
  | 'sync/locked'
  | 'sync/other_machine'
  | 'sync/appeal_amended'
  | 'sync/appeal_replayed'

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

/**
 * A push whose entry meets, at its seq, the head judge's amendment of the game by an accepted appeal (issue 31 §1):
 * the table's entry is kept aside as a conflict for him (never merged over the amendment); the table waits for his
 * decision, as for any conflict, but is told why.
 */
export function appealAmended(gameUuid: string, seq: number, appeal: number): AppError {
  return syncError(
    'sync/appeal_amended',
    `Главный судья исправил эту игру по апелляции №${appeal} (запись ${seq}): записи стола после окончания игры не приняты поверх исправления и отложены для главного судьи.`,
    `The head judge corrected this game by appeal No. ${appeal} (entry ${seq}): the table's entries after the game's end are not taken over the correction; they are kept aside for the head judge.`,
    { gameUuid, seq, appeal },
  )
}

/**
 * A push for a game the head judge cancelled for a replay on an appeal (issue 31 §1): nothing is stored in the game,
 * the table's first unsent entry is kept aside for him, and the table marks the game cancelled (as for any
 * cancellation: the replay is a new game it pulls).
 */
export function appealReplayed(gameUuid: string, appeal: number, reason: string, at: number): AppError {
  return syncError(
    'sync/appeal_replayed',
    `Главный судья отменил эту игру для переигровки по апелляции №${appeal}: главный компьютер её больше не принимает; записи стола отложены для главного судьи, переигровку стол получит как новую игру.`,
    `The head judge cancelled this game for a replay by appeal No. ${appeal}: the hub no longer takes it; the table's entries are kept aside for the head judge, and the table gets the replay as a new game.`,
    { gameUuid, appeal, reason, at },
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

/** A table with too many open conflicts on the hub: nothing more is kept aside until the head judge decides. */
export function conflictsFull(tableNumber: number): AppError {
  return syncError(
    'sync/conflicts_full',
    `У стола ${tableNumber} слишком много нерешённых конфликтов: главный судья должен сначала разобрать их.`,
    `Table ${tableNumber} has too many undecided conflicts: the head judge must decide them first.`,
    { tableNumber },
  )
}

/** An address that sent too many wrong tokens: refused before its token is looked at, for a while. */
export function tooManyFailures(retryAfterSeconds: number): AppError {
  return syncError(
    'sync/too_many_failures',
    `Слишком много попыток с неверным токеном с этого адреса: повторите через ${retryAfterSeconds} с.`,
    `Too many tries with a wrong token from this address: try again in ${retryAfterSeconds} s.`,
    { retryAfter: retryAfterSeconds },
  )
}

/** A client with too many bytes of requests in flight at once. */
export function busyClient(limit: number): AppError {
  return syncError(
    'sync/busy',
    'С этого стола уже идёт слишком много данных одновременно: пакет не принят, повторите позже.',
    'Too much data from this table is already in flight: the batch is refused, send it again later.',
    { limit },
  )
}

/** A request body that did not arrive in time. */
export function bodyTimeout(ms: number): AppError {
  return syncError(
    'sync/timeout',
    'Пакет не пришёл целиком вовремя: он не принят.',
    'The batch did not arrive in full in time: it is refused.',
    { ms },
  )
}

/** The hub at this address showed another certificate than the pinned one: nothing was sent to it. */
export function hubIdentity(address: string, expected: string, got: string | null): AppError {
  return syncError(
    'sync/hub_identity',
    `По адресу ${address} отвечает не тот главный компьютер (другой сертификат): токен стола и команды ему не отправлены. Проверьте адрес или подключите стол заново по коду главного судьи.`,
    `The machine at ${address} is not the paired hub (another certificate): neither the table token nor any command was sent to it. Check the address, or pair again with the head judge's code.`,
    { address, expected, got },
  )
}

/** A plain-HTTP hub address that is not this machine: a token must never cross the hall network in the clear. */
export function tlsRequired(address: string): AppError {
  return syncError(
    'sync/tls_required',
    `Адрес ${address} без шифрования: по сети зала стол подключается только по коду главного судьи (https://… с отпечатком сертификата).`,
    `${address} is not encrypted: over the hall network a table pairs only with the head judge's code (https://… with the certificate's fingerprint).`,
    { address },
  )
}

/**
 * A table token asking for another table's overlay (`/overlay?table=N` with table M's token, issue 29 §3): the
 * OBS page shows this instead of a blank page.
 */
export function otherTableOverlay(own: number, asked: unknown): AppError {
  return syncError(
    'sync/forbidden',
    `Этот токен — стола ${own}, а адрес просит стол ${String(asked)}: исправьте table=${own} в адресе или возьмите токен стола ${String(asked)}.`,
    `This token is table ${own}'s, but the address asks for table ${String(asked)}: set table=${own} in the address or use table ${String(asked)}'s token.`,
    { own, asked },
  )
}

/** A table token of a tournament that is not the one on stream (table numbers repeat across tournaments). */
export function otherTournament(table: number): AppError {
  return syncError(
    'sync/forbidden',
    `Токен стола ${table} выдан для другого турнира, не для того, что сейчас в эфире.`,
    `Table ${table}'s token belongs to another tournament than the one on stream.`,
    { table },
  )
}
