/**
 * Connects the OBS director to the app: loads and saves its settings (with the password) in the local
 * database, feeds it every stored view, and turns its results into contract answers. The password never
 * leaves this process: renderers only see `passwordSet`. OBS faults never stop the game.
 */
import { ObsDirector, type ObsSettingsInput } from '../obs/director-service'
import type { SecretStore } from './secret-store'
import { sceneMapSchema, type SceneMap } from '../obs/director'
import type {
  GameEnvelope,
  ObsMaps,
  ObsMapScope,
  ObsPublicSettings,
  ObsPublicStatus,
} from '../../shared/contract'
import { AppError, appError, toAppErrorData, type AppErrorData, type Result } from '../../shared/errors'
import type { MafiaDb } from '../db'
import { validationMessage } from '../../shared/validation-message'

const KEY = 'obs'
/** Scene maps of particular tournaments and tables; the map in the director settings is the default. */
const MAPS_KEY = 'obsMaps'

interface ScopedMaps {
  tournament: Record<string, SceneMap>
  table: Record<string, SceneMap>
}

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new AppError(r.error)
  return r.value
}

/** The OBS WebSocket password's name in the secret store. */
const SECRET_PASSWORD = 'obs.password'

export class ObsBridge {
  readonly director: ObsDirector
  private wantConnected = false
  /** The app-wide map; a tournament's or a table's own map replaces it while one of its games is active. */
  private defaultMap: SceneMap
  private scoped: ScopedMaps
  private where: { tournamentId: number | null; tableId: number | null } = {
    tournamentId: null,
    tableId: null,
  }

  private secrets: SecretStore | null

  constructor(
    private db: MafiaDb,
    opts: { log?: (line: string) => void; secrets?: SecretStore } = {},
  ) {
    this.secrets = opts.secrets ?? null
    const stored = db.settings.getSetting<ObsSettingsInput & { connect?: boolean }>(KEY)
    const { connect, ...settings } = stored ?? {}
    this.wantConnected = connect === true
    // The password lives in the secret store, never in the database (so never in a backup or an export). A
    // password stored in the database by an older version is moved there on the first start.
    const legacy =
      typeof settings.password === 'string' && settings.password !== '' ? settings.password : null
    // A secrets file that cannot be read or written never stops the start: the fault is an open warning of the
    // OBS status (shown on the stream settings screen) and is logged; a legacy password then stays where it is.
    let secretsFault: AppErrorData | null = null
    let moved = false
    if (this.secrets) {
      try {
        if (legacy !== null) {
          this.secrets.set(SECRET_PASSWORD, legacy)
          moved = true
        }
        settings.password = this.secrets.get(SECRET_PASSWORD) ?? ''
      } catch (err) {
        secretsFault = toAppErrorData(err, 'app/secrets_unreadable')
        if (!moved) settings.password = legacy ?? ''
      }
    }
    // Invalid stored settings fall back to defaults with an obs/invalid_settings warning (never a crash).
    this.director = new ObsDirector(settings, { log: opts.log })
    this.defaultMap = this.director.settings().map
    this.scoped = this.loadScoped()
    if (this.secrets && moved) {
      try {
        this.persist()
      } catch (err) {
        secretsFault = toAppErrorData(err, 'app/secrets_unwritable')
      }
    }
    if (secretsFault) this.director.warn(secretsFault)
  }

  private loadScoped(): ScopedMaps {
    const raw = this.db.settings.getSetting<ScopedMaps>(MAPS_KEY)
    const clean = (rec: unknown): Record<string, SceneMap> => {
      const out: Record<string, SceneMap> = {}
      if (typeof rec !== 'object' || rec === null) return out
      for (const [k, v] of Object.entries(rec)) {
        const p = sceneMapSchema.safeParse(v)
        if (p.success) out[k] = p.data
      }
      return out
    }
    return { tournament: clean(raw?.tournament), table: clean(raw?.table) }
  }

  /** The map in force for the active game: its table's, else its tournament's, else the default. */
  private mapInForce(): { map: SceneMap; from: ObsMaps['active'] } {
    const table = this.where.tableId === null ? undefined : this.scoped.table[String(this.where.tableId)]
    if (table) return { map: table, from: 'table' }
    const t =
      this.where.tournamentId === null ? undefined : this.scoped.tournament[String(this.where.tournamentId)]
    if (t) return { map: t, from: 'tournament' }
    return { map: this.defaultMap, from: 'default' }
  }

  private applyMap(): void {
    unwrap(this.director.setMap(this.mapInForce().map))
  }

  maps(): ObsMaps {
    return {
      default: this.defaultMap,
      tournament: this.scoped.tournament,
      table: this.scoped.table,
      active: this.mapInForce().from,
    }
  }

  /** Saves the default map or a tournament's / table's own map (null removes a scoped map). */
  saveMap(scope: ObsMapScope, map: unknown): ObsMaps {
    let parsed: SceneMap | null = null
    if (map !== null) {
      const p = sceneMapSchema.safeParse(map)
      if (!p.success) {
        const where = validationMessage(p.error.issues)
        throw new AppError(
          appError(
            'obs/invalid_settings',
            `Неверная карта сцен: ${where.ru}`,
            `Invalid scene map: ${where.en}`,
          ),
        )
      }
      parsed = p.data
    }
    if (scope.kind === 'default') {
      if (parsed === null)
        throw new AppError(
          appError(
            'obs/invalid_settings',
            'Общую карту сцен нельзя удалить',
            'The default scene map cannot be removed',
          ),
        )
      this.defaultMap = parsed
    } else {
      const bucket = this.scoped[scope.kind]
      if (parsed === null) delete bucket[String(scope.id)]
      else bucket[String(scope.id)] = parsed
      this.db.settings.setSetting(MAPS_KEY, this.scoped)
    }
    this.applyMap()
    this.persist()
    return this.maps()
  }

  /** After a restore the settings stay as they are in memory and are written into the restored database. */
  replaceDatabase(db: MafiaDb): void {
    this.db = db
    this.persist()
    this.db.settings.setSetting(MAPS_KEY, this.scoped)
  }

  /** Reconnects on start when the operator left OBS connected last time. */
  start(active: GameEnvelope | null): void {
    if (active) this.onView(active)
    if (this.wantConnected) void this.director.connect()
  }

  async stop(): Promise<void> {
    await this.director.dispose()
  }

  private lastGameId: number | null = null

  /**
   * The active game's view; a different game starts the director afresh (no "change" across games) with the
   * scene map of its table or tournament.
   */
  onView(
    env: Pick<GameEnvelope, 'gameId' | 'view'> & {
      game: Pick<GameEnvelope['game'], 'tournamentId' | 'tableId'>
    },
  ): void {
    if (env.gameId !== this.lastGameId) {
      this.director.resetView()
      if (this.lastGameId !== null) this.director.graphics.onGameChanged()
      this.lastGameId = env.gameId
      this.where = { tournamentId: env.game.tournamentId, tableId: env.game.tableId }
      this.applyMap()
    }
    this.director.onView(env.view)
  }

  onStatus(listener: (status: ObsPublicStatus) => void): () => void {
    return this.director.subscribe(listener)
  }

  status(): ObsPublicStatus {
    return this.director.status()
  }

  /** Stores the director's settings with the default map (not a scoped one that happens to be in force). */
  private persist(): void {
    const { password, ...rest } = this.director.settings()
    if (this.secrets) this.secrets.set(SECRET_PASSWORD, password === '' ? null : password)
    this.db.settings.setSetting(KEY, {
      ...rest,
      ...(this.secrets ? {} : { password }),
      map: this.defaultMap,
      connect: this.wantConnected,
    })
  }

  /** Connection and switching settings; a `map` here is the default map. */
  saveSettings(patch: Record<string, unknown>): ObsPublicSettings {
    if ('map' in patch) {
      const p = sceneMapSchema.safeParse(patch.map)
      if (p.success) this.defaultMap = p.data
    }
    const value = unwrap(this.director.updateSettings(patch))
    this.applyMap()
    this.persist()
    return { ...value, map: this.defaultMap }
  }

  settings(): ObsPublicSettings {
    return { ...this.director.publicSettings(), map: this.defaultMap }
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
