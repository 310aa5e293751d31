/** evolve(state, event) → state: the only place the state changes. Pure; `apply` mutates a private draft. */
import type { GameEvent } from './events'
import type { DayState, GameState } from './state'
import { seatOf } from './state'

/**
 * A copy that `apply` may mutate without touching `s`. `apply` only changes the seats, the last day, the last
 * night and top-level fields, so earlier days and nights, event payloads and the ruleset are shared (never mutated).
 */
export function cloneState(s: GameState): GameState {
  const days = s.days.slice()
  const last = days.length - 1
  if (last >= 0) {
    const d = days[last]
    days[last] = {
      ...d,
      queue: d.queue.slice(),
      spoken: d.spoken.slice(),
      nominations: d.nominations.map((n) => ({ ...n })),
      voting: d.voting
        ? {
            kind: d.voting.kind,
            candidates: d.voting.candidates.slice(),
            votes: d.voting.votes.slice(),
            counts: d.voting.counts.slice(),
            departed: d.voting.departed.slice(),
          }
        : null,
      tied: d.tied ? d.tied.slice() : null,
      votings: d.votings.slice(),
      left: d.left.slice(),
    }
  }
  const nights = s.nights.slice()
  if (nights.length > 0) nights[nights.length - 1] = { ...nights[nights.length - 1] }
  return {
    ...s,
    seats: s.seats.map((p) => ({
      ...p,
      left: p.left ? { ...p.left } : null,
      extraPoints: p.extraPoints.slice(),
      penalties: p.penalties.slice(),
    })),
    days,
    nights,
    fouls: s.fouls.slice(),
    comments: s.comments.slice(),
    amendments: s.amendments.slice(),
    notices: s.notices.slice(),
    bestMove: s.bestMove ? { ...s.bestMove } : null,
    timer: s.timer ? { ...s.timer } : null,
  }
}

/** Returns a new state; the input is never changed. */
export function evolve(state: GameState, event: GameEvent): GameState {
  const draft = cloneState(state)
  apply(draft, event)
  return draft
}

const currentDay = (s: GameState): DayState => s.days[s.days.length - 1]

/** Applies one event to a draft the caller owns (decide and replay clone once, then apply in place). */
export function apply(s: GameState, e: GameEvent): void {
  switch (e.type) {
    case 'zeroNightStarted':
      s.phase = 'zeroNight'
      return
    case 'dayStarted':
      s.phase = 'day'
      s.days.push({
        day: e.day,
        opener: e.opener,
        step: 'speech',
        speaker: null,
        silentTurn: false,
        queue: [],
        afterLastWords: 'speeches',
        spoken: [],
        nominations: [],
        voting: null,
        tied: null,
        votings: [],
        voteCancelled: false,
        resultFixed: false,
        left: [],
      })
      return
    case 'speechesOpened': {
      const d = currentDay(s)
      d.step = 'speech'
      d.speaker = null
      d.silentTurn = false
      d.queue = [...e.queue]
      // §5.1: the day is opened by the first living seat from the opener (a player who left in the morning does not
      // open it), and the next day opens after him.
      if (e.queue.length > 0) d.opener = e.queue[0]
      return
    }
    case 'speechStarted': {
      const d = currentDay(s)
      d.step = 'speech'
      d.speaker = e.seat
      d.silentTurn = e.silent
      d.queue = d.queue.filter((q) => q !== e.seat)
      return
    }
    case 'turnSkipped': {
      const d = currentDay(s)
      d.queue = d.queue.filter((q) => q !== e.seat)
      d.spoken.push(e.seat)
      const p = seatOf(s, e.seat)
      p.silence = Math.max(0, p.silence - 1)
      return
    }
    case 'speechEnded': {
      const d = currentDay(s)
      if (d.silentTurn) {
        const p = seatOf(s, e.seat)
        p.silence = Math.max(0, p.silence - 1)
      }
      d.spoken.push(e.seat)
      d.speaker = null
      d.silentTurn = false
      return
    }
    case 'nominated':
      currentDay(s).nominations.push({ by: e.by, target: e.target, withdrawn: false })
      return
    case 'nominationWithdrawn': {
      const n = currentDay(s).nominations.find((x) => x.by === e.by && x.target === e.target && !x.withdrawn)
      if (n) n.withdrawn = true
      return
    }
    case 'votingOpened': {
      const d = currentDay(s)
      d.step = 'voting'
      d.speaker = null
      d.queue = []
      d.voting = {
        kind: e.kind,
        candidates: [...e.candidates],
        votes: e.candidates.map(() => null),
        counts: e.candidates.map(() => 0),
        departed: [],
      }
      return
    }
    case 'voted': {
      const v = currentDay(s).voting
      if (v) {
        const i = v.candidates.indexOf(e.candidate)
        v.votes[i] = [...e.voters]
        v.counts[i] = e.count ?? 0
      }
      return
    }
    case 'votingClosed': {
      const d = currentDay(s)
      d.votings.push(e.record)
      d.voting = null
      return
    }
    case 'tieSpeechesOpened': {
      const d = currentDay(s)
      d.step = 'tieSpeech'
      d.tied = [...e.seats]
      d.queue = [...e.seats]
      d.speaker = null
      return
    }
    case 'tieSpeechStarted': {
      const d = currentDay(s)
      d.step = 'tieSpeech'
      d.speaker = e.seat
      d.queue = d.queue.filter((q) => q !== e.seat)
      return
    }
    case 'liftAllOpened': {
      const d = currentDay(s)
      d.step = 'liftAll'
      d.tied = [...e.seats]
      d.speaker = null
      d.queue = []
      return
    }
    case 'liftAllVoted':
      currentDay(s).votings.push(e.record)
      return
    case 'resultFixed':
      currentDay(s).resultFixed = true
      return
    case 'voteCancelled': {
      const d = currentDay(s)
      d.voteCancelled = true
      d.voting = null
      if (e.reason === 'previousDay') s.cancelNextVote = false
      return
    }
    case 'nextVoteCancelled':
      s.cancelNextVote = true
      return
    case 'lastWordsOpened': {
      const d = currentDay(s)
      d.step = 'lastWord'
      d.queue = [...e.seats]
      d.speaker = null
      d.afterLastWords = e.then
      return
    }
    case 'lastWordStarted': {
      const d = currentDay(s)
      d.step = 'lastWord'
      d.speaker = e.seat
      d.queue = d.queue.filter((q) => q !== e.seat)
      return
    }
    case 'lastWordLost': {
      const d = currentDay(s)
      d.queue = d.queue.filter((q) => q !== e.seat)
      return
    }
    case 'noticed':
      s.notices.push({ notice: e.notice, day: s.days.length, night: s.nights.length })
      return
    case 'playerLeft': {
      const p = seatOf(s, e.seat)
      const d = s.phase === 'day' ? currentDay(s) : null
      p.status =
        e.how === 'killed' ? 'killed' : e.how === 'votedOut' || e.how === 'lifted' ? 'votedOut' : 'removed'
      p.left = {
        how: e.how,
        day: s.phase === 'day' ? s.days.length : null,
        night: s.phase === 'night' || s.phase === 'zeroNight' ? s.nights.length : null,
        reason: e.reason,
      }
      if (e.how === 'killed') p.left.night = s.nights.length
      p.silence = 0
      p.silentThrough = null
      s.departures += 1
      if (d?.voting && !d.voting.votes.some((x) => x?.includes(e.seat))) d.voting.departed.push(e.seat)
      if (d && (e.how === 'votedOut' || e.how === 'lifted')) d.left.push(e.seat)
      if (d && (d.step === 'speech' || d.step === 'tieSpeech')) d.queue = d.queue.filter((q) => q !== e.seat)
      if (e.how === 'killed' && s.nights.length === 1) s.firstKilled = e.seat
      return
    }
    case 'nightStarted':
      s.phase = 'night'
      s.nights.push({ night: e.night, shot: null, shots: null, donCheck: null, sheriffCheck: null })
      s.departuresAtNightStart = s.departures
      return
    case 'quietRound':
      s.quietRounds = e.count
      return
    case 'shotFired': {
      const n = s.nights[s.nights.length - 1]
      n.shot = e.shot
      n.shots = e.shots
      return
    }
    case 'donChecked':
      s.nights[s.nights.length - 1].donCheck = { target: e.target, isSheriff: e.isSheriff }
      return
    case 'sheriffChecked':
      s.nights[s.nights.length - 1].sheriffCheck = { target: e.target, isBlack: e.isBlack }
      return
    case 'bestMoveMade':
      s.bestMove = { by: e.by, seats: [...e.seats] }
      return
    case 'fouled': {
      const p = seatOf(s, e.foul.seat)
      if (e.foul.kind === 'foul') p.fouls += 1
      else p.techFouls += 1
      s.fouls.push(e.foul)
      return
    }
    case 'foulRemoved': {
      const p = seatOf(s, e.seat)
      if (e.kind === 'foul') p.fouls = Math.max(0, p.fouls - 1)
      else p.techFouls = Math.max(0, p.techFouls - 1)
      for (let i = s.fouls.length - 1; i >= 0; i--) {
        if (s.fouls[i].seat === e.seat && s.fouls[i].kind === e.kind) {
          s.fouls.splice(i, 1)
          break
        }
      }
      return
    }
    case 'silenced':
      seatOf(s, e.seat).silence = 1
      return
    case 'silentRound':
      seatOf(s, e.seat).silentThrough = e.day
      return
    case 'unsilenced': {
      const p = seatOf(s, e.seat)
      p.silence = 0
      p.silentThrough = null
      return
    }
    case 'commented':
      s.comments.push({ ...e.comment })
      return
    case 'amended':
      s.amendments.push(structuredClone(e.amendment))
      if (e.amendment.winner) {
        s.winner = e.amendment.winner.to
        s.endReason = 'appeal'
      }
      return
    case 'extraPointsGiven':
      seatOf(s, e.seat).extraPoints.push({ points: e.points, reason: e.reason })
      return
    case 'penaltyGiven':
      seatOf(s, e.seat).penalties.push({ points: e.points, reason: e.reason })
      return
    case 'gameDecided':
      s.winner = e.winner
      s.endReason = e.reason
      return
    case 'gameFinished': {
      s.phase = 'finished'
      s.timer = null
      const d = s.days[s.days.length - 1]
      if (d) {
        d.speaker = null
        d.queue = []
      }
      return
    }
    case 'timerSet':
      s.timer = e.timer === null ? null : { ...e.timer }
      return
    case 'undone':
    case 'redone':
      // Log markers: the game rebuilds its state by replay (game.ts); they change nothing here.
      return
  }
}
