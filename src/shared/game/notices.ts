/**
 * Notices: what the engine decided by itself, without a judge's command, and why (a vote that did not take place,
 * a lift-all question not allowed, a void best move, a tie among players who have left, …). Typed (code + params),
 * carried by the control and overlay views and the game record; `noticeText` gives the text in both UI languages,
 * the one place the control panel, the overlay, the protocol and the CLI take it from.
 */
import type { LocalizedText } from '../errors'
import type { EndReason, Winner } from './record'

export interface NoticeParams {
  /** §7.2: nobody was nominated. */
  'noVote.noNominees': { day: number }
  /** §7.2: day 1 with one nominee. */
  'noVote.day1Single': { seat: number }
  /** §7.2: fewer nominees than the ruleset's minimum (seed 002: two, every day). */
  'noVote.tooFew': { count: number; min: number }
  /** §10.2/§10.3: a removal cancelled this day's vote. */
  'noVote.removal': { seat: number }
  /** §10.3: a removal after the previous day's result (day 0: in the zero night) cancelled this day's vote. */
  'noVote.previousDay': { day: number }
  /** §7.3: nobody voted for the only candidate: he stays. */
  'vote.noVotes': { seat: number }
  /** §10.2: the most votes went to a player who has already left: nobody else leaves. */
  'vote.leaderLeft': { seat: number }
  /** §10.2: of the tied players only one is still at the table: he leaves. */
  'tie.oneLeft': { seat: number; seats: number[] }
  /** §10.2: none of the tied players is still at the table: nobody leaves, night falls. */
  'tie.noneLeft': { seats: number[] }
  /** §8.5: the lift-all question is not allowed here: all stay. */
  'liftAll.notAllowed': { seats: number[]; rule: 'allLivingTied' | 'threeAtNine' }
  /** §4.5: the best move is recorded but scores nothing (two or more left by day 1's vote). */
  'bestMove.void': { seat: number; left: number }
  /** §2: the departure decided the game; the last word that follows changes nothing. */
  'result.fixed': { winner: Winner; seat: number }
  /** §11.7: a player waiting for his last word (or giving it) was removed: he loses it. */
  'lastWord.lost': { seat: number }
  /** §4.1: a black shot at a seat that has already left: his miss, so the night is a miss. Secret (night). */
  'shot.absentTarget': { seats: number[] }
  /** §11.2 seeds 000/001: a 3rd foul in his own speech (or tie speech) ended it; he is silent to the round's end. */
  'foul.speechEnded': { seat: number; tie: boolean }
  /** §11.3: the foul that removes (the 4th): the player leaves without a last word. */
  'foul.removed': { seat: number; fouls: number }
  /** §8.3: the lift-all question failed: all tied players stay. */
  'liftAll.failed': {
    seats: number[]
    yes: number
    no: number
    living: number
    majority: 'moreThanHalfLiving' | 'yesOverNo'
  }
  /** §2, §12: a removal decided the game (blacks at parity with the reds, or no black left). */
  'result.removal': {
    winner: Winner
    reason: Extract<EndReason, 'parity' | 'blacksEliminated'>
    seat: number
  }
}

export type NoticeCode = keyof NoticeParams
export type Notice = { [K in NoticeCode]: { code: K; params: NoticeParams[K] } }[NoticeCode]

/** Notices the overlay may show: a secret one (who shot at night) stays on the judge's screen. */
const SECRET: ReadonlySet<NoticeCode> = new Set<NoticeCode>(['shot.absentTarget'])
export const isPublicNotice = (n: Notice): boolean => !SECRET.has(n.code)

const list = (seats: number[]): string => seats.map((s) => `№${s}`).join(', ')
const listEn = (seats: number[]): string => seats.join(', ')
const playersRu = (n: number): string => {
  const tens = n % 100
  const last = n % 10
  if (tens >= 11 && tens <= 14) return `${n} игроков`
  if (last === 1) return `${n} игрок`
  if (last >= 2 && last <= 4) return `${n} игрока`
  return `${n} игроков`
}
const WINNER: Record<Winner, LocalizedText> = {
  red: { ru: 'победа красных', en: 'the reds win' },
  black: { ru: 'победа чёрных', en: 'the blacks win' },
  draw: { ru: 'ничья', en: 'a draw' },
}

/** Why a game ended, in words (the one table for the notices and `endText`). */
const END_WHY: Record<EndReason, LocalizedText> = {
  blacksEliminated: { ru: 'чёрных за столом не осталось', en: 'no black is left' },
  parity: { ru: 'чёрных не меньше, чем красных', en: 'the blacks are as many as the reds' },
  draw: { ru: 'круги подряд без ухода игроков', en: 'rounds in a row with nobody leaving' },
  teamDefeat: { ru: 'ППК', en: 'a team defeat' },
  appeal: { ru: 'результат исправлен по апелляции', en: 'the result was corrected on appeal' },
}

type Texts = { [K in NoticeCode]: (p: NoticeParams[K]) => LocalizedText }

const TEXTS: Texts = {
  'noVote.noNominees': () => ({
    ru: 'Голосование не проводилось: никто не выставлен',
    en: 'No vote: nobody was nominated',
  }),
  'noVote.day1Single': (p) => ({
    ru: `Голосование не проводилось: одна кандидатура в первый день (№${p.seat})`,
    en: `No vote: a single nominee on day 1 (seat ${p.seat})`,
  }),
  'noVote.tooFew': (p) => ({
    ru: `Голосование не проводилось: кандидатур ${p.count}, нужно не меньше ${p.min}`,
    en: `No vote: ${p.count} nominee(s), at least ${p.min} needed`,
  }),
  'noVote.removal': (p) => ({
    ru: `Голосование не проводится: удалён игрок №${p.seat}`,
    en: `No vote: seat ${p.seat} was removed`,
  }),
  'noVote.previousDay': (p) =>
    p.day === 0
      ? {
          ru: 'Голосование не проводится: удаление в нулевую ночь',
          en: 'No vote: a removal in the zero night',
        }
      : {
          ru: `Голосование не проводится: удаление после итога голосования ${p.day}-го дня`,
          en: `No vote: a removal after the result of day ${p.day}'s vote`,
        },
  'vote.noVotes': (p) => ({
    ru: `Никто не проголосовал за №${p.seat}: он остаётся`,
    en: `Nobody voted for seat ${p.seat}: he stays`,
  }),
  'vote.leaderLeft': (p) => ({
    ru: `Больше всех голосов у №${p.seat}, который уже покинул стол: никто не уходит`,
    en: `Seat ${p.seat}, who has already left, has the most votes: nobody leaves`,
  }),
  'tie.oneLeft': (p) => ({
    ru: `Автокатастрофа (${list(p.seats)}): за столом остался только №${p.seat}, он покидает игру`,
    en: `Tie (seats ${listEn(p.seats)}): only seat ${p.seat} is still at the table, he leaves`,
  }),
  'tie.noneLeft': (p) => ({
    ru: `Автокатастрофа (${list(p.seats)}): никого из них нет за столом, никто не уходит`,
    en: `Tie (seats ${listEn(p.seats)}): none of them is at the table, nobody leaves`,
  }),
  'liftAll.notAllowed': (p) =>
    p.rule === 'allLivingTied'
      ? {
          ru: `Подъём всех не проводится: в автокатастрофе все живые игроки (${list(p.seats)}), все остаются`,
          en: `No lift-all vote: every living player is tied (seats ${listEn(p.seats)}), all stay`,
        }
      : {
          ru: `Подъём всех не проводится: при 9 игроках нельзя поднять троих (${list(p.seats)}), все остаются`,
          en: `No lift-all vote: three players cannot be lifted at nine (seats ${listEn(p.seats)}), all stay`,
        },
  'bestMove.void': (p) => ({
    ru: `ЛХ не засчитан: ${playersRu(p.left)} ${p.left % 10 === 1 && p.left % 100 !== 11 ? 'покинул' : 'покинули'} стол по итогам голосования 1-го дня`,
    en: `Best move void: ${p.left} players left by day 1's vote`,
  }),
  'result.fixed': (p) => ({
    ru: `Итог игры решён уходом №${p.seat}: ${WINNER[p.winner].ru}; последнее слово его не меняет`,
    en: `Seat ${p.seat}'s departure decided the game: ${WINNER[p.winner].en}; the last word changes nothing`,
  }),
  'lastWord.lost': (p) => ({
    ru: `Игрок №${p.seat} удалён и теряет последнее слово`,
    en: `Seat ${p.seat} is removed and loses his last word`,
  }),
  'shot.absentTarget': (p) => ({
    ru: `Выстрел в уже покинувшего стол (стрелял ${list(p.seats)}) — промах`,
    en: `A shot at a seat that has already left (by seat ${listEn(p.seats)}) is a miss`,
  }),
  'foul.speechEnded': (p) =>
    p.tie
      ? {
          ru: `Третий фол у №${p.seat}: его речь в перестрелке окончена, он молчит до конца круга`,
          en: `Third foul for seat ${p.seat}: his tie speech is over, he is silent to the end of the round`,
        }
      : {
          ru: `Третий фол у №${p.seat}: его речь окончена, он молчит до конца круга`,
          en: `Third foul for seat ${p.seat}: his speech is over, he is silent to the end of the round`,
        },
  'foul.removed': (p) => ({
    ru: `${p.fouls}-й фол у №${p.seat}: удаление без последнего слова`,
    en: `Foul ${p.fouls} for seat ${p.seat}: removed, without a last word`,
  }),
  'liftAll.failed': (p) =>
    p.majority === 'moreThanHalfLiving'
      ? {
          ru: `Подъём всех не прошёл (${list(p.seats)}): «за» ${p.yes} из ${p.living}, нужно больше половины; все остаются`,
          en: `The lift-all vote failed (seats ${listEn(p.seats)}): ${p.yes} yes of ${p.living}, more than half needed; all stay`,
        }
      : {
          ru: `Подъём всех не прошёл (${list(p.seats)}): «за» ${p.yes}, «против» ${p.no}; все остаются`,
          en: `The lift-all vote failed (seats ${listEn(p.seats)}): ${p.yes} yes, ${p.no} no; all stay`,
        },
  'result.removal': (p) => ({
    ru: `Игра окончена удалением №${p.seat}: ${END_WHY[p.reason].ru} — ${WINNER[p.winner].ru}`,
    en: `Seat ${p.seat}'s removal ended the game: ${END_WHY[p.reason].en} — ${WINNER[p.winner].en}`,
  }),
}

export const NOTICE_CODES = Object.keys(TEXTS) as NoticeCode[]

export function noticeText(n: Notice): LocalizedText {
  return (TEXTS[n.code] as (p: NoticeParams[NoticeCode]) => LocalizedText)(n.params)
}

/** Why a finished game ended, without who won (the overlay's end screen names the winner in its title). */
export function endWhy(reason: EndReason): LocalizedText {
  return END_WHY[reason]
}

/** How a finished game ended (the views' `end`): who won and why, in both UI languages. */
export function endText(end: { winner: Winner; reason: EndReason }): LocalizedText {
  const w = WINNER[end.winner]
  return {
    ru: `Игра окончена: ${w.ru} (${END_WHY[end.reason].ru})`,
    en: `Game over: ${w.en} (${END_WHY[end.reason].en})`,
  }
}
