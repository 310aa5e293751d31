/**
 * The stale-revision refusal (issue 28 §1) over Electron IPC: the real shell with the stand-in for 'electron'
 * (tests/electron/fake-electron.ts) and the real core behind it, called through the handlers the shell registered
 * on ipcMain, as the control window's preload calls them. The WebSocket side is tests/app/stale-revision.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ipcChannel, type CallName, type GameEnvelope } from '../../src/shared/contract'
import type { AppErrorData } from '../../src/shared/errors'
import { createFakeElectron, launchShell, type FakeElectron } from './fake-electron'

let running: FakeElectron | null = null

afterEach(async () => {
  if (running && !running.app.quitted && running.app.exitCode === null) {
    running.app.quit()
    const app = running.app
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })
  }
  running = null
  vi.unstubAllEnvs()
  vi.doUnmock('electron')
})

type Reply = { ok: true; value: unknown } | { ok: false; error: AppErrorData }

/** A call from the control window (window 0), through the shell's registered IPC handler. */
async function call(fake: FakeElectron, name: CallName, params: unknown): Promise<Reply> {
  const win = fake.windows[0]
  const handler = fake.ipcHandlers.get(ipcChannel(name))!
  return (await handler(
    { sender: { id: win.webContents.id }, senderFrame: { url: win.urls.at(-1) } },
    params,
  )) as Reply
}

describe('game.command over IPC', () => {
  it('refuses a command built on an old revision with engine/stale_revision, and runs one on the current one', async () => {
    const fake = createFakeElectron({ userData: mkdtempSync(join(tmpdir(), 'mafia-desk-stale-')) })
    running = await launchShell(fake, { MAFIA_DESK_PORT: '0' })
    const active = await call(fake, 'game.active', {})
    if (!active.ok) throw new Error(JSON.stringify(active.error))
    const { gameId, view } = active.value as GameEnvelope
    const revision = view.revision

    const first = await call(fake, 'game.command', { gameId, command: { cmd: 'start' }, revision })
    expect(first.ok).toBe(true)
    const after = (first as { value: GameEnvelope }).value.view
    expect(after.revision).toBe(revision + 1)

    // The same key again, built on the view before the first one's effect.
    const second = await call(fake, 'game.command', { gameId, command: { cmd: 'next' }, revision })
    expect(second.ok).toBe(false)
    if (!second.ok) {
      expect(second.error.code).toBe('engine/stale_revision')
      expect(second.error.details).toEqual({ expected: revision, current: revision + 1 })
    }
    const now = await call(fake, 'game.view', { gameId })
    expect(now.ok && (now.value as GameEnvelope).view).toMatchObject({
      phase: 'zeroNight',
      revision: revision + 1,
    })

    // Built on the view the judge now sees: done.
    const next = await call(fake, 'game.command', {
      gameId,
      command: { cmd: 'next' },
      revision: revision + 1,
    })
    expect(next.ok && (next.value as GameEnvelope).view).toMatchObject({
      phase: 'day',
      revision: revision + 2,
    })
  })
})
