/**
 * Table tokens at rest (issue 29 §2): the hub's database keeps only each token's SHA-256, so a copy of the file
 * pairs no machine; migration 9 hashes the tokens earlier versions stored in plain text, and they keep working.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LATEST_VERSION, openDatabase, tokenHash } from '../../src/main/db'
import { base32 } from '../../src/shared/base32'
import { removeDir, tempDir } from './helpers'

let dir: string
beforeEach(() => {
  dir = tempDir()
})
afterEach(() => removeDir(dir))

/** Every byte of the database (its WAL included, when one is left). */
function fileBytes(file: string): Buffer {
  const wal = `${file}-wal`
  return Buffer.concat([fs.readFileSync(file), fs.existsSync(wal) ? fs.readFileSync(wal) : Buffer.alloc(0)])
}

async function hubWithTable(file: string) {
  const db = await openDatabase(file)
  const t = db.tournaments.createTournament({ name: 'Кубок', endsOn: '2999-12-31' })
  const table = db.tournaments.addTable(t.id, { number: 1 })
  return { db, tableId: table.id }
}

describe('table tokens at rest', () => {
  it('the database keeps only the SHA-256 of a token; the token (in any accepted spelling) still grants', async () => {
    const file = path.join(dir, 'hub.sqlite')
    const { db, tableId } = await hubWithTable(file)
    const token = db.sync.createToken(tableId)
    expect(token).toMatch(/^[a-z2-7]{32}$/)
    expect(db.sync.grant(token)).toMatchObject({ tableId, tableNumber: 1 })
    const grouped = token.toUpperCase().replace(/(.{4})(?!$)/g, '$1-')
    expect(db.sync.grant(grouped)?.tableId).toBe(tableId)
    expect(db.sync.grant(base32(crypto.randomBytes(20)))).toBeNull()
    // What the database lists is the hash, never the code.
    const [row] = db.sync.tableTokens(db.tournaments.getTable(tableId)!.tournamentId)
    expect(row.tokenHash).toBe(tokenHash(token))
    expect(row).not.toHaveProperty('token')
    expect(JSON.stringify(db.connection.prepare('SELECT * FROM sync_tokens').all())).not.toContain(token)
    db.close()
    const bytes = fileBytes(file)
    expect(bytes.includes(Buffer.from(token))).toBe(false)
    expect(bytes.includes(Buffer.from(tokenHash(token)))).toBe(true)
  })

  it('migration 9 hashes the plain tokens of a version-8 file; they keep working; the plain text leaves the file', async () => {
    const file = path.join(dir, 'old.sqlite')
    const { db, tableId } = await hubWithTable(file)
    const revoked = db.sync.createToken(tableId)
    const live = db.sync.createToken(tableId) // revokes the first
    db.close()
    // The same file as version 8 wrote it: the column named `token`, the tokens in plain text.
    const raw = new Database(file)
    raw.exec('ALTER TABLE sync_tokens RENAME COLUMN token_hash TO token')
    raw.exec('DROP TABLE tournament_awards') // migration 10's table: not in a version-8 file
    raw.exec('DROP TABLE appeal_events') // migration 11's tables: not in a version-8 file either
    raw.exec('DROP TABLE appeals')
    raw.prepare('UPDATE sync_tokens SET token = ? WHERE token = ?').run(revoked, tokenHash(revoked))
    raw.prepare('UPDATE sync_tokens SET token = ? WHERE token = ?').run(live, tokenHash(live))
    raw.pragma('user_version = 8')
    raw.close()
    expect(fileBytes(file).includes(Buffer.from(live))).toBe(true)

    const migrated = await openDatabase(file)
    expect(migrated.connection.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(migrated.listBackups()[0].reason).toBe(`before-migration-v8-to-v${LATEST_VERSION}`)
    expect(migrated.sync.grant(live)?.tableId).toBe(tableId)
    expect(migrated.sync.grant(revoked)).toBeNull()
    const stored = migrated.connection.prepare('SELECT token_hash FROM sync_tokens ORDER BY created_at').all()
    expect(stored).toEqual(
      expect.arrayContaining([{ token_hash: tokenHash(live) }, { token_hash: tokenHash(revoked) }]),
    )
    migrated.close()
    const bytes = fileBytes(file)
    expect(bytes.includes(Buffer.from(live))).toBe(false)
    expect(bytes.includes(Buffer.from(revoked))).toBe(false)
  })
})
