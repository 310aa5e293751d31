/** §13 per-game scoring and §14 the game record, derived from the state. Values are ruleset data. */
import type { DayRecord, GameRecord, NightRecord, SeatPoints, SeatRecord } from '../../shared/game/record'
import type { Game } from './game'
import { isBlack, type GameState } from './state'

const round = (x: number): number => Math.round(x * 1000) / 1000

/** §4.5: the best move and its value; void when too many left by day 1's vote; a black first-killed scores nothing. */
export function bestMoveResult(s: GameState): GameRecord['bestMove'] {
  if (s.firstKilled === null || !s.bestMove?.seats) return null
  const seats = s.bestMove.seats
  const blacks = seats.filter((seat) => isBlack(s.seats[seat - 1].role)).length
  const limit = s.ruleset.bestMove.voidIfDay1Departures
  const day1Left = s.days[0]?.left.length ?? 0
  const isVoid = limit !== null && day1Left >= limit
  const red = !isBlack(s.seats[s.firstKilled - 1].role)
  const sc = s.ruleset.scoring
  const points = isVoid || !red ? 0 : blacks === 3 ? sc.bestMove3 : blacks === 2 ? sc.bestMove2 : 0
  return { by: s.firstKilled, seats: [...seats], blacks, void: isVoid, points }
}

export function seatPoints(s: GameState): SeatPoints[] {
  const bm = bestMoveResult(s)
  const sc = s.ruleset.scoring
  return s.seats.map((p) => {
    const team = isBlack(p.role) ? 'black' : 'red'
    const win = s.winner === null ? 0 : s.winner === 'draw' ? sc.draw : s.winner === team ? sc.win : 0
    const bestMove = bm && bm.by === p.seat ? bm.points : 0
    const extra = round(p.extraPoints.reduce((a, x) => a + x.points, 0))
    const penalty = round(p.penalties.reduce((a, x) => a + x.points, 0))
    return { win, bestMove, extra, penalty, total: round(win + bestMove + extra + penalty) }
  })
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
