// Random games in which the judge's commands carry the revision of the view they were built on, and some of them
// arrive twice (a double press) or late (built on an older view): issue 28 §1. Shared by the property test
// (tests/engine/stale-revision.test.ts) and the long run of bench/stale-revision.ts.
import { execute, revisionOf, type Game } from '../../src/main/engine'
import type { Command } from '../../src/shared/game/commands'
import { plausibleCommand, randomCommand, setupGame, type Pick } from './game-driver'

export type Rules = 'fiim' | 'club' | 'city'

/** What one game did with its stale commands. */
export interface StaleTally {
  commands: number
  accepted: number
  /** Second presses: the same command again, built on the view the first one was built on. */
  doubles: number
  /** Commands built on an older view (late) or on a revision the game never had (ahead). */
  late: number
  ahead: number
  /** Stale commands that the game as it was after them would have taken (without the check they were harm). */
  wouldHaveActed: number
}

export function emptyTally(): StaleTally {
  return { commands: 0, accepted: 0, doubles: 0, late: 0, ahead: 0, wouldHaveActed: 0 }
}

export function addTally(into: StaleTally, t: StaleTally): void {
  for (const k of Object.keys(into) as Array<keyof StaleTally>) into[k] += t[k]
}

const key = (g: Game): string => JSON.stringify([g.state, g.log, g.undoable, g.redoable])

/** Freezes what the last command created (older parts are frozen already): any later mutation throws. */
function deepFreeze(x: unknown): void {
  if (x === null || typeof x !== 'object' || Object.isFrozen(x)) return
  Object.freeze(x)
  for (const v of Object.values(x)) deepFreeze(v)
}

function fail(what: string): never {
  throw new Error(`stale revision property broken: ${what}`)
}

/**
 * Plays one random game two ways at once: `game`, where every command names the revision of the view it was built
 * on and double presses, late and future revisions are mixed in; and `plain`, which gets only the fresh commands
 * without any revision. Checks after each step that every stale command is refused with `engine/stale_revision`
 * (the game untouched), that the revision steps by exactly one per accepted command, and at the end that both
 * games are the same: a stale command never acts.
 */
export function playWithStaleCommands(
  rules: Rules,
  seed: number,
  numbers: number[],
  maxSteps: number,
): StaleTally {
  let cursor = 0
  const pick: Pick = (n) => (numbers.length === 0 ? 0 : numbers[cursor++ % numbers.length] % n)
  let game = setupGame(rules, seed)
  let plain = game
  const tally = emptyTally()
  deepFreeze(game)
  let at = 1_000
  for (let step = 0; step < maxSteps && cursor < numbers.length * 4; step++) {
    at += 1000
    const r = pick(100)
    const cmd: Command = {
      ...(r < 4
        ? { cmd: 'undo' }
        : r < 6
          ? { cmd: 'redo' }
          : r < 16
            ? randomCommand(pick)
            : plausibleCommand(game, pick)),
      at,
    } as Command
    const seen = revisionOf(game)
    const res = execute(game, cmd, seen)
    const same = execute(plain, cmd)
    tally.commands++
    if (res.ok !== same.ok) fail(`the current revision changed the outcome of ${JSON.stringify(cmd)}`)
    if (!res.ok) {
      if (res.error.code === 'engine/stale_revision')
        fail('a command on the current revision refused as stale')
      continue
    }
    if (!same.ok) fail('unreachable')
    tally.accepted++
    if (revisionOf(res.game) !== seen + 1) fail('the revision steps by one per accepted command')
    // Frozen: a stale command that touched the game would throw; a sample is also compared as JSON.
    deepFreeze(res.game)
    const before = step % 16 === 0 ? key(res.game) : null
    game = res.game
    plain = same.game

    // The stale ones, sent after the command that moved the game on: each is refused and changes nothing.
    const stale: Array<{ kind: 'doubles' | 'late' | 'ahead'; cmd: Command; revision: number }> = []
    const d = pick(100)
    if (d < 35) stale.push({ kind: 'doubles', cmd: { ...cmd, at: at + 40 }, revision: seen })
    if (d < 5) stale.push({ kind: 'doubles', cmd: { ...cmd, at: at + 80 }, revision: seen })
    if (pick(10) === 0 && seen > 0) {
      const older = pick(seen)
      stale.push({ kind: 'late', cmd: { ...plausibleCommand(game, pick), at: at + 50 }, revision: older })
    }
    if (pick(20) === 0) {
      stale.push({
        kind: 'ahead',
        cmd: { ...randomCommand(pick), at: at + 60 },
        revision: seen + 2 + pick(5),
      })
    }
    for (const s of stale) {
      tally[s.kind]++
      const refused = execute(game, s.cmd, s.revision)
      if (refused.ok) fail(`a ${s.kind} command on revision ${s.revision} of ${revisionOf(game)} was done`)
      if (refused.error.code !== 'engine/stale_revision')
        fail(`a ${s.kind} command refused as ${refused.error.code}`)
      if (
        refused.error.details?.expected !== s.revision ||
        refused.error.details?.current !== revisionOf(game)
      )
        fail('the refusal names both revisions')
      if (before !== null && key(game) !== before) fail('a stale command left the game unchanged')
      if (execute(game, s.cmd).ok) tally.wouldHaveActed++
    }
    if (game.state.phase === 'finished' && pick(5) === 0) break
  }
  if (key(game) !== key(plain)) fail('the game with stale commands equals the game without them')
  return tally
}
