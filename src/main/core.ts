/**
 * The composition shared by the desktop app and the headless server: SQLite, the app service, the OBS
 * director, the contract router and the HTTP + WebSocket server on 127.0.0.1.
 */
import { join } from 'node:path'
import { FileSecretStore, type SecretStore } from './app/secret-store'
import { openDatabase, type MafiaDb } from './db'
import { createRouter, type Router } from './transport/router'
import { startServer, type RunningServer } from './transport/http-server'
import type { PushName, Pushes } from '../shared/contract'
import { AppService } from './app/service'
import { createHandlers } from './app/handlers'
import { ObsBridge } from './app/obs-bridge'
import { overlayStandings } from './app/exports'
import { createSync, type Sync } from './sync'
import { NO_GRAPHICS } from './obs/graphics'
import { warmUp } from './app/warm-up'
import { hubIdentity, type TlsIdentity } from './transport/tls'
import { AuthFailureLimiter } from './transport/limits'
import { isLanHost } from './transport/http-server'

/** How often connections of table tokens that expired meanwhile are looked for and closed (ms). */
const GRANT_SWEEP_MS = 30_000
import { seedDemo } from './app/demo-games'

export interface CoreOptions {
  mode: 'electron' | 'headless'
  dbFile: string
  port: number
  staticDir: string
  resourcesDir: string
  version: string
  token?: string
  log?: (line: string) => void
  /**
   * Where the OBS password is kept: the desktop app passes the OS keychain (Electron safeStorage); by default a
   * file next to the database, readable only by its owner (never inside the database, so never in a backup).
   */
  secrets?: SecretStore
  /** Listen on this address instead of 127.0.0.1 (the LAN mode of the hub, issue 16: src/main/transport/lan.ts). */
  lan?: string
  /** The service's clock (ms since epoch); tests fix it to compare runs byte for byte. */
  clock?: () => number
}

export interface Core {
  /** The current database (a restore from a backup replaces it). */
  readonly db: MafiaDb
  service: AppService
  obs: ObsBridge
  router: Router
  server: RunningServer
  sync: Sync
  /** The hub certificate's fingerprint in LAN mode (the shell pins it for its own https windows), or null. */
  fingerprint: string | null
  onPush(listener: <K extends PushName>(channel: K, payload: Pushes[K]) => void): () => void
  close(): Promise<void>
}

export async function startCore(opts: CoreOptions): Promise<Core> {
  const log = opts.log ?? (() => {})
  let db = await openDatabase(opts.dbFile)
  let obs: ObsBridge | null = null
  const service = new AppService(db, {
    log,
    clock: opts.clock,
    onView: (env) => obs?.onView(env),
    // Another table's game: only to the tablets of its table (their grants decide), never to the judge's panel.
    tableView: (make) => {
      if (server?.hasGrants()) server.broadcast('game.view', make(), 'grants')
    },
    standings: (tournamentId) => overlayStandings(db, tournamentId),
    graphics: () => obs?.director.graphics.state ?? NO_GRAPHICS,
  })
  const secrets = opts.secrets ?? new FileSecretStore(opts.dbFile)
  obs = new ObsBridge(db, { log, secrets })
  obs.director.graphics.subscribe(() => service.pushOverlay())
  let server: RunningServer | null = null
  let restoring: Promise<void> = Promise.resolve()
  // One failure budget per address for every door that takes a token: the contract's WebSocket and /sync.
  const authFailures = new AuthFailureLimiter()
  let sweep: ReturnType<typeof setInterval> | null = null
  const sync = createSync({
    db: () => db,
    service,
    secrets,
    log,
    failures: authFailures,
    clock: opts.clock,
    changed: (payload) => server?.broadcast('sync.changed', payload),
    overlay: (payload) => server?.broadcast('sync.overlay', payload),
  })
  try {
    service.init()
    seedDemo(service, db, log) // the first start's demo tournament and game
    log(`warm-up of the command path: ${warmUp().toFixed(0)} ms`)
    const handlers = createHandlers({
      service,
      db: () => db,
      obs,
      // Restores run one after another: a second one waits for the first and then restores onto its result.
      restore: (file, force) => {
        const run = restoring.then(async () => {
          const fresh = await db.restoreBackup(file, { force })
          if (db.isOpen) db.close()
          db = fresh
          service.replaceDatabase(fresh)
          obs?.replaceDatabase(fresh)
        })
        restoring = run.catch(() => undefined)
        return run
      },
      info: () => ({
        version: opts.version,
        mode: opts.mode,
        overlayUrl: server?.overlayUrl ?? '',
        controlUrl: server ? `${server.origin}/control` : '',
        dataFile: db.file,
      }),
      sync: sync.handlers({
        origin: () => server?.origin ?? '',
        lanOrigins: () => server?.lanOrigins() ?? [],
        fingerprint: () => tls?.fingerprint ?? null,
        dropDeadGrants: () => void server?.dropDeadGrants(),
      }),
    })
    const router = createRouter(handlers, (method, error) =>
      log(`${method}: ${error.code} ${error.message.en}`),
    )
    // The hall network is served over TLS with the hub's own certificate, made at the first start (issue 29 §2).
    const tls: TlsIdentity | null = isLanHost(opts.lan) ? await hubIdentity(secrets) : null
    if (tls) log(`hub certificate fingerprint (pinned by the tables): ${tls.fingerprint}`)
    server = await startServer({
      port: opts.port,
      router,
      staticDir: opts.staticDir,
      mounts: { '/photos': join(db.dataDir, 'photos'), '/resources': opts.resourcesDir },
      token: opts.token,
      version: opts.version,
      log,
      host: opts.lan,
      handle: sync.handle,
      grantFor: sync.grantFor,
      tls: tls ?? undefined,
      authFailures,
      onRefusal: (code, remote) => sync.refusals.count(code, remote),
    })
    const running = server
    service.onPush((channel, payload) => running.broadcast(channel, payload))
    obs.onStatus((status) => running.broadcast('obs.status', status))
    obs.start(service.active())
    // The sender runs after the pushes: a stored command is shown first, then sent to the hub.
    service.onPush((channel) => {
      if (channel === 'game.view') setImmediate(() => sync.sender.kick())
    })
    sync.sender.start()
    // A token that expires while its tablet is connected loses the connection within GRANT_SWEEP_MS.
    sweep = setInterval(() => running.dropDeadGrants(), GRANT_SWEEP_MS)
    sweep.unref()
    return {
      get db() {
        return db
      },
      service,
      obs,
      router,
      server: running,
      sync,
      fingerprint: tls?.fingerprint ?? null,
      onPush: (l) => {
        const offService = service.onPush(l)
        const offObs = obs!.onStatus((s) => l('obs.status', s))
        return () => {
          offService()
          offObs()
        }
      },
      async close() {
        if (sweep) clearInterval(sweep)
        sync.sender.stop()
        sync.refusals.stop()
        await obs?.stop()
        await running.close()
        if (db.isOpen) db.close()
      },
    }
  } catch (err) {
    if (sweep) clearInterval(sweep)
    await obs.stop()
    if (server) await server.close()
    db.close()
    throw err
  }
}
