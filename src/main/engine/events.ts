/** Events: what happened (past tense). The log stores them; `apply` folds them into the state. */
import type {
  SeatRecord,
  VotingRecord,
  Winner,
  EndReason,
  FoulRecord,
  AmendmentRecord,
  CommentRecord,
} from '../../shared/game/record'
import type { Notice } from '../../shared/game/notices'
import type { TimerState } from '../../shared/game/views'

export type LeaveHow = NonNullable<SeatRecord['left']>['how']

export type GameEvent =
  | { type: 'zeroNightStarted' }
  | { type: 'dayStarted'; day: number; opener: number }
  | { type: 'speechesOpened'; queue: number[] }
  | { type: 'speechStarted'; seat: number; silent: boolean }
  | { type: 'turnSkipped'; seat: number }
  | { type: 'speechEnded'; seat: number }
  | { type: 'nominated'; by: number; target: number }
  | { type: 'nominationWithdrawn'; by: number; target: number }
  | { type: 'votingOpened'; kind: 'vote' | 'revote'; candidates: number[] }
  | { type: 'voted'; candidate: number; voters: number[]; count?: number }
  | { type: 'votingClosed'; record: VotingRecord }
  | { type: 'tieSpeechesOpened'; seats: number[] }
  | { type: 'tieSpeechStarted'; seat: number }
  | { type: 'liftAllOpened'; seats: number[] }
  | { type: 'liftAllVoted'; record: VotingRecord }
  | { type: 'resultFixed' }
  | {
      type: 'voteCancelled'
      reason: 'noNominees' | 'tooFewNominees' | 'removal' | 'previousDay'
    }
  | { type: 'nextVoteCancelled' }
  | { type: 'lastWordsOpened'; seats: number[]; then: 'speeches' | 'night' }
  | { type: 'lastWordStarted'; seat: number }
  /** §11.7: a player waiting for his last word was removed: he leaves the queue. */
  | { type: 'lastWordLost'; seat: number }
  /** An automatic outcome and its reason, for the views and the protocol. */
  | { type: 'noticed'; notice: Notice }
  | { type: 'playerLeft'; seat: number; how: LeaveHow; reason: string | null }
  | { type: 'nightStarted'; night: number }
  | { type: 'quietRound'; count: number }
  | {
      type: 'shotFired'
      shot: { kind: 'kill'; target: number } | { kind: 'miss' }
      shots: Record<string, number | null> | null
    }
  | { type: 'donChecked'; target: number; isSheriff: boolean }
  | { type: 'sheriffChecked'; target: number; isBlack: boolean }
  | { type: 'bestMoveMade'; by: number; seats: number[] }
  | { type: 'fouled'; foul: FoulRecord }
  | { type: 'foulRemoved'; seat: number; kind: 'foul' | 'techFoul' }
  | { type: 'silenced'; seat: number }
  /** §11.8 round rule: silent to the end of that day's round (the views' `silenced` flag). */
  | { type: 'silentRound'; seat: number; day: number }
  | { type: 'unsilenced'; seat: number }
  | { type: 'extraPointsGiven'; seat: number; points: number; reason: string }
  | { type: 'penaltyGiven'; seat: number; points: number; reason: string }
  | { type: 'gameDecided'; winner: Winner; reason: EndReason }
  | { type: 'gameFinished' }
  | { type: 'timerSet'; timer: TimerState | null }
  | { type: 'commented'; comment: CommentRecord }
  /** Issue 31 §1: an amendment on appeal; a corrected winner takes effect here, its points by the events after it. */
  | { type: 'amended'; amendment: AmendmentRecord }
  | { type: 'undone'; seq: number }
  | { type: 'redone'; seq: number }

export type GameEventType = GameEvent['type']
