// The Electron app's start (src/main/index.ts imports it): everything that touches 'electron' lives here.
// runElectron shows its own startup errors in a dialog; this catch is the last net for anything else, so the
// app never exits without a word (a packaged app has no console).
import { app, dialog } from 'electron'
import { join } from 'node:path'
import { DB_FILE_NAME, runElectron } from './shell'
import { shellLang, startupErrorDialog } from './startup'

runElectron().catch((err: unknown) => {
  const d = startupErrorDialog(err, shellLang(app.getPreferredSystemLanguages()), {
    dbFile: join(app.getPath('userData'), DB_FILE_NAME),
  })
  console.error(`${d.title}: ${d.message}\n${d.detail}`)
  dialog.showErrorBox(d.title, `${d.message}\n\n${d.detail}`)
  app.exit(1)
})
