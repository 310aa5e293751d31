/**
 * The desktop app's build and packaging pieces that run under Node: better-sqlite3's Electron build kept apart
 * from Node's and chosen at run time (issue 17 defect 3, issue 15), the Electron check of `npm start`, the fuses
 * per platform and the Electronegativity waivers (issue 13 §10), the app icons for every target.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ELECTRON_SQLITE_BINDING, electronSqliteBinding } from '../../src/main/electron/native'
import { useSqliteBinding } from '../../src/main/db/sqlite'
import { openDatabase } from '../../src/main/db'
import { BINDING_PATH, isUpToDate, wantedBuild } from '../../scripts/native-electron.mjs'
import { electronBinary, missingElectronMessage } from '../../scripts/electron-binary.cjs'
import { applyWaivers, type Finding, type Waiver } from '../../scripts/electronegativity.mjs'

const ROOT = join(__dirname, '../..')
const require = createRequire(__filename)
const afterPack = require('../../scripts/after-pack.cjs') as {
  fusesFor(platform: string): Record<string, boolean>
  fuseConfig(platform: string): Record<string, unknown>
}

afterEach(() => useSqliteBinding(undefined))

describe('better-sqlite3: one build per runtime, side by side', () => {
  it('the app, the build script and the package agree on where the Electron build lives', () => {
    expect([...ELECTRON_SQLITE_BINDING]).toEqual(BINDING_PATH)
    expect(electronSqliteBinding({ isPackaged: false, projectRoot: '/p', resourcesPath: '/r' })).toBe(
      join('/p', 'native', 'electron', 'better_sqlite3.node'),
    )
    expect(electronSqliteBinding({ isPackaged: true, projectRoot: '/p', resourcesPath: '/r' })).toBe(
      join('/r', 'native', 'electron', 'better_sqlite3.node'),
    )
    const yml = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')
    expect(yml).toMatch(/- from: native\/electron\n\s+to: native\/electron/)
    expect(yml).toMatch(/npmRebuild: false/)
  })

  it('connections load the build chosen at run time (nativeBinding), not the one in node_modules', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mafia-desk-native-'))
    const nodeBuild = join(
      dirname(require.resolve('better-sqlite3/package.json')),
      'build/Release/better_sqlite3.node',
    )
    const copy = join(root, ...BINDING_PATH)
    mkdirSync(dirname(copy), { recursive: true })
    copyFileSync(nodeBuild, copy)
    useSqliteBinding(copy)
    const db = await openDatabase(join(root, 'x.sqlite'))
    try {
      expect(db.isOpen).toBe(true)
      expect(Object.keys(require.cache)).toContain(copy)
    } finally {
      db.close()
    }
  })

  it('npm start keeps a matching Electron build and rebuilds on any mismatch', () => {
    const want = wantedBuild(ROOT, 'x64')!
    expect(want.electron).toMatch(/^45\./)
    expect(want.abi).toBe('150')
    const root = mkdtempSync(join(tmpdir(), 'mafia-desk-native-'))
    expect(isUpToDate(root, want)).toBe(false)
    mkdirSync(join(root, 'native', 'electron'), { recursive: true })
    writeFileSync(join(root, ...BINDING_PATH), 'x')
    writeFileSync(join(root, 'native', 'electron', 'build.json'), JSON.stringify(want))
    expect(isUpToDate(root, want)).toBe(true)
    expect(isUpToDate(root, { ...want, electron: '46.0.0' })).toBe(false)
    expect(isUpToDate(root, { ...want, arch: 'arm64' })).toBe(false)
  })

  it('no script rebuilds the shared node_modules build back and forth', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >
    for (const [name, cmd] of Object.entries(scripts)) {
      expect(cmd, name).not.toMatch(/install-app-deps|electron-rebuild|npm rebuild/)
    }
    expect(scripts.pretest).toBeUndefined()
    expect(scripts.preserve).toBeUndefined()
    expect(
      scripts.start.startsWith('node scripts/electron-binary.cjs && node scripts/native-electron.mjs'),
    ).toBe(true)
  })
})

describe('npm start: the Electron check', () => {
  it('finds the executable only where electron recorded it', () => {
    const root = mkdtempSync(join(tmpdir(), 'mafia-desk-electron-'))
    writeFileSync(join(root, 'package.json'), '{}')
    expect(electronBinary(root)).toBeNull()
    const pkg = join(root, 'node_modules', 'electron')
    mkdirSync(join(pkg, 'dist'), { recursive: true })
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'electron', version: '45.5.0' }))
    expect(electronBinary(root)).toBeNull()
    writeFileSync(join(pkg, 'path.txt'), 'electron')
    expect(electronBinary(root)).toBeNull()
    writeFileSync(join(pkg, 'dist', 'electron'), '')
    expect(electronBinary(root)).toBe(join(pkg, 'dist', 'electron'))
  })

  const installed = electronBinary(ROOT)
  if (installed) console.log('skipped: the "Electron missing" message check (Electron is installed here)')
  it.skipIf(installed)('without Electron, says in plain words what to do and exits 1 (no raw stack)', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/electron-binary.cjs')], { encoding: 'utf8' })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('one-time download')
    expect(r.stderr).toContain('npm run serve')
    expect(r.stderr).not.toMatch(/TypeError|fetch failed|at .*\.js:\d+/)
    expect(missingElectronMessage('45.5.0')).toContain('Electron 45.5.0')
  })
})

describe('Electron fuses at packaging (issue 13 §10)', () => {
  it('RunAsNode and NODE_OPTIONS off, cookie encryption on, everywhere', () => {
    for (const p of ['linux', 'win32', 'darwin', 'mas']) {
      const f = afterPack.fusesFor(p)
      expect(f.runAsNode).toBe(false)
      expect(f.enableNodeOptionsEnvironmentVariable).toBe(false)
      expect(f.enableNodeCliInspectArguments).toBe(false)
      expect(f.enableCookieEncryption).toBe(true)
    }
  })

  it('ASAR integrity where Electron supports it (macOS, Windows), not on Linux', () => {
    expect(afterPack.fusesFor('darwin').enableEmbeddedAsarIntegrityValidation).toBe(true)
    expect(afterPack.fusesFor('win32').enableEmbeddedAsarIntegrityValidation).toBe(true)
    expect(afterPack.fusesFor('win32').onlyLoadAppFromAsar).toBe(true)
    expect(afterPack.fusesFor('linux').enableEmbeddedAsarIntegrityValidation).toBe(false)
  })

  it('OnlyLoadAppFromAsar on every platform, Linux included', () => {
    for (const p of ['linux', 'win32', 'darwin', 'mas'])
      expect(afterPack.fusesFor(p).onlyLoadAppFromAsar).toBe(true)
    // @electron/fuses' wire index 5: OnlyLoadAppFromAsar.
    expect(afterPack.fuseConfig('linux')).toMatchObject({ 5: true })
    // @electron/fuses' wire indexes: 0 RunAsNode, 1 cookie encryption, 2 NODE_OPTIONS, 4 ASAR integrity.
    expect(afterPack.fuseConfig('win32')).toMatchObject({
      version: '1',
      0: false,
      1: true,
      2: false,
      4: true,
    })
    const yml = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')
    expect(yml).toMatch(/afterPack: scripts\/after-pack\.cjs/)
  })
})

describe('Electronegativity waivers', () => {
  const f = (check: string, file: string): Finding => ({ check, file, line: 1, message: '' })
  const waivers: Waiver[] = [
    { check: 'SANDBOX_JS_CHECK', file: 'main/electron/shell.ts', count: 2, reason: 'factory' },
  ]

  it('a waiver covers its count of findings and no more', () => {
    const two = [
      f('SANDBOX_JS_CHECK', 'main/electron/shell.ts'),
      f('SANDBOX_JS_CHECK', 'main/electron/shell.ts'),
    ]
    expect(applyWaivers(two, waivers).left).toEqual([])
    const three = [...two, f('SANDBOX_JS_CHECK', 'main/electron/shell.ts')]
    expect(applyWaivers(three, waivers).left).toHaveLength(1)
    expect(applyWaivers([f('SANDBOX_JS_CHECK', 'main/other.ts')], waivers).left).toHaveLength(1)
    expect(applyWaivers([], waivers).unused).toEqual(waivers)
  })

  it('every waiver in the config gives its reason', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'scripts/electronegativity.json'), 'utf8')) as {
      waivers: Waiver[]
      excludedChecks: { check: string; reason: string }[]
    }
    for (const w of [...config.waivers, ...config.excludedChecks]) expect(w.reason.length).toBeGreaterThan(20)
  })
})

describe('app icons for every target', () => {
  const png = (file: string) => {
    const b = readFileSync(file)
    expect(b.subarray(1, 4).toString('latin1')).toBe('PNG')
    return [b.readUInt32BE(16), b.readUInt32BE(20)]
  }
  it('Linux: a PNG per size; Windows: .ico; macOS: .icns', () => {
    const yml = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')
    expect(yml).toContain('icon: resources/icons/icon.ico')
    expect(yml).toContain('icon: resources/icons/icon.icns')
    expect(yml).toContain('icon: resources/icons/png')
    const dir = join(ROOT, 'resources/icons/png')
    for (const name of readdirSync(dir)) {
      const n = Number(name.split('x')[0])
      expect(png(join(dir, name))).toEqual([n, n])
    }
    expect(png(join(ROOT, 'resources/icons/icon.png'))).toEqual([1024, 1024])
    const ico = readFileSync(join(ROOT, 'resources/icons/icon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5)
    expect(ico[6 + 16 * (ico.readUInt16LE(4) - 1)]).toBe(0) // the largest entry is 256×256
    const icns = readFileSync(join(ROOT, 'resources/icons/icon.icns'))
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icns.includes(Buffer.from('ic10'))).toBe(true)
  })
})
