/**
 * The real core (SQLite in a temp folder, headless) for the tournament tests, with the contract called as the
 * control panel calls it: `call` (throws on a refusal), `refusal` (the refusal's code and texts) and `tournament`
 * (a new tournament with registered players and a qualifying stage). Registers its own beforeAll / afterAll.
 */
import { afterAll, beforeAll } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'
import type { CallName, CallOutput } from '../../src/shared/contract'
import type { TournamentDetail } from '../../src/shared/tournament-ops'

export interface TournamentCore {
  /** The running core (after beforeAll). */
  core(): Core
  call<K extends CallName>(name: K, params: unknown): Promise<CallOutput<K>>
  refusal(name: CallName, params: unknown): Promise<{ code: string; ru: string; en: string }>
  /** A tournament named `${name} N` with `players` new players (`${nick}N-1`…) and a qualifying stage. */
  tournament(players: number, games: number, tables?: number): Promise<TournamentDetail>
}

export function tournamentCore(prefix: string, name: string, nick: string): TournamentCore {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  let core: Core
  beforeAll(async () => {
    core = await startCore({
      staticDir: join(dir, 'none'),
      resourcesDir: join(dir, 'none'),
      version: 'test',
      port: 0,
      mode: 'headless',
      dbFile: join(dir, 'db.sqlite'),
    })
  })
  afterAll(async () => {
    await core?.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const call = async <K extends CallName>(callName: K, params: unknown): Promise<CallOutput<K>> => {
    const r = await core.router.dispatch(callName, params, 'control')
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message.en}`)
    return r.value as CallOutput<K>
  }
  const refusal = async (
    callName: CallName,
    params: unknown,
  ): Promise<{ code: string; ru: string; en: string }> => {
    const r = await core.router.dispatch(callName, params, 'control')
    if (r.ok) throw new Error(`${callName} should have failed`)
    return { code: r.error.code, ru: r.error.message.ru, en: r.error.message.en }
  }
  let made = 0
  const tournament = async (players: number, games: number, tables = 1): Promise<TournamentDetail> => {
    const tag = ++made
    const t = await call('tournaments.create', { name: `${name} ${tag}`, rulesetId: 'fiim', tables })
    const csv = ['nickname', ...Array.from({ length: players }, (_, i) => `${nick}${tag}-${i + 1}`)].join(
      '\n',
    )
    await call('tournaments.importPlayers', { tournamentId: t.id, csv })
    return call('stages.create', { tournamentId: t.id, kind: 'qualifying', games })
  }
  return { core: () => core, call, refusal, tournament }
}
