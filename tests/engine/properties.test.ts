// Property tests (fast-check): random legal and illegal command sequences never break the engine's invariants.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { execute, restore, type Game, type GameState } from '../../src/main/engine'
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

function play(rules: 'fiim' | 'club' | 'city', seed: number, numbers: number[], maxSteps: number): Game {
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
    if (game.state.phase === 'finished' && pick(5) === 0) break
  }
  // replay(log) equals the incrementally built state.
  expect(JSON.stringify(restore(game.setup, game.log).state)).toBe(JSON.stringify(game.state))
  return game
}

describe('engine properties (fast-check)', () => {
  it('1,000 random games keep every invariant', () => {
    let finished = 0
    fc.assert(
      fc.property(
        fc.constantFrom('fiim' as const, 'club' as const, 'city' as const),
        fc.nat(),
        fc.array(fc.nat({ max: 0xffff }), { minLength: 50, maxLength: 400 }),
        (rules, seed, numbers) => {
          const g = play(rules, seed, numbers, 250)
          if (g.state.phase === 'finished') finished++
        },
      ),
      { numRuns: 1000 },
    )
    // Most random games are played to the end (so the later phases are exercised too).
    expect(finished).toBeGreaterThan(300)
  }, 60_000)
})
