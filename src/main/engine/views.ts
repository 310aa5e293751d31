/** The control view (everything) and the overlay view (roles and checks only when the settings allow). */
import type {
  ControlView,
  NightStep,
  OverlaySettings,
  OverlayView,
  SeatView,
  TieView,
} from '../../shared/game/views'
import { isPublicNotice, type Notice } from '../../shared/game/notices'
import { eligibleVoters, stillToVote } from './decide'
import { describeEntry } from './describe'
import type { GameEventType } from './events'
import { revisionOf, type Game } from './game'
import { seatPoints } from './score'
import { day, type DayState, type GameState } from './state'

function nightStep(s: GameState): NightStep | null {
  if (s.phase !== 'night') return null
  const n = s.nights[s.nights.length - 1]
  if (n.shot === null) return 'shot'
  const don = s.seats.find((p) => p.role === 'don')!
  const sheriff = s.seats.find((p) => p.role === 'sheriff')!
  if (don.status === 'alive' && n.donCheck === null && n.sheriffCheck === null) return 'donCheck'
  if (sheriff.status === 'alive' && n.sheriffCheck === null) return 'sheriffCheck'
  return null
}

/** Events that change the step the judge is on (a phase, a day step, a speaker, a night entry). */
const STEP_EVENTS: ReadonlySet<GameEventType> = new Set<GameEventType>([
  'zeroNightStarted',
  'dayStarted',
  'speechesOpened',
  'speechStarted',
  'turnSkipped',
  'speechEnded',
  'votingOpened',
  'tieSpeechesOpened',
  'tieSpeechStarted',
  'liftAllOpened',
  'lastWordsOpened',
  'lastWordStarted',
  'nightStarted',
  'shotFired',
  'donChecked',
  'sheriffChecked',
  'gameFinished',
])

/**
 * The notice on screen: the last automatic outcome of the latest game command in force that gave one (timer
 * commands are not game commands), as long as the step it left the game in lasts — a later command that moves to
 * another step takes it off. Of several notices of one command the last is shown (the game's end after the vote's).
 */
function currentNotice(game: Game): Notice | null {
  for (let i = game.undoable.length - 1; i >= 0; i--) {
    const events = game.log[game.undoable[i] - 1].events
    let last: Notice | null = null
    for (const e of events) if (e.type === 'noticed') last = e.notice
    if (last) return last
    if (events.some((e) => STEP_EVENTS.has(e.type))) return null
  }
  return null
}

/** §11.8: barred from speaking now — a turn still to be lost, his silent turn, or the round rule's silent round. */
function silencedNow(s: GameState, p: GameState['seats'][number], d: DayState | null): boolean {
  if (p.silence > 0 || (d !== null && d.silentTurn && d.speaker === p.seat)) return true
  const through = p.silentThrough
  return through !== null && (s.days.length < through || (s.days.length === through && s.phase === 'day'))
}

/** The tie being resolved today: the tied seats with the counts of the voting that tied them, and the stage. */
function tieView(d: DayState | null): TieView | null {
  if (!d || !d.tied) return null
  const stage =
    d.step === 'tieSpeech'
      ? 'tieSpeech'
      : d.step === 'liftAll'
        ? 'liftAll'
        : d.step === 'voting' && d.voting?.kind === 'revote'
          ? 'revote'
          : null
  if (!stage) return null
  const rounds = d.votings.flatMap((r) => (r.kind === 'liftAll' ? [] : [r]))
  const last = rounds[rounds.length - 1]
  const counts = d.tied.map((seat) => {
    const c = last?.candidates.find((x) => x.seat === seat)
    return c ? c.voters.length + (c.count ?? 0) : 0
  })
  return { stage, seats: [...d.tied], counts, round: rounds.length }
}

/** The judge's view of the game, at the game's revision (`revisionOf`): a command built on it names that revision. */
export function controlView(game: Game): ControlView {
  const s = game.state
  const d = day(s)
  const finished = s.phase === 'finished'
  const points = finished ? seatPoints(s) : null
  const nominees = d
    ? d.nominations.filter((n) => !n.withdrawn).map((n) => ({ seat: n.target, by: n.by }))
    : []
  const speaker = d?.speaker ?? null
  /** The names by seat, for the undo/redo labels: they name the player, not only his number. */
  const names = s.seats.map((p) => p.name)
  const players: SeatView[] = s.seats.map((p, i) => ({
    seat: p.seat,
    name: p.name,
    playerId: p.playerId,
    photo: p.photo,
    club: p.club,
    role: p.role,
    status: p.status,
    fouls: p.fouls,
    techFouls: p.techFouls,
    silenced: silencedNow(s, p, d),
    nominated: nominees.some((n) => n.seat === p.seat),
    speaking: speaker === p.seat,
    points: points ? points[i].total : null,
  }))
  let voting: ControlView['voting'] = null
  if (d && d.step === 'voting' && d.voting) {
    const v = d.voting
    const eligible = eligibleVoters(s)
    const idx = v.votes.findIndex((x) => x === null)
    voting = {
      round: v.kind,
      candidates: v.candidates.map((seat, i) => ({
        seat,
        voters: v.votes[i] ? [...v.votes[i]!] : null,
        votes: v.votes[i] ? v.votes[i]!.length + v.counts[i] : null,
      })),
      current: idx >= 0 ? v.candidates[idx] : null,
      eligible,
      notVoted: stillToVote(s).seats,
    }
  }
  const lastNightState = s.nights[s.nights.length - 1]
  const undoSeq = game.undoable[game.undoable.length - 1]
  const redoSeq = game.redoable[game.redoable.length - 1]
  return {
    revision: revisionOf(game),
    rulesetId: s.ruleset.id,
    phase: s.phase,
    step: d ? d.step : null,
    nightStep: nightStep(s),
    day: s.days.length,
    night: s.nights.length,
    speaker,
    nominees,
    voting,
    liftAll: d && d.step === 'liftAll' && d.tied ? { seats: [...d.tied], eligible: eligibleVoters(s) } : null,
    lastNight: lastNightState
      ? {
          night: lastNightState.night,
          shot: lastNightState.shot ? { ...lastNightState.shot } : null,
          donCheck: lastNightState.donCheck ? { ...lastNightState.donCheck } : null,
          sheriffCheck: lastNightState.sheriffCheck ? { ...lastNightState.sheriffCheck } : null,
        }
      : null,
    bestMove:
      s.firstKilled !== null && s.ruleset.bestMove.enabled
        ? { by: s.firstKilled, seats: s.bestMove?.seats ? [...s.bestMove.seats] : null }
        : null,
    timer: s.timer ? { ...s.timer } : null,
    winner: s.winner,
    players,
    canUndo: undoSeq !== undefined,
    canRedo: redoSeq !== undefined,
    undoLabel: undoSeq !== undefined ? describeEntry(game.log[undoSeq - 1], names) : null,
    redoLabel: redoSeq !== undefined ? describeEntry(game.log[redoSeq - 1], names) : null,
    voteCancelled: d?.voteCancelled ?? false,
    scores: points ? points.map((p, i) => ({ seat: i + 1, points: p })) : null,
    tie: tieView(d),
    notice: currentNotice(game),
    end:
      finished && s.winner !== null && s.endReason !== null
        ? { winner: s.winner, reason: s.endReason }
        : null,
  }
}

export function rolesVisible(game: Game, settings: OverlaySettings): boolean {
  return settings.roles === 'shown' || (settings.roles === 'atEnd' && game.state.phase === 'finished')
}

/** Never leaks a role (or anything that reveals one: checks, per-team points) when roles are hidden. */
export function overlayView(game: Game, settings: OverlaySettings): OverlayView {
  return overlayViewOf(controlView(game), game, settings)
}

/**
 * The overlay view cut from the game's control view (built once per command for both). It has no revision: the
 * game's revision counts hidden entries too (a shot, a check), which the stream must not learn; the app service
 * numbers the overlay's frames instead (`OverlayEnvelope.frame`).
 */
export function overlayViewOf(control: ControlView, game: Game, settings: OverlaySettings): OverlayView {
  const { canUndo: _u, canRedo: _r, undoLabel: _ul, redoLabel: _rl, revision: _rev, ...view } = control
  const visible = rolesVisible(game, settings)
  // A notice that tells a secret (who shot at night) stays on the judge's screen, whatever the settings.
  if (view.notice && !isPublicNotice(view.notice)) view.notice = null
  // The ending is kept for the end (RULES §2): the winner is fixed at the deciding departure, but the stream learns
  // it only when the game is over — after that player's last word, or when the judge ends it. Before that nothing
  // the overlay receives may carry it: no winner, no `end`, no notice about the result (`result.*`: «the result is
  // fixed» would spoil the last word).
  const finished = game.state.phase === 'finished'
  if (!finished) {
    view.winner = null
    view.end = null
    if (view.notice?.code.startsWith('result.')) view.notice = null
  }
  if (visible) return { ...view, rolesVisible: true }
  // The night's progress (which check comes next) would tell whether the don or the sheriff is still in the game,
  // and the shot is announced only in the morning.
  const nightRunning = game.state.phase === 'night'
  return {
    ...view,
    rolesVisible: false,
    nightStep: null,
    players: view.players.map((p) => ({ ...p, role: null, points: null })),
    lastNight: view.lastNight
      ? {
          ...view.lastNight,
          shot: nightRunning ? null : view.lastNight.shot,
          donCheck: null,
          sheriffCheck: null,
        }
      : null,
    scores: null,
  }
}
