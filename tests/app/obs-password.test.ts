/**
 * Issue 13 §9: the OBS password is kept in the secret store (headless: an owner-only file next to the database;
 * desktop: the OS keychain), never in the database, so it is in no backup. A password stored in the database by
 * an older version moves to the store on the first start.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { ObsBridge } from '../../src/main/app/obs-bridge'
import { FileSecretStore } from '../../src/main/app/secret-store'

const dirs: string[] = []
const open: Array<{ db: MafiaDb; bridge: ObsBridge }> = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.bridge.stop()
    o.db.close()
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function bridgeOn(file: string): Promise<{ db: MafiaDb; bridge: ObsBridge; secrets: FileSecretStore }> {
  const db = await openDatabase(file)
  const secrets = new FileSecretStore(file)
  const bridge = new ObsBridge(db, { secrets })
  open.push({ db, bridge })
  return { db, bridge, secrets }
}

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'md-obs-password-'))
  dirs.push(dir)
  return join(dir, 'db.sqlite')
}

describe('the OBS password', () => {
  it('is kept in the secret store, not in the database, and read back on the next start', async () => {
    const file = tempDb()
    const first = await bridgeOn(file)
    first.bridge.saveSettings({ password: 'крот-42' })
    expect(JSON.stringify(first.db.settings.getSetting('obs'))).not.toContain('крот-42')
    expect(first.secrets.get('obs.password')).toBe('крот-42')
    expect(readFileSync(file, 'latin1')).not.toContain('42')
    expect(statSync(first.secrets.file).mode & 0o077).toBe(0)
    await first.bridge.stop()
    first.db.close()
    open.splice(0)

    const again = await bridgeOn(file)
    expect(again.bridge.settings().passwordSet).toBe(true)
    // Clearing it removes it from the store.
    again.bridge.saveSettings({ password: '' })
    expect(again.secrets.get('obs.password')).toBeNull()
  })

  it('moves a password an older version stored in the database into the store', async () => {
    const file = tempDb()
    const old = await openDatabase(file)
    old.settings.setSetting('obs', { url: 'ws://127.0.0.1:4455', password: 'старый', autoSwitch: true })
    old.close()
    const { db, bridge, secrets } = await bridgeOn(file)
    expect(secrets.get('obs.password')).toBe('старый')
    expect(JSON.stringify(db.settings.getSetting('obs'))).not.toContain('старый')
    expect(bridge.settings().passwordSet).toBe(true)
  })
})
