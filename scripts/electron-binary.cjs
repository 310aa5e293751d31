// Is Electron's program installed? Answers in well under a second and without any download (requiring
// 'electron' from Node would try to download it and fail with a raw "TypeError: fetch failed").
//   node scripts/electron-binary.cjs             exit 0 when installed; else says what to do and exits 1
//   node scripts/electron-binary.cjs --download  the one-time download (electron's own installer), in plain words
// CommonJS, so that the e2e spec (compiled to CommonJS by Playwright) and the .mjs scripts can both use it.
const { spawnSync } = require('node:child_process')
const { existsSync, readFileSync } = require('node:fs')
const { createRequire } = require('node:module')
const { dirname, join } = require('node:path')

const ROOT = join(__dirname, '..')

/** The electron package's folder, or null when it is not installed. */
function electronPackageDir(root = ROOT) {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'))
  } catch {
    return null
  }
}

/** The installed Electron executable, or null. Follows electron's own lookup (path.txt, dist/, override). */
function electronBinary(root = ROOT, env = process.env) {
  const dir = electronPackageDir(root)
  if (!dir) return null
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const rel = readFileSync(pathFile, 'utf8').trim()
  const exe = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, rel)
    : join(dir, 'dist', rel)
  return existsSync(exe) ? exe : null
}

/** The installed electron package's version and Node ABI (e.g. 45.5.0 and 150), or null. */
function electronVersion(root = ROOT) {
  const dir = electronPackageDir(root)
  if (!dir) return null
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
  const abiFile = join(dir, 'abi_version')
  const abi = existsSync(abiFile) ? readFileSync(abiFile, 'utf8').trim() : null
  return { version, abi }
}

function missingElectronMessage(version = electronVersion()?.version ?? '') {
  return [
    '',
    `The desktop app needs Electron${version ? ` ${version}` : ''}, a one-time download of about 100 MB from github.com,`,
    'and it is not installed yet.',
    '',
    '  Download it once:   npm run electron:download     (then run npm start again)',
    '',
    'No access to github.com? Everything also runs without the desktop window, in your browser:',
    '',
    '  npm run serve       the same control panel and OBS overlay on http://127.0.0.1:4800',
    '',
    'Behind a proxy or a mirror: see "Desktop app (Electron)" in the README (ELECTRON_MIRROR, electron_config_cache).',
    '',
  ].join('\n')
}

function download() {
  const dir = electronPackageDir()
  if (!dir) {
    console.error('The electron package is not installed: run npm ci first.')
    return 1
  }
  console.log('Downloading Electron (one time)…')
  const r = spawnSync(process.execPath, [join(dir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  })
  if (r.status === 0 && electronBinary()) {
    console.log(`Electron is installed: ${electronBinary()}`)
    return 0
  }
  const why = (r.stderr || '').split('\n').find((l) => l.trim()) ?? `exit code ${r.status}`
  console.error(
    [
      '',
      `The download of Electron did not work (${why.trim()}).`,
      'This machine cannot reach github.com, or a proxy blocks it. Set ELECTRON_MIRROR to a mirror you can reach,',
      'or copy an Electron zip into the cache (see the README), then run npm run electron:download again.',
      '',
      'Meanwhile everything works without the desktop window:  npm run serve',
      '',
    ].join('\n'),
  )
  return 1
}

module.exports = { ROOT, electronPackageDir, electronBinary, electronVersion, missingElectronMessage }

if (require.main === module) {
  if (process.argv.includes('--download')) process.exit(download())
  const exe = electronBinary()
  if (exe) process.exit(0)
  console.error(missingElectronMessage())
  process.exit(1)
}
