/**
 * What each client receives for a command, through the real core (SQLite in a temp folder, the HTTP + WebSocket
 * server on 127.0.0.1, `ws` clients): one message per client per command, and an overlay whose frames depend only on
 * what the stream may see. Two games with the same public course but different hidden roles give the overlay
 * byte-identical frames (issue 13, item 4): a night entry hidden from the stream sends no push and steps no frame number.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { startCore, type Core } from '../../src/main/core'
import type { GameEnvelope, OverlayEnvelope } from '../../src/shared/contract'
import type { Command } from '../../src/shared/game/commands'
import type { CallName } from '../../src/shared/contract'
import { handleIpcCall, type IpcEventLike, type WindowRole } from '../../src/main/transport/ipc'
import { createReplyGate } from '../../src/main/transport/reply'
import type { RouteResult } from '../../src/main/transport/router'

const cores: Core[] = []
const sockets: WebSocket[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  for (const c of cores.splice(0)) await c.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function core(): Promise<Core> {
  const dir = mkdtempSync(join(tmpdir(), 'md-pushes-'))
  dirs.push(dir)
  // A fixed clock: timers carry `runningSince`, so two runs compare byte for byte only on the same clock.
  const c = await startCore({
    mode: 'headless',
    dbFile: join(dir, 'db.sqlite'),
    port: 0,
    staticDir: join(dir, 'none'),
    resourcesDir: join(dir, 'none'),
    version: 'test',
    clock: () => Date.UTC(2026, 10, 30, 12, 0, 0),
  })
  cores.push(c)
  return c
}

interface Client {
  frames: string[]
  call<T>(method: string, params?: unknown): Promise<T>
  /** Resolves when the server has answered everything sent so far and the pushes before the answer are in. */
  settle(): Promise<void>
}

/** A WebSocket client of the contract that records every frame it receives after the hello. */
async function connect(c: Core, query: string): Promise<Client> {
  const ws = new WebSocket(`${c.server.origin.replace(/^http/, 'ws')}/ws${query}`)
  sockets.push(ws)
  const frames: string[] = []
  const pending = new Map<number, (m: { ok: boolean; value?: unknown; error?: unknown }) => void>()
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject)
    ws.on('message', (data) => {
      const text = String(data)
      const msg = JSON.parse(text) as { type: string; id?: number; ok: boolean }
      if (msg.type === 'hello') return resolve()
      frames.push(text)
      if (msg.type === 'result' && typeof msg.id === 'number') pending.get(msg.id)?.(msg)
    })
  })
  let id = 0
  const call = <T>(method: string, params: unknown = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const i = ++id
      pending.set(i, (m) => (m.ok ? resolve(m.value as T) : reject(new Error(JSON.stringify(m.error)))))
      ws.send(JSON.stringify({ type: 'call', id: i, method, params }))
    })
  return {
    frames,
    call,
    // A ping is answered after every message the server sent before it.
    settle: () => new Promise<void>((resolve) => (ws.once('pong', () => resolve()), ws.ping())),
  }
}

const PLAYERS = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
  name,
}))

/** Day 1 to day 2: seat 5 is voted out, seat 1 is shot at night, best move, speeches and a foul. */
function course(night: Command[]): Command[] {
  const next: Command = { cmd: 'next' }
  return [
    { cmd: 'start' },
    next,
    { cmd: 'nominate', by: 1, target: 5 },
    next,
    { cmd: 'nominate', by: 2, target: 4 },
    ...Array.from({ length: 9 }, () => next),
    { cmd: 'vote', candidate: 5, voters: [1, 2, 3, 6, 7, 8, 9] },
    { cmd: 'vote', candidate: 4 },
    next,
    ...night,
    next,
    { cmd: 'bestMove', seats: [3, 8, 9] },
    next,
    { cmd: 'foul', seat: 2 },
    next,
  ]
}

/** Game A: seat 5 (voted out on day 1) was the sheriff, so the night has a shot and the don's check only. */
const GAME_A = {
  roles: { '3': 'don', '8': 'mafia', '9': 'mafia', '5': 'sheriff' },
  night: [
    { cmd: 'shot', target: 1 },
    { cmd: 'donCheck', target: 2 },
  ] as Command[],
}
/** Game B: the sheriff (seat 10) is alive and checks, the judge even takes a check back and enters it again. */
const GAME_B = {
  roles: { '3': 'don', '8': 'mafia', '9': 'mafia', '10': 'sheriff' },
  night: [
    { cmd: 'shot', target: 1 },
    { cmd: 'donCheck', target: 2 },
    { cmd: 'sheriffCheck', target: 6 },
    { cmd: 'undo' },
    { cmd: 'sheriffCheck', target: 3 },
  ] as Command[],
}

async function play(
  roles: Record<string, string>,
  night: Command[],
): Promise<{ overlay: string[]; revisions: number[]; log: number }> {
  const c = await core()
  const control = await connect(c, `?token=${encodeURIComponent(c.server.token)}`)
  const game = await control.call<GameEnvelope>('game.create', { rulesetId: 'fiim', players: PLAYERS, roles })
  // The overlay page's own subscription (see src/renderer/src/overlay/main.ts).
  const overlay = await connect(c, '?push=overlay.view')
  let env = game
  for (const command of course(night))
    env = await control.call('game.command', { gameId: game.gameId, command })
  await control.settle()
  await overlay.settle()
  const frameNumbers = overlay.frames.map(
    (f) => (JSON.parse(f) as { payload: OverlayEnvelope }).payload.frame,
  )
  return { overlay: overlay.frames, revisions: frameNumbers, log: env.view.revision }
}

describe('what a command sends', () => {
  it('the overlay gets byte-identical frames from two games that differ only in hidden roles', async () => {
    const a = await play(GAME_A.roles, GAME_A.night)
    const b = await play(GAME_B.roles, GAME_B.night)
    expect(b.log).toBeGreaterThan(a.log) // the judge entered more in game B…
    // …and the stream cannot tell: the same frames, byte for byte (reported compactly when they are not).
    const firstDifference = a.overlay.findIndex((frame, i) => frame !== b.overlay[i])
    expect({ frames: b.overlay.length, firstDifference }).toEqual({
      frames: a.overlay.length,
      firstDifference: -1,
    })
    expect(Buffer.from(b.overlay.join('\n')).equals(Buffer.from(a.overlay.join('\n')))).toBe(true)
    // One push per change the overlay can see, the frame number one step each: nothing for the night entries.
    expect(a.revisions).toEqual(a.revisions.map((_, i) => a.revisions[0] + i))
    expect(a.overlay.length).toBeLessThan(a.log)
  })

  it('one message per client per command: the reply to the judge, the view push to another panel, the overlay push', async () => {
    const c = await core()
    const token = encodeURIComponent(c.server.token)
    // As the control panel and the overlay page subscribe (src/renderer/src/*/main.ts).
    const panel = await connect(c, `?token=${token}&push=game.view,obs.status,overlay.controls`)
    const tablet = await connect(c, `?token=${token}&push=game.view,obs.status,overlay.controls`)
    const overlay = await connect(c, '?push=overlay.view')
    const active = await panel.call<GameEnvelope>('game.active')
    await panel.call('game.command', { gameId: active.gameId, command: { cmd: 'start' } })
    await panel.call('game.command', { gameId: active.gameId, command: { cmd: 'next' } })
    for (const cl of [panel, tablet, overlay]) await cl.settle()
    for (const cl of [panel, tablet, overlay]) cl.frames.length = 0

    const env = await panel.call<GameEnvelope>('game.command', {
      gameId: active.gameId,
      command: { cmd: 'foul', seat: 4 },
    })
    for (const cl of [panel, tablet, overlay]) await cl.settle()
    expect(panel.frames.map((f) => JSON.parse(f).type)).toEqual(['result'])
    expect(env.view.players[3].fouls).toBe(1)
    expect(tablet.frames.map((f) => JSON.parse(f).channel)).toEqual(['game.view'])
    expect(JSON.parse(tablet.frames[0]).payload).toEqual(env)
    expect(overlay.frames.map((f) => JSON.parse(f).channel)).toEqual(['overlay.view'])
    expect(JSON.parse(overlay.frames[0]).payload.view.players[3].fouls).toBe(1)

    // The overlay's settings reach the panels without the overlay's view; the overlay gets its new view.
    for (const cl of [panel, tablet, overlay]) cl.frames.length = 0
    const current = await panel.call<OverlayEnvelope>('overlay.view')
    await panel.call('overlay.setSettings', { ...current.settings, roles: 'shown' })
    for (const cl of [panel, tablet, overlay]) await cl.settle()
    expect(tablet.frames.map((f) => JSON.parse(f).channel)).toEqual(['overlay.controls'])
    expect(overlay.frames.map((f) => JSON.parse(f).channel)).toEqual(['overlay.view'])
    expect(JSON.parse(overlay.frames[0]).payload.view.rolesVisible).toBe(true)

    // A client that asks for nothing in particular still gets every push it may see (OBS browser docks, tools).
    const any = await connect(c, '')
    await panel.call('game.command', { gameId: active.gameId, command: { cmd: 'foul', seat: 5 } })
    await any.settle()
    expect(any.frames.map((f) => JSON.parse(f).channel)).toEqual(['overlay.view'])
  })
})

describe('what a command sends over Electron IPC', () => {
  it('the panel that sent the command gets its view once, in the reply; its other pushes and the overlay’s still go', async () => {
    const c = await core()
    const replies = createReplyGate<WindowRole>()
    // Which pushes would reach the panel window: the shell (src/main/electron/shell.ts) asks the same gate.
    const toPanel: string[] = []
    c.onPush((channel) => {
      if (!replies.skips('control', channel)) toPanel.push(channel)
    })
    const roles: Record<number, WindowRole> = { 1: 'control', 2: 'overlay' }
    const sender = (e: IpcEventLike): WindowRole | null => roles[e.sender.id] ?? null
    const call = (id: number, name: CallName, params: unknown): Promise<RouteResult> =>
      handleIpcCall(c.router, sender, name, { sender: { id } }, params, replies)
    const active = await call(1, 'game.active', {})
    if (!active.ok) throw new Error(JSON.stringify(active.error))
    const gameId = (active.value as GameEnvelope).gameId
    for (const command of [{ cmd: 'start' }, { cmd: 'next' }])
      await call(1, 'game.command', { gameId, command })
    toPanel.length = 0

    const foul = await call(1, 'game.command', { gameId, command: { cmd: 'foul', seat: 4 } })
    expect(foul.ok && (foul.value as GameEnvelope).view.players[3].fouls).toBe(1)
    expect(toPanel).toEqual(['overlay.view']) // the overlay window's push; no second game.view for the panel
    // Outside the panel's own call, a game view push reaches it (another client changed the game).
    expect(replies.skips('control', 'game.view')).toBe(false)
    // The overlay window's own read call does not hide the panel's pushes either.
    await replies.run('overlay', 'game.command', () => {
      expect(replies.skips('control', 'game.view')).toBe(false)
      expect(replies.skips('overlay', 'game.view')).toBe(true)
    })
  })
})

describe('the overlay of a game that is not the active one (the hub’s /overlay?table=N)', () => {
  /** The frames a table's overlay would get: the envelope whenever its frame number steps, while another game is active. */
  async function tableFrames(roles: Record<string, string>, night: Command[]): Promise<string[]> {
    const c = await core()
    const control = await connect(c, `?token=${encodeURIComponent(c.server.token)}`)
    const game = await control.call<GameEnvelope>('game.create', {
      rulesetId: 'fiim',
      players: PLAYERS,
      roles,
    })
    const other = await control.call<GameEnvelope>('game.create', { rulesetId: 'fiim', players: PLAYERS })
    expect(c.service.activeGameId()).toBe(other.gameId)
    const frames: string[] = []
    let shown = -1
    for (const command of course(night)) {
      await control.call('game.command', { gameId: game.gameId, command })
      const env = c.service.overlayOf(game.gameId)
      if (env.frame !== shown) frames.push(JSON.stringify(env))
      shown = env.frame
    }
    expect(c.service.activeGameId()).toBe(other.gameId)
    return frames
  }

  it('counts its own frames: two games that differ only in hidden entries give the same frames', async () => {
    const a = await tableFrames(GAME_A.roles, GAME_A.night)
    const b = await tableFrames(GAME_B.roles, GAME_B.night)
    const firstDifference = a.findIndex((frame, i) => frame !== b[i])
    expect({ frames: b.length, firstDifference }).toEqual({ frames: a.length, firstDifference: -1 })
    const revisions = a.map((f) => (JSON.parse(f) as OverlayEnvelope).frame)
    expect(revisions).toEqual(revisions.map((_, i) => revisions[0] + i))
  })
})
