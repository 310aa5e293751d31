/** Issue 13, item 9: the headless secret store keeps secrets outside the database, owner-only. */
import { expect, it } from 'vitest'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FileSecretStore } from '../../src/main/app/secret-store'

it('stores, reads and clears a secret in an owner-only file next to the database', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'md-secret-')), 'mafia-desk.sqlite')
  const store = new FileSecretStore(db)
  expect(store.get('obs.password')).toBeNull()
  store.set('obs.password', 'p@ss')
  expect(new FileSecretStore(db).get('obs.password')).toBe('p@ss')
  expect(statSync(store.file).mode & 0o777).toBe(0o600)
  expect(store.describe().en).toContain('mafia-desk.sqlite.secrets.json')
  store.set('obs.password', null)
  expect(store.get('obs.password')).toBeNull()
})
