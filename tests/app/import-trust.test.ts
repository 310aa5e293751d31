/**
 * Issue 29 §1 and §7, the import door: a game is checked against its tournament's ruleset (or a shipped one),
 * never the copy inside the file — a widened copy cannot carry +9 extra points into the standings; the same game
 * under a new uuid is recognised as a duplicate, not counted twice; players' text goes through the registry's
 * checks (a NUL in a nickname, a 100,000-character club are refused as registration refuses them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { startCore, type Core } from '../../src/main/core'
import { execute, restore, type GameSetup, type LogEntry } from '../../src/main/engine'
import { BUILTIN_RULESETS, type Ruleset } from '../../src/shared/game/ruleset'
import type { Command } from '../../src/shared/game/commands'
import { call, coreBase } from './sync-kit'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-import-trust-'))
let core: Core
let tournamentId = 0
let roundId = 0
let tables: number[] = []

interface Doc {
  players: Array<{ id: number; nickname: string; club: string }>
  games: Array<{ uuid: string; setup: GameSetup; log: LogEntry[]; results: unknown[]; status: string }>
}

/** The exchange file of a game prepared on table `i` (its setup, no log). */
async function prepared(i: number): Promise<{ id: number; doc: Doc }> {
  const env = core.service.createGame(
    {
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: FULL_GAME_ROLES,
      tournamentId,
      roundId,
      tableId: tables[i],
      number: i + 1,
    },
    { open: false },
  )
  const file = await call(core, 'data.export', { gameId: env.gameId })
  return { id: env.gameId, doc: JSON.parse(Buffer.from(file.base64, 'base64').toString('utf8')) as Doc }
}

/** The game of `doc` played elsewhere under `ruleset`, with extra points for seat 1 at the end. */
function play(doc: Doc, ruleset: Ruleset, extra: number): Doc {
  const g = doc.games[0]
  const setup: GameSetup = { ...g.setup, ruleset }
  let game = restore(setup, [])
  const commands: Command[] = [
    ...FULL_GAME,
    { cmd: 'extraPoints', seat: 1, points: extra, reason: 'за красоту' },
  ]
  commands.forEach((c, i) => {
    const r = execute(game, { ...c, at: 1_900_000_000_000 + i * 1000 })
    if (!r.ok) throw new Error(`${c.cmd}: ${r.error.code}`)
    game = r.game
  })
  return { ...doc, games: [{ ...g, setup, log: game.log, status: 'finished' }] }
}

/** Seat 1's player's total in the tournament's standings. */
const seat1Points = async (): Promise<number> => {
  const s = await call(core, 'standings.get', { tournamentId })
  return s.overall.find((r) => r.name === FULL_GAME_PLAYERS[0])?.total ?? 0
}

beforeAll(async () => {
  core = await startCore({ ...coreBase(dir), port: 0, dbFile: join(dir, 'db.sqlite') })
  const t = core.db.tournaments.createTournament({ name: 'Кубок импорта', ruleset: BUILTIN_RULESETS.fiim })
  tournamentId = t.id
  roundId = core.db.tournaments.addRound(core.db.tournaments.addStage(t.id, { kind: 'qualifying' }).id).id
  tables = [1, 2, 3].map((n) => core.db.tournaments.addTable(t.id, { judge: `Судья ${n}` }).id)
})
afterAll(async () => {
  await core?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('an imported game is checked against the tournament’s ruleset', () => {
  it('a widened copy of the ruleset with +9 extra points is refused; the standings do not move', async () => {
    const { id, doc } = await prepared(0)
    const widened: Ruleset = {
      ...BUILTIN_RULESETS.fiim,
      scoring: { ...BUILTIN_RULESETS.fiim.scoring, extraMax: 10 },
    }
    const before = await seat1Points()
    const r = await core.router.dispatch(
      'data.import',
      { text: JSON.stringify(play(doc, widened, 9)) },
      'control',
    )
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'db/import_invalid_game', details: { rulesetId: 'fiim' } },
    })
    expect(core.db.games.loadGame(id)!.log).toHaveLength(0)
    expect(await seat1Points()).toBe(before)
  })

  it('the same game under its tournament’s ruleset is taken; under a new uuid it is a duplicate', async () => {
    const { id, doc } = await prepared(1)
    const honest = play(doc, BUILTIN_RULESETS.fiim, 0.5)
    const before = await seat1Points()
    await call(core, 'data.import', { text: JSON.stringify(honest) })
    expect(core.db.games.loadGame(id)!.log).toHaveLength(FULL_GAME.length + 1)
    const counted = await seat1Points()
    expect(counted).toBeGreaterThan(before)
    // The very same game again, under a fresh uuid (and as if on a third table).
    const copy = { ...honest, games: [{ ...honest.games[0], uuid: randomUUID() }] }
    const again = await core.router.dispatch('data.import', { text: JSON.stringify(copy) }, 'control')
    expect(again).toMatchObject({ ok: false, error: { code: 'db/import_duplicate' } })
    expect(core.db.games.getGameByUuid(copy.games[0].uuid)).toBeNull()
    expect(await seat1Points()).toBe(counted)
  })
})

describe('players’ text goes through the registry’s checks', () => {
  it('a NUL in a nickname and a 100,000-character club are refused; nothing is stored', async () => {
    const doc = play((await prepared(2)).doc, BUILTIN_RULESETS.fiim, 0.1)
    const withPlayers = (p: Partial<Doc['players'][number]>): Doc => ({
      ...doc,
      players: [{ id: 1, nickname: 'Новичок', club: '', ...p }],
    })
    const players = core.db.players.listPlayers().length
    for (const bad of [{ nickname: 'Ни\u0000к' }, { club: 'к'.repeat(100_000) }]) {
      const r = await core.router.dispatch(
        'data.import',
        { text: JSON.stringify(withPlayers(bad)) },
        'control',
      )
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(bad).slice(0, 40)).toBe('db/invalid_input')
    }
    expect(core.db.players.listPlayers()).toHaveLength(players)
    // The same file with honest text is taken.
    await call(core, 'data.import', { text: JSON.stringify(withPlayers({ club: 'Клуб' })) })
    expect(core.db.players.findPlayerByNickname('Новичок')).toMatchObject({ club: 'Клуб' })
  })
})
