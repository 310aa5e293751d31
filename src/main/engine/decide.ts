/**
 * decide(state, command) → events | error. Checks in a fixed order (docs/architecture.md): game over → command allowed in
 * this phase → actor/target eligible → rule checks. Automatic consequences (all votes in → tie or departure;
 * a departure → win check) are follow-up events produced here. Each event is applied to a private draft as it is
 * emitted, so later checks see its effect; `evolve` folds the same events into the same state.
 */
import type { AppErrorData } from '../../shared/errors'
import {
  COMMAND_NAMES,
  REMOVAL_REASONS,
  commandSchema,
  type Command,
  type CommandOf,
} from '../../shared/game/commands'
import type { Notice } from '../../shared/game/notices'
import type { VotingRecord } from '../../shared/game/record'
import { validationMessage } from '../../shared/validation-message'
import { E } from './errors'
import type { GameEvent, LeaveHow } from './events'
import { apply, cloneState } from './evolve'
import { alive, day, isBlack, night, seatOf, type DayState, type GameState } from './state'

export type Decision =
  { ok: true; events: GameEvent[]; state: GameState } | { ok: false; error: AppErrorData }

class Ctx {
  readonly events: GameEvent[] = []
  constructor(
    readonly s: GameState,
    readonly at: number,
  ) {}
  emit(e: GameEvent): void {
    apply(this.s, e)
    this.events.push(e)
  }
  notice(n: Notice): void {
    this.emit({ type: 'noticed', notice: n })
  }
  get d(): DayState {
    const d = day(this.s)
    if (!d) throw new Error('no current day')
    return d
  }
}

/** Commands still allowed once the winner is fixed (the last word of the player whose departure decided it). */
const AFTER_DECIDED = new Set<Command['cmd']>([
  'next',
  'foul',
  'unfoul',
  'bestMove',
  'extraPoints',
  'timer',
  'comment',
  // §11.7: a removal (or a technical foul) after the decision costs its penalty and changes no status.
  'remove',
  'techFoul',
])
/** Commands that fit any phase: a comment or protest (§14) may be written before, during and after the game. */
const ANY_PHASE = new Set<Command['cmd']>(['comment'])

/**
 * The one door for a command into the engine: whatever the caller (the app service, a scenario, a tool), a command
 * the engine does not know is refused as `engine/unknown_command`, and a known one with a bad field (a seat that is
 * not a whole number from 1 to 10, a list where one seat is asked, …) as `engine/bad_command`, naming the field and
 * what is allowed there, in both languages.
 */
export function parseCommand(
  raw: unknown,
): { ok: true; command: Command } | { ok: false; error: AppErrorData } {
  const name =
    typeof raw === 'object' && raw !== null && 'cmd' in raw ? (raw as { cmd: unknown }).cmd : undefined
  if (typeof name !== 'string' || !COMMAND_NAMES.includes(name))
    return {
      ok: false,
      error: E.unknownCommand(
        (name === undefined ? (JSON.stringify(raw) ?? String(raw)) : String(name)).slice(0, 60),
        COMMAND_NAMES,
      ),
    }
  const parsed = commandSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, error: E.badCommand(name, validationMessage(parsed.error.issues)) }
  return { ok: true, command: parsed.data }
}

export function decide(state: GameState, input: Command): Decision {
  const checked = parseCommand(input)
  if (!checked.ok) return checked
  const command = checked.command
  if (command.cmd === 'undo' || command.cmd === 'redo') {
    return {
      ok: false,
      error: E.notInPhase('отмена решается журналом игры', 'undo/redo is handled by the game log'),
    }
  }
  // An amendment on appeal (issue 31 §1) corrects a finished game, and only a finished one.
  if (command.cmd === 'amend') {
    if (state.phase !== 'finished') return { ok: false, error: E.amendNotFinished() }
    const c = new Ctx(cloneState(state), command.at ?? 0)
    const error = onAmend(c, command)
    return error ? { ok: false, error } : { ok: true, events: c.events, state: c.s }
  }
  // 1. game over
  if (state.phase === 'finished' && command.cmd !== 'extraPoints' && !ANY_PHASE.has(command.cmd))
    return { ok: false, error: E.gameOver() }
  if (state.phase === 'setup' && command.cmd !== 'start' && !ANY_PHASE.has(command.cmd))
    return { ok: false, error: E.notStarted() }
  if (state.winner !== null && state.phase !== 'finished' && !AFTER_DECIDED.has(command.cmd)) {
    // §10.5: once the winner is fixed a team defeat is refused; the judge gives a removal (its penalty) instead.
    if (command.cmd === 'teamDefeat') return { ok: false, error: E.teamDefeatAfterResult(command.seat) }
    return { ok: false, error: E.gameDecided() }
  }
  const c = new Ctx(cloneState(state), command.at ?? 0)
  const error = run(c, command)
  if (error) return { ok: false, error }
  return { ok: true, events: c.events, state: c.s }
}

function run(c: Ctx, cmd: Command): AppErrorData | void {
  switch (cmd.cmd) {
    case 'start':
      return onStart(c)
    case 'next':
      return onNext(c)
    case 'nominate':
      return onNominate(c, cmd)
    case 'withdraw':
      return onWithdraw(c, cmd)
    case 'vote':
      return onVote(c, cmd)
    case 'liftAll':
      return onLiftAll(c, cmd)
    case 'shot':
      return onShot(c, cmd)
    case 'donCheck':
      return onDonCheck(c, cmd)
    case 'sheriffCheck':
      return onSheriffCheck(c, cmd)
    case 'bestMove':
      return onBestMove(c, cmd)
    case 'foul':
      return onFoul(c, cmd)
    case 'unfoul':
      return onUnfoul(c, cmd)
    case 'techFoul':
      return onTechFoul(c, cmd)
    case 'remove':
      return onRemove(c, cmd)
    case 'teamDefeat':
      return onTeamDefeat(c, cmd)
    case 'timer':
      return onTimer(c, cmd)
    case 'extraPoints':
      return onExtraPoints(c, cmd)
    case 'comment':
      c.emit({
        type: 'commented',
        comment: { text: cmd.text, phase: c.s.phase, day: c.s.days.length, night: c.s.nights.length },
      })
      return
    case 'amend':
      return E.amendNotFinished()
    case 'undo':
    case 'redo':
      return E.notInPhase('отмена', 'undo')
    default: {
      // Unreachable for a parsed command; a refusal, never a silent acceptance, should the schema and this switch
      // ever disagree.
      const unknown: { cmd: string } = cmd
      return E.unknownCommand(unknown.cmd, COMMAND_NAMES)
    }
  }
}

// ───────────────────────────── helpers ─────────────────────────────

const isAlive = (s: GameState, seat: number): boolean => seatOf(s, seat).status === 'alive'
const roleSeat = (s: GameState, role: 'don' | 'sheriff'): number => s.seats.find((p) => p.role === role)!.seat

function setTimer(c: Ctx, label: string, seconds: number): void {
  c.emit({
    type: 'timerSet',
    timer: { label, durationMs: seconds * 1000, remainingMs: seconds * 1000, runningSince: c.at },
  })
}

/** §12: reds win when no black is left; blacks win when blacks ≥ reds. Checked after every departure. */
function checkWin(c: Ctx): boolean {
  if (c.s.winner !== null) return true
  let reds = 0
  let blacks = 0
  for (const p of c.s.seats) {
    if (p.status !== 'alive') continue
    if (isBlack(p.role)) blacks++
    else reds++
  }
  if (blacks === 0) c.emit({ type: 'gameDecided', winner: 'red', reason: 'blacksEliminated' })
  else if (blacks >= reds) c.emit({ type: 'gameDecided', winner: 'black', reason: 'parity' })
  return c.s.winner !== null
}

/** The first living seat at or after `from`, wrapping 10 → 1 (§5.1). */
function firstAliveFrom(s: GameState, from: number): number {
  for (let i = 0; i < 10; i++) {
    const seat = ((from - 1 + i) % 10) + 1
    if (isAlive(s, seat)) return seat
  }
  return from
}

const activeNominations = (d: DayState) => d.nominations.filter((n) => !n.withdrawn)

// ───────────────────────────── flow ─────────────────────────────

function onStart(c: Ctx): AppErrorData | void {
  if (c.s.phase !== 'setup') return E.alreadyStarted()
  // §3: zero night, the agreement time.
  c.emit({ type: 'zeroNightStarted' })
  setTimer(c, 'zeroNight', c.s.ruleset.times.zeroNight)
}

function onNext(c: Ctx): AppErrorData | void {
  const s = c.s
  if (s.phase === 'zeroNight') return startDay(c, null)
  if (s.phase === 'night') {
    const n = night(s)!
    if (n.shot === null) return E.shotRequired()
    // §4.4: the night's victim leaves at the start of the morning.
    let victim: number | null = null
    if (n.shot.kind === 'kill' && isAlive(s, n.shot.target)) {
      victim = n.shot.target
      c.emit({ type: 'playerLeft', seat: victim, how: 'killed', reason: null })
      if (checkWin(c)) c.notice({ code: 'result.fixed', params: { winner: s.winner!, seat: victim } })
    }
    return startDay(c, victim)
  }
  const d = day(s)!
  switch (d.step) {
    case 'speech':
      if (d.speaker !== null) c.emit({ type: 'speechEnded', seat: d.speaker })
      return advanceSpeech(c)
    case 'tieSpeech':
      return advanceTieSpeech(c)
    case 'lastWord':
      return advanceLastWord(c)
    case 'voting':
    case 'liftAll':
      return E.votingInProgress()
  }
}

function startDay(c: Ctx, victim: number | null): void {
  const s = c.s
  const number = s.days.length + 1
  // §5.1: day 1 opens with seat 1; later days with the first living seat after the previous opener.
  const opener =
    number === 1 ? firstAliveFrom(s, 1) : firstAliveFrom(s, (s.days[s.days.length - 1].opener % 10) + 1)
  const cancel = s.cancelNextVote
  c.emit({ type: 'dayStarted', day: number, opener })
  if (cancel) {
    c.emit({ type: 'voteCancelled', reason: 'previousDay' })
    c.notice({ code: 'noVote.previousDay', params: { day: number - 1 } })
  }
  if (victim !== null) {
    c.emit({ type: 'lastWordsOpened', seats: [victim], then: 'speeches' })
    advanceLastWord(c)
  } else if (s.winner !== null) {
    c.emit({ type: 'gameFinished' })
  } else {
    openSpeeches(c)
  }
}

function openSpeeches(c: Ctx): void {
  const s = c.s
  const d = c.d
  const queue: number[] = []
  for (let i = 0; i < 10; i++) {
    const seat = ((d.opener - 1 + i) % 10) + 1
    if (isAlive(s, seat)) queue.push(seat)
  }
  c.emit({ type: 'speechesOpened', queue })
  advanceSpeech(c)
}

/** Gives the floor to the next seat in the queue: §5.3 silenced players are skipped or get a silent turn. */
function advanceSpeech(c: Ctx): void {
  const s = c.s
  const r = s.ruleset
  for (;;) {
    const d = c.d
    const seat = d.queue.find((q) => isAlive(s, q))
    if (seat === undefined) return endSpeeches(c)
    const p = seatOf(s, seat)
    if (p.silence > 0) {
      if (r.silencedTurn === 'skip') {
        c.emit({ type: 'turnSkipped', seat })
        continue
      }
      const few = r.silencedFewPlayers > 0 && alive(s).length <= r.silencedFewPlayers
      c.emit({ type: 'speechStarted', seat, silent: true })
      setTimer(c, few ? 'speech' : 'silentTurn', few ? r.times.silencedFewSpeech : 0)
      return
    }
    c.emit({ type: 'speechStarted', seat, silent: false })
    setTimer(c, 'speech', r.times.speech)
    return
  }
}

/** §7.2: after the last speech, the voting if there is one, else the night. */
function endSpeeches(c: Ctx): void {
  const s = c.s
  const d = c.d
  if (d.voteCancelled) {
    // Say again why there is no vote (the removal that cancelled it happened earlier in the day).
    const why = [...s.notices]
      .reverse()
      .find(
        (x) =>
          x.day === d.day && (x.notice.code === 'noVote.removal' || x.notice.code === 'noVote.previousDay'),
      )
    if (why) c.notice(why.notice)
    return openNight(c)
  }
  const nominees = activeNominations(d)
    .map((n) => n.target)
    .filter((t) => isAlive(s, t))
  if (nominees.length === 0) {
    c.emit({ type: 'voteCancelled', reason: 'noNominees' })
    c.notice({ code: 'noVote.noNominees', params: { day: d.day } })
    return openNight(c)
  }
  const min = d.day === 1 ? s.ruleset.minCandidatesDay1 : s.ruleset.minCandidates
  if (nominees.length < min) {
    c.emit({ type: 'voteCancelled', reason: 'tooFewNominees' })
    c.notice(
      d.day === 1 && nominees.length === 1
        ? { code: 'noVote.day1Single', params: { seat: nominees[0] } }
        : { code: 'noVote.tooFew', params: { count: nominees.length, min } },
    )
    return openNight(c)
  }
  openVoting(c, 'vote', nominees)
}

/** Opens a vote or a revote: always with a candidate (a tie with one or none left is resolved first, §10.2). */
function openVoting(c: Ctx, kind: 'vote' | 'revote', candidates: number[]): void {
  c.emit({ type: 'votingOpened', kind, candidates })
  c.emit({ type: 'timerSet', timer: null })
}

/** Opens the next night, or ends the game in a draw (§12: nobody left over N nights and days in a row). */
function openNight(c: Ctx): void {
  const s = c.s
  if (s.winner !== null) {
    c.emit({ type: 'gameFinished' })
    return
  }
  const limit = s.ruleset.drawAfterQuietRounds
  if (s.nights.length > 0) {
    const quiet = s.departures === s.departuresAtNightStart ? s.quietRounds + 1 : 0
    c.emit({ type: 'quietRound', count: quiet })
    if (limit !== null && quiet >= limit) {
      c.emit({ type: 'gameDecided', winner: 'draw', reason: 'draw' })
      c.emit({ type: 'gameFinished' })
      return
    }
  }
  c.emit({ type: 'nightStarted', night: s.nights.length + 1 })
  c.emit({ type: 'timerSet', timer: null })
}

function advanceTieSpeech(c: Ctx): void {
  const s = c.s
  const d = c.d
  const seat = d.queue.find((q) => isAlive(s, q))
  if (seat !== undefined) {
    c.emit({ type: 'tieSpeechStarted', seat })
    setTimer(c, 'tieSpeech', s.ruleset.times.tieSpeech)
    return
  }
  // §8.1: revote among the tied players still at the table (§10.2: one or none left → resolved without one).
  if (resolveAmongPresent(c)) return
  openVoting(
    c,
    'revote',
    (d.tied ?? []).filter((t) => isAlive(s, t)),
  )
}

/** The votes each tied player had in the round that tied them (§7.4: a tie at zero votes sends nobody out). */
function tieVotes(d: DayState): number {
  for (let i = d.votings.length - 1; i >= 0; i--) {
    const r = d.votings[i]
    if (r.kind === 'liftAll') continue
    const x = r.candidates.find((cand) => d.tied?.includes(cand.seat))
    return x ? x.voters.length + (x.count ?? 0) : 0
  }
  return 0
}

/**
 * §10.2: a tie is resolved among the tied players still at the table. With two or more left it goes on (returns
 * false); with one left he leaves (`tie.oneLeft`; §7.4: not on zero votes, then he stays), with none nobody leaves
 * and night falls (`tie.noneLeft`). Used when the tie speeches end (the speeches still due go on after a removal)
 * and when a tied player leaves at the lift-all question, so no revote of one and no lift-all question for one is
 * ever held.
 */
function resolveAmongPresent(c: Ctx): boolean {
  const d = c.d
  const tied = d.tied ?? []
  const present = tied.filter((t) => isAlive(c.s, t))
  if (present.length >= 2) return false
  if (present.length === 0) {
    c.notice({ code: 'tie.noneLeft', params: { seats: [...tied] } })
    endVotingWithoutDeparture(c)
    return true
  }
  return oneLeft(c, present[0], tied, tieVotes(d))
}

/** §10.2: of a tie only `seat` is still at the table: he leaves, unless the tie was at zero votes (§7.4). */
function oneLeft(c: Ctx, seat: number, tied: number[], votes: number): true {
  if (votes === 0) {
    c.notice({ code: 'vote.noVotes', params: { seat } })
    endVotingWithoutDeparture(c)
    return true
  }
  c.notice({ code: 'tie.oneLeft', params: { seat, seats: [...tied] } })
  voteOut(c, [seat], 'votedOut')
  return true
}

function advanceLastWord(c: Ctx): void {
  const s = c.s
  const d = c.d
  const seat = d.queue[0]
  if (seat !== undefined) {
    c.emit({ type: 'lastWordStarted', seat })
    const killed = seatOf(s, seat).status === 'killed'
    setTimer(c, 'lastWord', killed ? s.ruleset.times.lastWordKilled : s.ruleset.times.lastWordVoted)
    return
  }
  // §2: the phase becomes finished after the deciding player's last word.
  if (s.winner !== null) {
    c.emit({ type: 'gameFinished' })
    return
  }
  if (d.afterLastWords === 'speeches') return openSpeeches(c)
  openNight(c)
}

/** Voted out or lifted: leave at once (win check), then last words in turn (§7.4, §8.3, §9). */
function voteOut(c: Ctx, seats: number[], how: LeaveHow): void {
  c.emit({ type: 'resultFixed' })
  for (const seat of seats) c.emit({ type: 'playerLeft', seat, how, reason: null })
  if (checkWin(c)) c.notice({ code: 'result.fixed', params: { winner: c.s.winner!, seat: seats[0] } })
  c.emit({ type: 'lastWordsOpened', seats, then: 'night' })
  advanceLastWord(c)
}

function endVotingWithoutDeparture(c: Ctx): void {
  c.emit({ type: 'resultFixed' })
  c.emit({ type: 'timerSet', timer: null })
  openNight(c)
}

// ───────────────────────────── nominations ─────────────────────────────

function speakerCheck(c: Ctx, by: number | undefined): AppErrorData | number {
  const d = day(c.s)
  if (!d || d.step !== 'speech' || d.speaker === null) {
    return E.notInPhase('выставлять можно только во время речи', 'nominations are made during a speech')
  }
  const who = by ?? d.speaker
  if (who !== d.speaker) return E.notSpeaker(who)
  return who
}

/** §6: only the speaker, one accepted nomination per speaker per day, living targets, first not yet nominated. */
function onNominate(c: Ctx, cmd: CommandOf<'nominate'>): AppErrorData | void {
  const by = speakerCheck(c, cmd.by)
  if (typeof by !== 'number') return by
  const d = c.d
  if (!isAlive(c.s, cmd.target)) return E.seatNotAlive(cmd.target)
  const active = activeNominations(d)
  if (active.some((n) => n.target === cmd.target)) return E.alreadyNominated(cmd.target)
  if (active.some((n) => n.by === by)) return E.nominationLimit(by)
  c.emit({ type: 'nominated', by, target: cmd.target })
}

/** §6.4: withdrawal is a ruleset switch. */
function onWithdraw(c: Ctx, cmd: CommandOf<'withdraw'>): AppErrorData | void {
  const by = speakerCheck(c, cmd.by)
  if (typeof by !== 'number') return by
  if (!c.s.ruleset.nominationWithdrawal) return E.withdrawalForbidden()
  const n = activeNominations(c.d).find((x) => x.by === by)
  if (!n) return E.nothingToWithdraw(by)
  c.emit({ type: 'nominationWithdrawn', by, target: n.target })
}

// ───────────────────────────── voting ─────────────────────────────

/** The tied seats that do not vote in the current round (§8.2: seed 002's revote and lift-all question). */
function excludedVoters(s: GameState, d: DayState): number[] {
  return !s.ruleset.tiedVoteInRevote && (d.step === 'liftAll' || d.voting?.kind === 'revote')
    ? (d.tied ?? [])
    : []
}

/** Who may vote in the current round (§7.3, §8.2): the living seats, less the tied ones where they do not vote. */
export function eligibleVoters(s: GameState): number[] {
  const d = day(s)
  if (!d) return []
  const excluded = excludedVoters(s, d)
  return alive(s).filter((seat) => !excluded.includes(seat))
}

/**
 * Who may still vote in the open round — the one place this is derived (§7.3, §10.2): every eligible living seat
 * that has not voted yet. A voter who left after voting keeps his vote and is simply no longer eligible, so he is
 * never subtracted twice. `left` is how many more votes may be entered (votes entered as a count, §7.5, have no
 * seats, so they are taken off the number, not off the seats).
 */
export function stillToVote(s: GameState): { seats: number[]; anonymous: number; left: number } {
  const v = day(s)?.voting
  if (!v) return { seats: [], anonymous: 0, left: 0 }
  const voted = new Set(v.votes.flatMap((x) => x ?? []))
  const seats = eligibleVoters(s).filter((seat) => !voted.has(seat))
  const anonymous = v.counts.reduce((a, x) => a + x, 0)
  // §10.2: a voter who left during the round may have been one of the counted votes; the counted votes still at
  // the table are at least the counts less those departures, so a living seat's vote is never blocked by his.
  const excluded = excludedVoters(s, day(s)!)
  const departed = v.departed.filter((seat) => !excluded.includes(seat)).length
  return { seats, anonymous, left: Math.max(0, seats.length - Math.max(0, anonymous - departed)) }
}

function checkVoters(
  c: Ctx,
  voters: number[],
  eligible: number[],
  already: Set<number>,
): AppErrorData | void {
  const seen = new Set<number>()
  for (const v of voters) {
    if (seen.has(v)) return E.duplicateSeat(v)
    seen.add(v)
    if (!isAlive(c.s, v)) return E.seatNotAlive(v)
    if (already.has(v)) return E.votedTwice(v)
    if (!eligible.includes(v)) return E.notEligibleVoter(v)
  }
}

function onVote(c: Ctx, cmd: CommandOf<'vote'>): AppErrorData | void {
  const s = c.s
  const d = day(s)
  if (!d || d.step !== 'voting' || !d.voting)
    return E.notInPhase('голосование ещё не началось', 'no vote is open')
  const v = d.voting
  const index = v.votes.findIndex((x) => x === null)
  if (index < 0) return E.notInPhase('все кандидатуры уже проголосованы', 'every candidate has been voted')
  const current = v.candidates[index]
  if (cmd.candidate !== current) return E.wrongCandidate(current, cmd.candidate)
  if (cmd.count !== undefined && cmd.voters !== undefined) return E.voteBothWays()
  const last = index === v.candidates.length - 1
  const toLast = s.ruleset.nonVoters === 'toLastCandidate'
  // DESIGN: `voters` may be omitted only for the last candidate when non-voters go to him.
  if (cmd.voters === undefined && cmd.count === undefined && !(last && toLast))
    return E.votersRequired(current)
  const eligible = eligibleVoters(s)
  const already = new Set(v.votes.flatMap((x) => x ?? []))
  const given = cmd.voters ?? []
  const bad = checkVoters(c, given, eligible, already)
  if (bad) return bad
  if (!s.ruleset.selfVote && given.includes(current)) return E.selfVote(current)
  // §7.5: totals never exceed the voters still to vote.
  const rest = stillToVote(s)
  let count = cmd.count ?? 0
  if (given.length + count > rest.left) return E.tooManyVotes(rest.left)
  let voters = [...given]
  // §7.3: under `toLastCandidate` every eligible seat that has not voted counts for the last candidate.
  if (last && toLast) {
    if (rest.anonymous > 0 || cmd.count !== undefined) {
      // Counts were entered: how many have not voted is known, not who.
      const selfOut = !s.ruleset.selfVote && rest.seats.includes(current) ? 1 : 0
      count = Math.max(count, rest.left - voters.length - selfOut)
    } else {
      for (const seat of rest.seats) {
        if (!voters.includes(seat) && (s.ruleset.selfVote || seat !== current)) voters.push(seat)
      }
    }
  }
  voters = voters.sort((a, b) => a - b)
  c.emit(
    count > 0
      ? { type: 'voted', candidate: current, voters, count }
      : { type: 'voted', candidate: current, voters },
  )
  if (last) resolveVoting(c)
}

const sameSet = (a: number[], b: number[]): boolean => a.length === b.length && a.every((x) => b.includes(x))

/** §7.4 plurality, §8 ties (equal counts, even at zero), §10.2 leaders who have left. */
function resolveVoting(c: Ctx): void {
  const s = c.s
  const v = c.d.voting!
  const record: VotingRecord = {
    kind: v.kind,
    candidates: v.candidates.map((seat, i) =>
      v.counts[i] > 0
        ? { seat, voters: v.votes[i] ?? [], count: v.counts[i] }
        : { seat, voters: v.votes[i] ?? [] },
    ),
  }
  c.emit({ type: 'votingClosed', record })
  const total = (x: { voters: number[]; count?: number }): number => x.voters.length + (x.count ?? 0)
  const max = Math.max(...record.candidates.map(total))
  const leaders = record.candidates.filter((x) => total(x) === max).map((x) => x.seat)
  const present = leaders.filter((seat) => isAlive(s, seat))
  if (leaders.length === 1) {
    const seat = leaders[0]
    // A lone candidate nobody voted for stays (a non-vote counts for nobody).
    if (max === 0) {
      c.notice({ code: 'vote.noVotes', params: { seat } })
      return endVotingWithoutDeparture(c)
    }
    if (present.length === 0) {
      c.notice({ code: 'vote.leaderLeft', params: { seat } })
      return endVotingWithoutDeparture(c)
    }
    return voteOut(c, present, 'votedOut')
  }
  // §8.1: a tie. §10.2: resolved among the tied players still at the table.
  if (present.length === 0) {
    c.notice({ code: 'tie.noneLeft', params: { seats: leaders } })
    return endVotingWithoutDeparture(c)
  }
  if (present.length === 1) {
    oneLeft(c, present[0], leaders, max)
    return
  }
  // §8.3: "the same players" are the revote's candidates, also one who left during the revote (his votes count).
  if (v.kind === 'vote' || !sameSet(leaders, v.candidates)) {
    // §8.1 / §8.4: tie speeches, then a revote among the tied.
    c.emit({ type: 'tieSpeechesOpened', seats: present })
    return advanceTieSpeech(c)
  }
  // §8.3, §8.5: the same players tied again → lift-all, unless the ruleset forbids it here.
  const living = alive(s).length
  const r = s.ruleset.liftAll
  const rule =
    r.forbidWhenAllLivingTied && present.length === living
      ? ('allLivingTied' as const)
      : r.forbidThreeAtNine && living === 9 && present.length === 3
        ? ('threeAtNine' as const)
        : null
  if (rule !== null) {
    c.notice({ code: 'liftAll.notAllowed', params: { seats: present, rule } })
    return endVotingWithoutDeparture(c)
  }
  c.emit({ type: 'liftAllOpened', seats: present })
}

function onLiftAll(c: Ctx, cmd: CommandOf<'liftAll'>): AppErrorData | void {
  const s = c.s
  const d = day(s)
  if (!d || d.step !== 'liftAll' || !d.tied)
    return E.notInPhase('нет голосования за подъём всех', 'no lift-all vote is open')
  const eligible = eligibleVoters(s)
  const bad = checkVoters(c, cmd.yes, eligible, new Set())
  if (bad) return bad
  let no: number[]
  if (cmd.no) {
    const badNo = checkVoters(c, cmd.no, eligible, new Set())
    if (badNo) return badNo
    const both = cmd.no.find((x) => cmd.yes.includes(x))
    if (both !== undefined) return E.liftAllOverlap(both)
    no = [...cmd.no]
  } else {
    no = eligible.filter((x) => !cmd.yes.includes(x))
  }
  const yes = [...cmd.yes].sort((a, b) => a - b)
  no.sort((a, b) => a - b)
  const living = alive(s).length
  const passed =
    s.ruleset.liftAll.majority === 'moreThanHalfLiving' ? yes.length * 2 > living : yes.length > no.length
  const seats = [...d.tied]
  c.emit({ type: 'liftAllVoted', record: { kind: 'liftAll', seats, yes, no, passed } })
  // Only the tied players still at the table leave (one may have been removed meanwhile, §10.2).
  const present = seats.filter((seat) => isAlive(s, seat))
  if (passed && present.length > 0) return voteOut(c, present, 'lifted')
  c.notice({
    code: 'liftAll.failed',
    params: { seats: present, yes: yes.length, no: no.length, living, majority: s.ruleset.liftAll.majority },
  })
  endVotingWithoutDeparture(c)
}

// ───────────────────────────── night ─────────────────────────────

function nightCheck(c: Ctx): AppErrorData | void {
  if (c.s.phase !== 'night')
    return E.notInPhase('ночные действия только ночью', 'night actions happen at night')
}

/** §4.1: a kill only if every living black fired exactly once and all at the same seat. */
function onShot(c: Ctx, cmd: CommandOf<'shot'>): AppErrorData | void {
  const bad = nightCheck(c)
  if (bad) return bad
  const s = c.s
  const n = night(s)!
  if (n.shot !== null) return E.shotAlready()
  if (cmd.shots !== undefined) {
    if (cmd.target !== undefined)
      return E.badShot('либо цель, либо выстрелы каждого', 'give a target or per-black shots, not both')
    const blacks = s.seats.filter((p) => p.status === 'alive' && isBlack(p.role)).map((p) => p.seat)
    for (const k of Object.keys(cmd.shots)) {
      if (!blacks.includes(Number(k)))
        return E.badShot(`игрок №${k} не стреляет`, `seat ${k} is not a living black`)
    }
    // §4.1: a shot at a seat that has already left is that black's miss (so the night is a miss).
    const atAbsent = blacks.filter((b) => {
      const t = cmd.shots![String(b)] ?? null
      return t !== null && !isAlive(s, t)
    })
    const targets = blacks.map((b) => (atAbsent.includes(b) ? null : (cmd.shots![String(b)] ?? null)))
    const first = targets[0]
    const kill = first !== null && targets.every((t) => t === first)
    c.emit({
      type: 'shotFired',
      shot: kill ? { kind: 'kill', target: first } : { kind: 'miss' },
      shots: { ...cmd.shots },
    })
    if (atAbsent.length > 0) c.notice({ code: 'shot.absentTarget', params: { seats: atAbsent } })
    return
  }
  if (cmd.target === undefined)
    return E.badShot(
      'не указана цель (введите цель или промах)',
      'no target given (enter the target or a miss)',
    )
  if (cmd.target !== null && !isAlive(s, cmd.target)) return E.shotTargetLeft(cmd.target)
  c.emit({
    type: 'shotFired',
    shot: cmd.target === null ? { kind: 'miss' } : { kind: 'kill', target: cmd.target },
    shots: null,
  })
}

/** §4.2: the don's check, once a night, after the shot. */
function onDonCheck(c: Ctx, cmd: CommandOf<'donCheck'>): AppErrorData | void {
  const bad = nightCheck(c)
  if (bad) return bad
  const s = c.s
  const n = night(s)!
  const don = roleSeat(s, 'don')
  if (!isAlive(s, don)) return E.roleAbsent('don')
  if (n.donCheck) return E.checkAlready('don')
  if (n.shot === null || n.sheriffCheck) return E.checkOrder()
  if (cmd.target === don) return E.badCheckTarget(cmd.target, 'don', 'self')
  if (!isAlive(s, cmd.target)) return E.badCheckTarget(cmd.target, 'don', 'left')
  c.emit({ type: 'donChecked', target: cmd.target, isSheriff: seatOf(s, cmd.target).role === 'sheriff' })
}

/** §4.3: the sheriff's check, once a night, after the shot. */
function onSheriffCheck(c: Ctx, cmd: CommandOf<'sheriffCheck'>): AppErrorData | void {
  const bad = nightCheck(c)
  if (bad) return bad
  const s = c.s
  const n = night(s)!
  const sheriff = roleSeat(s, 'sheriff')
  if (!isAlive(s, sheriff)) return E.roleAbsent('sheriff')
  if (n.sheriffCheck) return E.checkAlready('sheriff')
  if (n.shot === null) return E.checkOrder()
  if (cmd.target === sheriff) return E.badCheckTarget(cmd.target, 'sheriff', 'self')
  if (!isAlive(s, cmd.target)) return E.badCheckTarget(cmd.target, 'sheriff', 'left')
  c.emit({ type: 'sheriffChecked', target: cmd.target, isBlack: isBlack(seatOf(s, cmd.target).role) })
}

/** §4.5: the first killed names three seats during his last word. */
function onBestMove(c: Ctx, cmd: CommandOf<'bestMove'>): AppErrorData | void {
  const s = c.s
  const d = day(s)
  if (
    !s.ruleset.bestMove.enabled ||
    !d ||
    d.step !== 'lastWord' ||
    s.firstKilled === null ||
    d.speaker !== s.firstKilled ||
    d.afterLastWords !== 'speeches' ||
    s.days.length !== 2
  ) {
    return E.bestMoveNotAllowed()
  }
  if (s.bestMove?.seats) return E.bestMoveNotAllowed()
  const seats = cmd.seats
  if (seats.length !== 3 || new Set(seats).size !== 3 || seats.includes(s.firstKilled))
    return E.bestMoveInvalid()
  c.emit({ type: 'bestMoveMade', by: s.firstKilled, seats: [...seats] })
  // §4.5: recorded, but void when too many left by day 1's vote.
  const limit = s.ruleset.bestMove.voidIfDay1Departures
  const day1Left = s.days[0]?.left.length ?? 0
  if (limit !== null && day1Left >= limit)
    c.notice({ code: 'bestMove.void', params: { seat: s.firstKilled, left: day1Left } })
}

// ───────────────────────────── fouls and removals ─────────────────────────────

function foulContext(s: GameState) {
  const d = day(s)
  return {
    phase:
      s.phase === 'day'
        ? ('day' as const)
        : s.phase === 'zeroNight'
          ? ('zeroNight' as const)
          : ('night' as const),
    day: s.days.length,
    night: s.nights.length,
    speaker: d?.speaker ?? null,
  }
}

/**
 * §11.7: the seat has left by a vote, a lift-all or a kill and is giving (`speaking`) or waiting for (`waiting`)
 * his last word; he can still be fouled and removed.
 */
function lastWordPending(s: GameState, seat: number): 'speaking' | 'waiting' | null {
  const d = day(s)
  if (!d || d.step !== 'lastWord' || seatOf(s, seat).status === 'alive') return null
  if (d.speaker === seat) return 'speaking'
  return d.queue.includes(seat) ? 'waiting' : null
}

/** §11: the 3rd foul silences, the 4th removes (ruleset numbers). */
function onFoul(c: Ctx, cmd: CommandOf<'foul'>): AppErrorData | void {
  const s = c.s
  const p = seatOf(s, cmd.seat)
  const pending = lastWordPending(s, cmd.seat)
  if (p.status !== 'alive' && !pending) return E.seatNotAlive(cmd.seat)
  c.emit({ type: 'fouled', foul: { seat: cmd.seat, kind: 'foul', ...foulContext(s) } })
  const r = s.ruleset
  if (r.removalAtFouls !== null && p.fouls >= r.removalAtFouls) {
    c.notice({ code: 'foul.removed', params: { seat: cmd.seat, fouls: p.fouls } })
    return removal(c, cmd.seat, 'fouledOut', 'fouls')
  }
  if (pending || s.winner !== null) return
  if (p.fouls === r.silenceAtFouls) {
    const d = day(s)
    const ownSpeech = d !== null && d.speaker === cmd.seat && (d.step === 'speech' || d.step === 'tieSpeech')
    const roundRule = r.thirdFoul === 'roundRule'
    if (roundRule && ownSpeech) {
      // Seeds 000/001: during his own speech (a tie speech is his own speech too) it ends at once and costs
      // nothing more; he is silent to the end of this round (§11.8) and speaks again next round.
      c.emit({ type: 'silentRound', seat: cmd.seat, day: s.days.length })
      c.notice({ code: 'foul.speechEnded', params: { seat: cmd.seat, tie: d.step === 'tieSpeech' } })
      if (d.step === 'tieSpeech') return advanceTieSpeech(c)
      c.emit({ type: 'speechEnded', seat: cmd.seat })
      return advanceSpeech(c)
    }
    // Otherwise he loses his next own speech (FIIM: silent turn, may nominate; clubs: the turn is skipped).
    c.emit({ type: 'silenced', seat: cmd.seat })
    if (roundRule) {
      // §11.8: silent to the end of the round in which his turn is lost: today's when his speech is still to come
      // today (the speeches, or the morning's last words before them), else the next day's.
      const today =
        d !== null &&
        ((d.step === 'speech' && d.queue.includes(cmd.seat)) ||
          (d.step === 'lastWord' && d.afterLastWords === 'speeches'))
      c.emit({ type: 'silentRound', seat: cmd.seat, day: s.days.length + (today ? 0 : 1) })
    }
  }
}

function onUnfoul(c: Ctx, cmd: CommandOf<'unfoul'>): AppErrorData | void {
  const s = c.s
  const p = seatOf(s, cmd.seat)
  if (p.status !== 'alive' && !lastWordPending(s, cmd.seat)) return E.seatNotAlive(cmd.seat)
  if (p.fouls === 0) return E.noFouls(cmd.seat)
  const wasSilencing = p.fouls === s.ruleset.silenceAtFouls
  c.emit({ type: 'foulRemoved', seat: cmd.seat, kind: 'foul' })
  if (wasSilencing && (p.silence > 0 || p.silentThrough !== null))
    c.emit({ type: 'unsilenced', seat: cmd.seat })
}

/** §11.4: technical fouls, counted apart; the ruleset's count removes. */
function onTechFoul(c: Ctx, cmd: CommandOf<'techFoul'>): AppErrorData | void {
  const s = c.s
  if (!s.ruleset.techFouls.enabled) return E.techFoulsDisabled()
  const p = seatOf(s, cmd.seat)
  if (p.status !== 'alive' && !lastWordPending(s, cmd.seat)) return E.seatNotAlive(cmd.seat)
  c.emit({ type: 'fouled', foul: { seat: cmd.seat, kind: 'techFoul', ...foulContext(s) } })
  if (p.techFouls >= s.ruleset.techFouls.removalAt) return removal(c, cmd.seat, 'removed', 'techFouls')
}

/** §11.5: an immediate removal, with a reason code from the ruleset's list. */
function onRemove(c: Ctx, cmd: CommandOf<'remove'>): AppErrorData | void {
  const s = c.s
  if (seatOf(s, cmd.seat).status !== 'alive' && !lastWordPending(s, cmd.seat)) return E.seatNotAlive(cmd.seat)
  const r = s.ruleset
  if ((r.teamDefeatReasons ?? []).includes(cmd.reason)) return E.removalIsTeamDefeat(cmd.seat, cmd.reason)
  const allowed: string[] = r.removalReasons ?? [...REMOVAL_REASONS]
  if (!allowed.includes(cmd.reason)) return E.badRemovalReason(cmd.reason, allowed)
  return removal(c, cmd.seat, 'removed', cmd.reason)
}

/**
 * Every removal (a removal offence, the 4th foul, technical fouls) goes through here. §11.7: a player giving or
 * waiting for his last word loses it; once the winner is fixed (§2) the penalty is all; else he leaves (§10).
 */
function removal(c: Ctx, seat: number, how: LeaveHow, reason: string): void {
  const s = c.s
  const pending = lastWordPending(s, seat)
  if (pending) return removeFromLastWord(c, seat, reason, pending)
  if (s.winner !== null) {
    c.emit({ type: 'penaltyGiven', seat, points: s.ruleset.scoring.removalPenalty, reason })
    return
  }
  removePlayer(c, seat, how, reason)
}

/**
 * A removal during one's own last word or while waiting for it: the penalty, and no last word; the status stays.
 * §10.3 FIIM: it does not cancel the next day's vote when he was voted out that day; a night victim's removal in the
 * morning cancels that day's vote.
 */
function removeFromLastWord(c: Ctx, seat: number, reason: string, pending: 'speaking' | 'waiting'): void {
  const s = c.s
  const d = c.d
  c.emit({ type: 'penaltyGiven', seat, points: s.ruleset.scoring.removalPenalty, reason })
  c.notice({ code: 'lastWord.lost', params: { seat } })
  if (
    s.ruleset.removalCancelsVote === 'anyPlayer' &&
    !d.left.includes(seat) &&
    !d.resultFixed &&
    !d.voteCancelled
  ) {
    c.emit({ type: 'voteCancelled', reason: 'removal' })
    c.notice({ code: 'noVote.removal', params: { seat } })
  }
  if (pending === 'waiting') {
    c.emit({ type: 'lastWordLost', seat })
    return
  }
  advanceLastWord(c)
}

/** §10: a removal takes the player out at once, without a last word; its effect on the vote; the win re-check. */
function removePlayer(c: Ctx, seat: number, how: LeaveHow, reason: string): void {
  const s = c.s
  const d = day(s)
  const wasSpeaker = d !== null && d.speaker === seat
  const wasNominee = d !== null && activeNominations(d).some((n) => n.target === seat)
  c.emit({ type: 'penaltyGiven', seat, points: s.ruleset.scoring.removalPenalty, reason })
  c.emit({ type: 'playerLeft', seat, how, reason })
  let votingStopped = false
  if (d) {
    const anyPlayer = s.ruleset.removalCancelsVote === 'anyPlayer'
    if (!d.resultFixed) {
      // §10.3 FIIM: any removal before the result cancels the vote; §10.2 seed 002: a nominee before the voting.
      const cancels = anyPlayer || (wasNominee && d.step === 'speech')
      if (cancels && !d.voteCancelled) {
        c.emit({ type: 'voteCancelled', reason: 'removal' })
        c.notice({ code: 'noVote.removal', params: { seat } })
        votingStopped = d.step === 'voting' || d.step === 'tieSpeech' || d.step === 'liftAll'
      }
    } else if (anyPlayer) {
      c.emit({ type: 'nextVoteCancelled' })
    }
  } else if (s.ruleset.removalCancelsVote === 'anyPlayer') {
    // A removal at night: after the day's result, so the next day's vote is cancelled (§10.3).
    c.emit({ type: 'nextVoteCancelled' })
  }
  if (checkWin(c)) {
    // §2: the removal decided the game; the view says how it ended.
    if (s.endReason === 'parity' || s.endReason === 'blacksEliminated')
      c.notice({ code: 'result.removal', params: { winner: s.winner!, reason: s.endReason, seat } })
    c.emit({ type: 'gameFinished' })
    return
  }
  if (!d) return
  if (votingStopped) return openNight(c)
  // §10.2: at the lift-all question a tie with one or none of its players left is resolved at once (no question
  // for one). During the tie speeches it is resolved when they end (the speeches left go on; a revote needs two).
  if (d.step === 'liftAll' && resolveAmongPresent(c)) return
  if (wasSpeaker && d.step === 'speech') return advanceSpeech(c)
  if (wasSpeaker && d.step === 'tieSpeech') return advanceTieSpeech(c)
  // Otherwise (a removal during the voting under `nomineeOnly`) the voting goes on; votes for him still count (§10.2).
}

/** §10.5: ППК — the judge ends the game and the other team wins; the culprit gets a penalty. */
function onTeamDefeat(c: Ctx, cmd: CommandOf<'teamDefeat'>): AppErrorData | void {
  const s = c.s
  const p = seatOf(s, cmd.seat)
  const reason = cmd.reason ?? 'teamDefeat'
  c.emit({ type: 'penaltyGiven', seat: cmd.seat, points: s.ruleset.scoring.teamDefeatPenalty, reason })
  if (p.status === 'alive') c.emit({ type: 'playerLeft', seat: cmd.seat, how: 'teamDefeat', reason })
  c.emit({ type: 'gameDecided', winner: isBlack(p.role) ? 'red' : 'black', reason: 'teamDefeat' })
  c.emit({ type: 'gameFinished' })
}

// ───────────────────────────── timer and points ─────────────────────────────

/** §5.4: pause, resume, reset and add time; clients count down from `runningSince`. */
function onTimer(c: Ctx, cmd: CommandOf<'timer'>): AppErrorData | void {
  const t = c.s.timer
  if (!t) return E.timerAbsent()
  const elapsed = t.runningSince === null ? 0 : Math.max(0, c.at - t.runningSince)
  const left = Math.max(0, t.remainingMs - elapsed)
  switch (cmd.action) {
    case 'start':
      c.emit({ type: 'timerSet', timer: { ...t, remainingMs: left, runningSince: c.at } })
      return
    case 'pause':
      c.emit({ type: 'timerSet', timer: { ...t, remainingMs: left, runningSince: null } })
      return
    case 'reset':
      c.emit({ type: 'timerSet', timer: { ...t, remainingMs: t.durationMs, runningSince: null } })
      return
    case 'add': {
      if (cmd.seconds === undefined) return E.timerBad()
      const remainingMs = Math.max(0, left + cmd.seconds * 1000)
      c.emit({
        type: 'timerSet',
        timer: { ...t, remainingMs, runningSince: t.runningSince === null ? null : c.at },
      })
      return
    }
  }
}

/** §13.2: extra points with a reason, within the ruleset's range for the game. */
/**
 * Issue 31 §1: the head judge's correction of a finished game on an appeal (docs/rules.md "Appeals"). Every part is
 * checked against the game as it stands, as the judge's own command would be: extra points stay within the ruleset's
 * range for the game (§13.2), a penalty is one of the ruleset's (§13.4) and only one the seat holds is withdrawn, the
 * best move is three other seats named by the first killed (§4.5), the winner is a team (§13.1), a draw only where
 * the ruleset has the draw rule (§12). All or nothing: one refused part refuses the amendment.
 */
function onAmend(c: Ctx, cmd: CommandOf<'amend'>): AppErrorData | void {
  const s = c.s
  const sc = s.ruleset.scoring
  const extra = cmd.extraPoints ?? []
  const penalties = cmd.penalties ?? []
  if (extra.length === 0 && penalties.length === 0 && cmd.bestMove === undefined && cmd.winner === undefined)
    return E.amendEmpty()
  const seen = new Set<number>()
  for (const x of extra) {
    if (seen.has(x.seat)) return E.amendSeatTwice(x.seat)
    seen.add(x.seat)
    if (x.points === 0) return E.extraPointsZero()
    const total = seatOf(s, x.seat).extraPoints.reduce((a, y) => a + y.points, 0) + x.points
    if (total < sc.extraMin - 1e-9 || total > sc.extraMax + 1e-9)
      return E.extraPointsRange(sc.extraMin, sc.extraMax, Math.round(total * 1000) / 1000)
  }
  const held = new Map<string, number>()
  const penaltyEvents: Array<{
    seat: number
    points: number
    kind: 'removal' | 'teamDefeat'
    action: 'give' | 'withdraw'
  }> = []
  for (const x of penalties) {
    const value = x.kind === 'removal' ? sc.removalPenalty : sc.teamDefeatPenalty
    if (value === 0) return E.amendNoSuchPenalty(x.seat)
    const key = `${x.seat}:${x.kind}`
    const count =
      held.get(key) ??
      seatOf(s, x.seat).penalties.reduce(
        (n, y) => n + (Math.abs(y.points - value) < 1e-9 ? 1 : Math.abs(y.points + value) < 1e-9 ? -1 : 0),
        0,
      )
    if (x.action === 'withdraw' && count <= 0) return E.amendNoSuchPenalty(x.seat)
    held.set(key, count + (x.action === 'give' ? 1 : -1))
    penaltyEvents.push({ ...x, points: x.action === 'give' ? value : -value })
  }
  if (cmd.bestMove !== undefined) {
    if (!s.ruleset.bestMove.enabled || s.firstKilled === null) return E.bestMoveNotAllowed()
    const seats = cmd.bestMove
    if (seats.length !== 3 || new Set(seats).size !== 3 || seats.includes(s.firstKilled))
      return E.bestMoveInvalid()
  }
  if (cmd.winner !== undefined) {
    if (cmd.winner === s.winner) return E.amendSameWinner()
    if (cmd.winner === 'draw' && s.ruleset.drawAfterQuietRounds === null) return E.amendNoDraw()
  }
  c.emit({
    type: 'amended',
    amendment: {
      appealId: cmd.appealId,
      reason: cmd.reason,
      extraPoints: extra.map((x) => ({ seat: x.seat, points: x.points })),
      penalties: penaltyEvents,
      bestMove: cmd.bestMove ? [...cmd.bestMove] : null,
      winner: cmd.winner === undefined ? null : { from: s.winner, to: cmd.winner },
    },
  })
  for (const x of extra)
    c.emit({ type: 'extraPointsGiven', seat: x.seat, points: x.points, reason: cmd.reason })
  for (const x of penaltyEvents)
    c.emit({ type: 'penaltyGiven', seat: x.seat, points: x.points, reason: cmd.reason })
  if (cmd.bestMove !== undefined && s.firstKilled !== null)
    c.emit({ type: 'bestMoveMade', by: s.firstKilled, seats: [...cmd.bestMove] })
}

function onExtraPoints(c: Ctx, cmd: CommandOf<'extraPoints'>): AppErrorData | void {
  const s = c.s
  const { extraMin, extraMax } = s.ruleset.scoring
  const total = seatOf(s, cmd.seat).extraPoints.reduce((a, x) => a + x.points, 0) + cmd.points
  if (cmd.points === 0) return E.extraPointsZero()
  if (total < extraMin - 1e-9 || total > extraMax + 1e-9)
    return E.extraPointsRange(extraMin, extraMax, Math.round(total * 1000) / 1000)
  c.emit({ type: 'extraPointsGiven', seat: cmd.seat, points: cmd.points, reason: cmd.reason })
}
