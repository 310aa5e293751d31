/**
 * One path from the judge's input (a key, a click, a touch) to a command: every control of the panel calls
 * `run` with an intent, so the keyboard and the mouse behave the same.
 */
import type { Command } from '../../../../shared/game/commands'
import { useGameStore } from '../stores/game'
import { useUiStore } from '../stores/ui'
import { useStreamStore } from '../stores/stream'
import type { OverlayGraphicInput, OverlayGraphics } from '../../../../shared/contract'
import { consumesSelection, outcomeOf, selectionLimit, toggleSeat, type Intent } from './keymap'
import { cycleLiftAnswer, voterRefusal } from './answers'

export function usePanel() {
  const game = useGameStore()
  const ui = useUiStore()
  const stream = useStreamStore()

  function pickSeat(seat: number): void {
    const view = game.view
    // A voter who may not answer now (already voted, not a voter) is refused at once, not when the vote is sent.
    const refusal =
      view && !ui.selection.includes(seat) && !ui.liftNo.includes(seat) ? voterRefusal(view, seat) : null
    if (refusal) return ui.showHint(refusal.hint, refusal.params)
    if (view?.phase === 'day' && view.step === 'liftAll' && game.rules.liftAllMajority === 'yesOverNo') {
      const next = cycleLiftAnswer({ yes: ui.selection, no: ui.liftNo }, seat)
      ui.setSelection(next.yes)
      ui.setLiftNo(next.no)
      return
    }
    const next = toggleSeat(ui.selection, seat, selectionLimit(view))
    if (next === null) ui.showHint('pickThree')
    else ui.setSelection(next)
  }

  async function send(command: Command): Promise<boolean> {
    ui.showHint(null)
    const consumed = consumesSelection(command) ? ui.selection : null
    if (consumed) {
      // Taken at once, so digits typed while the command travels belong to the next moment; the seats stay
      // shown until the command's view arrives (nothing to repaint between the key press and the push).
      ui.markSent()
      ui.consumeSelection()
    }
    const ok = await game.command(command)
    if (!ok && consumed && ui.selection.length === 0) ui.setSelection(consumed)
    else if (consumed) ui.release()
    return ok
  }

  /**
   * An on-demand graphic from a key: the nominees panel and the night card cycle automatic → hidden → shown;
   * the standings and the break screen toggle; the player intro shows the selected seat (none: hides it).
   */
  async function graphic(name: OverlayGraphicInput['graphic']): Promise<void> {
    const cur: OverlayGraphics | undefined = stream.overlay?.graphics
    let input: OverlayGraphicInput
    if (name === 'nominees' || name === 'night') {
      const c = cur?.[name] ?? null
      input = { graphic: name, show: c === null ? false : c === false ? true : null }
    } else if (name === 'lowerThird') {
      const seat = ui.selection.length === 1 ? ui.selection[0] : null
      if (ui.selection.length > 1) return ui.showHint('pickOneSeat')
      input = seat !== null ? { graphic: name, show: true, seat } : { graphic: name, show: false }
      if (seat !== null) ui.clearSelection()
    } else {
      input = { graphic: name, show: !(cur?.[name] ?? false) }
    }
    await setGraphic(input)
  }

  async function setGraphic(input: OverlayGraphicInput): Promise<void> {
    try {
      await game.call('overlay.graphic', input)
      game.clearError()
    } catch (err) {
      game.fail(err)
    }
  }

  function run(intent: Intent): void {
    switch (intent.kind) {
      case 'seat':
        pickSeat(intent.seat)
        return
      case 'backspace':
        ui.setSelection(ui.selection.slice(0, -1))
        return
      case 'escape':
        // Esc returns to the table from any other screen.
        if (ui.screen !== 'game') {
          ui.screen = 'game'
          return
        }
        ui.clearSelection()
        ui.showHint(null)
        game.clearError()
        return
      case 'help':
        ui.helpOpen = !ui.helpOpen
        return
      case 'mute':
        ui.toggleMute()
        return
      case 'games':
        ui.screen = ui.screen === 'setup' ? 'game' : 'setup'
        return
      case 'stream':
        ui.screen = ui.screen === 'settings' ? 'game' : 'settings'
        return
      case 'hideRoles':
        ui.toggleHideRoles()
        return
      case 'graphic':
        void graphic(intent.graphic)
        return
    }
    const outcome = outcomeOf(intent, game.view, ui.selection, game.rules, ui.liftNo)
    switch (outcome.kind) {
      case 'command':
        void send(outcome.command)
        return
      case 'hint':
        ui.showHint(outcome.hint)
        return
      case 'dialog':
        ui.dialog = { kind: outcome.dialog, seat: outcome.seat }
        return
      case 'none':
        return
    }
  }

  return { pickSeat, send, run, setGraphic }
}
