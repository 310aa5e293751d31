/** Who does not play a round, as the dashboard and the seating page say it (one wording for both). */
import type { DashboardRound } from '../../../../shared/tournament-ops'

/** The round's players who do not play it, a late registrant marked as not registered yet when it started. */
export function notPlaying(round: DashboardRound, lateMark: string): string {
  return round.absent
    .filter((a) => a.reason !== 'withdrawn')
    .map((a) => (a.reason === 'notYetRegistered' ? `${a.player.nickname} (${lateMark})` : a.player.nickname))
    .join(', ')
}

/** The players who had withdrawn before the round (seated in an earlier round of the stage). */
export function withdrawnBefore(round: DashboardRound): string[] {
  return round.absent.filter((a) => a.reason === 'withdrawn').map((a) => a.player.nickname)
}
