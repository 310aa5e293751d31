// The amendment on appeal (issue 31 §1) as a log entry: it never changes the game it was made on (immutability),
// the replay of the log equals the incrementally built state, undo never takes it back nor anything before it, the
// replay check of every door (verify.ts) takes it like any entry, and a refused one changes nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plausibleCommand, seededPick, setupGame, type Pick } from './game-driver'
import { execute, gameRecord, restore, type Game } from '../../src/main/engine'
import { runScenario } from '../../src/main/engine/scenario'
import { verifyGame } from '../../src/main/engine/verify'
import type { Command } from '../../src/shared/game/commands'

/** The finished FIIM game of s72 (reds win, seat 10 killed first, best move 3, 8, 1), before its amendments. */
function finished(): Game {
  const sc = JSON.parse(
    readFileSync(join(__dirname, '..', 'scenarios', 's72-appeal-amendment-changes-the-winner.json'), 'utf8'),
  ) as { steps: Array<{ cmd: string }> }
  const at = sc.steps.findIndex((s) => s.cmd === 'amend')
  const r = runScenario({ ...sc, steps: sc.steps.slice(0, at), expect: undefined })
  expect(r.failures).toEqual([])
  return r.game!
}

function run(game: Game, command: Command): Game {
  const r = execute(game, command)
  if (!r.ok) throw new Error(`${command.cmd}: ${r.error.code}`)
  return r.game
}

describe('amendment entries', () => {
  it('leave the game they were made on unchanged, and replay to the same state', () => {
    const g0 = finished()
    const frozen = JSON.stringify(g0.state)
    const g1 = run(g0, {
      cmd: 'amend',
      appealId: 1,
      reason: 'ruling',
      extraPoints: [{ seat: 2, points: 0.5 }],
      penalties: [{ seat: 4, kind: 'removal', action: 'give' }],
      bestMove: [3, 5, 8],
      winner: 'black',
    })
    expect(JSON.stringify(g0.state)).toBe(frozen)
    expect(g0.state.amendments).toEqual([])
    expect(g1.state.amendments).toHaveLength(1)
    expect(restore(g1.setup, g1.log).state).toEqual(g1.state)
    const points = gameRecord(g1).seats.map((s) => s.points.total)
    // Seat 2 (red, lost now): 0 + 0.5; seat 4 (red): −0.5; seat 10 (red, best move 3 blacks): 0.5; blacks: 1.
    expect(points[1]).toBeCloseTo(0.5, 9)
    expect(points[3]).toBeCloseTo(-0.5, 9)
    expect(points[9]).toBeCloseTo(0.5, 9)
    expect([points[2], points[4], points[7]]).toEqual([1, 1, 1])
  })

  it('undo never takes an amendment back, nor an entry before it; a later entry is undone alone', () => {
    const g0 = finished()
    expect(execute(g0, { cmd: 'undo' }).ok).toBe(true) // before: the last entry could be undone
    const g1 = run(g0, { cmd: 'amend', appealId: 1, reason: 'r', extraPoints: [{ seat: 1, points: 0.2 }] })
    const refused = execute(g1, { cmd: 'undo' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.code).toBe('engine/nothing_to_undo')
    const g2 = run(g1, { cmd: 'extraPoints', seat: 1, points: 0.1, reason: 'later' })
    const g3 = run(g2, { cmd: 'undo' })
    expect(g3.state.seats[0].extraPoints.map((x) => x.points)).toEqual([0.2])
    expect(execute(g3, { cmd: 'undo' }).ok).toBe(false)
    expect(restore(g3.setup, g3.log).state).toEqual(g3.state)
  })

  it('pass the one replay check of every door (an import, a push) with their events', () => {
    const g1 = run(finished(), { cmd: 'amend', appealId: 3, reason: 'r', winner: 'draw' })
    const v = verifyGame(g1.setup, g1.log)
    expect(v.ok).toBe(true)
    if (v.ok) expect(v.value.game.state.winner).toBe('draw')
    // Forged events for the same command are refused.
    const forged = g1.log.map((e, i) =>
      i === g1.log.length - 1 ? { ...e, events: [{ type: 'amended', amendment: { appealId: 3 } }] } : e,
    )
    const bad = verifyGame(g1.setup, forged)
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.code).toBe('engine/entry_mismatch')
  })
})

/** A random amendment: legal or not (a range, a penalty not held, the same winner, an empty one …). */
function randomAmendment(pick: Pick): Command {
  const seat = pick(10) + 1
  const parts: Array<Partial<Command & { cmd: 'amend' }>> = [
    { extraPoints: [{ seat, points: (pick(41) - 20) / 10 }] },
    {
      penalties: [
        { seat, kind: pick(2) === 0 ? 'removal' : 'teamDefeat', action: pick(2) === 0 ? 'give' : 'withdraw' },
      ],
    },
    { bestMove: [pick(10) + 1, pick(10) + 1, pick(10) + 1] },
    { winner: (['red', 'black', 'draw'] as const)[pick(3)] },
    {},
  ]
  return { cmd: 'amend', appealId: pick(5) + 1, reason: 'r', ...parts[pick(parts.length)] } as Command
}

describe('amendments on random finished games (fast-check)', () => {
  it('a refused one changes nothing; an accepted one replays to the same state, keeps every total in range and blocks undo', () => {
    let accepted = 0
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const pick = seededPick(seed)
        let game = setupGame((['fiim', 'club', 'city'] as const)[seed % 3], seed)
        for (let i = 0; i < 600 && game.state.phase !== 'finished'; i++) {
          const r = execute(game, plausibleCommand(game, pick))
          if (r.ok) game = r.game
        }
        if (game.state.phase !== 'finished') return
        for (let k = 0; k < 6; k++) {
          const before = JSON.stringify(game.state)
          const r = execute(game, randomAmendment(pick))
          if (!r.ok) {
            expect(r.error.code).toMatch(/^engine\//)
            expect(JSON.stringify(game.state)).toBe(before)
            continue
          }
          game = r.game
          accepted++
          const sc = game.state.ruleset.scoring
          for (const p of game.state.seats) {
            const extra = p.extraPoints.reduce((a, x) => a + x.points, 0)
            expect(extra).toBeGreaterThanOrEqual(sc.extraMin - 1e-9)
            expect(extra).toBeLessThanOrEqual(sc.extraMax + 1e-9)
          }
          expect(execute(game, { cmd: 'undo' }).ok).toBe(false)
          expect(restore(game.setup, game.log).state).toEqual(game.state)
        }
      }),
      { numRuns: 60 },
    )
    // The sample really reaches finished games and accepted amendments (about a third of random games finish).
    expect(accepted).toBeGreaterThan(10)
  })
})
