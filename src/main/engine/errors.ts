/** Every rejection the engine gives: a stable `engine/…` code and a message in Russian and English. */
import { appError, type AppErrorData } from '../../shared/errors'
import { REMOVAL_REASON_TEXT, type RemovalReason } from '../../shared/game/commands'
import { formatNumber } from '../../shared/numbers'
import type { ValidationText } from '../../shared/validation-message'

const n = (seat: number): string => `№${seat}`
const reasonWords = (reason: string): { ru: string; en: string } =>
  Object.prototype.hasOwnProperty.call(REMOVAL_REASON_TEXT, reason)
    ? REMOVAL_REASON_TEXT[reason as RemovalReason]
    : { ru: reason, en: reason }

export const E = {
  gameOver: () => appError('engine/game_over', 'Игра окончена', 'The game is over'),
  gameDecided: () =>
    appError(
      'engine/game_decided',
      'Исход игры уже решён: осталось только последнее слово',
      'The game is already decided: only the last word is left',
    ),
  notStarted: () => appError('engine/not_started', 'Игра ещё не начата', 'The game has not started yet'),
  alreadyStarted: () => appError('engine/already_started', 'Игра уже начата', 'The game has already started'),
  notInPhase: (what: string, whatEn: string) =>
    appError('engine/not_in_phase', `Сейчас нельзя: ${what}`, `Not now: ${whatEn}`),
  seatNotAlive: (seat: number) =>
    appError('engine/seat_not_alive', `Игрок ${n(seat)} уже покинул игру`, `Seat ${seat} has left the game`, {
      seat,
    }),
  notSpeaker: (seat: number) =>
    appError(
      'engine/not_speaker',
      `Игрок ${n(seat)} сейчас не говорит: выставлять может только говорящий`,
      `Seat ${seat} is not speaking: only the speaker may nominate`,
      { seat },
    ),
  alreadyNominated: (seat: number) =>
    appError(
      'engine/already_nominated',
      `Игрок ${n(seat)} уже выставлен`,
      `Seat ${seat} is already nominated`,
      {
        seat,
      },
    ),
  nominationLimit: (seat: number) =>
    appError(
      'engine/nomination_limit',
      `Игрок ${n(seat)} уже выставил кандидатуру в этот день`,
      `Seat ${seat} has already nominated today`,
      { seat },
    ),
  withdrawalForbidden: () =>
    appError(
      'engine/withdrawal_forbidden',
      'По этим правилам отзыв кандидатуры запрещён',
      'These rules do not allow withdrawing a nomination',
    ),
  nothingToWithdraw: (seat: number) =>
    appError(
      'engine/nothing_to_withdraw',
      `Игрок ${n(seat)} никого не выставлял`,
      `Seat ${seat} has no nomination to withdraw`,
      { seat },
    ),
  wrongCandidate: (expected: number, got: number) =>
    appError(
      'engine/wrong_candidate',
      `Сейчас голосуется игрок ${n(expected)}, а не ${n(got)}`,
      `Seat ${expected} is being voted now, not seat ${got}`,
      { expected, got },
    ),
  notEligibleVoter: (seat: number) =>
    appError(
      'engine/voter_not_eligible',
      `Игрок ${n(seat)} в автокатастрофе и по этим правилам сейчас не голосует`,
      `Seat ${seat} is tied and does not vote in this round under these rules`,
      { seat },
    ),
  voteBothWays: () =>
    appError(
      'engine/bad_vote',
      'Введите либо номера проголосовавших, либо число голосов',
      'Enter either the voters’ seats or the number of votes, not both',
    ),
  tooManyVotes: (left: number) =>
    appError(
      'engine/too_many_votes',
      `Голосов больше, чем голосующих: осталось ${left}`,
      `More votes than voters: ${left} left to vote`,
      { left },
    ),
  votedTwice: (seat: number) =>
    appError(
      'engine/voted_twice',
      `Игрок ${n(seat)} уже проголосовал в этом голосовании`,
      `Seat ${seat} has already voted in this round`,
      { seat },
    ),
  selfVote: (seat: number) =>
    appError(
      'engine/self_vote_forbidden',
      `Игрок ${n(seat)} не может голосовать за свою кандидатуру`,
      `Seat ${seat} cannot vote against himself under these rules`,
      { seat },
    ),
  duplicateSeat: (seat: number) =>
    appError('engine/duplicate_seat', `Игрок ${n(seat)} указан дважды`, `Seat ${seat} is listed twice`, {
      seat,
    }),
  liftAllOverlap: (seat: number) =>
    appError(
      'engine/lift_all_overlap',
      `Игрок ${n(seat)} указан и «за», и «против»`,
      `Seat ${seat} is listed as both yes and no`,
      { seat },
    ),
  shotAlready: () =>
    appError(
      'engine/shot_already',
      'Выстрел этой ночью уже записан',
      'The shot of this night is already entered',
    ),
  shotRequired: () =>
    appError(
      'engine/shot_required',
      'Сначала запишите выстрел (или промах)',
      'Enter the shot (or a miss) before ending the night',
    ),
  badShot: (why: string, whyEn: string) =>
    appError('engine/bad_shot', `Неверный выстрел: ${why}`, `Bad shot: ${whyEn}`),
  roleAbsent: (role: 'don' | 'sheriff') =>
    role === 'don'
      ? appError('engine/role_absent', 'Дон уже покинул игру', 'The don has left the game', { role })
      : appError('engine/role_absent', 'Шериф уже покинул игру', 'The sheriff has left the game', { role }),
  checkAlready: (role: 'don' | 'sheriff') =>
    role === 'don'
      ? appError(
          'engine/check_already',
          'Дон уже проверял этой ночью',
          'The don has already checked tonight',
          {
            role,
          },
        )
      : appError(
          'engine/check_already',
          'Шериф уже проверял этой ночью',
          'The sheriff has already checked tonight',
          {
            role,
          },
        ),
  checkOrder: () =>
    appError(
      'engine/check_order',
      'Порядок ночи: выстрел, проверка дона, проверка шерифа',
      'Night order: the shot, then the don’s check, then the sheriff’s check',
    ),
  badCheckTarget: (seat: number, role: 'don' | 'sheriff', why: 'self' | 'left') => {
    const who = role === 'don' ? { ru: 'Дон', en: 'The don' } : { ru: 'Шериф', en: 'The sheriff' }
    return why === 'self'
      ? appError(
          'engine/bad_check_target',
          `${who.ru} не может проверить сам себя (№${seat}): укажите другого игрока`,
          `${who.en} cannot check himself (seat ${seat}): name another seat`,
          { seat, role, why },
        )
      : appError(
          'engine/bad_check_target',
          `Нельзя проверить игрока ${n(seat)}: он уже покинул игру`,
          `Seat ${seat} cannot be checked: he has left the game`,
          { seat, role, why },
        )
  },
  bestMoveNotAllowed: () =>
    appError(
      'engine/best_move_not_allowed',
      'Лучший ход называет только первый убитый, во время своего последнего слова',
      'Only the first killed player names a best move, during his last word',
    ),
  bestMoveInvalid: () =>
    appError(
      'engine/best_move_invalid',
      'Лучший ход: три разных игрока, кроме себя',
      'Best move: three different seats other than his own',
    ),
  techFoulsDisabled: () =>
    appError(
      'engine/tech_fouls_disabled',
      'Технические фолы по этим правилам не используются',
      'These rules have no technical fouls',
    ),
  noFouls: (seat: number) =>
    appError('engine/no_fouls', `У игрока ${n(seat)} нет фолов`, `Seat ${seat} has no fouls`, { seat }),
  extraPointsZero: () =>
    appError(
      'engine/extra_points_zero',
      'Доп. баллы 0 ничего не меняют: введите ненулевое число (со знаком «−» для снятия)',
      'Extra points of 0 change nothing: enter a non-zero number (negative to take points off)',
    ),
  amendNotFinished: () =>
    appError(
      'engine/amend_not_finished',
      'Исправление по апелляции вносится только в оконченную игру',
      'An amendment on appeal is made only to a finished game',
    ),
  amendEmpty: () =>
    appError(
      'engine/amend_empty',
      'Исправление по апелляции ничего не меняет: укажите доп. баллы, штраф, лучший ход или победителя',
      'The amendment changes nothing: give extra points, a penalty, the best move or the winner',
    ),
  amendSeatTwice: (seat: number) =>
    appError(
      'engine/amend_seat_twice',
      `Доп. баллы игрока ${n(seat)} указаны в исправлении дважды`,
      `The amendment gives seat ${seat} extra points twice`,
      { seat },
    ),
  amendNoSuchPenalty: (seat: number) =>
    appError(
      'engine/amend_no_such_penalty',
      `У игрока ${n(seat)} нет такого штрафа: снять можно только начисленный штраф правил`,
      `Seat ${seat} has no such penalty: only a ruleset penalty he holds can be withdrawn`,
      { seat },
    ),
  amendSameWinner: () =>
    appError(
      'engine/amend_same_winner',
      'Этот результат уже записан: исправление должно его изменить',
      'This result is already recorded: the amendment must change it',
    ),
  amendNoDraw: () =>
    appError('engine/amend_no_draw', 'В этих правилах ничьей нет', 'These rules have no draw'),
  extraPointsRange: (min: number, max: number, total: number) =>
    appError(
      'engine/extra_points_range',
      `Доп. баллы за игру должны быть от ${formatNumber(min, 'ru')} до ${formatNumber(max, 'ru')}, а с этими было бы ${formatNumber(total, 'ru')}`,
      `Extra points for the game must stay between ${formatNumber(min, 'en')} and ${formatNumber(max, 'en')}; with these they would be ${formatNumber(total, 'en')}`,
      { min, max, total },
    ),
  votersRequired: (seat: number) =>
    appError(
      'engine/voters_required',
      `Для №${seat} введите номера проголосовавших (пусто — никто не голосовал) или число голосов`,
      `For seat ${seat} enter the voters' seats (an empty list: nobody voted) or the number of votes`,
      { seat },
    ),
  shotTargetLeft: (seat: number) =>
    appError(
      'engine/seat_not_alive',
      `Игрок ${n(seat)} уже покинул игру: выстрел в него — промах. Введите промах (или выстрелы каждого чёрного)`,
      `Seat ${seat} has left the game: a shot at him is a miss. Enter a miss (or each black's shot)`,
      { seat },
    ),
  removalIsTeamDefeat: (seat: number, reason: string) =>
    appError(
      'engine/removal_is_team_defeat',
      `По этим правилам «${reasonWords(reason).ru}» — не удаление, а ППК: используйте команду ППК для игрока ${n(seat)}`,
      `Under these rules "${reasonWords(reason).en}" is a team defeat, not a removal: use the team-defeat command for seat ${seat}`,
      { seat, reason },
    ),
  badRemovalReason: (reason: string, allowed: string[]) =>
    appError(
      'engine/bad_removal_reason',
      `Причины «${reason}» нет в списке правил (${allowed.map((r) => reasonWords(r).ru).join(', ')}): свободный текст запишите комментарием`,
      `"${reason}" is not one of the ruleset's removal reasons (${allowed.map((r) => reasonWords(r).en).join(', ')}): write free text as a comment`,
      { reason, allowed: allowed.join(', ') },
    ),
  timerAbsent: () => appError('engine/no_timer', 'Сейчас нет таймера', 'There is no timer now'),
  timerBad: () =>
    appError('engine/bad_timer', 'Неверная команда таймера', 'Bad timer command (give seconds to add)'),
  staleRevision: (expected: number, current: number) =>
    appError(
      'engine/stale_revision',
      'Команда не выполнена: она относилась к прежнему состоянию игры, а игра уже изменилась',
      'Not done: the command was meant for an earlier state of the game, which has changed since',
      { expected, current },
    ),
  nothingToUndo: () => appError('engine/nothing_to_undo', 'Нечего отменять', 'Nothing to undo'),
  nothingToRedo: () => appError('engine/nothing_to_redo', 'Нечего повторять', 'Nothing to redo'),
  votingInProgress: () =>
    appError(
      'engine/voting_in_progress',
      'Идёт голосование: введите голоса',
      'A vote is in progress: enter the votes',
    ),
  unknownCommand: (cmd: string, allowed: readonly string[]) =>
    appError(
      'engine/unknown_command',
      `Неизвестная команда «${cmd}»: допустимы ${allowed.join(', ')}`,
      `Unknown command "${cmd}": the commands are ${allowed.join(', ')}`,
      { cmd, allowed: allowed.join(', ') },
    ),
  badCommand: (cmd: string, text: ValidationText) =>
    appError(
      'engine/bad_command',
      `Неверная команда «${cmd}»: ${text.ru}`,
      `Bad command "${cmd}": ${text.en}`,
      { cmd, fields: text.issues.map((x) => x.field).join(', ') },
    ),
  teamDefeatAfterResult: (seat: number) =>
    appError(
      'engine/team_defeat_after_result',
      `Исход игры уже решён: ППК невозможен. Дайте игроку ${n(seat)} удаление (штраф за удаление)`,
      `The game is already decided: no team defeat now. Give seat ${seat} a removal (the removal penalty) instead`,
      { seat },
    ),
  badSetup: (why: string, whyEn: string) =>
    appError('engine/bad_setup', `Неверная рассадка: ${why}`, `Bad setup: ${whyEn}`),
} satisfies Record<string, (...args: never[]) => AppErrorData>
