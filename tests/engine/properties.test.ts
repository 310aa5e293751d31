// Property tests (fast-check): random legal and illegal command sequences never break the engine's invariants.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { controlView, execute, restore, type Game, type GameState } from '../../src/main/engine'
import type { Command } from '../../src/shared/game/commands'
import { plausibleCommand, randomCommand, setupGame, type Pick } from './game-driver'

const isBlack = (role: string): boolean => role === 'mafia' || role === 'don'
const key = (g: Game): string => JSON.stringify([g.state, g.log.length, g.undoable, g.redoable])

/** Freezes a game deeply: any later mutation by the engine (of a previous or a rejected state) throws. Objects
 * shared with an older state are already frozen, so this walks only what the last command created. */
function deepFreeze(x: unknown): void {
  if (x === null || typeof x !== 'object' || Object.isFrozen(x)) return
  Object.freeze(x)
  for (const v of Object.values(x)) deepFreeze(v)
}

function assert(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`)
}

/** Invariants that hold after every accepted or rejected command. */
function checkInvariants(s: GameState): void {
  // Ten seats, each with a consistent status.
  assert(s.seats.length === 10, 'ten seats')
  s.seats.forEach((p, i) => {
    assert(p.seat === i + 1, 'seat numbers')
    assert((p.status === 'alive') === (p.left === null), 'status and departure agree')
  })
  // Team counts.
  assert(s.seats.filter((p) => p.role === 'don').length === 1, 'one don')
  assert(s.seats.filter((p) => p.role === 'mafia').length === 2, 'two mafia')
  assert(s.seats.filter((p) => p.role === 'sheriff').length === 1, 'one sheriff')
  const aliveBlacks = s.seats.filter((p) => p.status === 'alive' && isBlack(p.role)).length
  const aliveReds = s.seats.filter((p) => p.status === 'alive' && !isBlack(p.role)).length
  // §12: the winner matches the teams left.
  if (s.endReason === 'blacksEliminated')
    assert(s.winner === 'red' && aliveBlacks === 0, 'reds win with no black left')
  if (s.endReason === 'parity')
    assert(s.winner === 'black' && aliveBlacks >= aliveReds, 'blacks win at parity')
  if (s.winner === null) {
    assert(aliveBlacks > 0 && aliveBlacks < aliveReds, 'no winner while blacks are between 1 and the reds')
    assert(s.phase !== 'finished', 'a finished game has a winner')
  }
  // Nobody votes twice in a round; votes (seats and counts, §7.5) never exceed the voters.
  for (const d of s.days) {
    const rounds: Array<{ seats: number[]; total: number }> = d.votings.map((v) =>
      v.kind === 'liftAll'
        ? { seats: [...v.yes, ...v.no], total: v.yes.length + v.no.length }
        : {
            seats: v.candidates.flatMap((c) => c.voters),
            total: v.candidates.reduce((a, c) => a + c.voters.length + (c.count ?? 0), 0),
          },
    )
    if (d.voting) {
      const seats = d.voting.votes.flatMap((x) => x ?? [])
      rounds.push({ seats, total: seats.length + d.voting.counts.reduce((a, x) => a + x, 0) })
    }
    for (const { seats, total } of rounds) {
      assert(new Set(seats).size === seats.length, 'nobody votes twice in a round')
      assert(total <= 10, 'votes never exceed the voters')
      for (const seat of seats) assert(seat >= 1 && seat <= 10, 'voters are seats')
    }
  }
  // Fouls: a removal at the ruleset's count, never more.
  for (const p of s.seats) {
    if (s.ruleset.removalAtFouls !== null)
      assert(p.fouls <= s.ruleset.removalAtFouls, 'fouls up to the removal')
  }
}

/**
 * §7.3, §10.2: during a voting entered by seats, every living seat that may vote in this round and has not voted
 * yet is listed as a non-voter and can still vote for the current candidate — also after removals and 4th fouls.
 * The oracle here is computed from the state independently of the engine's own derivation.
 */
function checkNonVotersCanVote(game: Game, pick: Pick): void {
  const s = game.state
  const d = s.phase === 'day' ? s.days[s.days.length - 1] : null
  const v = d?.voting
  if (!d || d.step !== 'voting' || !v || v.counts.some((x) => x > 0)) return
  const voted = new Set(v.votes.flatMap((x) => x ?? []))
  const tiedOut = !s.ruleset.tiedVoteInRevote && v.kind === 'revote' ? (d.tied ?? []) : []
  const expected = s.seats
    .filter((p) => p.status === 'alive' && !voted.has(p.seat) && !tiedOut.includes(p.seat))
    .map((p) => p.seat)
  const view = controlView(game, game.log.length).voting!
  assert(JSON.stringify(view.notVoted) === JSON.stringify(expected), 'the view lists every living non-voter')
  const current = view.current!
  // All of them at once (so each of them, too).
  const all = expected.filter((seat) => seat !== current || s.ruleset.selfVote)
  if (all.length === 0) return
  const r = execute(game, {
    cmd: 'vote',
    candidate: current,
    voters: pick(2) === 0 ? all : [all[pick(all.length)]],
  })
  assert(r.ok, `every living non-voter can still vote (${all.join(',')}: ${r.ok ? '' : r.error.code})`)
}

/**
 * An independent reference, read from the events in force (the game's story) with its own model of who is at the
 * table — not from the engine's state or helpers:
 * - §5.1 each day opens with the first living seat from its opener, and the next day opens after the seat that
 *   actually opened this one (so nobody opens two days in a row);
 * - §10.2 no revote of one and no lift-all question for fewer than two tied players still at the table;
 * - §8.3 a revote that ties again among all its candidates (also one who left during it) never goes to new tie
 *   speeches;
 * - §7.4 nobody leaves by a vote that gave him 0 votes;
 * - a finished game shows no timer and says how it ended.
 */
function checkReference(game: Game): void {
  const at = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  const firstFrom = (from: number): number | undefined =>
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ((from - 1 + i) % 10) + 1).find((seat) => at.has(seat))
  let opener: number | null = null
  let opened: number | null = null
  let revote: { candidates: number[]; tiedAgain: boolean } | null = null
  let lastRecord: Array<{ seat: number; total: number }> = []
  const events = game.undoable.flatMap((seq) => game.log[seq - 1].events)
  for (const e of events) {
    switch (e.type) {
      case 'dayStarted':
        if (e.day > 1 && opened !== null)
          assert(e.opener === firstFrom((opened % 10) + 1), `day ${e.day} opens after seat ${opened}`)
        opener = e.opener
        break
      case 'speechesOpened':
        opened = firstFrom(opener!) ?? null
        assert(e.queue[0] === opened, `the day is opened by the first living seat from ${opener}`)
        break
      case 'playerLeft':
        if (e.how === 'votedOut') {
          const r = lastRecord.find((x) => x.seat === e.seat)
          assert(r !== undefined && r.total > 0, `seat ${e.seat} voted out with votes`)
        }
        at.delete(e.seat)
        break
      case 'votingOpened':
        if (e.kind === 'revote') assert(e.candidates.length >= 2, 'no revote of one')
        revote = e.kind === 'revote' ? { candidates: e.candidates, tiedAgain: false } : null
        break
      case 'votingClosed': {
        if (e.record.kind === 'liftAll') break
        lastRecord = e.record.candidates.map((x) => ({
          seat: x.seat,
          total: x.voters.length + (x.count ?? 0),
        }))
        const max = Math.max(...lastRecord.map((x) => x.total))
        const leaders = lastRecord.filter((x) => x.total === max).map((x) => x.seat)
        if (revote)
          revote.tiedAgain =
            leaders.length === revote.candidates.length && leaders.filter((s) => at.has(s)).length >= 2
        break
      }
      case 'tieSpeechesOpened':
        assert(!revote?.tiedAgain, 'a revote tied again with the same players goes to the lift-all question')
        break
      case 'liftAllOpened':
        assert(e.seats.length >= 2 && e.seats.every((s) => at.has(s)), 'a lift-all question for two or more')
        break
      case 'gameFinished':
        revote = null
        break
    }
  }
  if (game.state.phase === 'finished') {
    const v = controlView(game, game.log.length)
    assert(v.timer === null, 'a finished game shows no timer')
    assert(v.end !== null && v.end?.winner === game.state.winner, 'a finished game says how it ended')
  }
}

/**
 * §7.5, §10.2 with votes entered as a count: who voted is unknown, so a living seat that has not voted by seat may
 * not have voted at all whenever the counted votes fit among the other seats that could have given them (those
 * still at the table and those who left during the round). Then his vote must be accepted. The departures are read
 * from the round's events, not from the engine's bookkeeping.
 */
function checkCountedRoundNeverBlocks(game: Game, pick: Pick): void {
  const s = game.state
  const d = s.phase === 'day' ? s.days[s.days.length - 1] : null
  const v = d?.voting
  if (!d || d.step !== 'voting' || !v || !v.counts.some((x) => x > 0)) return
  const events = game.undoable.flatMap((seq) => game.log[seq - 1].events)
  const opened = events.map((e) => e.type).lastIndexOf('votingOpened')
  const bySeat = new Set<number>()
  const departed = new Set<number>()
  const tiedOut = !s.ruleset.tiedVoteInRevote && v.kind === 'revote' ? (d.tied ?? []) : []
  for (const e of events.slice(opened + 1)) {
    if (e.type === 'voted') e.voters.forEach((x) => bySeat.add(x))
    if (e.type === 'playerLeft' && !bySeat.has(e.seat) && !tiedOut.includes(e.seat)) departed.add(e.seat)
  }
  const counted = v.counts.reduce((a, x) => a + x, 0)
  const living = s.seats
    .filter((p) => p.status === 'alive' && !bySeat.has(p.seat) && !tiedOut.includes(p.seat))
    .map((p) => p.seat)
  const current = v.candidates[v.votes.findIndex((x) => x === null)]
  const voters = living.filter((seat) => seat !== current || s.ruleset.selfVote)
  if (voters.length === 0 || counted > living.length - 1 + departed.size) return
  const seat = voters[pick(voters.length)]
  const r = execute(game, { cmd: 'vote', candidate: current, voters: [seat] })
  assert(r.ok, `a living seat (${seat}) may still vote after counted votes (${r.ok ? '' : r.error.code})`)
}

/** No state is ever stuck: until the game is over some command other than undo is accepted. */
function checkWayForward(game: Game): void {
  if (game.state.phase === 'finished') return
  const s = game.state
  const d = s.phase === 'day' ? s.days[s.days.length - 1] : null
  const v = d?.voting
  const current = v ? v.candidates[v.votes.findIndex((x) => x === null)] : undefined
  // The likely way first; the others only when it is refused.
  const tries: Command[] = [
    ...(current !== undefined ? [{ cmd: 'vote', candidate: current, voters: [] } as Command] : []),
    ...(d?.step === 'liftAll' ? [{ cmd: 'liftAll', yes: [] } as Command] : []),
    ...(s.phase === 'night' && s.nights[s.nights.length - 1].shot === null
      ? [{ cmd: 'shot', target: null } as Command]
      : []),
    { cmd: 'next' },
    { cmd: 'start' },
    { cmd: 'vote', candidate: current ?? 1, voters: [] },
    { cmd: 'liftAll', yes: [] },
    { cmd: 'shot', target: null },
  ]
  assert(
    tries.some((c) => execute(game, c).ok),
    `a way forward from ${s.phase}/${d?.step ?? ''}`,
  )
}

/** Plays one random game, checking the invariants after every command. `seen` collects where the game went:
 * `phase`, `day/step`, `voting/kind` and `end/reason`. */
function play(
  rules: 'fiim' | 'club' | 'city',
  seed: number,
  numbers: number[],
  maxSteps: number,
  seen?: Set<string>,
): Game {
  let cursor = 0
  const pick: Pick = (n) => (numbers.length === 0 ? 0 : numbers[cursor++ % numbers.length] % n)
  let game = setupGame(rules, seed)
  deepFreeze(game)
  let at = 1_000
  for (let step = 0; step < maxSteps && cursor < numbers.length * 4; step++) {
    at += 1000
    const r = pick(100)
    const cmd: Command =
      r < 4
        ? { cmd: 'undo' }
        : r < 6
          ? { cmd: 'redo' }
          : r < 16
            ? randomCommand(pick)
            : plausibleCommand(game, pick)
    const before = step % 16 === 0 ? key(game) : null
    const res = execute(game, { ...cmd, at })
    if (!res.ok) {
      // A rejected command leaves the state identical (the game is frozen; a sample is also compared as JSON),
      // with a typed code and a message in both languages.
      if (before !== null) assert(key(game) === before, 'a rejected command leaves the state identical')
      assert(/^engine\//.test(res.error.code), 'typed error code')
      assert(res.error.message.ru.length > 0 && res.error.message.en.length > 0, 'messages in both languages')
      assert(!/undefined|NaN|null/.test(res.error.message.ru + res.error.message.en), 'no holes in messages')
    } else {
      deepFreeze(res.game)
      // Undo followed by redo is the identity (for a command that undo takes back).
      if (res.game.undoable.at(-1) === res.entry.seq && pick(8) === 0) {
        const u = execute(res.game, { cmd: 'undo', at })
        expect(u.ok).toBe(true)
        if (u.ok) {
          expect(JSON.stringify(u.game.state)).toBe(JSON.stringify(game.state))
          const rd = execute(u.game, { cmd: 'redo', at })
          expect(rd.ok).toBe(true)
          if (rd.ok) expect(JSON.stringify(rd.game.state)).toBe(JSON.stringify(res.game.state))
        }
      }
      game = res.game
    }
    checkInvariants(game.state)
    if (res.ok && seen) {
      const s = game.state
      const d = s.phase === 'day' ? s.days[s.days.length - 1] : null
      seen.add(s.phase)
      if (d?.step) seen.add(`day/${d.step}`)
      if (d?.voting) seen.add(`voting/${d.voting.kind}`)
      if (s.endReason) seen.add(`end/${s.endReason}`)
    }
    if (res.ok) {
      checkNonVotersCanVote(game, pick)
      checkCountedRoundNeverBlocks(game, pick)
      checkWayForward(game)
      checkReference(game)
    }
    if (game.state.phase === 'finished' && pick(5) === 0) break
  }
  // replay(log) equals the incrementally built state.
  expect(JSON.stringify(restore(game.setup, game.log).state)).toBe(JSON.stringify(game.state))
  return game
}

/** Where the pinned sample's games go. Every phase, day step, voting and ending but one: a draw needs
 * `drawAfterQuietRounds` rounds in a row with nobody leaving, which random play does not reach (the scenario
 * `tests/scenarios/s24-fiim-draw.json` plays it). */
const SEEN_BY_THE_PINNED_SAMPLE = [
  'day',
  'day/lastWord',
  'day/liftAll',
  'day/speech',
  'day/tieSpeech',
  'day/voting',
  'end/blacksEliminated',
  'end/parity',
  'end/teamDefeat',
  'finished',
  'night',
  'setup',
  'voting/revote',
  'voting/vote',
  'zeroNight',
]
const games = fc.tuple(
  fc.constantFrom('fiim' as const, 'club' as const, 'city' as const),
  fc.nat(),
  fc.array(fc.nat({ max: 0xffff }), { minLength: 50, maxLength: 400 }),
)

/**
 * Plays `numRuns` random games (a new sample each run, or the pinned one of `seed`) and returns how many finished.
 * `seen` collects where they went; a long run prints its progress.
 */
function playSample(numRuns: number, seed?: number, seen?: Set<string>): number {
  let finished = 0
  let played = 0
  fc.assert(
    fc.property(games, ([rules, gameSeed, numbers]) => {
      if (play(rules, gameSeed, numbers, 250, seen).state.phase === 'finished') finished++
      if (numRuns > 1000 && ++played % 10_000 === 0) console.log(`… ${played} games`)
    }),
    { numRuns, seed },
  )
  return finished
}

/** CI plays 1,000 games; `PROPERTY_RUNS=100000 npx vitest run tests/engine/properties.test.ts` plays more. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000) || 1000

describe('engine properties (fast-check)', () => {
  // A new sample every run: fast-check prints the seed and the shrunk game of a failure, to replay it.
  it(
    `${RUNS.toLocaleString('en')} random games keep every invariant`,
    () => {
      const finished = playSample(RUNS)
      if (RUNS !== 1000) console.log(`property run: ${RUNS} games, ${finished} finished`)
    },
    Math.max(180_000, RUNS * 200),
  )

  // How far random games get is a matter of chance (about a third finish, ±1.5 % from sample to sample), so it is
  // checked on a pinned sample: the same 1,000 games every run. It fails only when a change to the engine or to the
  // driver stops random play from reaching a phase, a step or an ending — never by the luck of a draw.
  it('a pinned sample of 1,000 games reaches every phase, day step, voting and ending', () => {
    const seen = new Set<string>()
    expect(playSample(1000, 2026, seen)).toBeGreaterThan(250)
    expect([...seen].sort()).toEqual(SEEN_BY_THE_PINNED_SAMPLE)
  }, 180_000)
})
