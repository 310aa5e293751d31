// Every engine/… rejection and every notice renders in Russian and English with typical parameters: no
// "undefined", "NaN", "null", "[object …]" or a raw key ever reaches a judge's screen (§0 terms, DESIGN "Errors").
import { describe, expect, it } from 'vitest'
import { E } from '../../src/main/engine/errors'
import type { AppErrorData } from '../../src/shared/errors'
import { NOTICE_CODES, noticeText, type Notice, type NoticeCode } from '../../src/shared/game/notices'

/** Typical parameters for each rejection; a new entry in E without one here fails the coverage test below. */
const ERRORS: { [K in keyof typeof E]: Array<() => AppErrorData> } = {
  gameOver: [() => E.gameOver()],
  gameDecided: [() => E.gameDecided()],
  notStarted: [() => E.notStarted()],
  alreadyStarted: [() => E.alreadyStarted()],
  notInPhase: [() => E.notInPhase('ночные действия только ночью', 'night actions happen at night')],
  seatNotAlive: [() => E.seatNotAlive(7)],
  notSpeaker: [() => E.notSpeaker(3)],
  alreadyNominated: [() => E.alreadyNominated(4)],
  nominationLimit: [() => E.nominationLimit(2)],
  withdrawalForbidden: [() => E.withdrawalForbidden()],
  nothingToWithdraw: [() => E.nothingToWithdraw(5)],
  wrongCandidate: [() => E.wrongCandidate(4, 6)],
  notEligibleVoter: [() => E.notEligibleVoter(6)],
  voteBothWays: [() => E.voteBothWays()],
  tooManyVotes: [() => E.tooManyVotes(0), () => E.tooManyVotes(5)],
  votedTwice: [() => E.votedTwice(1)],
  selfVote: [() => E.selfVote(6)],
  duplicateSeat: [() => E.duplicateSeat(9)],
  liftAllOverlap: [() => E.liftAllOverlap(2)],
  shotAlready: [() => E.shotAlready()],
  shotRequired: [() => E.shotRequired()],
  badShot: [
    () =>
      E.badShot('не указана цель (введите цель или промах)', 'no target given (enter the target or a miss)'),
  ],
  roleAbsent: [() => E.roleAbsent('don'), () => E.roleAbsent('sheriff')],
  checkAlready: [() => E.checkAlready('don'), () => E.checkAlready('sheriff')],
  checkOrder: [() => E.checkOrder()],
  badCheckTarget: [() => E.badCheckTarget(3, 'don', 'self'), () => E.badCheckTarget(10, 'sheriff', 'left')],
  bestMoveNotAllowed: [() => E.bestMoveNotAllowed()],
  bestMoveInvalid: [() => E.bestMoveInvalid()],
  techFoulsDisabled: [() => E.techFoulsDisabled()],
  noFouls: [() => E.noFouls(8)],
  extraPointsZero: [() => E.extraPointsZero()],
  amendNotFinished: [() => E.amendNotFinished()],
  amendEmpty: [() => E.amendEmpty()],
  amendSeatTwice: [() => E.amendSeatTwice(4)],
  amendNoSuchPenalty: [() => E.amendNoSuchPenalty(5)],
  amendSameWinner: [() => E.amendSameWinner()],
  amendNoDraw: [() => E.amendNoDraw()],
  extraPointsRange: [() => E.extraPointsRange(-1.6, 1.6, 1.7)],
  votersRequired: [() => E.votersRequired(4)],
  shotTargetLeft: [() => E.shotTargetLeft(2)],
  removalIsTeamDefeat: [() => E.removalIsTeamDefeat(3, 'oath')],
  badRemovalReason: [() => E.badRemovalReason('swore', ['betting', 'insult', 'other'])],
  timerAbsent: [() => E.timerAbsent()],
  timerBad: [() => E.timerBad()],
  staleRevision: [() => E.staleRevision(3, 5)],
  nothingToUndo: [() => E.nothingToUndo()],
  nothingToRedo: [() => E.nothingToRedo()],
  votingInProgress: [() => E.votingInProgress()],
  badSetup: [() => E.badSetup('нужно ровно 10 игроков', 'exactly 10 players are needed')],
  unknownCommand: [() => E.unknownCommand('jump', ['start', 'next'])],
  badCommand: [
    () =>
      E.badCommand('foul', {
        ru: 'seat: допустимо не больше 10',
        en: 'seat: must be at most 10',
        issues: [{ field: 'seat', ru: 'допустимо не больше 10', en: 'must be at most 10' }],
      }),
  ],
  teamDefeatAfterResult: [() => E.teamDefeatAfterResult(4)],
}

const NOTICES: { [K in NoticeCode]: Extract<Notice, { code: K }>['params'][] } = {
  'noVote.noNominees': [{ day: 2 }],
  'noVote.day1Single': [{ seat: 4 }],
  'noVote.tooFew': [{ count: 1, min: 2 }],
  'noVote.removal': [{ seat: 7 }],
  'noVote.previousDay': [{ day: 1 }, { day: 0 }],
  'vote.noVotes': [{ seat: 6 }],
  'vote.leaderLeft': [{ seat: 6 }],
  'tie.oneLeft': [{ seat: 4, seats: [4, 6] }],
  'tie.noneLeft': [{ seats: [4, 6] }],
  'liftAll.notAllowed': [
    { seats: [1, 2, 3], rule: 'threeAtNine' },
    { seats: [2, 5, 7, 9], rule: 'allLivingTied' },
  ],
  'bestMove.void': [
    { seat: 1, left: 2 },
    { seat: 1, left: 5 },
  ],
  'result.fixed': [
    { winner: 'red', seat: 5 },
    { winner: 'black', seat: 4 },
  ],
  'lastWord.lost': [{ seat: 6 }],
  'shot.absentTarget': [{ seats: [3, 5] }],
  'foul.speechEnded': [
    { seat: 3, tie: false },
    { seat: 6, tie: true },
  ],
  'foul.removed': [{ seat: 7, fouls: 4 }],
  'liftAll.failed': [
    { seats: [4, 6], yes: 4, no: 5, living: 9, majority: 'moreThanHalfLiving' },
    { seats: [4, 6], yes: 2, no: 2, living: 8, majority: 'yesOverNo' },
  ],
  'result.removal': [
    { winner: 'black', reason: 'parity', seat: 6 },
    { winner: 'red', reason: 'blacksEliminated', seat: 3 },
  ],
}

/** A text a judge can act on: no hole where a parameter should be, no untranslated key. */
function expectReadable(text: string, where: string): void {
  expect(text.trim().length, where).toBeGreaterThan(0)
  expect(text, where).not.toMatch(/undefined|NaN|null|\[object |\$\{|№(?!\d)/)
  expect(text, where).not.toMatch(/^[a-z]+([._/][a-zA-Z_]+)+$/) // a bare key such as engine.seat_not_alive
  expect(text, where).not.toMatch(/\b(engine|errors|notice)[./][a-z_.]+/)
}

describe('engine messages', () => {
  it('every engine error has typical parameters here', () => {
    expect(Object.keys(ERRORS).sort()).toEqual(Object.keys(E).sort())
  })

  for (const [name, makers] of Object.entries(ERRORS)) {
    it(`${name}: RU and EN read without holes`, () => {
      for (const make of makers) {
        const e = make()
        expect(e.code).toMatch(/^engine\/[a-z_]+$/)
        expectReadable(e.message.ru, `${e.code} ru`)
        expectReadable(e.message.en, `${e.code} en`)
        expect(e.message.ru).not.toBe(e.message.en)
        // The Russian text is Russian (Cyrillic), not an English fallback.
        expect(e.message.ru).toMatch(/[а-яё]/i)
      }
    })
  }

  it('refusals that have a right way name it', () => {
    expect(E.removalIsTeamDefeat(3, 'oath').message.ru).toContain('ППК')
    expect(E.removalIsTeamDefeat(3, 'oath').message.en).toContain('team-defeat')
    expect(E.shotTargetLeft(2).message.ru).toContain('промах')
    expect(E.badRemovalReason('swore', ['insult']).message.ru).toContain('комментари')
    expect(E.badCheckTarget(10, 'sheriff', 'left').message.ru).toContain('покинул')
    expect(E.extraPointsZero().message.ru).not.toContain('от ')
  })
})

describe('notices', () => {
  it('every notice code has typical parameters here', () => {
    expect(Object.keys(NOTICES).sort()).toEqual([...NOTICE_CODES].sort())
  })

  for (const code of NOTICE_CODES) {
    it(`${code}: RU and EN read without holes`, () => {
      for (const params of NOTICES[code]) {
        const t = noticeText({ code, params } as Notice)
        expectReadable(t.ru, `${code} ru`)
        expectReadable(t.en, `${code} en`)
        expect(t.ru).toMatch(/[а-яё]/i)
      }
    })
  }

  it('the protocol wording of the issue', () => {
    expect(noticeText({ code: 'noVote.day1Single', params: { seat: 4 } }).ru).toMatch(
      /^Голосование не проводилось: одна кандидатура в первый день/,
    )
    expect(noticeText({ code: 'bestMove.void', params: { seat: 1, left: 2 } }).ru).toBe(
      'ЛХ не засчитан: 2 игрока покинули стол по итогам голосования 1-го дня',
    )
  })
})
