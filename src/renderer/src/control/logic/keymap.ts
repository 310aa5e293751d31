/**
 * The keyboard: which key means what (layout-independent for letters, so a Russian layout works), and what each
 * key does in the current game context. Pure: the panel turns an Outcome into a command, a dialog or a hint.
 * The renderer never computes game state; it only builds the command the judge asked for.
 */
import type { Command } from '../../../../shared/game/commands'
import type { ControlView } from '../../../../shared/game/views'

export type Intent =
  | { kind: 'seat'; seat: number }
  | { kind: 'backspace' }
  | { kind: 'escape' }
  | { kind: 'primary' }
  | { kind: 'foul' }
  | { kind: 'unfoul' }
  | { kind: 'techFoul' }
  | { kind: 'nominate' }
  | { kind: 'withdraw' }
  | { kind: 'vote' }
  | { kind: 'liftAll' }
  | { kind: 'miss' }
  | { kind: 'donCheck' }
  | { kind: 'sheriffCheck' }
  | { kind: 'bestMove' }
  | { kind: 'remove' }
  | { kind: 'teamDefeat' }
  | { kind: 'extraPoints' }
  | { kind: 'comment' }
  | { kind: 'timerToggle' }
  | { kind: 'timerAdd' }
  | { kind: 'timerReset' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'help' }
  | { kind: 'mute' }
  | { kind: 'games' }
  | { kind: 'stream' }
  | { kind: 'hideRoles' }
  | { kind: 'graphic'; graphic: 'nominees' | 'night' | 'standings' | 'break' | 'lowerThird' }

export interface KeyLike {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** The shortcut list shown by `?` (keys are display strings; descriptions are i18n keys under `keys.`). */
export const SHORTCUTS: Array<{ keys: string; what: string }> = [
  { keys: '1 … 9, 0', what: 'seat' },
  { keys: 'Backspace', what: 'backspace' },
  { keys: 'Esc', what: 'escape' },
  { keys: 'Enter', what: 'primary' },
  { keys: 'N', what: 'nominate' },
  { keys: 'W', what: 'withdraw' },
  { keys: 'V', what: 'vote' },
  { keys: 'L', what: 'liftAll' },
  { keys: 'M', what: 'miss' },
  { keys: 'D', what: 'donCheck' },
  { keys: 'S', what: 'sheriffCheck' },
  { keys: 'B', what: 'bestMove' },
  { keys: 'F', what: 'foul' },
  { keys: 'Shift+F', what: 'unfoul' },
  { keys: 'T', what: 'techFoul' },
  { keys: 'R', what: 'remove' },
  { keys: 'P', what: 'teamDefeat' },
  { keys: 'X', what: 'extraPoints' },
  { keys: 'K', what: 'comment' },
  { keys: 'Space', what: 'timerToggle' },
  { keys: '+', what: 'timerAdd' },
  { keys: 'Shift+Space', what: 'timerReset' },
  { keys: 'Ctrl+Z', what: 'undo' },
  { keys: 'Ctrl+Shift+Z, Ctrl+Y', what: 'redo' },
  { keys: 'Shift+M', what: 'mute' },
  { keys: 'G', what: 'games' },
  { keys: 'O', what: 'stream' },
  { keys: 'H', what: 'hideRoles' },
  { keys: '1 … 0 I', what: 'gIntro' },
  { keys: 'Shift+N', what: 'gNominees' },
  { keys: 'Shift+K', what: 'gNight' },
  { keys: 'Shift+T', what: 'gStandings' },
  { keys: 'Shift+B', what: 'gBreak' },
  { keys: '?', what: 'help' },
]

const LETTERS: Record<string, Intent['kind']> = {
  KeyN: 'nominate',
  KeyW: 'withdraw',
  KeyV: 'vote',
  KeyL: 'liftAll',
  KeyM: 'miss',
  KeyD: 'donCheck',
  KeyS: 'sheriffCheck',
  KeyB: 'bestMove',
  KeyF: 'foul',
  KeyT: 'techFoul',
  KeyR: 'remove',
  KeyP: 'teamDefeat',
  KeyX: 'extraPoints',
  KeyK: 'comment',
  KeyG: 'games',
  KeyO: 'stream',
  KeyH: 'hideRoles',
}

const SHIFT_GRAPHICS: Record<string, 'nominees' | 'night' | 'standings' | 'break'> = {
  KeyN: 'nominees',
  KeyK: 'night',
  KeyT: 'standings',
  KeyB: 'break',
}

/** The intent of a key press, or null when the key is not a shortcut. */
export function keyIntent(e: KeyLike): Intent | null {
  const mod = e.ctrlKey || e.metaKey
  if (mod && !e.altKey) {
    if (e.code === 'KeyZ') return e.shiftKey ? { kind: 'redo' } : { kind: 'undo' }
    if (e.code === 'KeyY') return { kind: 'redo' }
    return null
  }
  if (e.altKey) return null
  if (e.key === '?' || (e.code === 'Slash' && e.shiftKey)) return { kind: 'help' }
  if (/^Digit[0-9]$/.test(e.code) || /^Numpad[0-9]$/.test(e.code)) {
    if (e.shiftKey && e.code.startsWith('Digit')) return null
    const d = Number(e.code.slice(-1))
    return { kind: 'seat', seat: d === 0 ? 10 : d }
  }
  if (e.key === 'Enter' || e.code === 'NumpadEnter') return { kind: 'primary' }
  if (e.key === 'Escape') return { kind: 'escape' }
  if (e.key === 'Backspace') return { kind: 'backspace' }
  if (e.code === 'Space' || e.key === ' ')
    return e.shiftKey ? { kind: 'timerReset' } : { kind: 'timerToggle' }
  if (e.key === '+' || e.code === 'Equal' || e.code === 'NumpadAdd') return { kind: 'timerAdd' }
  if (e.code === 'KeyF' && e.shiftKey) return { kind: 'unfoul' }
  if (e.code === 'KeyM' && e.shiftKey) return { kind: 'mute' }
  if (e.shiftKey) {
    // On-demand graphics on the overlay (the stream operator's keys).
    const g = SHIFT_GRAPHICS[e.code]
    return g ? { kind: 'graphic', graphic: g } : null
  }
  if (e.code === 'KeyI') return { kind: 'graphic', graphic: 'lowerThird' }
  const kind = LETTERS[e.code]
  return kind ? ({ kind } as Intent) : null
}

/** The rules the panel needs to build commands (from the game's ruleset). */
export interface PanelRules {
  nonVoters: 'toLastCandidate' | 'abstain'
  nominationWithdrawal: boolean
  /** §8.3: `yesOverNo` (city) takes each voter's yes, no or abstention; otherwise only the yes count decides. */
  liftAllMajority: 'moreThanHalfLiving' | 'yesOverNo'
}

export type HintKey =
  | 'pickSeat'
  | 'pickOneSeat'
  | 'pickThree'
  | 'notVoting'
  | 'selectionUnused'
  | 'finished'
  | 'nightDone'
  | 'noTimer'
  | 'noWithdrawal'
  | 'noGame'
  | 'reasonNeeded'
  | 'noBestMove'
  | 'zeroNightQuiet'
  | 'nightOnly'
  | 'shotDone'
  | 'nominateInSpeech'
  | 'noLiftAll'
  | 'alreadyVoted'
  | 'notVoter'

export type Outcome =
  | { kind: 'command'; command: Command }
  | { kind: 'hint'; hint: HintKey }
  | { kind: 'dialog'; dialog: 'remove' | 'teamDefeat' | 'extraPoints'; seat: number }
  | { kind: 'dialog'; dialog: 'comment'; seat: null }
  | { kind: 'none' }

/** The best move is awaited: the first killed is giving his last word and has not named the seats yet. */
export function bestMovePending(view: ControlView): boolean {
  return (
    view.bestMove !== null &&
    view.bestMove.seats === null &&
    view.phase === 'day' &&
    view.step === 'lastWord' &&
    view.speaker === view.bestMove.by
  )
}

/** How many seats the pending selection may hold in this context. */
export function selectionLimit(view: ControlView | null): number {
  if (!view) return 1
  if (view.phase === 'day' && view.step === 'voting' && view.voting?.current != null) return 10
  if (view.phase === 'day' && view.step === 'liftAll') return 10
  if (bestMovePending(view)) return 3
  return 1
}

/** A key identifying the context the selection belongs to; when it changes the selection is dropped. */
export function selectionContext(view: ControlView | null): string {
  if (!view) return 'none'
  return [
    view.phase,
    view.step,
    view.nightStep,
    view.day,
    view.night,
    view.speaker,
    view.voting?.round,
    view.voting?.current,
  ].join('|')
}

/** Toggles a seat in the selection, within the context's limit. */
export function toggleSeat(selection: number[], seat: number, limit: number): number[] | null {
  if (selection.includes(seat)) return selection.filter((s) => s !== seat)
  if (limit <= 1) return [seat]
  if (selection.length >= limit) return null
  return [...selection, seat]
}

export function isLastCandidate(view: ControlView): boolean {
  const v = view.voting
  if (!v || v.current === null) return false
  return v.candidates[v.candidates.length - 1]?.seat === v.current
}

/** The vote for the current candidate with the selected voters (omitted for an automatic last candidate). */
export function voteCommand(view: ControlView, selection: number[], rules: PanelRules): Command | null {
  const v = view.voting
  if (!v || v.current === null) return null
  if (selection.length === 0 && rules.nonVoters === 'toLastCandidate' && isLastCandidate(view)) {
    return { cmd: 'vote', candidate: v.current }
  }
  return { cmd: 'vote', candidate: v.current, voters: [...selection].sort((a, b) => a - b) }
}

const cmd = (command: Command): Outcome => ({ kind: 'command', command })
const hint = (h: HintKey): Outcome => ({ kind: 'hint', hint: h })

function oneSeat(selection: number[], build: (seat: number) => Command): Outcome {
  if (selection.length === 0) return hint('pickSeat')
  if (selection.length > 1) return hint('pickOneSeat')
  return cmd(build(selection[0]))
}

/**
 * The lift-all answers (§8.3): the seats that said yes, and under `yesOverNo` those that said no (every other voter
 * abstains); under `moreThanHalfLiving` only the yes count decides, so the engine takes every other voter as no.
 */
export function liftAllCommand(yes: number[], no: number[], rules: PanelRules): Command {
  const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b)
  return rules.liftAllMajority === 'yesOverNo'
    ? { cmd: 'liftAll', yes: sorted(yes), no: sorted(no.filter((s) => !yes.includes(s))) }
    : { cmd: 'liftAll', yes: sorted(yes) }
}

/**
 * A key that does not belong to this moment of the game, refused with a hint that is true of it (the zero night has
 * no shot, the best move belongs to the first killed's last word, …) instead of a command the engine would refuse
 * in words meant for another moment. Null: the key belongs here (the engine still checks the details).
 */
export function stepRefusal(intent: Intent, view: ControlView): HintKey | null {
  switch (intent.kind) {
    case 'miss':
    case 'donCheck':
    case 'sheriffCheck':
      if (view.phase === 'zeroNight') return 'zeroNightQuiet'
      if (view.phase !== 'night') return view.phase === 'finished' ? 'finished' : 'nightOnly'
      if (intent.kind === 'miss' && view.nightStep !== 'shot') return 'shotDone'
      return null
    case 'bestMove':
      return bestMovePending(view) ? null : 'noBestMove'
    case 'nominate':
    case 'withdraw':
      return view.phase === 'day' && view.step === 'speech' ? null : 'nominateInSpeech'
    case 'vote':
      return view.phase === 'day' && view.step === 'voting' && view.voting?.current != null
        ? null
        : 'notVoting'
    case 'liftAll':
      return view.phase === 'day' && view.step === 'liftAll' ? null : 'noLiftAll'
    default:
      return null
  }
}

/** Enter: the step's natural action with the pending selection, or `next` when nothing is selected. */
export function primaryOutcome(
  view: ControlView,
  selection: number[],
  rules: PanelRules,
  liftNo: number[] = [],
): Outcome {
  if (view.phase === 'setup') return cmd({ cmd: 'start' })
  if (view.phase === 'finished') return hint('finished')
  if (view.phase === 'day' && view.step === 'voting' && view.voting?.current != null) {
    const c = voteCommand(view, selection, rules)
    return c ? cmd(c) : hint('notVoting')
  }
  if (view.phase === 'day' && view.step === 'liftAll') return cmd(liftAllCommand(selection, liftNo, rules))
  if (selection.length === 0) return cmd({ cmd: 'next' })
  if (view.phase === 'night') {
    switch (view.nightStep) {
      case 'shot':
        return oneSeat(selection, (target) => ({ cmd: 'shot', target }))
      case 'donCheck':
        return oneSeat(selection, (target) => ({ cmd: 'donCheck', target }))
      case 'sheriffCheck':
        return oneSeat(selection, (target) => ({ cmd: 'sheriffCheck', target }))
      default:
        return hint('nightDone')
    }
  }
  if (view.phase === 'day' && view.step === 'speech') {
    return oneSeat(selection, (target) => nominateCommand(view, target))
  }
  if (bestMovePending(view)) {
    return selection.length === 3 ? cmd({ cmd: 'bestMove', seats: [...selection] }) : hint('pickThree')
  }
  return hint('selectionUnused')
}

function nominateCommand(view: ControlView, target: number): Command {
  return view.speaker !== null ? { cmd: 'nominate', by: view.speaker, target } : { cmd: 'nominate', target }
}

/** What a key does now. Selection changes are handled by the caller (seat/backspace/escape). */
export function outcomeOf(
  intent: Intent,
  view: ControlView | null,
  selection: number[],
  rules: PanelRules,
  liftNo: number[] = [],
): Outcome {
  if (!view) return hint('noGame')
  const refusal = stepRefusal(intent, view)
  if (refusal) return hint(refusal)
  switch (intent.kind) {
    case 'primary':
      return primaryOutcome(view, selection, rules, liftNo)
    case 'foul':
      return oneSeat(selection, (seat) => ({ cmd: 'foul', seat }))
    case 'unfoul':
      return oneSeat(selection, (seat) => ({ cmd: 'unfoul', seat }))
    case 'techFoul':
      return oneSeat(selection, (seat) => ({ cmd: 'techFoul', seat }))
    case 'nominate':
      return oneSeat(selection, (target) => nominateCommand(view, target))
    case 'withdraw':
      if (!rules.nominationWithdrawal) return hint('noWithdrawal')
      return cmd(view.speaker !== null ? { cmd: 'withdraw', by: view.speaker } : { cmd: 'withdraw' })
    case 'vote': {
      const c = voteCommand(view, selection, rules)
      return c ? cmd(c) : hint('notVoting')
    }
    case 'liftAll':
      return cmd(liftAllCommand(selection, liftNo, rules))
    case 'miss':
      return cmd({ cmd: 'shot', target: null })
    case 'donCheck':
      return oneSeat(selection, (target) => ({ cmd: 'donCheck', target }))
    case 'sheriffCheck':
      return oneSeat(selection, (target) => ({ cmd: 'sheriffCheck', target }))
    case 'bestMove':
      return selection.length === 3 ? cmd({ cmd: 'bestMove', seats: [...selection] }) : hint('pickThree')
    case 'remove':
    case 'teamDefeat':
    case 'extraPoints':
      if (selection.length !== 1) return hint(selection.length === 0 ? 'pickSeat' : 'pickOneSeat')
      return { kind: 'dialog', dialog: intent.kind, seat: selection[0] }
    case 'comment':
      // A comment or protest for the protocol (§14): about the game, so no seat is needed.
      return { kind: 'dialog', dialog: 'comment', seat: null }
    case 'timerToggle':
      if (!view.timer) return hint('noTimer')
      return cmd({ cmd: 'timer', action: view.timer.runningSince !== null ? 'pause' : 'start' })
    case 'timerAdd':
      if (!view.timer) return hint('noTimer')
      return cmd({ cmd: 'timer', action: 'add', seconds: 10 })
    case 'timerReset':
      if (!view.timer) return hint('noTimer')
      return cmd({ cmd: 'timer', action: 'reset' })
    case 'undo':
      return cmd({ cmd: 'undo' })
    case 'redo':
      return cmd({ cmd: 'redo' })
    default:
      return { kind: 'none' }
  }
}

/** Commands after which the pending selection is kept (timer, undo/redo do not consume it). */
export function consumesSelection(c: Command): boolean {
  return c.cmd !== 'timer'
}
