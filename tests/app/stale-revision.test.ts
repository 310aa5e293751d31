/**
 * A command is built on the view the judge saw (issue 28 §1): `game.command` carries the revision of that view, and
 * the server refuses a command built on a revision the game has left with `engine/stale_revision`, changing nothing.
 * Through the real core (SQLite in a temp folder, the HTTP + WebSocket server on 127.0.0.1, a `ws` client); the same
 * refusal over Electron IPC is in tests/electron/stale-revision.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { startCore, type Core } from '../../src/main/core'
import type { GameEnvelope } from '../../src/shared/contract'
import type { AppErrorData } from '../../src/shared/errors'

const cores: Core[] = []
const sockets: WebSocket[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  for (const c of cores.splice(0)) await c.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

type Reply = { ok: true; value: unknown } | { ok: false; error: AppErrorData }

async function start(): Promise<{ core: Core; call: (method: string, params: unknown) => Promise<Reply> }> {
  const dir = mkdtempSync(join(tmpdir(), 'md-stale-'))
  dirs.push(dir)
  const core = await startCore({
    mode: 'headless',
    dbFile: join(dir, 'db.sqlite'),
    port: 0,
    staticDir: join(dir, 'none'),
    resourcesDir: join(dir, 'none'),
    version: 'test',
  })
  cores.push(core)
  const url = `${core.server.origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(core.server.token)}`
  const ws = new WebSocket(url)
  sockets.push(ws)
  const pending = new Map<number, (r: Reply) => void>()
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: number } & Reply
      if (msg.type === 'hello') resolve()
      if (msg.type === 'result' && typeof msg.id === 'number') pending.get(msg.id)?.(msg)
    })
  })
  let id = 0
  const call = (method: string, params: unknown): Promise<Reply> =>
    new Promise((resolve) => {
      const i = ++id
      pending.set(i, resolve)
      ws.send(JSON.stringify({ type: 'call', id: i, method, params }))
    })
  return { core, call }
}

const PLAYERS = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
  name,
}))
const ROLES = { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' }

function value<T>(r: Reply): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error))
  return r.value as T
}

describe('game.command over WebSocket carries the revision of the view it was built on', () => {
  it('refuses a command built on an old revision with engine/stale_revision and changes nothing', async () => {
    const { call } = await start()
    const game = value<GameEnvelope>(
      await call('game.create', { rulesetId: 'fiim', players: PLAYERS, roles: ROLES }),
    )
    const gameId = game.gameId
    expect(game.view.revision).toBe(0)
    const started = value<GameEnvelope>(
      await call('game.command', { gameId, command: { cmd: 'start' }, revision: 0 }),
    )
    expect(started.view.revision).toBe(1)
    const day = value<GameEnvelope>(
      await call('game.command', { gameId, command: { cmd: 'next' }, revision: 1 }),
    )
    expect(day.view).toMatchObject({ revision: 2, phase: 'day', speaker: 1 })

    // The second Enter of a double press: built on revision 1, after the first one moved the game to 2.
    const stale = await call('game.command', { gameId, command: { cmd: 'next' }, revision: 1 })
    expect(stale.ok).toBe(false)
    if (!stale.ok) {
      expect(stale.error.code).toBe('engine/stale_revision')
      expect(stale.error.details).toEqual({ expected: 1, current: 2 })
      expect(stale.error.message.ru).not.toBe('')
      expect(stale.error.message.en).not.toBe('')
    }
    // Nothing changed: the same speaker, the same revision.
    const now = value<GameEnvelope>(await call('game.view', { gameId }))
    expect(now.view).toMatchObject({ revision: 2, speaker: 1 })
    // A revision from the future is as stale as one from the past.
    const ahead = await call('game.command', { gameId, command: { cmd: 'foul', seat: 4 }, revision: 7 })
    expect(!ahead.ok && ahead.error.code).toBe('engine/stale_revision')
    expect(value<GameEnvelope>(await call('game.view', { gameId })).view.players[3].fouls).toBe(0)
  })

  it('of two commands sent at once on the same view, exactly one is done', async () => {
    const { call } = await start()
    const game = value<GameEnvelope>(
      await call('game.create', { rulesetId: 'fiim', players: PLAYERS, roles: ROLES }),
    )
    const gameId = game.gameId
    await call('game.command', { gameId, command: { cmd: 'start' }, revision: 0 })
    await call('game.command', { gameId, command: { cmd: 'next' }, revision: 1 })
    // Two fouls on the same view, not waiting for the first reply (a double press of F).
    const [a, b] = await Promise.all([
      call('game.command', { gameId, command: { cmd: 'foul', seat: 4 }, revision: 2 }),
      call('game.command', { gameId, command: { cmd: 'foul', seat: 4 }, revision: 2 }),
    ])
    expect([a.ok, b.ok]).toEqual([true, false])
    expect(!b.ok && b.error.code).toBe('engine/stale_revision')
    const view = value<GameEnvelope>(await call('game.view', { gameId })).view
    expect(view).toMatchObject({ revision: 3 })
    expect(view.players[3].fouls).toBe(1)
    // Undo twice on the same view: one undo.
    const [u1, u2] = await Promise.all([
      call('game.command', { gameId, command: { cmd: 'undo' }, revision: 3 }),
      call('game.command', { gameId, command: { cmd: 'undo' }, revision: 3 }),
    ])
    expect([u1.ok, u2.ok]).toEqual([true, false])
    const undone = value<GameEnvelope>(await call('game.view', { gameId })).view
    expect(undone.players[3].fouls).toBe(0)
    expect(undone).toMatchObject({ phase: 'day', speaker: 1, revision: 4 })
  })

  it('a command without a revision (scripts, the CLI, tools) applies to the game as it is', async () => {
    const { call } = await start()
    const game = value<GameEnvelope>(
      await call('game.create', { rulesetId: 'fiim', players: PLAYERS, roles: ROLES }),
    )
    const started = value<GameEnvelope>(
      await call('game.command', { gameId: game.gameId, command: { cmd: 'start' } }),
    )
    expect(started.view.revision).toBe(1)
  })

  it('a revision that is not a whole number ≥ 0 is refused as invalid, never run', async () => {
    const { call } = await start()
    const game = value<GameEnvelope>(
      await call('game.create', { rulesetId: 'fiim', players: PLAYERS, roles: ROLES }),
    )
    for (const revision of [-1, 0.5, '0', null, 'latest']) {
      const r = await call('game.command', { gameId: game.gameId, command: { cmd: 'start' }, revision })
      expect(r.ok, JSON.stringify(revision)).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('contract/invalid_params')
    }
    expect(value<GameEnvelope>(await call('game.view', { gameId: game.gameId })).view.phase).toBe('setup')
  })
})
