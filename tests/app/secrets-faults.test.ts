/**
 * Faults of the headless secrets file (`<database>.secrets.json`): an unreadable file or an unwritable path never
 * stops the start and never silently means "no password" — each is a clear, translated warning on the OBS status
 * (or the error of the save that failed), and the server's other parts go on.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { ObsBridge } from '../../src/main/app/obs-bridge'
import { FileSecretStore } from '../../src/main/app/secret-store'
import { AppError } from '../../src/shared/errors'

const dirs: string[] = []
const open: Array<{ db: MafiaDb; bridge: ObsBridge }> = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.bridge.stop()
    o.db.close()
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'md-secrets-'))
  dirs.push(dir)
  return join(dir, 'db.sqlite')
}

async function start(file: string): Promise<ObsBridge> {
  const db = await openDatabase(file)
  const bridge = new ObsBridge(db, { secrets: new FileSecretStore(file) })
  open.push({ db, bridge })
  return bridge
}

describe('secrets file faults', () => {
  for (const [what, damage] of [
    ['not JSON', (f: string) => writeFileSync(f, '{"obs.password": "кро')],
    ['not an object', (f: string) => writeFileSync(f, '["x"]')],
    ['a folder, not a file', (f: string) => mkdirSync(f)],
  ] as const) {
    it(`an unreadable secrets file (${what}): the server starts, the OBS status says so in both languages`, async () => {
      const file = tempDb()
      damage(`${file}.secrets.json`)
      const bridge = await start(file)
      const status = bridge.status()
      expect(status.warningCode).toBe('app/secrets_unreadable')
      expect(status.warning?.en).toContain(`${file}.secrets.json`)
      expect(status.warning?.en).toContain('saved OBS password is not available')
      expect(status.warning?.ru).toContain('пароль OBS недоступен')
      expect(bridge.settings().passwordSet).toBe(false)
    })
  }

  it('an unwritable secrets path: saving a password is refused with a clear error, no temporary file left', async () => {
    const file = tempDb()
    const bridge = await start(file)
    // The temporary file's name is taken by a folder: the write fails as on a read-only folder.
    const tmp = join(dirname(file), '.db.sqlite.secrets.json.tmp')
    mkdirSync(tmp)
    writeFileSync(join(tmp, 'x'), 'x')
    let err: unknown = null
    try {
      bridge.saveSettings({ password: 'крот-42' })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('app/secrets_unwritable')
    expect((err as AppError).data.message.en).toContain('the OBS password was not saved')
    expect((err as AppError).data.message.ru).toContain('пароль OBS не сохранён')
    expect(existsSync(`${file}.secrets.json`)).toBe(false)
  })

  it('an unwritable secrets path at the first start of an older database: starts, warns, keeps the old password', async () => {
    const file = tempDb()
    const old = await openDatabase(file)
    old.settings.setSetting('obs', { url: 'ws://127.0.0.1:4455', password: 'старый', autoSwitch: true })
    old.close()
    mkdirSync(join(dirname(file), '.db.sqlite.secrets.json.tmp'))
    writeFileSync(join(dirname(file), '.db.sqlite.secrets.json.tmp', 'x'), 'x')
    const bridge = await start(file)
    expect(bridge.status().warningCode).toBe('app/secrets_unwritable')
    expect(bridge.settings().passwordSet).toBe(true)
  })
})
