/**
 * What the multi-machine mode needs of the game service (issue 29 §7): sync/ and app/ never import each other; the
 * composition root (src/main/core.ts) hands the app's service in, which has these methods.
 */
import type { Game } from '../engine'
import type { OverlayEnvelope, PushName, Pushes } from '../../shared/contract'

export interface GameHost {
  /**
   * A game's log was stored behind the service (a table's push, a conflict decision): refresh its caches and
   * announce it as a judge's command is (view, overlay, standings, `tournament.changed`).
   */
  refreshGame(gameId: number, synced?: { game: Game; resultChanged: boolean; clockOffsetMs?: number }): void
  /**
   * Listens to the service's pushes (the hub's live status hears `tournament.changed`: a round may have added games).
   * Returns the unsubscribe function.
   */
  onPush(listener: <K extends PushName>(channel: K, payload: Pushes[K]) => void): () => void
  /** The game the panel and the stream show now; null: none. */
  activeGameId(): number | null
  /** Makes a game the active one (the panel and the stream follow it). */
  open(gameId: number): unknown
  /** The overlay envelope of any game (the hub's `/overlay?table=N`); null: no game. */
  overlayOf(gameId: number | null): OverlayEnvelope
  /** Cancels a game with a reason (a table machine's game its hub cancelled). */
  cancelGame(gameId: number, reason: string): unknown
}
