// Electron entry: the desktop app's start lives in ./electron (the only folder, with src/preload, that imports
// 'electron'); the headless server's entry is ./serve.ts.
import './electron/entry'
