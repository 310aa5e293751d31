/**
 * Bookkeeping of the one overlay window (issue 17, defect 2). `BrowserWindow.close()` is asynchronous: the old
 * window's `closed` event fires after a new window has already been created. A handler that blindly sets
 * "the overlay" to null then disconnects the new window (no pushes, its IPC refused as an unknown sender, a
 * second overlay offered by the menu). Here the `closed` handler clears the slot only when the window that
 * closed is still the current one.
 */

/** The few window members the bookkeeping needs (a BrowserWindow has them all). */
export interface SlotWindow {
  close(): void
  isDestroyed(): boolean
  once(event: 'closed', listener: () => void): unknown
}

export class OverlaySlot<W extends SlotWindow> {
  private win: W | null = null

  /** @param onChange called whenever the current overlay changes (e.g. to rebuild the menu). */
  constructor(private readonly onChange: () => void = () => {}) {}

  /** The current overlay window, or null when none is open. */
  get current(): W | null {
    return this.win && !this.win.isDestroyed() ? this.win : null
  }

  /** True when `win` is the current overlay (used by the IPC sender check and the push fan-out). */
  is(win: { id: number } | null | undefined, idOf: (w: W) => number): boolean {
    const cur = this.current
    return !!cur && !!win && idOf(cur) === win.id
  }

  /** Opens a new overlay (closing the previous one, if any) and makes it current at once. */
  open(create: () => W): W {
    const previous = this.win
    const win = create()
    this.win = win
    win.once('closed', () => {
      if (this.win === win) {
        this.win = null
        this.onChange()
      }
    })
    if (previous && !previous.isDestroyed()) previous.close()
    this.onChange()
    return win
  }

  /** Closes the current overlay; the slot is empty at once (the menu offers "show" again). */
  close(): void {
    const win = this.win
    this.win = null
    if (win && !win.isDestroyed()) win.close()
    this.onChange()
  }
}
