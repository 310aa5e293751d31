// npm run peer-floor -- DIR — writes a floor app for the peer latency harness into DIR (a new folder).
//
// The harness (../shared/peer-latency/mafia-desk/, outside the project) measures a built app folder: it needs
// DIR/out/main/serve.js and takes playwright-core and ws from DIR/node_modules. This writes one whose server is
// bench/peer-floor-serve.cjs (plain pages, one durable SQLite commit per command: see that file), with
// node_modules linked to this checkout's. Run it side by side with NodeCG exactly as the app:
//   bash ../shared/peer-latency/mafia-desk/sitting.sh NODECG_DIR DIR OUT_DIR
// What it shows (docs/dev/performance.md, ninth round): how much CPU and latency the harness leaves to any system with
// a durable commit before the result, so the app's figures can be read against that floor and not only NodeCG's.
import fs from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: npm run peer-floor -- DIR   (DIR: a new folder for the floor app)')
  process.exit(1)
}
const root = path.resolve(__dirname, '..')
const out = path.resolve(dir)
if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
  console.error(`${out} exists and is not empty: give a new folder`)
  process.exit(1)
}
fs.mkdirSync(path.join(out, 'out/main'), { recursive: true })
fs.copyFileSync(path.join(__dirname, 'peer-floor-serve.cjs'), path.join(out, 'out/main/serve.js'))
const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
  .version
fs.writeFileSync(
  path.join(out, 'package.json'),
  JSON.stringify({ name: 'mafia-desk-peer-floor', version: `${version}-floor`, private: true }, null, 2) +
    '\n',
)
fs.symlinkSync(path.join(root, 'node_modules'), path.join(out, 'node_modules'), 'dir')
console.log(`floor app written to ${out}`)
console.log(`run: bash ../shared/peer-latency/mafia-desk/sitting.sh NODECG_DIR ${out} OUT_DIR`)
