// Electron entry (composition root): everything that touches 'electron' lives in ./electron.
import { runElectron } from './electron/shell'

runElectron().catch((err: unknown) => {
  console.error('Mafia Desk failed to start:', err)
  process.exit(1)
})
