/**
 * The director fed with the real engine's control views (no OBS): a whole FIIM game played through the engine's
 * public API, checking the moments and scene changes the director derives from them. This guards the contract
 * between the engine's ControlView and the director's structural input.
 */
import { describe, expect, it } from 'vitest'
import { BUILTIN_RULESETS } from '../../src/shared/game/ruleset'
import type { Command } from '../../src/shared/game/commands'
import type { ControlView } from '../../src/shared/game/views'
import { controlView, execute, newGame, rolesFromSeats, type Game } from '../../src/main/engine'
import {
  momentAfter,
  momentLabel,
  momentOf,
  sameMoment,
  sceneChange,
  sceneMapSchema,
  speakerLabel,
} from '../../src/main/obs/director'
import { NAMES, TEST_MAP } from './game-script'

const next = (): Command => ({ cmd: 'next' })
const times = (n: number): Command[] => Array.from({ length: n }, next)

/** Roles: don 3, mafia 5 and 8, sheriff 10. Reds win on day 3. */
const SCRIPT: Command[] = [
  { cmd: 'start' },
  next(), // day 1, seat 1 speaks
  { cmd: 'nominate', by: 1, target: 5 },
  next(),
  { cmd: 'nominate', by: 2, target: 8 },
  ...times(9), // seats 3..10, then the voting
  { cmd: 'vote', candidate: 5, voters: [1, 2, 3, 4, 6, 7] },
  { cmd: 'vote', candidate: 8 }, // 5 leaves: last word
  next(), // night 1
  { cmd: 'shot', target: 1 },
  { cmd: 'donCheck', target: 10 },
  { cmd: 'sheriffCheck', target: 3 },
  next(), // morning: 1's last word
  { cmd: 'bestMove', seats: [3, 5, 8] },
  next(), // day 2 speeches from seat 2
  { cmd: 'nominate', by: 2, target: 3 },
  next(),
  { cmd: 'nominate', by: 3, target: 2 },
  ...times(7), // the rest of the speeches, then the voting
  { cmd: 'vote', candidate: 3, voters: [2, 4, 6, 7] },
  { cmd: 'vote', candidate: 2 }, // tie: tie speeches
  next(),
  next(), // revote
  { cmd: 'vote', candidate: 3, voters: [2, 4, 6, 7] },
  { cmd: 'vote', candidate: 2 }, // tie again: lift-all vote
  { cmd: 'liftAll', yes: [2, 4, 6, 7, 9, 10] }, // both leave, last words in turn
  next(),
  next(), // night 2
  { cmd: 'shot', target: 10 },
  { cmd: 'sheriffCheck', target: 8 }, // the don has left: no don's check
  next(), // morning: 10's last word
  next(), // day 3
  { cmd: 'nominate', by: 4, target: 8 },
  ...times(5),
  { cmd: 'vote', candidate: 8 }, // the last black leaves: reds win after his last word
  next(),
]

function play(): ControlView[] {
  let game: Game = newGame({
    ruleset: BUILTIN_RULESETS.fiim,
    players: NAMES.map((name) => ({ name })),
    roles: rolesFromSeats({ don: 3, mafia: [5, 8], sheriff: 10 }),
  })
  const views: ControlView[] = [controlView(game)]
  for (const command of SCRIPT) {
    const r = execute(game, command)
    if (!r.ok) throw new Error(`engine rejected ${JSON.stringify(command)}: ${r.error.code}`)
    game = r.game
    views.push(controlView(game))
  }
  return views
}

describe('director on real engine views', () => {
  it('follows a whole FIIM game moment by moment', () => {
    const views = play()
    expect(views.at(-1)?.phase).toBe('finished')
    const moments: string[] = []
    let prev: ControlView | null = null
    for (const v of views) {
      const m = momentAfter(prev, v)
      if (m !== null && (prev === null || !sameMoment(momentOf(prev), m))) moments.push(momentLabel(m))
      prev = v
    }
    expect(moments).toEqual([
      'zeroNight',
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => `speech ${s}`),
      'voting',
      'lastWord',
      'shot',
      'donCheck',
      'sheriffCheck',
      'night',
      'lastWord',
      ...[2, 3, 4, 6, 7, 8, 9, 10].map((s) => `speech ${s}`),
      'voting',
      'tie', // tie speeches, revote and the lift-all vote are one moment
      'lastWord', // both lifted players, in turn
      'shot',
      'sheriffCheck',
      'night',
      'lastWord',
      ...[4, 6, 7, 8, 9].map((s) => `speech ${s}`),
      'voting',
      'lastWord',
      'gameEnd',
    ])
  })

  it('switches the test map scenes and names the speakers', () => {
    const map = sceneMapSchema.parse(TEST_MAP)
    const views = play()
    const scenes: string[] = []
    const labels = new Set<string>()
    let prev: ControlView | null = null
    for (const v of views) {
      const scene = sceneChange(prev, v, map)
      if (scene !== null && scene !== scenes.at(-1)) scenes.push(scene)
      labels.add(speakerLabel(v))
      prev = v
    }
    expect(scenes).toEqual([
      'Zero night',
      'Speech',
      'Seat 3',
      'Speech',
      'Voting',
      'Last word',
      'Night',
      'Don check',
      'Sheriff check',
      'Night',
      'Last word',
      'Speech',
      'Seat 3',
      'Speech',
      'Voting',
      'Tie',
      'Last word',
      'Night',
      'Sheriff check',
      'Night',
      'Last word',
      'Speech',
      'Voting',
      'Last word',
      'Game end',
    ])
    expect(labels).toContain('1. Ace')
    expect(labels).toContain('10. Jay')
    expect(labels).toContain('')
  })
})
