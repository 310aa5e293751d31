/**
 * What the overlay's panels beside the seat cards see of the game (phase banner, notice line, nominees, night,
 * winner, the bar layout): the view, and each seat without what only its card shows (fouls,
 * the silenced mark, who is speaking or nominated). Read through `sharedComputed`, it stays the same object while
 * none of that changed, so a foul or a nomination's card mark re-renders its seat card and none of these panels (their phase
 * titles, translations and the nominee lists' TransitionGroups).
 */
import type { OverlayView, SeatView } from '../../../shared/game/views'

export type PanelSeat = Pick<SeatView, 'seat' | 'name' | 'role' | 'status' | 'points'>
export type PanelView = Omit<OverlayView, 'players'> & { players: PanelSeat[] }

export function panelView(view: OverlayView): PanelView {
  const { players, ...rest } = view
  return {
    ...rest,
    players: players.map((p) => ({
      seat: p.seat,
      name: p.name,
      role: p.role,
      status: p.status,
      points: p.points,
    })),
  }
}
