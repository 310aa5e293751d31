/**
 * Issue 29 §7: one door into a game's log. Random schema-shaped entries — real command names with odd fields
 * (seats as strings, fractions, huge numbers, long and empty text, keys no command has), arbitrary values, honest
 * or forged events, odd moments — go through all three doors of a real core: the judge's `game.command`, a
 * table's `/sync/push` (straight into the hub) and `data.import`. Whatever each door accepts or refuses, every
 * game the database then holds is one the engine could have made: its setup passes the setup check and its whole
 * log replays through the engine with exactly its stored events (and every refusal is a typed error).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { startCore, type Core } from '../../src/main/core'
import { execute, restore, type GameSetup, type LogEntry } from '../../src/main/engine'
import { verifyGame } from '../../src/main/engine/verify'
import { commandSchema } from '../../src/shared/game/commands'
import type { SyncPush } from '../../src/shared/sync'
import { AppError } from '../../src/shared/errors'
import { call, coreBase } from './sync-kit'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-three-doors-'))
let core: Core
let tournamentUuid = ''
let pushed = { id: 0, uuid: '' }
let panel = 0
let template = ''
const GENERIC = new Set(['app/internal', 'db/internal', 'db/constraint', 'sync/internal'])

const seatish = fc.oneof(
  fc.integer({ min: 1, max: 10 }),
  fc.integer({ min: 1, max: 10 }),
  fc.constantFrom(0, 11, -1, 1.5, '5', null, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
)
const textish = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', 'a\u0000b', 'ы'.repeat(1001), 'x'.repeat(20_000)),
)
const numberish = fc.oneof(
  fc.integer({ min: -700, max: 700 }),
  fc.constantFrom(1e308, -1e300, 0.5, Number.MAX_SAFE_INTEGER),
)
/** A command, now and then with a key no command has. */
const maybeEvil = <T extends Record<string, unknown>>(shape: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 9, arbitrary: shape },
    {
      weight: 1,
      arbitrary: fc.tuple(shape, fc.anything({ maxDepth: 1 })).map(([c, evil]) => ({ ...c, evil })),
    },
  )
/** Commands shaped like the real ones (each with its own fields, filled with odd values), and anything at all. */
const commandish = fc.oneof(
  maybeEvil(
    fc.record({ cmd: fc.constantFrom('start', 'next', 'undo', 'redo', 'withdraw', 'nope', '__proto__') }),
  ),
  maybeEvil(fc.record({ cmd: fc.constantFrom('foul', 'unfoul', 'techFoul', 'teamDefeat'), seat: seatish })),
  maybeEvil(fc.record({ cmd: fc.constant('nominate'), target: seatish })),
  maybeEvil(fc.record({ cmd: fc.constantFrom('shot', 'donCheck', 'sheriffCheck'), target: seatish })),
  maybeEvil(
    fc.record({ cmd: fc.constant('vote'), candidate: seatish, voters: fc.array(seatish, { maxLength: 4 }) }),
  ),
  maybeEvil(fc.record({ cmd: fc.constant('liftAll'), yes: fc.array(seatish, { maxLength: 4 }) })),
  maybeEvil(fc.record({ cmd: fc.constant('bestMove'), seats: fc.array(seatish, { maxLength: 4 }) })),
  maybeEvil(
    fc.record({
      cmd: fc.constant('timer'),
      action: fc.constantFrom('start', 'pause', 'add', 'x'),
      seconds: numberish,
    }),
  ),
  maybeEvil(fc.record({ cmd: fc.constant('comment'), text: textish })),
  maybeEvil(fc.record({ cmd: fc.constant('remove'), seat: seatish, reason: textish })),
  maybeEvil(
    fc.record({ cmd: fc.constant('extraPoints'), seat: seatish, points: numberish, reason: textish }),
  ),
  fc.anything({ maxDepth: 2 }),
)
/** One entry: a command, honest (the engine's) or forged events, a moment (real or odd), a place in the log. */
const entryish = fc.record({
  command: commandish,
  honest: fc.boolean(),
  forged: fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 2 }),
  at: fc.oneof(fc.constant(null), fc.constantFrom(-1, 1e300, 0.25, Number.NaN)),
  seqShift: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: -2, max: 2 })),
})
type Entryish = { command: unknown; honest: boolean; forged: unknown[]; at: number | null; seqShift: number }

/** The entry a door receives, built on top of a game whose log is `log` (the honest events when it can). */
function entryFor(setup: GameSetup, log: LogEntry[], e: Entryish, now: number): Record<string, unknown> {
  const at = e.at ?? now
  const seq = log.length + 1 + e.seqShift
  let events: unknown[] = e.forged
  // The honest table: the events its engine made of a command it accepted (a valid one).
  const valid = commandSchema.safeParse(typeof e.command === 'object' ? { ...e.command, at } : e.command)
  if (e.honest && valid.success) {
    const r = execute(restore(setup, log), valid.data)
    if (r.ok) events = r.entry.events
  }
  const command = typeof e.command === 'object' && e.command !== null ? { ...e.command, at } : e.command
  return { seq, command, events, at }
}

/** A refusal must be typed: never a generic error of a case nobody checked. */
function typed(err: unknown): string {
  if (!(err instanceof AppError)) throw err
  expect(GENERIC.has(err.code), `${err.code}: ${err.message}`).toBe(false)
  return err.code
}

beforeAll(async () => {
  core = await startCore({ ...coreBase(dir), port: 0, dbFile: join(dir, 'db.sqlite') })
  const t = core.db.tournaments.createTournament({ name: 'Три двери' })
  tournamentUuid = t.uuid
  const round = core.db.tournaments.addRound(core.db.tournaments.addStage(t.id, { kind: 'qualifying' }).id).id
  const tableA = core.db.tournaments.addTable(t.id, { judge: 'Анна' }).id
  const tableB = core.db.tournaments.addTable(t.id, { judge: 'Борис' }).id
  await call(core, 'sync.createToken', { tableId: tableA })
  const seat = (tableId: number) =>
    core.service.createGame(
      {
        rulesetId: 'fiim',
        players: FULL_GAME_PLAYERS.map((name) => ({ name })),
        roles: FULL_GAME_ROLES,
        tournamentId: t.id,
        roundId: round,
        tableId,
        number: 1,
      },
      { open: false },
    )
  const a = seat(tableA)
  pushed = { id: a.gameId, uuid: a.game.uuid }
  panel = seat(tableB).gameId
  // Both tournament games begun (zero night over, day 1 under way), so that many odd commands apply.
  for (const command of FULL_GAME.slice(0, 3)) await call(core, 'game.command', { gameId: panel, command })
  let log: LogEntry[] = []
  for (const command of FULL_GAME.slice(0, 3)) {
    const r = execute(restore(core.db.games.getGame(pushed.id)!.setup as GameSetup, log), {
      ...command,
      at: Date.now(),
    })
    if (!r.ok) throw new Error(r.error.code)
    log = [...log, r.entry]
  }
  const grant = core.db.sync.grant(core.sync.codeOf(core.db.sync.tableTokens(t.id)[0].tableId)!)!
  core.sync.hub.push(grant, {
    tournament: t.uuid,
    gameUuid: pushed.uuid,
    fromSeq: 1,
    entries: log as SyncPush['entries'],
  })
  // A friendly game of the panel, played a few steps: the template of every imported file.
  const friendly = await call(core, 'game.create', {
    rulesetId: 'fiim',
    players: FULL_GAME_PLAYERS.map((name) => ({ name: `${name}-f` })),
    roles: FULL_GAME_ROLES,
  })
  for (const command of FULL_GAME.slice(0, 3))
    await call(core, 'game.command', { gameId: friendly.gameId, command })
  template = Buffer.from(
    (await call(core, 'data.export', { gameId: friendly.gameId })).base64,
    'base64',
  ).toString('utf8')
})
afterAll(async () => {
  await core?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('three doors, one check', () => {
  it('whatever enters through game.command, /sync/push or data.import, the engine could have made', async () => {
    const grant = core.db.sync.grant(
      core.sync.codeOf(core.db.sync.tableTokens(core.db.games.getGame(pushed.id)!.tournamentId!)[0].tableId)!,
    )!
    let imported = 0
    await fc.assert(
      fc.asyncProperty(entryish, fc.uuid({ version: 4 }), async (e, uuid) => {
        // 1. The judge's panel.
        const r = await core.router.dispatch('game.command', { gameId: panel, command: e.command }, 'control')
        if (!r.ok) expect(GENERIC.has(r.error.code), JSON.stringify(r.error)).toBe(false)

        // 2. A table's push, on top of what the hub holds.
        const hubGame = core.db.games.loadGame(pushed.id)!
        const setup = hubGame.game.setup as GameSetup
        const entry = entryFor(setup, hubGame.log as LogEntry[], e, Date.now())
        const body = {
          tournament: tournamentUuid,
          gameUuid: pushed.uuid,
          fromSeq: Number(entry.seq),
          entries: [entry],
        }
        try {
          core.sync.hub.push(grant, body as unknown as SyncPush)
        } catch (err) {
          typed(err)
        }

        // 3. An exchange file: the template's game under a new uuid, with the entry after its log.
        const doc = JSON.parse(template) as {
          games: Array<{ uuid: string; setup: GameSetup; log: LogEntry[] }>
        }
        const g = doc.games[0]
        g.uuid = uuid
        g.log.push(entryFor(g.setup, g.log, e, g.log.at(-1)!.at + 1000) as unknown as LogEntry)
        const imp = await core.router.dispatch('data.import', { text: JSON.stringify(doc) }, 'control')
        if (!imp.ok) expect(GENERIC.has(imp.error.code), JSON.stringify(imp.error)).toBe(false)
        else imported++
      }),
      { numRuns: 300, seed: 2029 },
    )
    // Every game in the database: a valid setup and a log the engine replays with exactly its stored events.
    for (const row of core.db.games.listGames({})) {
      const loaded = core.db.games.loadGame(row.id)!
      const check = verifyGame(loaded.game.setup, loaded.log)
      expect(
        check.ok ? 'ok' : JSON.stringify(check.error) + JSON.stringify(loaded.log.at(-1)),
        `game ${row.id}`,
      ).toBe('ok')
    }
    // The doors took something, too (the property is not true only because everything was refused).
    expect(core.db.games.loadGame(pushed.id)!.log.length, 'pushes stored').toBeGreaterThan(3)
    expect(core.db.games.loadGame(panel)!.log.length, 'commands stored').toBeGreaterThan(3)
    expect(imported, 'imports stored').toBeGreaterThan(0)
  }, 120_000)
})
