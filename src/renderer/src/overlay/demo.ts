/**
 * Sample overlay envelopes for `?demo=…`: the control panel's theme preview without a game, and deterministic
 * screenshots. Never mixed with live data (the demo overlay does not connect).
 */
import type {
  OverlayEnvelope,
  OverlayGraphicName,
  OverlayGraphics,
  OverlayStandings,
} from '../../../shared/contract'
import type { OverlayView, SeatView } from '../../../shared/game/views'
import type { Role } from '../../../shared/game/record'
import type { DemoScene } from './params'
import { DEFAULT_THEME } from './theme'

const NAMES = ['Ace', 'Бобр', 'Cat', 'Доцент', 'Eve', 'Фокс', 'Gus', 'Hal Jordan', 'Ивушка', 'Jay']
/** Clubs as the registry keeps them (a player without one shows none). */
const CLUBS = [
  'Red Square',
  'Полночь',
  null,
  'Красный квадрат',
  'Полночь',
  null,
  'Don Corleone',
  'Red Square',
  'Сова',
  null,
]
const ROLES: Role[] = [
  'civilian',
  'civilian',
  'mafia',
  'sheriff',
  'civilian',
  'civilian',
  'don',
  'mafia',
  'civilian',
  'civilian',
]

/** A drawn stand-in for a player photo (the demo has no files): a silhouette on a coloured backdrop. */
function avatar(hue: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,42%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue},50%,18%)"/></linearGradient></defs>` +
    `<rect width="120" height="140" fill="url(#g)"/><circle cx="60" cy="56" r="26" fill="hsl(${hue},25%,82%)"/>` +
    `<path d="M14 140c4-34 24-48 46-48s42 14 46 48z" fill="hsl(${hue},25%,82%)"/></svg>`
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`
}

function seats(scene: DemoScene): SeatView[] {
  return NAMES.map((name, i) => ({
    seat: i + 1,
    name,
    playerId: null,
    photo: i === 0 || i === 5 || i === 7 ? avatar(200 + i * 37) : null,
    club: CLUBS[i],
    role: ROLES[i],
    status: 'alive',
    fouls: [0, 1, 0, 2, 3, 0, 1, 0, 0, 0][i],
    techFouls: 0,
    silenced: i === 4,
    nominated: false,
    speaking: false,
    points: scene === 'end' ? [1, 1, 0, 1.3, 1, 1, 0, 0, 1, 1][i] : null,
  }))
}

export function demoEnvelope(scene: DemoScene): OverlayEnvelope {
  const settings: OverlayEnvelope['settings'] = {
    roles: 'shown',
    theme: { ...DEFAULT_THEME, title: 'Mafia Desk Cup' },
  }
  if (scene === 'empty') return { gameId: null, view: null, frame: 0, settings, standings: null }
  const players = seats(scene)
  const at = (seat: number): SeatView => players[seat - 1]
  at(2).status = 'killed'
  at(6).status = 'votedOut'
  at(9).status = 'removed'
  at(9).fouls = 4
  const view: OverlayView = {
    rulesetId: 'fiim',
    phase: 'day',
    step: 'speech',
    nightStep: null,
    day: 2,
    night: 1,
    speaker: 4,
    nominees: [
      { seat: 7, by: 1 },
      { seat: 3, by: 4 },
    ],
    voting: null,
    liftAll: null,
    lastNight: {
      night: 1,
      shot: { kind: 'kill', target: 2 },
      donCheck: { target: 10, isSheriff: false },
      sheriffCheck: { target: 3, isBlack: true },
    },
    bestMove: { by: 2, seats: [3, 7, 8] },
    timer: { label: 'speech', durationMs: 60_000, remainingMs: 42_000, runningSince: null },
    winner: null,
    players,
    voteCancelled: false,
    scores: null,
    rolesVisible: true,
  }
  if (scene === 'voting') {
    view.step = 'voting'
    view.speaker = null
    view.timer = null
    view.voting = {
      round: 'vote',
      candidates: [
        { seat: 7, voters: [1, 3, 5], votes: 3 },
        { seat: 3, voters: null, votes: null },
      ],
      current: 3,
      eligible: [1, 3, 4, 5, 7, 8, 10],
      notVoted: [4, 7, 8, 10],
    }
  } else if (scene === 'tie') {
    view.step = 'tieSpeech'
    view.speaker = 7
    view.nominees.push({ seat: 5, by: 6 })
    view.timer = { label: 'tieSpeech', durationMs: 30_000, remainingMs: 21_000, runningSince: null }
    view.tie = { stage: 'tieSpeech', seats: [7, 3], counts: [4, 4], round: 1 }
  } else if (scene === 'night') {
    view.phase = 'night'
    view.step = null
    view.nightStep = 'sheriffCheck'
    view.night = 2
    view.speaker = null
    view.nominees = []
    view.timer = null
    view.lastNight = {
      night: 2,
      shot: { kind: 'kill', target: 5 },
      donCheck: { target: 4, isSheriff: true },
      sheriffCheck: null,
    }
  } else if (scene === 'end') {
    view.phase = 'finished'
    view.step = null
    view.speaker = null
    view.nominees = []
    view.timer = null
    view.winner = 'red'
    view.end = { winner: 'red', reason: 'blacksEliminated' }
    at(3).status = 'votedOut'
    at(7).status = 'votedOut'
    at(8).status = 'killed'
  }
  for (const p of players) {
    p.speaking = p.seat === view.speaker
    p.nominated = view.nominees.some((n) => n.seat === p.seat)
  }
  return { gameId: null, view, frame: 1, settings, standings: DEMO_STANDINGS, judge: 'Анна Судейская' }
}

export const DEMO_STANDINGS: OverlayStandings = {
  title: 'Mafia Desk Cup',
  rows: NAMES.map((name, i) => ({
    place: i + 1,
    name,
    points: Math.round((9.4 - i * 0.73) * 100) / 100,
    games: 8,
    wins: 6 - Math.floor(i / 2),
  })),
}

/**
 * The sample standings under the «очки за игру» normaliser (`?normaliser=1`): ranked by points per game, the two
 * with fewer than 5 games listed apart (place null) — the longest names, to check that nothing is cut.
 */
const NORMALISED_STANDINGS: OverlayStandings = {
  title: 'Mafia Desk Cup',
  normaliser: { kind: 'perGame', minGames: 5 },
  rows: [
    ...NAMES.slice(0, 8).map((name, i) => {
      const games = 8 - (i % 3)
      const perGame = Math.round((1.18 - i * 0.07) * 1000) / 1000
      return {
        place: i + 1,
        name,
        points: Math.round(perGame * games * 100) / 100,
        perGame,
        games,
        wins: 5 - (i % 4),
      }
    }),
    ...NAMES.slice(8).map((name, i) => ({
      place: null,
      name,
      points: 2.4 - i,
      perGame: (2.4 - i) / 3,
      games: 3,
      wins: 2 - i,
      unranked: { reason: 'fewerGames' as const, minGames: 5 },
    })),
  ],
}

/**
 * The sample standings; with a classification (`?classification=1|provisional`): three finalists, three
 * semi-finalists who did not reach the final, the rest by the qualifying — as a tournament with a final shows it.
 */
export function demoStandings(
  classification: 'final' | 'provisional' | null,
  normalised = false,
): OverlayStandings {
  if (normalised && !classification) return NORMALISED_STANDINGS
  if (!classification) return DEMO_STANDINGS
  const groups: Array<'final' | 'semifinal' | 'qualifying'> = [
    'final',
    'final',
    'final',
    'semifinal',
    'semifinal',
    'semifinal',
    'qualifying',
    'qualifying',
    'qualifying',
    'qualifying',
  ]
  return {
    ...DEMO_STANDINGS,
    classification: {
      final: classification === 'final',
      rows: NAMES.map((name, i) => ({
        place: i + 1,
        name,
        playerId: null,
        group: groups[i],
        score: Math.round((4.6 - (i % 3) * 0.85 + (i < 3 ? 2 : 0)) * 100) / 100,
      })),
    },
  }
}

/** The on-demand graphics of `?demo=…&show=…`: what the operator would put on air over the sample game. */
export function demoGraphics(show: OverlayGraphicName[]): OverlayGraphics {
  const on = new Set(show)
  return {
    nominees: on.has('nominees') ? true : null,
    night: on.has('night') ? true : null,
    standings: on.has('standings'),
    break: on.has('break'),
    lowerThird: on.has('lowerThird')
      ? {
          seat: 8,
          name: NAMES[7],
          club: 'Красный квадрат',
          city: 'Москва',
          photo: avatar(200 + 7 * 37),
          points: 7.35,
          tournament: 'Mafia Desk Cup',
        }
      : null,
  }
}
