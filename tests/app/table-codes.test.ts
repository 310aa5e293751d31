/**
 * The hub's table codes (issue 29 §2): the database keeps each token's hash only; the code the organiser prints is
 * kept in the secrets file beside the certificate. A copy of the database alone pairs no machine and shows no code;
 * a live token whose code is not kept says so (re-issue it to print it) and still works.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'
import { call, coreBase } from './sync-kit'

let dir = ''
const open: Core[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mafia-codes-'))
})
afterEach(async () => {
  for (const c of open.splice(0)) await c.close()
  rmSync(dir, { recursive: true, force: true })
})

async function hubAt(folder: string): Promise<Core> {
  mkdirSync(join(dir, folder), { recursive: true })
  const core = await startCore({ ...coreBase(dir), port: 0, dbFile: join(dir, folder, 'db.sqlite') })
  open.push(core)
  return core
}

const bytesOf = (file: string): string =>
  readFileSync(file).toString('latin1') +
  (existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`).toString('latin1') : '')

describe('the hub keeps table codes beside its certificate, not in the database', () => {
  it('a code issued is shown and printed from the secrets file; the database holds its hash only', async () => {
    const hub = await hubAt('hub')
    const t = hub.db.tournaments.createTournament({ name: 'Кубок', endsOn: '2999-12-31' })
    const tableId = hub.db.tournaments.addTable(t.id, { number: 1 }).id
    const status = await call(hub, 'sync.createToken', { tableId })
    const row = status.tables.find((x) => x.tableId === tableId)!
    expect(row.token).toMatch(/^[a-z2-7]{32}$/)
    expect(row.pairingUrl).toContain(row.token!)
    expect(row.codeLost).toBe(false)
    const code = row.token!
    expect(hub.sync.codeOf(tableId)).toBe(code)
    expect(hub.db.sync.grant(code)?.tableId).toBe(tableId)
    const dbFile = join(dir, 'hub', 'db.sqlite')
    expect(readFileSync(`${dbFile}.secrets.json`, 'utf8')).toContain(code)
    expect(bytesOf(dbFile)).not.toContain(code)
    // Shown again after a restart (the printed sheet of all codes still works).
    await hub.close()
    open.splice(0)
    const again = await hubAt('hub')
    expect((await call(again, 'sync.status', { tournamentId: t.id })).tables[0]).toMatchObject({
      token: code,
      codeLost: false,
    })
    // Revoked: the code leaves the secrets file too.
    await call(again, 'sync.revokeToken', { tableId })
    expect(readFileSync(`${dbFile}.secrets.json`, 'utf8')).not.toContain(code)
    expect((await call(again, 'sync.status', { tournamentId: t.id })).tables[0]).toMatchObject({
      token: null,
      pairingUrl: null,
      codeLost: false,
    })
  })

  it('a copy of the database without its secrets file shows no code, says to re-issue it, and the token still works', async () => {
    const hub = await hubAt('hub')
    const t = hub.db.tournaments.createTournament({ name: 'Кубок', endsOn: '2999-12-31' })
    const tableId = hub.db.tournaments.addTable(t.id, { number: 1 }).id
    const code = (await call(hub, 'sync.createToken', { tableId })).tables[0].token!
    await hub.close()
    open.splice(0)
    mkdirSync(join(dir, 'copy'))
    copyFileSync(join(dir, 'hub', 'db.sqlite'), join(dir, 'copy', 'db.sqlite'))
    const copy = await hubAt('copy')
    const row = (await call(copy, 'sync.status', { tournamentId: t.id })).tables[0]
    expect(row).toMatchObject({ token: null, pairingUrl: null, codeLost: true })
    expect(copy.sync.codeOf(tableId)).toBeNull()
    expect(copy.db.sync.grant(code)?.tableId).toBe(tableId)
    // Re-issued: a new code, shown; the old one stops working.
    const fresh = (await call(copy, 'sync.createToken', { tableId })).tables[0]
    expect(fresh.codeLost).toBe(false)
    expect(fresh.token).not.toBe(code)
    expect(copy.db.sync.grant(code)).toBeNull()
  })
})
