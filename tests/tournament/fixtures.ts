/**
 * Hand-built GameRecord fixtures (the tests never read /work/shared).
 * `finishedGame()` is a realistic 10-player FIIM game: a tie, a revote and a failed lift-all on day 1, fouls, a
 * technical foul, a removal that cancels day 3's vote, per-black shots, checks, extra points and a best move.
 */
import type { GameRecord, Role, SeatRecord, Winner } from '../../src/shared/game/record'

type Left = SeatRecord['left']

function seat(
  seatNo: number,
  name: string,
  playerId: number | null,
  role: Role,
  fouls: number,
  left: Left,
  points: { win: number; bestMove?: number; extra?: number; penalty?: number },
  extraPoints: Array<{ points: number; reason: string }> = [],
  penalties: Array<{ points: number; reason: string }> = [],
  techFouls = 0,
): SeatRecord {
  const bestMove = points.bestMove ?? 0
  const extra = points.extra ?? 0
  const penalty = points.penalty ?? 0
  const total = Math.round((points.win + bestMove + extra + penalty) * 1e6) / 1e6
  return {
    seat: seatNo,
    name,
    playerId,
    role,
    fouls,
    techFouls,
    status:
      left === null
        ? 'alive'
        : left.how === 'killed'
          ? 'killed'
          : left.how === 'votedOut' || left.how === 'lifted'
            ? 'votedOut'
            : 'removed',
    left,
    points: { win: points.win, bestMove, extra, penalty, total },
    extraPoints,
    penalties,
  }
}

const killed = (night: number): Left => ({ how: 'killed', day: null, night, reason: null })
const votedOut = (day: number): Left => ({ how: 'votedOut', day, night: null, reason: null })

export const GAME_NAMES = [
  'Алексей Смирнов',
  'Мария Иванова',
  'Дмитрий Кузнецов',
  'Ольга Попова',
  'Игорь Соколов',
  'Анна Лебедева',
  'Сергей Новиков',
  'Елена Морозова',
  'Павел Волков',
  'John Smith',
]

export function finishedGame(): GameRecord {
  const n = GAME_NAMES
  const seats: SeatRecord[] = [
    seat(1, n[0], 101, 'civilian', 0, killed(1), { win: 1, bestMove: 0.3 }),
    seat(2, n[1], 102, 'civilian', 1, killed(3), { win: 1, extra: 0.2 }, [
      { points: 0.2, reason: 'Верная версия в речи второго дня' },
    ]),
    seat(3, n[2], 103, 'don', 2, votedOut(2), { win: 0 }),
    seat(4, n[3], 104, 'civilian', 0, killed(4), { win: 1 }),
    seat(5, n[4], 105, 'mafia', 1, votedOut(4), { win: 0 }),
    seat(6, n[5], 106, 'civilian', 0, null, { win: 1, extra: 0.3 }, [
      { points: 0.3, reason: 'Вывела последнего чёрного в пятый день' },
    ]),
    seat(7, n[6], 107, 'civilian', 3, null, { win: 1, extra: -0.2 }, [
      { points: -0.2, reason: 'Голосовал против шерифа во второй день' },
    ]),
    seat(8, n[7], 108, 'mafia', 2, votedOut(5), { win: 0 }),
    seat(
      9,
      n[8],
      109,
      'civilian',
      0,
      { how: 'removed', day: 3, night: null, reason: 'оскорбление игрока' },
      { win: 1, penalty: -0.5 },
      [],
      [{ points: -0.5, reason: 'Удаление: оскорбление игрока' }],
      1,
    ),
    seat(10, n[9], 110, 'sheriff', 0, killed(2), { win: 1, extra: 0.4 }, [
      { points: 0.4, reason: 'Точные проверки, вёл стол' },
    ]),
  ]
  return {
    rulesetId: 'fiim',
    rulesetName: 'ФИИМ',
    players: seats.map((s) => ({ seat: s.seat, name: s.name, playerId: s.playerId, role: s.role })),
    finished: true,
    winner: 'red',
    endReason: 'blacksEliminated',
    seats,
    nights: [
      {
        night: 1,
        shot: { kind: 'kill', target: 1 },
        shots: null,
        donCheck: { target: 10, isSheriff: true },
        sheriffCheck: { target: 3, isBlack: true },
      },
      {
        night: 2,
        shot: { kind: 'kill', target: 10 },
        shots: null,
        donCheck: null,
        sheriffCheck: { target: 5, isBlack: true },
      },
      {
        night: 3,
        shot: { kind: 'kill', target: 2 },
        shots: { '5': 2, '8': 2 },
        donCheck: null,
        sheriffCheck: null,
      },
      { night: 4, shot: { kind: 'kill', target: 4 }, shots: null, donCheck: null, sheriffCheck: null },
    ],
    days: [
      {
        day: 1,
        opener: 1,
        nominations: [
          { by: 1, target: 4, withdrawn: false },
          { by: 2, target: 6, withdrawn: false },
        ],
        votings: [
          {
            kind: 'vote',
            candidates: [
              { seat: 4, voters: [1, 2, 3, 4, 5] },
              { seat: 6, voters: [6, 7, 8, 9, 10] },
            ],
          },
          {
            kind: 'revote',
            candidates: [
              { seat: 4, voters: [1, 2, 3, 4, 5] },
              { seat: 6, voters: [6, 7, 8, 9, 10] },
            ],
          },
          { kind: 'liftAll', seats: [4, 6], yes: [1, 2, 3], no: [4, 5, 6, 7, 8, 9, 10], passed: false },
        ],
        voteCancelled: false,
        left: [],
      },
      {
        day: 2,
        opener: 2,
        nominations: [
          { by: 10, target: 3, withdrawn: false },
          { by: 3, target: 10, withdrawn: false },
          { by: 5, target: 7, withdrawn: false },
        ],
        votings: [
          {
            kind: 'vote',
            candidates: [
              { seat: 3, voters: [2, 4, 6, 9, 10] },
              { seat: 10, voters: [3, 5, 8] },
              { seat: 7, voters: [7] },
            ],
          },
        ],
        voteCancelled: false,
        left: [3],
      },
      {
        day: 3,
        opener: 4,
        nominations: [{ by: 4, target: 5, withdrawn: false }],
        votings: [],
        voteCancelled: true,
        left: [],
      },
      {
        day: 4,
        opener: 5,
        nominations: [
          { by: 6, target: 5, withdrawn: false },
          { by: 5, target: 4, withdrawn: false },
        ],
        votings: [
          {
            kind: 'vote',
            candidates: [
              { seat: 5, voters: [4, 6, 7] },
              { seat: 4, voters: [5, 8] },
            ],
          },
        ],
        voteCancelled: false,
        left: [5],
      },
      {
        day: 5,
        opener: 6,
        nominations: [
          { by: 6, target: 8, withdrawn: false },
          { by: 8, target: 6, withdrawn: false },
        ],
        votings: [
          {
            kind: 'vote',
            candidates: [
              { seat: 8, voters: [6, 7] },
              { seat: 6, voters: [8] },
            ],
          },
        ],
        voteCancelled: false,
        left: [8],
      },
    ],
    fouls: [
      { seat: 2, kind: 'foul', phase: 'day', day: 1, night: 0, speaker: 2 },
      { seat: 3, kind: 'foul', phase: 'day', day: 1, night: 0, speaker: 5 },
      { seat: 5, kind: 'foul', phase: 'night', day: 1, night: 1, speaker: null },
      { seat: 3, kind: 'foul', phase: 'day', day: 2, night: 1, speaker: 3 },
      { seat: 7, kind: 'foul', phase: 'day', day: 2, night: 1, speaker: 7 },
      { seat: 8, kind: 'foul', phase: 'day', day: 2, night: 1, speaker: 9 },
      { seat: 9, kind: 'techFoul', phase: 'day', day: 2, night: 1, speaker: 9 },
      { seat: 7, kind: 'foul', phase: 'day', day: 3, night: 2, speaker: 4 },
      { seat: 7, kind: 'foul', phase: 'day', day: 4, night: 3, speaker: 7 },
      { seat: 8, kind: 'foul', phase: 'day', day: 4, night: 3, speaker: 8 },
    ],
    bestMove: { by: 1, seats: [3, 5, 7], blacks: 2, void: false, points: 0.3 },
    firstKilled: 1,
    daysPlayed: 5,
    nightsPlayed: 4,
  }
}

/** The same game stopped on day 2 (not finished). */
export function unfinishedGame(): GameRecord {
  const g = finishedGame()
  return {
    ...g,
    finished: false,
    winner: null,
    endReason: null,
    days: g.days.slice(0, 2),
    nights: g.nights.slice(0, 1),
    fouls: g.fouls.filter((f) => f.day <= 2),
    daysPlayed: 2,
    nightsPlayed: 1,
    seats: g.seats.map((s) => ({
      ...s,
      points: { win: 0, bestMove: 0, extra: 0, penalty: 0, total: 0 },
      extraPoints: [],
      penalties: [],
      left: s.seat === 1 || s.seat === 3 ? s.left : null,
      status: s.seat === 1 || s.seat === 3 ? s.status : 'alive',
    })),
  }
}

export interface MiniPlayer {
  id: number
  name: string
}

export interface MiniGameSpec {
  /** 10 players, seat 1..10 in order. */
  players: MiniPlayer[]
  /** Roles by seat; default: don 3, mafia 5 and 8, sheriff 10. */
  roles?: Role[]
  winner: Winner
  /** Seat killed on the first shooting night, or null (miss). */
  firstKilled: number | null
  extra?: Record<number, number>
  bestMove?: { by: number; seats: number[]; blacks: number; void?: boolean }
  removed?: number[]
  teamDefeat?: number
  /** Penalties by seat (as the engine stores them in the seat's points), on top of removal/team-defeat ones. */
  penalty?: Record<number, number>
  /** Best move value of 2/3 blacks (default FIIM's 0.3/0.5): what the game's own ruleset scored. */
  bestMoveValues?: { two: number; three: number }
  finished?: boolean
}

export const DEFAULT_ROLES: Role[] = [
  'civilian',
  'civilian',
  'don',
  'civilian',
  'mafia',
  'civilian',
  'civilian',
  'mafia',
  'civilian',
  'sheriff',
]

/** A compact game: only the facts scoring reads (seats, roles, winner, first killed, extras, best move). */
export function miniGame(spec: MiniGameSpec): GameRecord {
  const roles = spec.roles ?? DEFAULT_ROLES
  const finished = spec.finished ?? true
  const seats: SeatRecord[] = spec.players.map((p, i) => {
    const seatNo = i + 1
    const role = roles[i]
    const team = role === 'civilian' || role === 'sheriff' ? 'red' : 'black'
    const win = finished && spec.winner === team ? 1 : 0
    const extra = spec.extra?.[seatNo] ?? 0
    let left: Left = null
    let penalty = spec.penalty?.[seatNo] ?? 0
    if (spec.firstKilled === seatNo) left = killed(1)
    if (spec.removed?.includes(seatNo)) {
      left = { how: 'removed', day: 2, night: null, reason: 'удаление' }
      penalty -= 0.5
    }
    if (spec.teamDefeat === seatNo) {
      if (left === null) left = { how: 'teamDefeat', day: 2, night: null, reason: 'ППК' }
      penalty -= 0.7
    }
    const bm = spec.bestMove !== undefined && spec.bestMove.by === seatNo && spec.bestMove.void !== true
    const bmv = spec.bestMoveValues ?? { two: 0.3, three: 0.5 }
    const penalties = penalty !== 0 ? [{ points: penalty, reason: 'штраф' }] : []
    return seat(
      seatNo,
      p.name,
      p.id,
      role,
      0,
      left,
      {
        win,
        extra,
        penalty: Math.round(penalty * 1e6) / 1e6,
        bestMove: bm
          ? spec.bestMove?.blacks === 3
            ? bmv.three
            : spec.bestMove?.blacks === 2
              ? bmv.two
              : 0
          : 0,
      },
      extra !== 0 ? [{ points: extra, reason: 'доп' }] : [],
      penalties,
    )
  })
  return {
    rulesetId: 'fiim',
    rulesetName: 'ФИИМ',
    players: seats.map((s) => ({ seat: s.seat, name: s.name, playerId: s.playerId, role: s.role })),
    finished,
    winner: finished ? spec.winner : null,
    endReason: !finished
      ? null
      : spec.teamDefeat !== undefined
        ? 'teamDefeat'
        : spec.winner === 'red'
          ? 'blacksEliminated'
          : spec.winner === 'black'
            ? 'parity'
            : 'draw',
    seats,
    nights: [],
    days: [],
    fouls: [],
    bestMove:
      spec.bestMove === undefined
        ? null
        : {
            by: spec.bestMove.by,
            seats: spec.bestMove.seats,
            blacks: spec.bestMove.blacks,
            void: spec.bestMove.void ?? false,
            points: 0,
          },
    firstKilled: spec.firstKilled,
    daysPlayed: 3,
    nightsPlayed: 2,
  }
}
