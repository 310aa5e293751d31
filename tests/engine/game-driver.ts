// A driver that plays random games: mostly legal commands chosen from the control view, some random (often illegal)
// ones, undo and redo. Shared by the property tests and the benchmark.
import type { Command } from '../../src/shared/game/commands'
import { BUILTIN_RULESETS, type BuiltinRulesetId } from '../../src/shared/game/ruleset'
import { controlView, dealRoles, newGame, type Game } from '../../src/main/engine'

export type Pick = (n: number) => number

export function setupGame(ruleset: BuiltinRulesetId, seed: number): Game {
  const names = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']
  return newGame({
    ruleset: BUILTIN_RULESETS[ruleset],
    players: names.map((name) => ({ name })),
    roles: dealRoles(seed),
  })
}

const seatOf = (pick: Pick): number => pick(10) + 1
function subset(pick: Pick, from: number[]): number[] {
  return from.filter(() => pick(2) === 0)
}

/** Any command at all, legal or not (random seats, random shapes). */
export function randomCommand(pick: Pick): Command {
  const seat = seatOf(pick)
  const seats = (): number[] => Array.from({ length: pick(5) }, () => seatOf(pick))
  const all: Array<() => Command> = [
    () => ({ cmd: 'start' }),
    () => ({ cmd: 'next' }),
    () => ({ cmd: 'nominate', target: seat }),
    () => ({ cmd: 'nominate', by: seatOf(pick), target: seat }),
    () => ({ cmd: 'withdraw' }),
    () => ({ cmd: 'vote', candidate: seat, voters: seats() }),
    () => ({ cmd: 'liftAll', yes: seats() }),
    () => ({ cmd: 'shot', target: pick(3) === 0 ? null : seat }),
    () => ({ cmd: 'shot', shots: { [String(seatOf(pick))]: seat, [String(seatOf(pick))]: seatOf(pick) } }),
    () => ({ cmd: 'donCheck', target: seat }),
    () => ({ cmd: 'sheriffCheck', target: seat }),
    () => ({ cmd: 'bestMove', seats: seats() }),
    () => ({ cmd: 'foul', seat }),
    () => ({ cmd: 'unfoul', seat }),
    () => ({ cmd: 'techFoul', seat }),
    () => ({ cmd: 'remove', seat, reason: (['other', 'oath', 'betting'] as const)[pick(3)] }),
    () => ({ cmd: 'teamDefeat', seat }),
    () => ({
      cmd: 'timer',
      action: (['start', 'pause', 'reset', 'add'] as const)[pick(4)],
      seconds: pick(3) ? 10 : undefined,
    }),
    () => ({ cmd: 'extraPoints', seat, points: (pick(7) - 3) / 10, reason: 'r' }),
    () => ({ cmd: 'undo' }),
    () => ({ cmd: 'redo' }),
  ]
  return all[pick(all.length)]()
}

/**
 * A removal or a foul in the middle of a voting, a tie speech, a lift-all question or last words (docs/rules.md §10.2, §11.7):
 * often at a seat that already has three fouls (so the 4th removes), a voter who has voted, a tied player or a player
 * waiting for his last word.
 */
function disruption(game: Game, pick: Pick): Command | null {
  const v = controlView(game, game.log.length)
  const alive = v.players.filter((p) => p.status === 'alive')
  const reasons = game.state.ruleset.removalReasons ?? ['other']
  // A departure at night (§10.6) or in the morning, before the day's first speech (§5.1): often the seat that
  // would open the day (the first living seat after the last day's opener).
  if (
    v.phase === 'night' ||
    (v.phase === 'day' && v.step === 'lastWord' && v.day > 1 && v.nominees.length === 0)
  ) {
    // In the morning the day's opener is set (he is still to speak); at night the next one is after the last.
    const days = game.state.days
    const from = days.length === 0 ? undefined : days[days.length - 1].opener - (v.phase === 'night' ? 0 : 1)
    const opener =
      from === undefined
        ? undefined
        : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
            .map((i) => ((from - 1 + i) % 10) + 1)
            .find((seat) => alive.some((p) => p.seat === seat))
    const seat = opener !== undefined && pick(2) === 0 ? opener : alive[pick(alive.length)]?.seat
    if (seat === undefined) return null
    return pick(3) === 0
      ? { cmd: 'remove', seat, reason: reasons[pick(reasons.length)] }
      : { cmd: 'foul', seat }
  }
  if (v.phase !== 'day' || v.step === 'speech') return null
  const pool: number[] = [
    ...alive.map((p) => p.seat),
    // Seats close to the 4th foul, several times over, so 4th fouls in votings and tie speeches are common.
    ...alive.filter((p) => p.fouls >= 2).flatMap((p) => [p.seat, p.seat, p.seat]),
    ...alive.filter((p) => p.fouls >= 3).flatMap((p) => [p.seat, p.seat, p.seat, p.seat, p.seat, p.seat]),
    ...(v.voting ? v.voting.candidates.flatMap((c) => c.voters ?? []) : []),
    ...(v.liftAll?.seats ?? []),
    // Tied players during the tie speeches and the revote (§10.2: one left must leave; §8.3 the same players).
    ...(v.tie ? v.tie.seats.flatMap((s) => [s, s]) : []),
    ...(v.voting?.round === 'revote' ? v.voting.candidates.map((c) => c.seat) : []),
    ...(v.step === 'tieSpeech' && v.speaker !== null ? [v.speaker, v.speaker] : []),
    ...(v.step === 'lastWord' ? v.players.filter((p) => p.status !== 'alive').map((p) => p.seat) : []),
  ]
  if (pool.length === 0) return null
  const seat = pool[pick(pool.length)]
  return pick(3) === 0
    ? { cmd: 'remove', seat, reason: reasons[pick(reasons.length)] }
    : { cmd: 'foul', seat }
}

/** A command that is usually legal in the current situation. */
export function plausibleCommand(game: Game, pick: Pick): Command {
  const v = controlView(game, game.log.length)
  const alive = v.players.filter((p) => p.status === 'alive').map((p) => p.seat)
  const anyAlive = (): number => alive[pick(alive.length)]
  const r = pick(100)
  const busy =
    v.step === 'voting' ||
    v.step === 'tieSpeech' ||
    v.step === 'liftAll' ||
    v.phase === 'night' ||
    (v.step === 'lastWord' && v.nominees.length === 0)
  if (r < (busy ? 14 : 6)) {
    const d = disruption(game, pick)
    if (d) return d
  }
  if (r < 8) return { cmd: 'foul', seat: anyAlive() }
  if (r < 3 && v.phase !== 'setup')
    return { cmd: 'timer', action: (['start', 'pause', 'reset', 'add'] as const)[pick(4)], seconds: 5 }
  switch (v.phase) {
    case 'setup':
      return { cmd: 'start' }
    case 'zeroNight':
      return { cmd: 'next' }
    case 'finished':
      return { cmd: 'extraPoints', seat: seatOf(pick), points: 0.1, reason: 'good play' }
    case 'night': {
      if (v.nightStep === 'shot') {
        if (pick(4) === 0) {
          const blacks = v.players.filter(
            (p) => p.status === 'alive' && (p.role === 'mafia' || p.role === 'don'),
          )
          const shots: Record<string, number | null> = {}
          const t = anyAlive()
          for (const b of blacks) shots[String(b.seat)] = pick(4) === 0 ? anyAlive() : t
          return { cmd: 'shot', shots }
        }
        return { cmd: 'shot', target: pick(5) === 0 ? null : anyAlive() }
      }
      if (v.nightStep === 'donCheck' && pick(3) > 0) return { cmd: 'donCheck', target: anyAlive() }
      if (v.nightStep === 'sheriffCheck' && pick(3) > 0) return { cmd: 'sheriffCheck', target: anyAlive() }
      return { cmd: 'next' }
    }
    case 'day':
      switch (v.step) {
        case 'speech': {
          const x = pick(100)
          if (x < 30 && v.speaker !== null) return { cmd: 'nominate', target: anyAlive() }
          if (x < 32) return { cmd: 'withdraw' }
          if (x < 33) return { cmd: 'remove', seat: anyAlive(), reason: 'betting' }
          return { cmd: 'next' }
        }
        case 'voting': {
          const vt = v.voting!
          // §7.5: sometimes the judge enters a count instead of the seats.
          if (pick(8) === 0) return { cmd: 'vote', candidate: vt.current!, count: pick(5) }
          const voters = subset(pick, vt.notVoted).filter(() => pick(2) === 0)
          // Now and then a seat that has already voted or has left: the engine must refuse it.
          if (pick(6) === 0) voters.push(seatOf(pick))
          return { cmd: 'vote', candidate: vt.current!, voters: [...new Set(voters)] }
        }
        case 'liftAll':
          return { cmd: 'liftAll', yes: subset(pick, v.liftAll!.eligible) }
        case 'lastWord':
          if (v.bestMove && v.bestMove.seats === null && v.speaker === v.bestMove.by && pick(2) === 0) {
            const others = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((s) => s !== v.bestMove!.by)
            const seats: number[] = []
            while (seats.length < 3) {
              const s = others[pick(others.length)]
              if (!seats.includes(s)) seats.push(s)
            }
            return { cmd: 'bestMove', seats }
          }
          return { cmd: 'next' }
        default:
          return { cmd: 'next' }
      }
  }
  return { cmd: 'next' }
}

/** A small deterministic PRNG for the benchmark (tests use fast-check's numbers). */
export function seededPick(seed: number): Pick {
  let a = seed >>> 0
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}
