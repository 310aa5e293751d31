/**
 * Issue 29 §2: the hall link is TLS with the hub's own certificate, pinned by the table from the pairing code.
 * A real hub (the headless core in LAN mode on 127.0.0.2) and a real table machine, each with its own SQLite file;
 * a fake hub on the hub's address with another certificate gets neither the token nor the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { generate } from 'selfsigned'
import { startCore, type Core } from '../../src/main/core'
import { call, coreBase, until } from './sync-kit'
import { AppError } from '../../src/shared/errors'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dir = mkdtempSync(join(tmpdir(), 'md-sync-tls-'))
const base = coreBase(dir)
const hubDb = join(dir, 'hub', 'db.sqlite')

let hub: Core
let table: Core
let hubPort = 0
let tournamentId = 0
let tableId = 0

const setup = (n: number) => ({
  rulesetId: 'fiim',
  players: FULL_GAME_PLAYERS.map((name) => ({ name })),
  roles: FULL_GAME_ROLES,
  number: n,
})

/** What "start round N" makes on the hub for table 1; the paired table pulls it (its local game id): a table plays
 * only the round's own game, pulled from the hub (a friendly game of the table never goes to the hub). */
async function seatAndPull(round: number, n: number): Promise<{ gameId: number; uuid: string }> {
  const roundId = hub.db.tournaments.listRounds(hub.db.tournaments.listStages(tournamentId)[0].id)[round - 1]
    .id
  const env = hub.service.createGame({ ...setup(n), tournamentId, roundId, tableId }, { open: false })
  const status = await call(table, 'sync.pull', {})
  const local = status.pulled!.find((g) => g.uuid === env.game.uuid)!
  return { gameId: local.gameId, uuid: env.game.uuid }
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (err) {
    if (err instanceof AppError) return err.code
    throw err
  }
  throw new Error('expected a refusal')
}

/** A machine on the hub's address with ANOTHER certificate: it records every decrypted byte a client sends. */
async function fakeHub(
  host: string,
  port: number,
): Promise<{ server: TlsServer; got: Buffer[]; tries: () => number }> {
  const made = await generate([{ name: 'commonName', value: 'Mafia Desk hub' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  })
  const got: Buffer[] = []
  let tries = 0
  const server = createTlsServer({ key: made.private, cert: made.cert }, (socket) => {
    socket.on('data', (d: Buffer) => got.push(d))
    socket.on('error', () => {})
  })
  server.on('connection', () => (tries += 1))
  server.on('tlsClientError', () => {})
  await new Promise<void>((r) => server.listen(port, host, r))
  return { server, got, tries: () => tries }
}

/** A machine on the hub's address speaking plain HTTP (a downgrade): it records every byte. */
async function plainFake(host: string, port: number): Promise<{ server: TcpServer; got: Buffer[] }> {
  const got: Buffer[] = []
  const server = createTcpServer((socket) => {
    socket.on('data', (d: Buffer) => got.push(d))
    socket.on('error', () => {})
  })
  await new Promise<void>((r) => server.listen(port, host, r))
  return { server, got }
}

beforeAll(async () => {
  hub = await startCore({ ...base, port: 0, lan: '127.0.0.2', dbFile: hubDb })
  hubPort = hub.server.port
  table = await startCore({ ...base, port: 0, dbFile: join(dir, 'table', 'db.sqlite') })
  const t = hub.db.tournaments.createTournament({ name: 'Кубок TLS' })
  tournamentId = t.id
  const stage = hub.db.tournaments.addStage(t.id, { kind: 'qualifying' })
  hub.db.tournaments.addRound(stage.id)
  hub.db.tournaments.addRound(stage.id)
  hub.db.tournaments.addRound(stage.id)
  tableId = hub.db.tournaments.addTable(t.id, { judge: 'Судья 1' }).id
})
afterAll(async () => {
  await table?.close()
  await hub?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the hub serves the hall over TLS with its own certificate', () => {
  it('the pairing code names the hall address over https with the certificate’s fingerprint', async () => {
    const status = await call(hub, 'sync.createToken', { tableId })
    expect(status.addresses).toEqual([`https://127.0.0.2:${hubPort}`])
    expect(status.fingerprint).toMatch(/^[a-z2-7]{52}$/)
    const code = status.tables[0].pairingUrl!
    expect(code).toBe(`https://127.0.0.2:${hubPort}/#t=${status.tables[0].token}&fp=${status.fingerprint}`)
    // The certificate and its key are kept with the secrets beside the database, never inside it.
    const secrets = JSON.parse(readFileSync(`${hubDb}.secrets.json`, 'utf8')) as Record<string, string>
    expect(secrets['hub.tls.key']).toContain('PRIVATE KEY')
    expect(readFileSync(hubDb).includes('PRIVATE KEY')).toBe(false)
  })

  it('pairing while the hub is unreachable says that pairing failed, and pairs nothing', async () => {
    const status = await call(hub, 'sync.status', { tournamentId })
    const wrongPort = status.tables[0].pairingUrl!.replace(`:${hubPort}/`, ':1/')
    expect(await refusal(call(table, 'sync.pair', { hubUrl: wrongPort }))).toBe('sync/pair_failed')
    expect(table.sync.sender.status().paired).toBe(false)
  })

  it('a code without the fingerprint, or over plain http to the hall, is refused before anything is sent', async () => {
    const status = await call(hub, 'sync.status', { tournamentId })
    const token = status.tables[0].token!
    expect(
      await refusal(call(table, 'sync.pair', { hubUrl: `https://127.0.0.2:${hubPort}/#t=${token}` })),
    ).toBe('sync/not_paired')
    // Plain HTTP to a hall address: refused by the table itself, no connection is made.
    expect(await refusal(call(table, 'sync.pair', { hubUrl: `http://192.0.2.1:${hubPort}/#${token}` }))).toBe(
      'sync/tls_required',
    )
    // Plain HTTP to the hub from another address (127.0.0.2 is not this machine's 127.0.0.1): the hub refuses it.
    expect(await refusal(call(table, 'sync.pair', { hubUrl: `http://127.0.0.2:${hubPort}/#${token}` }))).toBe(
      'transport/tls_required',
    )
    expect(table.sync.sender.status().paired).toBe(false)
  })

  it('the table pairs with the code (typed from the sheet: grouped, upper case) and pins the certificate', async () => {
    const status = await call(hub, 'sync.status', { tournamentId })
    const token = status.tables[0].token!
    const fp = status.fingerprint!
    const typed = `https://127.0.0.2:${hubPort}/#t=${token.toUpperCase().replace(/(.{4})/g, '$1-')}&fp=${fp.toUpperCase()}`
    const local = await call(table, 'sync.pair', { hubUrl: typed })
    expect(local).toMatchObject({ paired: true, tableNumber: 1, fingerprint: fp })
    const env = await seatAndPull(1, 1)
    for (const command of FULL_GAME.slice(0, 5))
      await call(table, 'game.command', { gameId: env.gameId, command })
    await until('drain over TLS', () => table.db.sync.pendingCount() === 0)
    expect(hub.db.games.loadGame(hub.db.games.getGameByUuid(env.uuid)!.id)!.log).toHaveLength(5)
  })
})

describe('a machine with another certificate on the hub’s address', () => {
  it('gets neither the token nor the outbox; the table keeps its outbox and says why', async () => {
    const env = await seatAndPull(2, 2)
    for (const command of FULL_GAME.slice(0, 2))
      await call(table, 'game.command', { gameId: env.gameId, command })
    await until('drain', () => table.db.sync.pendingCount() === 0)
    const token = hub.sync.codeOf(hub.db.sync.tableTokens(tournamentId)[0].tableId)!
    await hub.close()
    const fake = await fakeHub('127.0.0.2', hubPort)
    try {
      for (const command of FULL_GAME.slice(2))
        await call(table, 'game.command', { gameId: env.gameId, command })
      const pending = FULL_GAME.length - 2
      await until('the table to try the fake hub twice', () => fake.tries() >= 2)
      await until(
        'the table to name the fault',
        () => table.sync.sender.status().lastError?.code === 'sync/hub_identity',
      )
      // Not one byte of application data: no token, no batch, no forged acknowledgement can come back.
      expect(Buffer.concat(fake.got).length).toBe(0)
      expect(table.db.sync.pendingCount()).toBe(pending)
      expect(table.sync.sender.status()).toMatchObject({ paired: true, pending })
    } finally {
      await new Promise((r) => fake.server.close(r))
    }
    // A downgrade to plain HTTP on the same address gets a TLS hello, never the token.
    const plain = await plainFake('127.0.0.2', hubPort)
    try {
      await until('the table to try the plain fake', () => plain.got.length > 0)
      await new Promise((r) => setTimeout(r, 500))
      const bytes = Buffer.concat(plain.got)
      expect(bytes[0]).toBe(0x16) // a TLS handshake record
      expect(bytes.includes(Buffer.from('Bearer'))).toBe(false)
      expect(bytes.includes(Buffer.from(token))).toBe(false)
      expect(table.db.sync.pendingCount()).toBe(FULL_GAME.length - 2)
    } finally {
      await new Promise((r) => plain.server.close(r))
    }
    // The real hub again (same certificate, kept beside its database): the outbox drains.
    hub = await startCore({ ...base, port: hubPort, lan: '127.0.0.2', dbFile: hubDb })
    await until('drain to the real hub', () => table.db.sync.pendingCount() === 0, 30000)
    expect(hub.db.games.loadGame(hub.db.games.getGameByUuid(env.uuid)!.id)!.log).toEqual(
      table.db.games.loadGame(env.gameId)!.log,
    )
  })
})

describe('the hub’s identity is its certificate, not its address', () => {
  it('a new address keeps the pairing when it shows the pinned certificate; another certificate is refused', async () => {
    const pinned = table.sync.sender.status().fingerprint
    await hub.close()
    hub = await startCore({ ...base, port: 0, lan: '127.0.0.3', dbFile: hubDb })
    const moved = `https://127.0.0.3:${hub.server.port}`
    // The address alone (no token): the pairing, its token and its pin are kept.
    const local = await call(table, 'sync.pair', { hubUrl: moved })
    expect(local).toMatchObject({ paired: true, hubUrl: moved, fingerprint: pinned })
    const env = await seatAndPull(3, 3)
    await call(table, 'game.command', { gameId: env.gameId, command: FULL_GAME[0] })
    await until('drain at the new address', () => table.db.sync.pendingCount() === 0)
    expect(hub.db.games.loadGame(hub.db.games.getGameByUuid(env.uuid)!.id)!.log).toHaveLength(1)
    // A machine with another certificate at yet another address: refused, the pairing stays where it was.
    const fake = await fakeHub('127.0.0.4', 0)
    const port = (fake.server.address() as { port: number }).port
    try {
      expect(await refusal(call(table, 'sync.pair', { hubUrl: `https://127.0.0.4:${port}` }))).toBe(
        'sync/hub_identity',
      )
      expect(Buffer.concat(fake.got).length).toBe(0)
      expect(table.sync.sender.status()).toMatchObject({ hubUrl: moved, fingerprint: pinned })
    } finally {
      await new Promise((r) => fake.server.close(r))
    }
  })
})
