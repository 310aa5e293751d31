/**
 * "Open to the hall network" in the desktop app (issue 16): the pure decisions (which addresses, what is saved,
 * where the app listens at start, the menu, the confirmation) and the shell wired to the real core with the
 * stand-in 'electron' module: started with the LAN option it listens on that address only, says so out loud, and
 * the menu's choice is asked for, kept and applied by a restart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NetworkInterfaceInfo } from 'node:os'
import type { MenuItem } from '../../src/main/electron/menu'
import {
  ALL_INTERFACES,
  LAN_FILE_NAME,
  lanChoices,
  lanConfirmText,
  lanDecision,
  lanFileText,
  networkMenu,
  parseLanFile,
} from '../../src/main/electron/lan'
import { createFakeElectron, findMenuItem, launchShell, type FakeElectron } from './fake-electron'

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo

describe('the hall network, decided without Electron', () => {
  const choices = lanChoices({
    lo: [nic('127.0.0.1', 'IPv4', true)],
    wlan0: [nic('192.168.1.10', 'IPv4'), nic('fe80::1', 'IPv6')],
    eth0: [nic('10.0.0.5', 'IPv4')],
  })

  it('offers this machine’s IPv4 LAN addresses and every interface; never loopback', () => {
    expect(choices.map((c) => c.address)).toEqual(['192.168.1.10', '10.0.0.5', ALL_INTERFACES])
    expect(choices[0].label).toBe('192.168.1.10 (wlan0)')
  })

  it('keeps the choice in a small file; anything malformed means this machine only', () => {
    expect(parseLanFile(lanFileText('192.168.1.10'))).toBe('192.168.1.10')
    expect(parseLanFile(lanFileText(null))).toBeNull()
    expect(parseLanFile(null)).toBeNull()
    expect(parseLanFile('{oops')).toBeNull()
    expect(parseLanFile('{"address":"hall.local"}')).toBeNull()
  })

  it('at start: the environment wins, a saved address must still be this machine’s, and it is always said', () => {
    const base = { available: choices, port: 4800 }
    expect(lanDecision({ ...base, env: undefined, saved: null }, 'ru')).toEqual({
      address: null,
      notice: null,
    })
    const saved = lanDecision({ ...base, env: undefined, saved: '192.168.1.10' }, 'en')
    expect(saved.address).toBe('192.168.1.10')
    expect(saved.notice).toContain('WARNING: the server listens beyond this machine (192.168.1.10:4800)')
    expect(saved.notice).toContain('ВНИМАНИЕ')
    const moved = lanDecision({ ...base, env: undefined, saved: '192.168.7.7' }, 'en')
    expect(moved.address).toBeNull()
    expect(moved.notice).toContain('no address 192.168.7.7')
    expect(lanDecision({ ...base, env: '127.0.0.2', saved: null }, 'en').address).toBe('127.0.0.2')
    expect(lanDecision({ ...base, env: 'nonsense', saved: null }, 'ru')).toMatchObject({ address: null })
  })

  it('the menu: this machine only or one address, the current one checked; the confirmation warns', () => {
    const chosen: Array<string | null> = []
    const menu = networkMenu({ current: '10.0.0.5', choices }, (a) => chosen.push(a))
    const items = menu.submenu as MenuItem[]
    expect(items.find((i) => i.id === 'network-10.0.0.5')?.checked).toBe(true)
    expect(items.find((i) => i.id === 'network-local')?.checked).toBe(false)
    const click = (id: string): void => (items.find((i) => i.id === id)!.click as unknown as () => void)()
    click('network-10.0.0.5') // already so: nothing to do
    click('network-192.168.1.10')
    click('network-local')
    expect(chosen).toEqual(['192.168.1.10', null])
    expect(lanConfirmText('192.168.1.10', 'ru')).toContain('без токена управления или токена стола')
    expect(lanConfirmText(null, 'en')).toContain('this machine only')
  })
})

describe('the shell with the real core', () => {
  let running: FakeElectron | null = null

  async function launch(fake: FakeElectron, env: Record<string, string>): Promise<FakeElectron> {
    running = await launchShell(fake, env)
    return fake
  }

  afterEach(async () => {
    if (running && !running.app.quitted) {
      const fake = running
      fake.app.quit()
      await vi.waitFor(() => expect(fake.app.quitted).toBe(true), { timeout: 10_000 })
    }
    running = null
    vi.unstubAllEnvs()
    vi.doUnmock('electron')
  })

  const findItem = findMenuItem

  it('started with the LAN option it listens there only, warns, and the menu shows it', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'mafia-desk-lan-'))
    const fake = await launch(createFakeElectron({ userData }), {
      MAFIA_DESK_PORT: '0',
      MAFIA_DESK_LAN: '127.0.0.2',
    })
    // This machine's windows stay on plain HTTP over loopback; the hall address is TLS only (issue 29 §2).
    const origin = new URL(fake.windows[0].urls[0]).origin
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(
      fake.dialogs.some((d) => d.message.includes('WARNING: the server listens beyond this machine')),
    ).toBe(true)
    expect((await fetch(`${origin}/healthz`)).ok).toBe(true)
    // The hall address: plain HTTP is sent on to HTTPS, never served.
    const hall = await fetch(origin.replace('127.0.0.1', '127.0.0.2') + '/healthz', { redirect: 'manual' })
    expect(hall.status).toBe(308)
    expect(hall.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.2:\d+\/healthz$/)
    const menu = fake.menus.at(-1) as MenuItem[]
    expect(findItem(menu, 'network-local')?.checked).toBe(false)
  })

  it('a saved address this machine no longer has: this machine only, and the judge is told', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'mafia-desk-lan-'))
    writeFileSync(join(userData, LAN_FILE_NAME), lanFileText('192.0.2.77'))
    const fake = await launch(createFakeElectron({ userData }), { MAFIA_DESK_PORT: '0', MAFIA_DESK_LAN: '' })
    expect(new URL(fake.windows[0].urls[0]).hostname).toBe('127.0.0.1')
    expect(fake.dialogs.some((d) => d.message.includes('no address 192.0.2.77'))).toBe(true)
    expect(findItem(fake.menus.at(-1) as MenuItem[], 'network-local')?.checked).toBe(true)
  })

  it('choosing "every network" in the menu asks first; confirmed, it is kept and the app restarts', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'mafia-desk-lan-'))
    const fake = await launch(createFakeElectron({ userData }), { MAFIA_DESK_PORT: '0', MAFIA_DESK_LAN: '' })
    const file = join(userData, LAN_FILE_NAME)
    const click = (): void =>
      (
        findItem(fake.menus.at(-1) as MenuItem[], `network-${ALL_INTERFACES}`)!.click as unknown as () => void
      )()
    fake.dialogResponse = 1 // Cancel
    const before = fake.dialogs.length
    click()
    await vi.waitFor(() => expect(fake.dialogs.length).toBe(before + 1))
    expect(fake.dialogs.at(-1)!.message).toContain(
      'every machine on that network can connect'.replace('every', 'Every'),
    )
    expect(existsSync(file)).toBe(false)
    expect(fake.app.relaunched).toBe(0)
    fake.dialogResponse = 0 // Restart
    click()
    await vi.waitFor(() => expect(fake.app.relaunched).toBe(1))
    expect(parseLanFile(readFileSync(file, 'utf8'))).toBe(ALL_INTERFACES)
    await vi.waitFor(() => expect(fake.app.quitted).toBe(true), { timeout: 10_000 })
  })
})
