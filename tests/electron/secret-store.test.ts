/**
 * The desktop app keeps the OBS password in the OS keychain (safeStorage): encrypted next to the database, never
 * inside it; where the OS has no keychain it falls back to the owner-only file and says so.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SafeStorageSecretStore } from '../../src/main/electron/secret-store'
import { fakeSafeStorage } from './fake-electron'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function dbFile(): string {
  const d = mkdtempSync(join(tmpdir(), 'md-safe-'))
  dirs.push(d)
  return join(d, 'db.sqlite')
}

describe('SafeStorageSecretStore', () => {
  it('encrypts with the keychain, owner-only, and reads it back', () => {
    const file = dbFile()
    const store = new SafeStorageSecretStore(fakeSafeStorage(), file)
    store.set('obs.password', 'секрет-7')
    expect(readFileSync(store.file, 'utf8')).not.toContain('секрет')
    expect(statSync(store.file).mode & 0o077).toBe(0)
    expect(new SafeStorageSecretStore(fakeSafeStorage(), file).get('obs.password')).toBe('секрет-7')
    expect(store.describe().en).toMatch(/keychain/)
    store.set('obs.password', null)
    expect(store.get('obs.password')).toBeNull()
  })

  it('without a keychain, falls back to the owner-only file and says so', () => {
    const file = dbFile()
    const store = new SafeStorageSecretStore(fakeSafeStorage(false), file)
    store.set('obs.password', 'p')
    expect(existsSync(store.file)).toBe(false)
    expect(existsSync(`${file}.secrets.json`)).toBe(true)
    expect(store.get('obs.password')).toBe('p')
    expect(store.describe().en).toMatch(/not available/)
  })
})
