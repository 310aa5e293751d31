/**
 * The voters' answers as the judge enters them by seat keys: who may answer now (the engine's view says who is
 * eligible and who has voted), and the three lift-all answers of §8.3 (yes, no, abstain). Pure.
 */
import type { ControlView } from '../../../../shared/game/views'
import type { HintKey } from './keymap'

export interface Refusal {
  hint: HintKey
  params: Record<string, number>
}

/**
 * Why `seat` may not be picked as a voter now, or null: in a voting a seat that already voted for another candidate
 * or is not a voter (left, or a tied player barred from the revote); in the lift-all question a seat that is not a
 * voter. Outside those moments a seat is never refused here.
 */
export function voterRefusal(view: ControlView, seat: number): Refusal | null {
  const v = view.voting
  if (view.phase === 'day' && view.step === 'voting' && v && v.current !== null) {
    const given = v.candidates.find((c) => c.voters?.includes(seat))
    if (given) return { hint: 'alreadyVoted', params: { n: seat, c: given.seat } }
    if (!v.eligible.includes(seat)) return { hint: 'notVoter', params: { n: seat } }
    return null
  }
  if (view.phase === 'day' && view.step === 'liftAll' && view.liftAll) {
    if (!view.liftAll.eligible.includes(seat)) return { hint: 'notVoter', params: { n: seat } }
  }
  return null
}

export interface LiftAnswers {
  yes: number[]
  no: number[]
}

/** One press of a seat's key in the lift-all question: abstains → yes → no → abstains. */
export function cycleLiftAnswer(a: LiftAnswers, seat: number): LiftAnswers {
  if (a.yes.includes(seat)) return { yes: a.yes.filter((s) => s !== seat), no: [...a.no, seat] }
  if (a.no.includes(seat)) return { yes: a.yes, no: a.no.filter((s) => s !== seat) }
  return { yes: [...a.yes, seat], no: a.no }
}

/**
 * The three counts of the lift-all question as entered: under `yesOverNo` the unmarked voters abstain; otherwise
 * (only the yes count decides) every voter not saying yes is counted as no, as the engine records it.
 */
export function liftTally(
  eligible: number[],
  a: LiftAnswers,
  majority: 'moreThanHalfLiving' | 'yesOverNo',
): { yes: number; no: number; abstain: number } {
  const yes = a.yes.filter((s) => eligible.includes(s)).length
  const no =
    majority === 'yesOverNo'
      ? a.no.filter((s) => eligible.includes(s) && !a.yes.includes(s)).length
      : eligible.length - yes
  return { yes, no, abstain: eligible.length - yes - no }
}
