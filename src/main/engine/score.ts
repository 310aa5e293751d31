/** §13 per-game scoring and §14 the game record, derived from the state. Values are ruleset data. */
import type { DayRecord, GameRecord, NightRecord, SeatPoints, SeatRecord } from '../../shared/game/record'
import { scoringSystemOf } from '../../shared/game/ruleset'
import { bestMovePoints, gamePoints } from '../../shared/game/scoring-system'
import type { Game } from './game'
import { isBlack, type GameState } from './state'

/** §4.5: the best move and its value; void when too many left by day 1's vote; a black first-killed scores nothing. */
export function bestMoveResult(s: GameState): GameRecord['bestMove'] {
  if (s.firstKilled === null || !s.bestMove?.seats) return null
  const seats = s.bestMove.seats
  const blacks = seats.filter((seat) => isBlack(s.seats[seat - 1].role)).length
  const limit = s.ruleset.bestMove.voidIfDay1Departures
  const day1Left = s.days[0]?.left.length ?? 0
  const isVoid = limit !== null && day1Left >= limit
  const red = !isBlack(s.seats[s.firstKilled - 1].role)
  const points = bestMovePoints(scoringSystemOf(s.ruleset), { blacks, void: isVoid }, red)
  return { by: s.firstKilled, seats: [...seats], blacks, void: isVoid, points }
}

/** Every seat's points under the game's scoring system: the one computation (shared/game/scoring-system.ts). */
export function seatPoints(s: GameState): SeatPoints[] {
  const points = gamePoints(
    {
      finished: s.phase === 'finished',
      winner: s.winner,
      seats: s.seats,
      bestMove: bestMoveResult(s),
    },
    scoringSystemOf(s.ruleset),
  )
  return points.map(({ win, bestMove, extra, penalty, auto, total }) =>
    auto === 0 ? { win, bestMove, extra, penalty, total } : { win, bestMove, extra, penalty, auto, total },
  )
}

export function gameRecord(game: Game): GameRecord {
  const s = game.state
  const points = seatPoints(s)
  const seats: SeatRecord[] = s.seats.map((p, i) => ({
    seat: p.seat,
    name: p.name,
    playerId: p.playerId,
    role: p.role,
    fouls: p.fouls,
    techFouls: p.techFouls,
    status: p.status,
    left: p.left ? { ...p.left } : null,
    points: points[i],
    extraPoints: p.extraPoints.map((x) => ({ ...x })),
    penalties: p.penalties.map((x) => ({ ...x })),
  }))
  const nights: NightRecord[] = s.nights.map((n) => structuredClone(n))
  const days: DayRecord[] = s.days.map((d) => ({
    day: d.day,
    opener: d.opener,
    nominations: d.nominations.map((x) => ({ ...x })),
    votings: structuredClone(d.votings),
    voteCancelled: d.voteCancelled,
    left: [...d.left],
  }))
  return {
    rulesetId: s.ruleset.id,
    rulesetName: s.ruleset.name,
    players: s.seats.map((p) => ({ seat: p.seat, name: p.name, playerId: p.playerId, role: p.role })),
    finished: s.phase === 'finished',
    winner: s.winner,
    endReason: s.endReason,
    seats,
    nights,
    days,
    fouls: s.fouls.map((f) => ({ ...f })),
    bestMove: bestMoveResult(s),
    firstKilled: s.firstKilled,
    comments: s.comments.map((x) => ({ ...x })),
    // Only a game amended on appeal carries the list (older records and unamended games look as they did).
    ...(s.amendments.length > 0 ? { amendments: s.amendments.map((x) => structuredClone(x)) } : {}),
    // The same reason said twice in a day (a cancelled vote, again when the speeches end) is printed once.
    notices: s.notices
      .filter(
        (x, i) =>
          s.notices.findIndex(
            (y) => y.day === x.day && JSON.stringify(y.notice) === JSON.stringify(x.notice),
          ) === i,
      )
      .map((x) => structuredClone(x)),
    daysPlayed: s.days.length,
    nightsPlayed: s.nights.length,
  }
}
