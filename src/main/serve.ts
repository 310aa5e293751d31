/**
 * Headless entry: the same main-side services as the desktop app, without Electron.
 *   npm run serve -- [--port 4800] [--db ./data/mafia-desk.sqlite] [--token-file FILE] [--lan ADDRESS]
 * (`--help` lists every option: src/main/serve-args.ts.)
 * The control token: MAFIA_DESK_TOKEN or --token-file (not shown in the process list), or --token, or random.
 * Serves /control and /overlay (the OBS browser-source URL) and the contract on 127.0.0.1 only — or, with the
 * explicit `--lan ADDRESS` (the tournament's hub, issue 16), on that address, where every connection from
 * another machine needs a token.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startCore } from './core'
import { toAppErrorData } from '../shared/errors'
import { resolveToken } from './token-source'
import { lanWarning } from './transport/lan'
import { parseServeArgs } from './serve-args'
import { damagedError } from './db/core'

const VERSION = '0.1.0'

function findStaticDir(): string {
  const candidates = [join(__dirname, '../renderer'), resolve(process.cwd(), 'out/renderer')]
  return candidates.find((d) => existsSync(join(d, 'control.html'))) ?? candidates[0]
}

function findResourcesDir(): string {
  const candidates = [join(__dirname, '../../resources'), resolve(process.cwd(), 'resources')]
  return candidates.find((d) => existsSync(d)) ?? candidates[0]
}

async function main(): Promise<void> {
  const command = parseServeArgs(process.argv.slice(2))
  if (command.kind === 'help') {
    console.log(command.text)
    return
  }
  if (command.kind === 'version') {
    console.log(`Mafia Desk ${VERSION}`)
    return
  }
  if (command.kind === 'error') {
    console.error(`${command.message.ru}\n${command.message.en}\n(npm run serve -- --help)`)
    process.exitCode = 2
    return
  }
  const values = command.options
  const core = await startCore({
    mode: 'headless',
    dbFile: values.dbFile,
    port: values.port,
    staticDir: findStaticDir(),
    resourcesDir: findResourcesDir(),
    version: VERSION,
    token: resolveToken({ token: values.token, tokenFile: values.tokenFile }),
    lan: values.lan,
    log: values.quiet ? undefined : (line) => console.log(line),
  })
  const { server } = core
  console.log(`Mafia Desk ${VERSION} (headless)`)
  console.log(`  База / Database:  ${core.db.file}`)
  if (core.db.damage) {
    // The same words as every refused change: what is damaged (the file, or its journal with how many
    // acknowledged changes it hides) and the newest good backup to restore.
    const m = damagedError(core.db.file, core.db.damage).data.message
    console.log(`  ВНИМАНИЕ / WARNING:\n  ${m.ru}\n  ${m.en}`)
    if (core.db.damage.newestGoodBackup) console.log(`  ${core.db.damage.newestGoodBackup}`)
  } else if (core.db.readonly)
    console.log(
      '  База открыта только для чтения: изменения не сохраняются / The database is read-only: changes are not saved',
    )
  console.log(`  Начало / Start page:  ${server.origin}/`)
  console.log(`  Панель судьи / Control panel:  ${server.controlUrl}`)
  console.log(
    `  Турнир и данные / Tournament & data: ${server.origin}/admin?token=${encodeURIComponent(server.token)}`,
  )
  console.log(`  Оверлей для OBS / OBS overlay: ${server.overlayUrl}`)
  console.log(`  Токен управления / Control token: ${server.token}`)
  if (values.lan !== undefined) for (const line of lanWarning(values.lan, server.port)) console.warn(line)
  console.log(`READY ${server.origin} token=${server.token}`)

  let closing = false
  const shutdown = (signal: string): void => {
    if (closing) return
    closing = true
    console.log(`${signal}: closing`)
    core
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err)
        process.exit(1)
      })
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((err: unknown) => {
  const e = toAppErrorData(err)
  console.error(`Не удалось запустить / Failed to start: [${e.code}] ${e.message.ru} / ${e.message.en}`)
  process.exit(1)
})
