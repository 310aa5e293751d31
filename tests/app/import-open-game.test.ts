/**
 * A game prepared on this machine, open in the panel and on the stream, is played on another machine and its file
 * is imported here: the import replaces the placeholder (same uuid), and the server's copy in memory must follow —
 * the panel and the overlay get the played game, and a judge's command is answered for that game, not refused
 * against a stale copy ("entry 1 is already in the log").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/app/core'
import type { CallName, CallOutput, PushName } from '../../src/shared/contract'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-import-open-'))
let here: Core
let there: Core
const base = {
  staticDir: join(dir, 'none'),
  resourcesDir: join(dir, 'none'),
  version: 'test',
  port: 0,
} as const

async function call<K extends CallName>(core: Core, name: K, params: unknown): Promise<CallOutput<K>> {
  const r = await core.router.dispatch(name, params, 'control')
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message.en}`)
  return r.value as CallOutput<K>
}
const fileOf = (f: { base64: string }): string => Buffer.from(f.base64, 'base64').toString('utf8')

beforeAll(async () => {
  here = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'here', 'db.sqlite') })
  there = await startCore({ ...base, mode: 'headless', dbFile: join(dir, 'there', 'db.sqlite') })
})
afterAll(async () => {
  await here?.close()
  await there?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Prepares a game here, opens it, has it played there and returns the played game's file. */
async function playedElsewhere(): Promise<{ gameId: number; uuid: string; file: string }> {
  const players = Array.from({ length: 10 }, (_, i) => ({ name: `Игрок ${i + 1}`, playerId: null }))
  const env = await call(here, 'game.create', { rulesetId: 'fiim', players, roles: { ...FULL_GAME_ROLES } })
  await call(here, 'game.open', { gameId: env.gameId })
  await call(there, 'data.import', { text: fileOf(await call(here, 'data.export', { gameId: env.gameId })) })
  const copy = (await call(there, 'game.list', {})).find((g) => g.uuid === env.game.uuid)!
  for (const command of FULL_GAME) await call(there, 'game.command', { gameId: copy.id, command })
  return {
    gameId: env.gameId,
    uuid: env.game.uuid,
    file: fileOf(await call(there, 'data.export', { gameId: copy.id })),
  }
}

describe('importing the played game of an open placeholder', () => {
  it('the panel, the overlay and the commands take the played game (the same id)', async () => {
    const { gameId, file } = await playedElsewhere()
    const pushes: Array<{ channel: PushName; payload: unknown }> = []
    const off = here.onPush((channel, payload) => pushes.push({ channel, payload }))
    await call(here, 'data.import', { text: file })
    off()
    const active = await call(here, 'game.active', {})
    expect(active).toMatchObject({ gameId, game: { status: 'finished', winner: 'red' } })
    expect(
      pushes.some(
        (p) => p.channel === 'game.view' && (p.payload as typeof active)?.game.status === 'finished',
      ),
    ).toBe(true)
    const overlay = await call(here, 'overlay.view', {})
    expect(overlay.view?.phase).toBe('finished')
    const r = await here.router.dispatch('game.command', { gameId, command: { cmd: 'start' } }, 'control')
    expect(r.ok ? 'ok' : r.error.code).toBe('engine/game_over')
  })

  it('the active game follows its uuid when the played game gets another id', async () => {
    const { gameId, uuid, file } = await playedElsewhere()
    // A game created after the placeholder: the imported game cannot take the placeholder's id again.
    const players = Array.from({ length: 10 }, (_, i) => ({ name: `Запасной ${i + 1}`, playerId: null }))
    await call(here, 'game.create', { rulesetId: 'fiim', players, roles: { ...FULL_GAME_ROLES } })
    await call(here, 'game.open', { gameId })
    await call(here, 'data.import', { text: file })
    const active = await call(here, 'game.active', {})
    expect(active?.game.uuid).toBe(uuid)
    expect(active?.gameId).not.toBe(gameId)
    expect(active?.game.status).toBe('finished')
    expect((await call(here, 'overlay.view', {})).view?.phase).toBe('finished')
  })
})
