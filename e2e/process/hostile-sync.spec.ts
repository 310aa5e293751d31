/**
 * Issue 29 "Done when": a real hub server process (LAN mode over TLS on 127.0.0.31) and a real table server process,
 * paired with the pairing code. A hostile machine of the hall holding a real table token then sends every hostile
 * case of issue 29 §1–§4 to the hub's /sync over TLS; each is refused with its typed code (4xx, never a 500),
 * written to the hub's log, and the hub's acknowledged record (games, entries, results, bound machines) is byte
 * for byte the same afterwards. Last, a fake hub with another certificate takes the hub's address: the table
 * sends it nothing, takes no forged acknowledgement and keeps its outbox.
 */
import { test, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as httpsRequest } from 'node:https'
import { createServer as createTlsServer } from 'node:tls'
import Database from 'better-sqlite3'
import { generate } from 'selfsigned'
import { openDatabase } from '../../src/main/db'
import { execute, restore, type GameSetup, type LogEntry } from '../../src/main/engine'
import { BUILTIN_RULESETS } from '../../src/shared/game/ruleset'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../../tests/fixtures/full-game'
import { ContractClient } from '../../scripts/serve-process'
import { startServer, type TestServer } from '../helpers/server'

const HUB = '127.0.0.31'
/** The hostile machine's own address on the hall (its failures must not shut out the real table). */
const HOSTILE = '127.0.0.32'
const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-e2e-hostile-'))
const hubDb = join(dir, 'hub.sqlite')
const SETUP: GameSetup = {
  ruleset: BUILTIN_RULESETS.fiim,
  players: FULL_GAME_PLAYERS.map((name) => ({ name })),
  roles: Object.fromEntries(
    Array.from({ length: 10 }, (_, k) => [k + 1, FULL_GAME_ROLES[String(k + 1)] ?? 'civilian']),
  ),
} as GameSetup

let hub: TestServer
let table: TestServer
let hubClient: ContractClient
let tableClient: ContractClient
let port = 0
const cup = { id: 0, uuid: '' }
/** Games seated on the hub: the table's (round 1), one of a closed round, one for the two-machine case. */
const games = { played: { id: 0, uuid: '' }, closed: { id: 0, uuid: '' }, twoMachines: { id: 0, uuid: '' } }
const tokens = { a: '', b: '', archived: '' }
let archived = { uuid: '', game: '' }
/** Commands of FULL_GAME the table machine has played so far, and its game's id there. */
let played = 0
let localGame = 0

test.beforeAll(async () => {
  test.setTimeout(90_000)
  // The hub's tournament as the head judge prepared it: round 1 (open), round 2 (closed), two tables; a second,
  // archived tournament. Table tokens are issued here (the database keeps their hashes; the test keeps the codes).
  const db = await openDatabase(hubDb)
  const t = db.tournaments.createTournament({ name: 'Кубок зала', endsOn: '2999-12-31' })
  cup.id = t.id
  cup.uuid = t.uuid
  const stage = db.tournaments.addStage(t.id, { kind: 'qualifying' })
  const round1 = db.tournaments.addRound(stage.id)
  const round2 = db.tournaments.addRound(stage.id)
  const tableA = db.tournaments.addTable(t.id, { judge: 'Анна' })
  const tableB = db.tournaments.addTable(t.id, { judge: 'Борис' })
  const seat = (roundId: number, tableId: number, number: number) => {
    const g = db.games.createGame({ tournamentId: t.id, roundId, tableId, number, setup: SETUP })
    return { id: g.id, uuid: g.uuid }
  }
  games.played = seat(round1.id, tableA.id, 1)
  games.twoMachines = seat(round1.id, tableB.id, 2)
  games.closed = seat(round2.id, tableA.id, 3)
  db.tournaments.markRoundFinished(round2.id, { force: true })
  tokens.a = db.sync.createToken(tableA.id)
  tokens.b = db.sync.createToken(tableB.id)
  const old = db.tournaments.createTournament({ name: 'Прошлый кубок', endsOn: '2999-12-31' })
  const oldTable = db.tournaments.addTable(old.id, { judge: 'Вера' })
  const oldRound = db.tournaments.addRound(db.tournaments.addStage(old.id, { kind: 'qualifying' }).id)
  archived = {
    uuid: old.uuid,
    game: db.games.createGame({
      tournamentId: old.id,
      roundId: oldRound.id,
      tableId: oldTable.id,
      number: 1,
      setup: SETUP,
    }).uuid,
  }
  tokens.archived = db.sync.createToken(oldTable.id)
  db.tournaments.archiveTournament(old.id, true)
  db.close()

  hub = await startServer({ dir, dbFile: hubDb, args: ['--lan', HUB] })
  port = Number(new URL(hub.origin).port)
  hubClient = new ContractClient(`ws://127.0.0.1:${port}/ws?token=${hub.token}`)
  await hubClient.ready
  table = await startServer()
  tableClient = new ContractClient(`${table.origin.replace('http', 'ws')}/ws?token=${table.token}`)
  await tableClient.ready
  // The table pairs with the printed code (the hub's certificate pinned by its fingerprint) and plays 3 commands.
  const { fingerprint } = await hubClient.call<{ fingerprint: string }>('sync.status', {
    tournamentId: cup.id,
  })
  await tableClient.call('sync.pair', { hubUrl: `https://${HUB}:${port}/#t=${tokens.a}&fp=${fingerprint}` })
  const pulled = await tableClient.call<{ pulled: Array<{ uuid: string; gameId: number }> }>('sync.pull', {})
  localGame = pulled.pulled.find((g) => g.uuid === games.played.uuid)!.gameId
  await play(3)
  await expect.poll(() => hubLog(games.played.id).length, { timeout: 20_000 }).toBe(3)
})

test.afterAll(async () => {
  hubClient?.close()
  tableClient?.close()
  await table?.stop()
  await hub?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** The table's judge plays the next `n` commands of FULL_GAME on the table machine. */
async function play(n: number): Promise<void> {
  for (const command of FULL_GAME.slice(played, played + n)) {
    await tableClient.call('game.command', { gameId: localGame, command })
    played += 1
  }
}

/** The table machine's own id, as its pushes name it (a hostile machine holding its token can copy it too). */
function machineOf(server: TestServer): string {
  const db = new Database(server.dbFile, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').get('sync.machine') as
      { value: string } | undefined
    return row ? (JSON.parse(row.value) as string) : ''
  } finally {
    db.close()
  }
}

/** The hub's acknowledged record, read from its database file: what no refused request may change. */
function acknowledged(): string {
  const db = new Database(hubDb, { readonly: true, fileMustExist: true })
  try {
    return JSON.stringify([
      db.prepare('SELECT id, uuid, status, winner, setup FROM games ORDER BY id').all(),
      db.prepare('SELECT * FROM game_events ORDER BY game_id, seq').all(),
      db.prepare('SELECT * FROM game_results ORDER BY game_id, seat').all(),
      db.prepare('SELECT * FROM sync_remote_games ORDER BY game_id').all(),
    ])
  } finally {
    db.close()
  }
}

/** The hub's stored log of one game (its entries' JSON), from its database file. */
function hubLog(gameId: number): string[] {
  const db = new Database(hubDb, { readonly: true, fileMustExist: true })
  try {
    return (
      db.prepare('SELECT * FROM game_events WHERE game_id = ? ORDER BY seq').all(gameId) as object[]
    ).map((r) => JSON.stringify(r))
  } finally {
    db.close()
  }
}

/** A POST to the hub's /sync over TLS from the hostile machine's address: status and typed error code. */
function post(path: string, token: string, body: unknown): Promise<{ status: number; code: string | null }> {
  const text = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      `https://${HUB}:${port}${path}`,
      {
        method: 'POST',
        localAddress: HOSTILE,
        rejectUnauthorized: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          Authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let out = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (out += c))
        res.on('end', () => {
          let code: string | null
          try {
            const json = JSON.parse(out) as { ok: boolean; error?: { code: string } }
            code = json.ok ? null : (json.error?.code ?? '?')
          } catch {
            code = `unparsed: ${out.slice(0, 80)}`
          }
          resolve({ status: res.statusCode ?? 0, code })
        })
      },
    )
    req.on('error', reject)
    req.end(text)
  })
}

/** Entries the engine makes for `commands` on the fresh setup, with moments from `at0`. */
function entriesFrom(at0: number, n: number): LogEntry[] {
  let g = restore(SETUP, [])
  return FULL_GAME.slice(0, n).map((c, i) => {
    const r = execute(g, { ...c, at: at0 + i })
    if (!r.ok) throw new Error(r.error.code)
    g = r.game
    return r.entry
  })
}

/** Expects a refusal with `code` that the hub logged and that left its acknowledged record as it was. */
async function refused(
  what: string,
  send: () => Promise<{ status: number; code: string | null }>,
  code: RegExp,
): Promise<void> {
  const before = acknowledged()
  const logged = hub.output().length
  const r = await send()
  expect(r.status, what).toBeGreaterThanOrEqual(400)
  expect(r.status, what).toBeLessThan(500)
  expect(r.code ?? '', what).toMatch(code)
  await expect
    // A code refused again within the refusal log's flush window (5 s) is logged at the flush, as «×N more».
    .poll(() => hub.output().slice(logged).includes(r.code!), { message: `${what}: logged`, timeout: 15_000 })
    .toBe(true)
  expect(acknowledged(), what).toBe(before)
}

test('every hostile push of issue 29 is refused across processes, typed and logged; nothing acknowledged changes', async () => {
  test.setTimeout(60_000)
  // The next entry the table would send (the engine's own, on the hub's log as exported), to be spoilt below.
  const file = await hubClient.call<{ base64: string }>('data.export', { gameId: games.played.id })
  const doc = JSON.parse(Buffer.from(file.base64, 'base64').toString('utf8')) as {
    games: Array<{ uuid: string; log: LogEntry[] }>
  }
  const log = doc.games.find((g) => g.uuid === games.played.uuid)!.log
  expect(log).toHaveLength(3)
  const next = execute(restore(SETUP, log), { ...FULL_GAME[3], at: log[2].at + 1000 })
  if (!next.ok) throw new Error(next.error.code)
  const good = next.entry
  const machine = machineOf(table)
  expect(machine).not.toBe('')
  const pushOf = (entry: unknown) => ({
    tournament: cup.uuid,
    gameUuid: games.played.uuid,
    fromSeq: 4,
    entries: [entry],
    machine,
  })
  const spoilt: Array<[string, unknown]> = [
    ['a 200,000-character comment', { ...good, command: { cmd: 'comment', text: 'ы'.repeat(200_000) } }],
    ['an unknown command', { ...good, command: { cmd: 'nope' } }],
    ['a prototype key as command', { ...good, command: { cmd: '__proto__' } }],
    [
      'a __proto__ key inside the command',
      JSON.parse(`{"seq":4,"command":{"cmd":"foul","seat":5,"__proto__":{"x":1}}}`),
    ],
    ['a seat as a string', { ...good, command: { cmd: 'foul', seat: '5', at: good.at } }],
    [
      'a timer of 1e308 s',
      { ...good, command: { cmd: 'timer', action: 'add', seconds: 1e308, at: good.at } },
    ],
    ['a moment of 1e300', { ...good, command: { ...good.command, at: 1e300 }, at: 1e300 }],
    ['a moment of -1e300', { ...good, command: { ...good.command, at: -1e300 }, at: -1e300 }],
    ['forged events', { ...good, events: [{ type: 'gameDecided', winner: 'black' }] }],
  ]
  for (const [what, entry] of spoilt)
    await refused(
      what,
      () => post('/sync/push', tokens.a, pushOf(entry)),
      /^sync\/(malformed|replay_refused|replay_mismatch)$/,
    )

  // Setups no panel could make, for a game the hub does not know yet: no game is made.
  const players = SETUP.players.map((p) => ({ name: p.name }))
  const setups: Array<[string, unknown]> = [
    ['12 players', { ...SETUP, players: [...players, { name: 'X' }, { name: 'Y' }] }],
    ['1 player', { ...SETUP, players: players.slice(0, 1) }],
    ['no roles', { ...SETUP, roles: {} }],
    ['two dons', { ...SETUP, roles: { ...SETUP.roles, 5: 'don', 2: 'don' } }],
  ]
  for (const [what, setup] of setups)
    await refused(
      what,
      () =>
        post('/sync/push', tokens.a, {
          tournament: cup.uuid,
          gameUuid: '11111111-1111-4111-8111-111111111111',
          fromSeq: 1,
          entries: [],
          game: { setup, number: 9, createdAt: 1 },
        }),
      /^sync\/malformed$/,
    )

  // `pending: 1e15` in the table's hello.
  await refused('pending 1e15', () => post('/sync/hello', tokens.a, { pending: 1e15 }), /^sync\/malformed$/)

  // A push to a game of a closed round, and with the token of an archived tournament's table.
  const first = entriesFrom(5_000, 1)
  await refused(
    'a push to a closed round',
    () =>
      post('/sync/push', tokens.a, {
        tournament: cup.uuid,
        gameUuid: games.closed.uuid,
        fromSeq: 1,
        entries: first,
      }),
    /^sync\/locked$/,
  )
  await refused(
    'a push to an archived tournament (its tokens end with the archiving)',
    () =>
      post('/sync/push', tokens.archived, {
        tournament: archived.uuid,
        gameUuid: archived.game,
        fromSeq: 1,
        entries: first,
      }),
    /^sync\/bad_token$/,
  )

  // One writer is one machine: table B's game is bound to the first machine that sends it.
  const [mine, theirs] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb']
  const two = (machine: string, entries: LogEntry[], fromSeq: number) =>
    post('/sync/push', tokens.b, {
      tournament: cup.uuid,
      gameUuid: games.twoMachines.uuid,
      fromSeq,
      entries: entries.slice(fromSeq - 1),
      machine,
    })
  const ours = entriesFrom(10_000, 3)
  expect(await two(mine, ours, 1)).toEqual({ status: 200, code: null })
  await refused(
    'another machine with the same code',
    () => two(theirs, entriesFrom(20_000, 4), 1),
    /^sync\/other_machine$/,
  )
  // The table's own machine (restored from an old backup) sends another entry 3: a conflict, decided for it.
  const restored = [
    ...ours.slice(0, 2),
    { ...ours[2], at: ours[2].at + 7, command: { ...ours[2].command, at: ours[2].at + 7 } },
  ]
  await refused('a differing entry', () => two(mine, restored, 3), /^sync\/conflict$/)
  const conflicts = await hubClient.call<Array<{ id: number; gameUuid: string }>>('sync.conflicts', {
    tournamentId: cup.id,
  })
  const conflict = conflicts.find((c) => c.gameUuid === games.twoMachines.uuid)!
  await hubClient.call('sync.resolveConflict', {
    conflictId: conflict.id,
    resolution: 'acceptTable',
    reason: 'стол прав',
  })
  expect(await two(mine, restored, 3)).toMatchObject({ status: 200 })
  // After the decision, the other machine still never lands on top of the table's log.
  await refused(
    'another machine after a decided conflict',
    () => two(theirs, [...restored, entriesFrom(20_000, 4)[3]], 4),
    /^sync\/other_machine$/,
  )

  // The real table was never shut out by the hostile machine's failures: its next command still reaches the hub.
  await play(1)
  await expect.poll(() => hubLog(games.played.id).length, { timeout: 20_000 }).toBe(4)
})

test('a fake hub with another certificate on the hub’s address gets nothing, and its acknowledgement is never taken', async () => {
  test.setTimeout(60_000)
  await hub.stop()
  const before = acknowledged()
  // Another certificate on the same address and port; it would acknowledge everything (a forged ack).
  const made = await generate([{ name: 'commonName', value: 'Mafia Desk hub' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  })
  const got: Buffer[] = []
  let tries = 0
  const fake = createTlsServer({ key: made.private, cert: made.cert }, (socket) => {
    socket.on('data', (d: Buffer) => {
      got.push(d)
      socket.end(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{"ok":true,"value":{"acknowledged":999}}',
      )
    })
    socket.on('error', () => {})
  })
  fake.on('connection', () => (tries += 1))
  fake.on('tlsClientError', () => {})
  await new Promise<void>((r) => fake.listen(port, HUB, r))
  try {
    await play(2)
    await expect.poll(() => tries, { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    await expect
      .poll(
        async () =>
          (await tableClient.call<{ lastError: { code: string } | null }>('sync.local', {})).lastError
            ?.code ?? null,
        { timeout: 20_000 },
      )
      .toBe('sync/hub_identity')
    // Not one byte of application data went there, so no token and no batch; nothing was taken as acknowledged.
    expect(Buffer.concat(got).length).toBe(0)
    expect(await tableClient.call('sync.local', {})).toMatchObject({ paired: true, pending: 2 })
    expect(table.output()).toContain('sync/hub_identity')
  } finally {
    await new Promise((r) => fake.close(r))
  }
  expect(acknowledged()).toBe(before)
})
