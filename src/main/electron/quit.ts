/**
 * The quit sequence (issue 17, defect 6). `core.close()` first awaits the OBS disconnect and then closes the
 * database (WAL checkpoint); Electron does not wait for a promise in `before-quit`. So the first quit is
 * prevented, the core is closed (bounded by a time limit, so a hung OBS cannot keep the app open), and then the
 * app quits for real. Quit requests that arrive while closing are held back; a failure or a timeout is logged
 * and the app still quits.
 */

export interface QuitEventLike {
  preventDefault(): void
}

export interface QuitGuardOptions {
  /** Closes the core (OBS, server, database). */
  close: () => Promise<void>
  /** Quits the app (app.quit). Called once, after close settled or timed out. */
  quit: () => void
  /** Upper bound for close(), in ms. */
  timeoutMs: number
  log: (line: string) => void
  /** Injectable timer, for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown
}

export type QuitOutcome = 'closed' | 'failed' | 'timeout'

/** Returns the `before-quit` handler and a promise of how closing ended (for tests and logs). */
export function createQuitGuard(opts: QuitGuardOptions): {
  onBeforeQuit: (event: QuitEventLike) => void
  readonly done: Promise<QuitOutcome>
} {
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
  let state: 'running' | 'closing' | 'closed' = 'running'
  let settle: (outcome: QuitOutcome) => void = () => {}
  const done = new Promise<QuitOutcome>((resolve) => (settle = resolve))

  const finish = (outcome: QuitOutcome): void => {
    if (state === 'closed') return
    state = 'closed'
    settle(outcome)
    opts.quit()
  }

  const onBeforeQuit = (event: QuitEventLike): void => {
    if (state === 'closed') return
    event.preventDefault()
    if (state === 'closing') return
    state = 'closing'
    setTimer(() => {
      if (state !== 'closed') {
        opts.log(`quit: closing took longer than ${opts.timeoutMs} ms; quitting anyway`)
        finish('timeout')
      }
    }, opts.timeoutMs)
    let closing: Promise<void>
    try {
      closing = opts.close()
    } catch (err) {
      closing = Promise.reject(err)
    }
    closing.then(
      () => finish('closed'),
      (err: unknown) => {
        opts.log(`quit: closing failed: ${err instanceof Error ? err.message : String(err)}`)
        finish('failed')
      },
    )
  }
  return { onBeforeQuit, done }
}
