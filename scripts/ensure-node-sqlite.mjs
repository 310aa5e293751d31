// `npm start` rebuilds better-sqlite3 for Electron's ABI; the tests, the CLI and the headless server run it
// under Node. This check rebuilds it for Node only when the current build cannot be loaded here.
import { execSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
try {
  const Database = require('better-sqlite3')
  new Database(':memory:').close()
} catch (err) {
  console.log(
    `better-sqlite3 does not load under Node ${process.version} (${err.message.split('\n')[0]}): rebuilding it for Node…`,
  )
  execSync('npm rebuild better-sqlite3', { stdio: 'inherit' })
}
