/**
 * Connects the OBS director to the app: loads and saves its settings (with the password) in the local
 * database, feeds it every stored view, and turns its results into contract answers. The password never
 * leaves this process: renderers only see `passwordSet`. OBS faults never stop the game.
 */
import { ObsDirector, type ObsSettingsInput } from '../obs/director-service'
import type { DirectorInput } from '../obs/director'
import type { ObsPublicSettings, ObsPublicStatus } from '../../shared/contract'
import { AppError, type Result } from '../../shared/errors'
import type { MafiaDb } from '../db'

const KEY = 'obs'

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new AppError(r.error)
  return r.value
}

export class ObsBridge {
  readonly director: ObsDirector
  private wantConnected = false

  constructor(
    private db: MafiaDb,
    opts: { log?: (line: string) => void } = {},
  ) {
    const stored = db.getSetting<ObsSettingsInput & { connect?: boolean }>(KEY)
    const { connect, ...settings } = stored ?? {}
    this.wantConnected = connect === true
    // Invalid stored settings fall back to defaults with an obs/invalid_settings warning (never a crash).
    this.director = new ObsDirector(settings, { log: opts.log })
  }

  /** After a restore the settings stay as they are in memory and are written into the restored database. */
  replaceDatabase(db: MafiaDb): void {
    this.db = db
    this.persist()
  }

  /** Reconnects on start when the operator left OBS connected last time. */
  start(active: { gameId: number; view: DirectorInput } | null): void {
    if (active) this.onView(active.gameId, active.view)
    if (this.wantConnected) void this.director.connect()
  }

  async stop(): Promise<void> {
    await this.director.dispose()
  }

  private lastGameId: number | null = null

  /** The active game's view; a different game starts the director afresh (no "change" across games). */
  onView(gameId: number, view: DirectorInput): void {
    if (gameId !== this.lastGameId) {
      this.director.resetView()
      this.lastGameId = gameId
    }
    this.director.onView(view)
  }

  onStatus(listener: (status: ObsPublicStatus) => void): () => void {
    return this.director.subscribe(listener)
  }

  status(): ObsPublicStatus {
    return this.director.status()
  }

  settings(): ObsPublicSettings {
    return this.director.publicSettings()
  }

  private persist(): void {
    this.db.setSetting(KEY, { ...this.director.settings(), connect: this.wantConnected })
  }

  saveSettings(patch: Record<string, unknown>): ObsPublicSettings {
    const value = unwrap(this.director.updateSettings(patch))
    this.persist()
    return value
  }

  async connect(): Promise<ObsPublicStatus> {
    this.wantConnected = true
    this.persist()
    return this.director.connect()
  }

  async disconnect(): Promise<ObsPublicStatus> {
    this.wantConnected = false
    this.persist()
    await this.director.disconnect()
    return this.director.status()
  }

  async scenes(): Promise<string[]> {
    return unwrap(await this.director.listScenes())
  }

  async switchTo(scene: string): Promise<ObsPublicStatus> {
    unwrap(await this.director.switchTo(scene))
    return this.director.status()
  }

  /** The break scene; while OBS is down it is applied on reconnect, so only other errors are reported. */
  async startBreak(): Promise<ObsPublicStatus> {
    const r = await this.director.startBreak()
    if (!r.ok && r.error.code !== 'obs/not_connected') throw new AppError(r.error)
    return this.director.status()
  }
}
