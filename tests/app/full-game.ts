/** The whole FIIM game the reds win (seat 10 sheriff killed night 1, best move 3,8,1), as judge commands. */
import type { Command } from '../../src/shared/game/commands'

const next: Command = { cmd: 'next' }
const n = (count: number): Command[] => Array.from({ length: count }, () => next)

export const FULL_GAME_ROLES = { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' } as const
export const FULL_GAME_PLAYERS = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']

export const FULL_GAME: Command[] = [
  { cmd: 'start' },
  next,
  { cmd: 'nominate', by: 1, target: 5 },
  next,
  { cmd: 'nominate', by: 2, target: 3 },
  ...n(9),
  { cmd: 'vote', candidate: 5, voters: [1, 2, 4, 6, 7, 9, 10] },
  { cmd: 'vote', candidate: 3 },
  next,
  { cmd: 'shot', target: 10 },
  { cmd: 'donCheck', target: 10 },
  { cmd: 'sheriffCheck', target: 3 },
  next,
  { cmd: 'bestMove', seats: [3, 8, 1] },
  next,
  { cmd: 'nominate', by: 2, target: 3 },
  ...n(8),
  { cmd: 'vote', candidate: 3 },
  next,
  { cmd: 'shot', target: 1 },
  next,
  next,
  { cmd: 'nominate', by: 4, target: 8 },
  ...n(6),
  { cmd: 'vote', candidate: 8, voters: [2, 4, 6, 7, 9, 8] },
  next,
]
