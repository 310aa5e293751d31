/**
 * The whole app against real OBS: the judge's commands through the contract move OBS through the mapped scenes;
 * OBS killed mid-game never fails a command, and after OBS comes back the app reconnects by itself and puts
 * OBS on the scene of the current moment. The password never comes back to a renderer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OBSWebSocket } from 'obs-websocket-js'
import { startCore, type Core } from '../../src/main/core'
import type { CallName, CallOutput } from '../../src/shared/contract'
import { ObsInstance, requireObsOrSkip } from './obs-env'
import { TEST_MAP, TEST_SCENES } from './game-script'

const available = requireObsOrSkip()

async function call<K extends CallName>(core: Core, name: K, params: unknown): Promise<CallOutput<K>> {
  const r = await core.router.dispatch(name, params, 'control')
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message.en}`)
  return r.value as CallOutput<K>
}

async function until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await probe().catch(() => null)
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.skipIf(!available)('the app drives real OBS', () => {
  let obs: ObsInstance
  let core: Core
  const dir = mkdtempSync(join(tmpdir(), 'md-obs-app-'))
  const monitor = new OBSWebSocket()

  async function programScene(): Promise<string> {
    const r = await monitor.call('GetCurrentProgramScene')
    return r.currentProgramSceneName
  }

  beforeAll(async () => {
    obs = await ObsInstance.start({ scenes: [...TEST_SCENES], startScene: 'Break' })
    await monitor.connect(obs.url, obs.password)
    core = await startCore({
      mode: 'headless',
      dbFile: join(dir, 'db.sqlite'),
      port: 0,
      staticDir: join(dir, 'none'),
      resourcesDir: join(dir, 'none'),
      version: 'test',
    })
  }, 60_000)

  afterAll(async () => {
    await monitor.disconnect().catch(() => {})
    await core?.close()
    obs?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('follows the game, survives OBS being killed, and reconnects onto the current scene', async () => {
    const saved = await call(core, 'obs.saveSettings', {
      url: obs.url,
      password: obs.password,
      autoSwitch: true,
      map: TEST_MAP,
    })
    expect(saved.passwordSet).toBe(true)
    expect(JSON.stringify(saved)).not.toContain(obs.password)
    expect(JSON.stringify(await call(core, 'obs.settings', {}))).not.toContain(obs.password)
    const status = await call(core, 'obs.connect', {})
    expect(status.state).toBe('connected')
    expect(await call(core, 'obs.scenes', {})).toEqual(expect.arrayContaining(['Day', 'Voting', 'Night']))

    const gameId = (
      await call(core, 'game.create', {
        rulesetId: 'fiim',
        players: ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay'].map((name) => ({
          name,
        })),
        roles: { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' },
      })
    ).gameId
    const cmd = (command: Record<string, unknown>) => call(core, 'game.command', { gameId, command })

    await cmd({ cmd: 'start' })
    await until('zero night scene', async () => (await programScene()) === 'Zero night')
    await cmd({ cmd: 'next' })
    await until('speech scene', async () => (await programScene()) === 'Speech')
    await cmd({ cmd: 'next' })
    await cmd({ cmd: 'next' })
    await until('seat 3 close-up', async () => (await programScene()) === 'Seat 3')

    // OBS dies mid-game: every command still succeeds and the panel learns why.
    await monitor.disconnect().catch(() => {})
    await obs.killObs()
    for (let i = 0; i < 7; i++) await cmd({ cmd: 'next' })
    const down = await until('error status', async () => {
      const s = await call(core, 'obs.status', {})
      return s.state !== 'connected' ? s : null
    })
    expect(down.reason?.ru).toBeTruthy()
    const view = (await call(core, 'game.active', {}))!.view
    expect(view.step).toBe('speech')
    expect(view.speaker).toBe(10)

    // OBS comes back: the app reconnects within 5 s and OBS shows the current moment's scene.
    await obs.startObs()
    await until('reconnected', async () => (await call(core, 'obs.status', {})).state === 'connected', 60_000)
    await monitor.connect(obs.url, obs.password)
    await until('speech scene after reconnect', async () => (await programScene()) === 'Speech')

    // A scene missing in OBS gives the clear warning naming it, and the game goes on (no nominee: night falls).
    await call(core, 'obs.saveSettings', { map: { ...TEST_MAP, night: 'No such scene' } })
    await cmd({ cmd: 'next' })
    expect((await call(core, 'game.active', {}))!.view.phase).toBe('night')
    const warned = await until('missing-scene warning', async () => {
      const st = await call(core, 'obs.status', {})
      return st.warningCode === 'obs/scene_missing' ? st : null
    })
    expect(warned.warning?.en).toContain('No such scene')
    expect(warned.warning?.ru).toContain('No such scene')
    await cmd({ cmd: 'shot', target: null })
  }, 90_000)
})
