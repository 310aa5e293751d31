/**
 * The Electron shell wired to the real core (real SQLite in a temp folder, the real HTTP server on 127.0.0.1)
 * with a stand-in for the 'electron' module (tests/electron/fake-electron.ts): the defects of issue 17 as a
 * user would meet them — a busy port, a database that cannot be opened, choosing another display, quitting,
 * "open overlay", a second launch, a crashed overlay.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MenuItem } from '../../src/main/electron/menu'
import { IPC_PUSH_CHANNEL, ipcChannel, type CallName } from '../../src/shared/contract'
import {
  clickMenuItem,
  createFakeElectron,
  findMenuItem,
  launchShell,
  type FakeElectron,
} from './fake-electron'

let running: FakeElectron | null = null
const blockers: Server[] = []

async function launch(fake: FakeElectron, env: Record<string, string> = { MAFIA_DESK_PORT: '0' }) {
  running = await launchShell(fake, env)
  return fake
}

function fresh(): FakeElectron {
  return createFakeElectron({ userData: mkdtempSync(join(tmpdir(), 'mafia-desk-shell-')) })
}

async function quitAndWait(fake: FakeElectron): Promise<void> {
  fake.app.quit()
  await vi.waitFor(() => expect(fake.app.quitted).toBe(true), { timeout: 10_000 })
}

afterEach(async () => {
  if (running && !running.app.quitted && running.app.exitCode === null) await quitAndWait(running)
  running = null
  for (const b of blockers.splice(0)) await new Promise((r) => b.close(r))
  vi.unstubAllEnvs()
  vi.doUnmock('electron')
})

function lastMenu(fake: FakeElectron): MenuItem[] {
  return fake.menus.at(-1) as MenuItem[]
}

const findItem = findMenuItem
const click = clickMenuItem

function origin(fake: FakeElectron): string {
  return new URL(fake.windows[0].urls[0]).origin
}

async function call(fake: FakeElectron, senderIndex: number, name: CallName, params: unknown) {
  const win = fake.windows[senderIndex]
  const handler = fake.ipcHandlers.get(ipcChannel(name))!
  return (await handler(
    { sender: { id: win.webContents.id }, senderFrame: { url: win.urls.at(-1) } },
    params,
  )) as { ok: boolean; value?: unknown; error?: { code: string } }
}

function occupy(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      blockers.push(srv)
      resolve((srv.address() as { port: number }).port)
    })
  })
}

describe('Electron shell with the real core', () => {
  it('defect 1: a busy port moves to the next free one and the judge is told the real OBS URL', async () => {
    const busy = await occupy()
    const fake = await launch(fresh(), { MAFIA_DESK_PORT: String(busy) })
    const port = Number(new URL(origin(fake)).port)
    expect(port).toBeGreaterThan(busy)
    const obsUrl = `http://127.0.0.1:${port}/overlay`
    expect(fake.dialogs.some((d) => d.message.includes(obsUrl) && d.message.includes(String(busy)))).toBe(
      true,
    )
    expect(findItem(lastMenu(fake), 'obs-url')?.label).toContain(obsUrl)
    click(fake, 'obs-url-copy')
    expect(fake.copied).toEqual([obsUrl])
  })

  it('defect 1: a database that cannot be opened shows a dialog with what to do, never a silent exit', async () => {
    // userData is a file: the database cannot be created inside it.
    const notADir = join(mkdtempSync(join(tmpdir(), 'mafia-desk-shell-')), 'file')
    writeFileSync(notADir, 'x')
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never)
    const blocked = createFakeElectron({ userData: notADir })
    await launch(blocked)
    expect(exit).not.toHaveBeenCalled()
    exit.mockRestore()
    expect(blocked.app.exitCode).toBe(1)
    expect(blocked.dialogs).toHaveLength(1)
    expect(blocked.dialogs[0].type).toBe('error')
    expect(blocked.dialogs[0].title).toBe('Mafia Desk could not start')
    expect(blocked.dialogs[0].message).toContain(join(notADir, 'mafia-desk.sqlite'))
    expect(blocked.windows).toHaveLength(0)
  })

  it('first overlay: covers the primary display at its real size, transparent and not resizable', async () => {
    const fake = await launch(fresh())
    const overlay = fake.windows[1]
    expect(overlay.urls[0]).toMatch(/\/overlay\?layout=full$/)
    expect(overlay.getBounds()).toEqual({ x: 0, y: 0, width: 1366, height: 768 })
    expect(overlay.options.transparent).toBe(true)
    expect(overlay.options.resizable).toBe(false)
  })

  it('defect 2: choosing another display keeps the new overlay connected (IPC and pushes)', async () => {
    const fake = fresh()
    fake.displays.push({ id: 2, label: 'TV', bounds: { x: 1366, y: 0, width: 2560, height: 1440 } })
    await launch(fake)
    click(fake, 'overlay-display-2')
    const newOverlay = fake.windows[2]
    expect(newOverlay.getBounds()).toEqual({ x: 1366, y: 0, width: 2560, height: 1440 })
    // The old overlay's `closed` event arrives after the new window exists.
    await vi.waitFor(() => expect(fake.windows[1].destroyed).toBe(true))
    await new Promise((r) => setImmediate(r))
    const view = await call(fake, 2, 'overlay.view', {})
    expect(view.ok).toBe(true)
    const active = await call(fake, 0, 'game.active', {})
    const gameId = (active.value as { gameId: number }).gameId
    const before = newOverlay.webContents.sent.length
    expect((await call(fake, 0, 'game.command', { gameId, command: { cmd: 'start' } })).ok).toBe(true)
    await vi.waitFor(() => expect(newOverlay.webContents.sent.length).toBeGreaterThan(before))
    expect(newOverlay.webContents.sent.at(-1)![0]).toBe(IPC_PUSH_CHANNEL)
    expect(findItem(lastMenu(fake), 'overlay-toggle')?.label).toContain('Hide overlay')
    // The overlay still may not command.
    expect((await call(fake, 2, 'game.command', { gameId, command: { cmd: 'foul', seat: 2 } })).ok).toBe(
      false,
    )
  })

  it('a display unplugged moves the overlay to the primary one; a taskbar change does not recreate it', async () => {
    const fake = fresh()
    fake.displays.push({ id: 2, label: 'TV', bounds: { x: 1366, y: 0, width: 1920, height: 1080 } })
    await launch(fake)
    click(fake, 'overlay-display-2')
    expect(fake.windows).toHaveLength(3)
    fake.screen.emit('display-metrics-changed')
    expect(fake.windows).toHaveLength(3)
    fake.displays.pop()
    fake.screen.emit('display-removed')
    expect(fake.windows).toHaveLength(4)
    expect(fake.windows[3].getBounds()).toEqual({ x: 0, y: 0, width: 1366, height: 768 })
    expect(findItem(lastMenu(fake), 'overlay-display-2')).toBeUndefined()
  })

  it('defect 6: quit waits for the core to close (database checkpointed) before quitting', async () => {
    const fake = await launch(fresh())
    const active = await call(fake, 0, 'game.active', {})
    const gameId = (active.value as { gameId: number }).gameId
    await call(fake, 0, 'game.command', { gameId, command: { cmd: 'start' } })
    const dbFile = join(fake.app.getPath('userData'), 'mafia-desk.sqlite')
    expect(existsSync(`${dbFile}-wal`)).toBe(true)
    fake.app.quit()
    expect(fake.app.quitted).toBe(false)
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true), { timeout: 10_000 })
    // The last connection closed cleanly: SQLite checkpointed and removed the WAL file.
    expect(existsSync(`${dbFile}-wal`)).toBe(false)
  })

  it('defect 7: "open overlay" (target=_blank to our origin) opens the OBS URL in the default browser', async () => {
    const fake = await launch(fresh())
    const control = fake.windows[0].webContents
    const result = control.windowOpenHandler!({ url: `${origin(fake)}/overlay` })
    expect(result).toEqual({ action: 'deny' })
    expect(fake.opened).toEqual([`${origin(fake)}/overlay`])
    control.windowOpenHandler!({ url: 'https://evil.example/x' })
    control.windowOpenHandler!({ url: 'file:///etc/passwd' })
    expect(fake.opened).toHaveLength(1)
    click(fake, 'obs-url-open')
    expect(fake.opened).toEqual([`${origin(fake)}/overlay`, `${origin(fake)}/overlay`])
  })

  it('navigation, redirects and subframes stay on our origin; permissions are refused but clipboard writes', async () => {
    const fake = await launch(fresh())
    const wc = fake.windows[0].webContents
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      const outside = { url: 'https://evil.example/', preventDefault: vi.fn() }
      wc.emit(event, outside)
      expect(outside.preventDefault).toHaveBeenCalled()
      const inside = { url: `${origin(fake)}/overlay?preview=1`, preventDefault: vi.fn() }
      wc.emit(event, inside)
      expect(inside.preventDefault).not.toHaveBeenCalled()
    }
    expect(fake.permission.check!(null, 'media', origin(fake))).toBe(false)
    expect(fake.permission.check!(null, 'clipboard-sanitized-write', origin(fake))).toBe(true)
    expect(fake.permission.check!(null, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false)
    const cb = vi.fn()
    fake.permission.request!(null, 'notifications', cb, { requestingUrl: `${origin(fake)}/control` })
    expect(cb).toHaveBeenCalledWith(false)
  })

  it('a second launch restores a minimised control window', async () => {
    const fake = await launch(fresh())
    const control = fake.windows[0]
    control.minimized = true
    fake.app.emit('second-instance')
    expect(control.minimized).toBe(false)
    expect(control.focused).toBe(true)
  })

  it('a crashed overlay is reloaded and the judge is told', async () => {
    const fake = await launch(fresh())
    const overlay = fake.windows[1]
    overlay.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })
    expect(overlay.webContents.reloads).toBe(1)
    expect(fake.dialogs.at(-1)?.message).toContain('overlay crashed')
    overlay.webContents.emit('unresponsive')
    expect(overlay.webContents.crashes).toBe(1)
    expect(overlay.webContents.reloads).toBe(2)
    // The crash we forced to reload the hung page is not a second incident.
    const told = fake.dialogs.length
    overlay.webContents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 })
    expect(overlay.webContents.reloads).toBe(2)
    expect(fake.dialogs).toHaveLength(told)
  })

  it('a hung control panel: the judge chooses to wait or reload', async () => {
    const fake = await launch(fresh())
    const control = fake.windows[0]
    fake.dialogResponse = 1
    control.webContents.emit('unresponsive')
    expect(fake.dialogs.at(-1)?.message).toContain('control panel stopped responding')
    await vi.waitFor(() => expect(control.webContents.reloads).toBe(1))
    fake.dialogResponse = 0
    control.webContents.emit('unresponsive')
    await new Promise((r) => setImmediate(r))
    expect(control.webContents.reloads).toBe(1)
  })

  it('click-through is a menu shortcut and applies to the overlay', async () => {
    const fake = await launch(fresh())
    const item = findItem(lastMenu(fake), 'overlay-click-through')!
    expect(item.accelerator).toBe('CmdOrCtrl+Shift+T')
    click(fake, 'overlay-click-through', false)
    expect(fake.windows[1].ignoreMouse.at(-1)).toEqual([false, { forward: true }])
    expect(findItem(lastMenu(fake), 'overlay-click-through')!.checked).toBe(false)
  })
})
