/**
 * A seeded generator of legal FIIM games for the e2e tests: the judge's commands of a whole game and the facts
 * the test's calculator scores (fiim-calculator.ts). It follows docs/rules.md by itself — who speaks, who may be
 * nominated, when a vote happens, who wins — and never asks the app; a command the app refuses fails the test.
 *
 * A game has: day 1 with no vote, one nominee (no vote on day 1) or two; night kills of reds (a miss now and
 * then, only after a day with a departure, so never a draw); the best move on night 1; day 2+ votes with one or two
 * nominees; fouls (at most two per player, so nobody is silenced); sometimes a removal at night (−0.5, the next
 * day's vote cancelled) or during a voted-out player's last word on day 1 (not a departure by the vote: the best
 * move still counts); day 1 may end in a lift-all of two (two left by the vote: the best move is void); sometimes a team defeat (−0.7), by a black at the table or by the red killed first, after he left; and
 * the judge's extra points at the end.
 */
import type { GameFacts, Role, Stage, Team } from './fiim-calculator'
import { teamOf } from './fiim-calculator'
// The app's one seeded generator: a source of randomness, not a rule, so the test stays independent of the app.
import { makeRng } from '../../src/shared/rng'

export type Command = Record<string, unknown> & { cmd: string }

export interface GeneratedGame {
  /** Seat → role for `game.create` (civilians left out). */
  roles: Record<string, Role>
  commands: Command[]
  facts: GameFacts
  /** A player was removed during day 1's last word (removalInLastWord reached). */
  day1Removed: boolean
}

export interface GameOptions {
  /** Force a team defeat: by a black at the table, or by the red killed on night 1 after he left. */
  teamDefeat?: 'black' | 'firstKilled'
  /** Day 1 ends in a lift-all of two (two players leave by the vote: the best move is void). */
  liftAllDay1?: boolean
  /** A day-1 removal during the voted-out player's last word (a departure, but not by the vote). */
  removalInLastWord?: boolean
}

export function generateGame(
  seed: number,
  stage: Stage,
  players: string[],
  opts: GameOptions = {},
): GeneratedGame {
  const rand = makeRng(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
  const chance = (p: number): boolean => rand() < p
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const a = [...xs]
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1))
      ;[a[i], a[j]] = [a[j], a[i]]
    }
    return a
  }

  const deal = shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  const roles: Role[] = Array.from({ length: 10 }, () => 'civilian' as Role)
  roles[deal[0] - 1] = 'don'
  roles[deal[1] - 1] = 'mafia'
  roles[deal[2] - 1] = 'mafia'
  roles[deal[3] - 1] = 'sheriff'
  const isBlack = (seat: number): boolean => teamOf(roles[seat - 1]) === 'black'

  const alive = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  const fouls = new Map<number, number>()
  const out: Command[] = []
  const facts: GameFacts = {
    stage,
    players,
    roles,
    winner: 'red',
    firstKilled: null,
    bestMove: null,
    day1VotedOut: 0,
    extra: {},
    penalties: {},
    teamDefeatBy: null,
    fouls: {},
  }
  let winner: Team | null = null
  const checkWin = (): boolean => {
    const blacks = [...alive].filter(isBlack).length
    const reds = alive.size - blacks
    if (blacks === 0) winner = 'red'
    else if (blacks >= reds) winner = 'black'
    return winner !== null
  }
  const leave = (seat: number): void => {
    alive.delete(seat)
  }
  const penalty = (seat: number, points: number): void => {
    facts.penalties[seat] = (facts.penalties[seat] ?? 0) + points
  }
  const living = (): number[] => [...alive].sort((a, b) => a - b)
  const maybeFoul = (): void => {
    if (!chance(0.35)) return
    const candidates = living().filter((s) => (fouls.get(s) ?? 0) < 2)
    if (candidates.length === 0) return
    const seat = pick(candidates)
    fouls.set(seat, (fouls.get(seat) ?? 0) + 1)
    facts.fouls[seat] = fouls.get(seat)!
    out.push({ cmd: 'foul', seat })
  }
  let removals = 0
  let day1Removed = false
  let teamDefeatDone = false

  out.push({ cmd: 'start' }, { cmd: 'next' }) // zero night, then day 1 with seat 1's speech
  let opener = 0
  let cancelVote = false
  let day = 0
  let departuresToday = 0

  /** A team defeat (ППК): the game ends at once, the other team wins. */
  const teamDefeat = (seat: number): void => {
    out.push({ cmd: 'teamDefeat', seat })
    penalty(seat, -0.7)
    facts.teamDefeatBy = seat
    alive.delete(seat)
    winner = isBlack(seat) ? 'red' : 'black'
    teamDefeatDone = true
  }

  /** The day's speeches from the opener (the night's victim has already left), nominations and the voting. */
  const playDay = (): void => {
    day++
    departuresToday = 0
    const start = day === 1 ? 1 : (opener % 10) + 1
    const queue: number[] = []
    for (let k = 0; k < 10; k++) {
      const seat = ((start - 1 + k) % 10) + 1
      if (alive.has(seat)) queue.push(seat)
    }
    opener = queue[0]
    const voteAllowed = !cancelVote
    cancelVote = false
    // Nominations by the first speakers: day 1 0, 1 or 2; later 1 or 2 (none when the vote is cancelled).
    const liftAll = day === 1 && opts.liftAllDay1 === true
    const count = !voteAllowed ? 0 : liftAll ? 2 : day === 1 ? pick([0, 1, 2, 2]) : pick([1, 1, 2])
    const nominees: number[] = []
    for (const [k, speaker] of queue.entries()) {
      if (k > 0) out.push({ cmd: 'next' })
      if (k < count) {
        const target = pick(queue.filter((s) => s !== speaker && !nominees.includes(s)))
        nominees.push(target)
        out.push({ cmd: 'nominate', by: speaker, target })
      }
      maybeFoul()
      if (
        opts.teamDefeat !== undefined &&
        !teamDefeatDone &&
        day === 2 &&
        k === 1 &&
        (opts.teamDefeat === 'black' || facts.firstKilled !== null)
      ) {
        const culprit =
          opts.teamDefeat === 'black' ? pick(queue.filter((s) => isBlack(s))) : (facts.firstKilled as number)
        teamDefeat(culprit)
        return
      }
    }
    out.push({ cmd: 'next' }) // the last speech ends
    const minimum = day === 1 ? 2 : 1
    if (nominees.length < minimum) return // no vote: the night opens
    if (liftAll) {
      // 5:5, the tie speeches, 5:5 again with the same two, then «all leave?»: more than half of the living say yes.
      const [a, b] = nominees
      const tieVotes = (): void => {
        out.push({
          cmd: 'vote',
          candidate: a,
          voters: shuffle(living())
            .slice(0, 5)
            .sort((x, y) => x - y),
        })
        out.push({ cmd: 'vote', candidate: b })
      }
      tieVotes()
      out.push({ cmd: 'next' }, { cmd: 'next' }) // a's tie speech, b's tie speech
      tieVotes()
      const yes = shuffle(living())
        .slice(0, 6 + Math.floor(rand() * 5))
        .sort((x, y) => x - y)
      out.push({ cmd: 'liftAll', yes })
      leave(a)
      leave(b)
      departuresToday += 2
      facts.day1VotedOut += 2
      checkWin()
      out.push({ cmd: 'next' }, { cmd: 'next' }) // their last words in turn: then the night
      return
    }
    let leaver: number
    if (nominees.length === 1) {
      leaver = nominees[0]
      out.push({ cmd: 'vote', candidate: leaver })
    } else {
      // Two candidates: the first one takes a strict majority or a strict minority of the votes.
      const voters = shuffle(living())
      const firstLeaves = chance(0.5)
      const majority = Math.floor(voters.length / 2) + 1
      const size = firstLeaves ? majority : Math.floor((voters.length - 1) / 2)
      out.push({ cmd: 'vote', candidate: nominees[0], voters: voters.slice(0, size).sort((a, b) => a - b) })
      out.push({ cmd: 'vote', candidate: nominees[1] })
      leaver = firstLeaves ? nominees[0] : nominees[1]
    }
    leave(leaver)
    departuresToday++
    if (day === 1) facts.day1VotedOut++
    const decided = checkWin()
    // A removal during the voted-out player's last word: a second day-1 departure (not by the vote), the next
    // day's vote cancelled.
    if (!decided && day === 1 && opts.removalInLastWord === true && removals === 0) {
      const seat = pick(living().filter((s) => !isBlack(s)))
      out.push({ cmd: 'remove', seat, reason: 'insult' })
      penalty(seat, -0.5)
      removals++
      leave(seat)
      day1Removed = true
      cancelVote = true
      checkWin()
    }
    out.push({ cmd: 'next' }) // the last word ends: the night, or the end
  }

  const playNight = (): void => {
    const night = day
    // A removal at night (seldom; never the first night): the next day's vote is cancelled.
    if (night >= 2 && removals === 0 && chance(0.15)) {
      const seat = pick(living())
      out.push({ cmd: 'remove', seat, reason: 'insult' })
      penalty(seat, -0.5)
      removals++
      leave(seat)
      cancelVote = true
      if (checkWin()) return
    }
    const reds = living().filter((s) => !isBlack(s))
    const miss = departuresToday > 0 && chance(0.2)
    const victim = miss ? null : pick(reds)
    out.push({ cmd: 'shot', target: victim })
    const don = living().find((s) => roles[s - 1] === 'don')
    if (don !== undefined) out.push({ cmd: 'donCheck', target: pick(living().filter((s) => s !== don)) })
    const sheriff = living().find((s) => roles[s - 1] === 'sheriff')
    if (sheriff !== undefined)
      out.push({ cmd: 'sheriffCheck', target: pick(living().filter((s) => s !== sheriff)) })
    out.push({ cmd: 'next' }) // the night ends
    if (victim === null) return
    leave(victim)
    if (night === 1) {
      facts.firstKilled = victim
      // The best move: three other seats, more often with blacks among them.
      const blacks = shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((s) => s !== victim && isBlack(s)))
      const reds = shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((s) => s !== victim && !isBlack(s)))
      const nb = pick([0, 1, 2, 2, 3, 3])
      const seats = [...blacks.slice(0, nb), ...reds.slice(0, 3 - nb)].sort((a, b) => a - b)
      if (chance(0.85)) {
        out.push({ cmd: 'bestMove', seats })
        facts.bestMove = seats
      }
    }
    checkWin()
    out.push({ cmd: 'next' }) // the last word ends: the speeches (or the end)
  }

  for (;;) {
    playDay()
    if (winner !== null) break
    playNight()
    if (winner !== null) break
  }
  facts.winner = winner as unknown as Team

  // The judge's extra points at the end, each within ±1.6 per seat and game.
  const extras = pick([1, 2, 3, 4])
  for (let k = 0; k < extras; k++) {
    const seat = 1 + Math.floor(rand() * 10)
    const points = pick([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, -0.1, -0.2, -0.3])
    const sum = (facts.extra[seat] ?? 0) + points
    if (Math.abs(sum) > 1.6 + 1e-9) continue
    facts.extra[seat] = Math.round(sum * 10) / 10
    out.push({ cmd: 'extraPoints', seat, points, reason: 'Решение судьи' })
  }
  const roleMap: Record<string, Role> = {}
  roles.forEach((r, i) => {
    if (r !== 'civilian') roleMap[String(i + 1)] = r
  })
  return { roles: roleMap, commands: out, facts, day1Removed }
}
