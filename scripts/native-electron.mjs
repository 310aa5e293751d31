// better-sqlite3 for the desktop app, built for Electron's ABI into native/electron/better_sqlite3.node, beside
// Node's build in node_modules/better-sqlite3/build (which the CLI, the headless server, the tests and the
// benchmarks use). Nothing in node_modules is rewritten: the build happens in a temporary copy of the package.
// The desktop app picks the file at run time (better-sqlite3's nativeBinding option, src/main/electron/native.ts).
//
//   node scripts/native-electron.mjs [--force] [--arch x64|arm64|ia32]     (npm run native:electron)
//
// 1. A build stamped with the same Electron, better-sqlite3, platform and arch is kept (npm start stays fast).
// 2. Else a prebuilt binary is tried (prebuild-install, from better-sqlite3's GitHub releases). better-sqlite3
//    12.11.x publishes prebuilt binaries for Electron 29–42 only; Electron 45 (ABI 150) has none.
// 3. Else it is compiled (node-gyp against Electron's headers from electronjs.org): this needs a C++ toolchain
//    and Python 3 — Linux: build-essential (g++, make) and python3; macOS: Xcode Command Line Tools;
//    Windows: Visual Studio Build Tools with "Desktop development with C++" and Python 3.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT, electronVersion } from './electron-binary.cjs'

/** Keep in step with ELECTRON_SQLITE_BINDING in src/main/electron/native.ts (a unit test checks both). */
export const BINDING_PATH = ['native', 'electron', 'better_sqlite3.node']

export function targetFile(root = ROOT) {
  return join(root, ...BINDING_PATH)
}

function stampFile(root = ROOT) {
  return join(dirname(targetFile(root)), 'build.json')
}

function packageDir(name, root = ROOT) {
  return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`))
}

/** What the Electron build must match: a stamp with other values means a rebuild. */
export function wantedBuild(root = ROOT, arch = process.arch) {
  const ev = electronVersion(root)
  if (!ev) return null
  const sqlite = JSON.parse(readFileSync(join(packageDir('better-sqlite3', root), 'package.json'), 'utf8'))
  return {
    electron: ev.version,
    abi: ev.abi,
    betterSqlite3: sqlite.version,
    platform: process.platform,
    arch,
  }
}

export function isUpToDate(root, want) {
  if (!want || !existsSync(targetFile(root)) || !existsSync(stampFile(root))) return false
  try {
    const have = JSON.parse(readFileSync(stampFile(root), 'utf8'))
    return Object.keys(want).every((k) => have[k] === want[k])
  } catch {
    return false
  }
}

function run(cmd, args, cwd, env) {
  console.log(`  $ ${[relative(ROOT, cmd) || cmd, ...args].join(' ')}`)
  const r = spawnSync(process.execPath, [cmd, ...args], { cwd, env, stdio: 'inherit' })
  return r.status === 0
}

function toolchainHelp(want) {
  return [
    '',
    `better-sqlite3 could not be prepared for Electron ${want.electron} (ABI ${want.abi}).`,
    `There is no prebuilt binary for it (better-sqlite3 ${want.betterSqlite3} publishes them for Electron 29–42),`,
    'so it has to be compiled once, which needs:',
    "  - access to electronjs.org for Electron's headers (or a mirror in ELECTRON_HEADERS_URL);",
    '  - a C++ toolchain and Python 3:',
    '      Linux:   sudo apt install build-essential python3   (g++, make)',
    '      macOS:   xcode-select --install',
    '      Windows: Visual Studio Build Tools, workload "Desktop development with C++", and Python 3',
    'Then run:  npm run native:electron',
    '',
    "Node's own build was not touched: the CLI, npm run serve, the tests and the benchmarks keep working.",
    '',
  ].join('\n')
}

export function buildForElectron({ root = ROOT, force = false, arch = process.arch } = {}) {
  const want = wantedBuild(root, arch)
  if (!want) {
    console.error('The electron package is not installed: run npm ci first.')
    return 1
  }
  const target = targetFile(root)
  if (!force && isUpToDate(root, want)) {
    console.log(`better-sqlite3 for Electron ${want.electron}: ${relative(root, target)} (ready)`)
    return 0
  }
  console.log(
    `Preparing better-sqlite3 ${want.betterSqlite3} for Electron ${want.electron} (ABI ${want.abi}, ${want.platform}-${arch})…`,
  )
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const work = mkdtempSync(join(root, '.tmp', 'native-electron-'))
  const src = packageDir('better-sqlite3', root)
  const pkg = join(work, 'better-sqlite3')
  // A private copy without Node's build: compiling here can never rewrite node_modules.
  cpSync(src, pkg, {
    recursive: true,
    filter: (p) => !p.startsWith(join(src, 'build') + sep) && p !== join(src, 'build'),
  })
  const env = { ...process.env }
  // npm passes its own nodedir/target/runtime to scripts (here nodedir=/usr: Node's headers); they must not
  // leak into a build for Electron.
  for (const k of Object.keys(env)) {
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|build_from_source)$/i.test(k)) delete env[k]
  }
  const common = [`--runtime=electron`, `--target=${want.electron}`, `--arch=${arch}`]
  let ok = run(
    join(packageDir('prebuild-install', root), 'bin.js'),
    [...common, `--platform=${want.platform}`, '--verbose'],
    pkg,
    env,
  )
  if (!ok) {
    console.log('No prebuilt binary could be fetched: compiling from source (needs a C++ toolchain)…')
    ok = run(
      join(packageDir('node-gyp', root), 'bin', 'node-gyp.js'),
      [
        'rebuild',
        '--release',
        ...common,
        `--dist-url=${env.ELECTRON_HEADERS_URL || 'https://electronjs.org/headers'}`,
      ],
      pkg,
      env,
    )
  }
  const built = join(pkg, 'build', 'Release', 'better_sqlite3.node')
  if (!ok || !existsSync(built)) {
    rmSync(work, { recursive: true, force: true })
    console.error(toolchainHelp(want))
    return 1
  }
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(built, target)
  writeFileSync(stampFile(root), JSON.stringify(want, null, 2) + '\n')
  rmSync(work, { recursive: true, force: true })
  console.log(`better-sqlite3 for Electron ${want.electron}: ${relative(root, target)} (built)`)
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const archAt = process.argv.indexOf('--arch')
  process.exit(
    buildForElectron({
      force: process.argv.includes('--force'),
      arch: archAt > 0 ? process.argv[archAt + 1] : process.arch,
    }),
  )
}
