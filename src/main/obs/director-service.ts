/**
 * ObsDirector: takes the game's views and keeps OBS on the scene of the current moment through ObsService.
 *
 * - `onView(view)` is synchronous and never throws: OBS faults become the status or the latest warning, the game
 *   goes on. Scene requests are serialized, latest wins (a moment that lasted a millisecond is not replayed).
 * - After every (re)connection OBS is put back on the scene of the current moment (or on the operator's manual
 *   scene, which holds until the moment changes), and the speaker text and roles visibility are re-applied.
 * - Settings are validated with zod; `publicSettings()` never contains the password (only `passwordSet`).
 */
import { z } from 'zod'
import { appError, type AppErrorData, type LocalizedText, type Result } from '../../shared/errors'
import {
  ObsService,
  obsErrors,
  type ObsConnectionState,
  type ObsServiceOptions,
  type ObsStatus,
} from './client'
import {
  MOMENT_KINDS,
  momentAfter,
  momentLabel,
  momentOf,
  sameMoment,
  sceneFor,
  sceneMapSchema,
  sceneNameSchema,
  speakerLabel,
  type DirectorInput,
  type GameMoment,
  type MomentKind,
  type SceneMap,
} from './director'
import { OnDemandGraphics } from './graphics'
import { validationMessage } from '../../shared/validation-message'

export const DEFAULT_OBS_URL = 'ws://127.0.0.1:4455'

const wsUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => {
    try {
      const u = new URL(url)
      return (u.protocol === 'ws:' || u.protocol === 'wss:') && u.hostname.length > 0
    } catch {
      return false
    }
  }, 'expected ws://host:port')

export const rolesSourceSchema = z
  .object({
    sceneName: sceneNameSchema,
    sourceName: sceneNameSchema,
    /** The moments during which the roles source is visible; hidden otherwise. Default: at game end. */
    visibleIn: z.array(z.enum(MOMENT_KINDS)).max(MOMENT_KINDS.length).default(['gameEnd']),
  })
  .strict()
export type RolesSource = z.infer<typeof rolesSourceSchema>

export const obsSettingsSchema = z
  .object({
    url: wsUrlSchema.default(DEFAULT_OBS_URL),
    password: z.string().max(512).default(''),
    autoSwitch: z.boolean().default(true),
    map: sceneMapSchema.default({}),
    /** A text input whose text becomes "3. Name" of the current speaker ("" when nobody speaks). */
    speakerTextSource: sceneNameSchema.nullable().optional(),
    rolesSource: rolesSourceSchema.nullable().optional(),
  })
  .strict()
export type ObsSettings = z.output<typeof obsSettingsSchema>
export type ObsSettingsInput = z.input<typeof obsSettingsSchema>

/**
 * A settings change from the control panel. `password`: omitted keeps the stored one (the panel never has it),
 * a string replaces it, '' clears it.
 */
export const obsSettingsPatchSchema = z
  .object({
    url: wsUrlSchema.optional(),
    password: z.string().max(512).optional(),
    autoSwitch: z.boolean().optional(),
    map: sceneMapSchema.optional(),
    speakerTextSource: sceneNameSchema.nullable().optional(),
    rolesSource: rolesSourceSchema.nullable().optional(),
  })
  .strict()
export type ObsSettingsPatch = z.input<typeof obsSettingsPatchSchema>

/** Settings as a renderer may see them: no password, only whether one is set. */
export type ObsPublicSettings = Omit<ObsSettings, 'password'> & { passwordSet: boolean }

/** What the control panel shows (structurally the contract's ObsPublicStatus, plus a few extras). */
export interface ObsDirectorStatus {
  state: ObsConnectionState
  code: string | null
  reason: LocalizedText | null
  warning: LocalizedText | null
  warningCode: string | null
  currentScene: string | null
  autoSwitch: boolean
  moment: string | null
}

function invalidSettings(error: z.ZodError): AppErrorData {
  const where = validationMessage(error.issues)
  return appError(
    'obs/invalid_settings',
    `Неверные настройки OBS: ${where.ru}`,
    `Invalid OBS settings: ${where.en}`,
    { issues: error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) },
  )
}

function snapshot(view: DirectorInput): DirectorInput {
  return {
    phase: view.phase,
    step: view.step,
    nightStep: view.nightStep,
    speaker: view.speaker,
    day: view.day,
    night: view.night,
    winner: view.winner,
    players: view.players.map((p) => ({ seat: p.seat, name: p.name, role: p.role })),
    voting: view.voting ? { round: view.voting.round } : null,
  }
}

export interface ObsDirectorOptions extends ObsServiceOptions {
  /** Use an existing service (e.g. shared); default: a new one with these options. */
  service?: ObsService
}

export class ObsDirector {
  readonly service: ObsService
  /** On-demand graphics on the overlay: the director's break shows the break screen until the next moment. */
  readonly graphics = new OnDemandGraphics()
  private cfg: ObsSettings
  private lastView: DirectorInput | null = null
  private moment: GameMoment | null = null
  /** A scene the operator chose by hand; holds until the moment changes. */
  private manualScene: string | null = null
  /** What OBS shows, for the panel: from OBS's scene events and our own successful switches. */
  private currentScene: string | null = null
  /**
   * The scene we last put on program, used to skip a switch to the scene OBS is already on. Any scene event that
   * names another scene clears it, so a late or foreign event can only cause one redundant request, never a
   * wrongly skipped one.
   */
  private lastSetScene: string | null = null
  /** Open warnings, oldest first; one per code and subject (a repeat does not bump it). */
  private warningsList: AppErrorData[] = []
  private readonly listeners = new Set<(s: ObsDirectorStatus) => void>()
  private lastPublished = ''
  private readonly log: (m: string) => void
  private readonly unsubscribers: Array<() => void> = []

  // latest-wins queues
  private sceneWanted: string | null = null
  private scenePumping = false
  private textApplied: string | null = null
  private textPumping = false
  private rolesApplied: boolean | null = null
  private rolesPumping = false

  constructor(settings: ObsSettingsInput = {}, options: ObsDirectorOptions = {}) {
    const parsed = obsSettingsSchema.safeParse(settings)
    this.cfg = parsed.success ? parsed.data : obsSettingsSchema.parse({})
    if (!parsed.success) this.warningsList = [invalidSettings(parsed.error)]
    this.log = options.log ?? (() => undefined)
    this.service = options.service ?? new ObsService(options)
    this.unsubscribers.push(
      this.service.subscribe((s) => this.onServiceStatus(s)),
      this.service.onSceneChanged((scene) => {
        this.currentScene = scene
        if (scene !== this.lastSetScene) this.lastSetScene = null
        this.publish()
      }),
      this.service.onConnected(() => this.resync()),
    )
  }

  // ---- settings ----------------------------------------------------------------------------------------------

  /** Full settings including the password: for the caller to persist in the local database only. */
  settings(): ObsSettings {
    return structuredClone(this.cfg)
  }

  publicSettings(): ObsPublicSettings {
    const { password, ...rest } = structuredClone(this.cfg)
    return { ...rest, passwordSet: password.length > 0 }
  }

  /**
   * Validates and applies a settings change (see obsSettingsPatchSchema). Reconnects when the address or password
   * changed while connected or connecting. Returns the public settings, or `obs/invalid_settings`.
   */
  updateSettings(patch: unknown): Result<ObsPublicSettings> {
    const parsed = obsSettingsPatchSchema.safeParse(patch)
    if (!parsed.success) return { ok: false, error: invalidSettings(parsed.error) }
    const p = parsed.data
    const before = this.cfg
    const merged = obsSettingsSchema.safeParse({
      ...before,
      ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)),
    })
    if (!merged.success) return { ok: false, error: invalidSettings(merged.error) }
    this.cfg = merged.data
    const endpointChanged = before.url !== this.cfg.url || before.password !== this.cfg.password
    if (p.map !== undefined || p.rolesSource !== undefined || p.speakerTextSource !== undefined) {
      this.warningsList = []
    }
    if (p.speakerTextSource !== undefined && p.speakerTextSource !== before.speakerTextSource)
      this.textApplied = null
    if (p.rolesSource !== undefined) this.rolesApplied = null
    const state = this.service.status.state
    if (endpointChanged && state !== 'disconnected') {
      void this.connect()
    } else if (this.service.connected) {
      if (p.autoSwitch === true && !before.autoSwitch) this.applyMomentScene()
      if (p.map !== undefined && this.cfg.autoSwitch && this.manualScene === null) this.applyMomentScene()
      this.applyText()
      this.applyRoles()
    }
    this.publish()
    return { ok: true, value: this.publicSettings() }
  }

  setAutoSwitch(on: boolean): void {
    this.updateSettings({ autoSwitch: on })
  }

  setMap(map: SceneMap): Result<ObsPublicSettings> {
    return this.updateSettings({ map })
  }

  // ---- connection --------------------------------------------------------------------------------------------

  /** Connects with the stored url and password; resolves with the status after the first attempt. */
  async connect(): Promise<ObsDirectorStatus> {
    await this.service.connect({ url: this.cfg.url, password: this.cfg.password })
    return this.status()
  }

  async disconnect(): Promise<void> {
    await this.service.disconnect()
    this.publish()
  }

  /** Stops listening to the service and disconnects. */
  async dispose(): Promise<void> {
    for (const off of this.unsubscribers.splice(0)) off()
    await this.service.disconnect()
    this.listeners.clear()
  }

  listScenes(): Promise<Result<string[]>> {
    return this.service.listScenes()
  }

  // ---- status ------------------------------------------------------------------------------------------------

  status(): ObsDirectorStatus {
    const s = this.service.status
    return {
      state: s.state,
      code: s.code,
      reason: s.reason,
      warning: this.warning()?.message ?? null,
      warningCode: this.warning()?.code ?? null,
      currentScene: s.state === 'connected' ? this.currentScene : null,
      autoSwitch: this.cfg.autoSwitch,
      moment: this.moment === null ? null : momentLabel(this.moment),
    }
  }

  /** The latest warning (e.g. `obs/scene_missing` naming the scene), or null. */
  warning(): AppErrorData | null {
    return this.warningsList.at(-1) ?? null
  }

  /** Every open warning, newest first (e.g. a missing scene and a missing text source). */
  warnings(): AppErrorData[] {
    return [...this.warningsList].reverse()
  }

  clearWarning(): void {
    this.warningsList = []
    this.publish()
  }

  /** Drops the warnings a successful request proved wrong (the scene or source exists now). */
  private resolveWarnings(match: (details: Record<string, unknown>) => boolean): void {
    const before = this.warningsList.length
    this.warningsList = this.warningsList.filter((w) => !(w.details !== undefined && match(w.details)))
    if (this.warningsList.length !== before) this.publish()
  }

  currentMoment(): GameMoment | null {
    return this.moment
  }

  /** Calls `fn` whenever the status changes. Returns an unsubscribe function. */
  subscribe(fn: (s: ObsDirectorStatus) => void): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private publish(): void {
    const s = this.status()
    const key = JSON.stringify(s)
    if (key === this.lastPublished) return
    this.lastPublished = key
    for (const fn of [...this.listeners]) {
      try {
        fn(s)
      } catch (err) {
        this.log(`obs director: listener threw: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
  }

  private onServiceStatus(s: ObsStatus): void {
    if (s.state !== 'connected') {
      this.currentScene = null
      this.lastSetScene = null
    }
    this.publish()
  }

  /** Adds an open warning (also from outside the director, e.g. an unreadable secrets file), logged once. */
  warn(error: AppErrorData): void {
    if (error.code === 'obs/not_connected') return // the status already says so; resync fixes it on reconnect
    const key = (w: AppErrorData): string => `${w.code} ${JSON.stringify(w.details ?? {})}`
    if (this.warningsList.some((w) => key(w) === key(error))) return
    this.warningsList.push(error)
    if (this.warningsList.length > 20) this.warningsList.shift()
    this.log(`obs director: ${error.code}: ${error.message.en}`)
    this.publish()
  }

  // ---- the game ----------------------------------------------------------------------------------------------

  /** Feed every new view here. Synchronous, never throws; OBS work happens in the background. */
  onView(view: DirectorInput): void {
    try {
      const prev = this.lastView
      const next = snapshot(view)
      this.lastView = next
      const moment = momentAfter(prev, next)
      const changed = moment !== null && (prev === null || !sameMoment(momentOf(prev), moment))
      if (changed) {
        this.moment = moment
        this.manualScene = null
        this.graphics.onGameMoment()
        if (this.cfg.autoSwitch) this.applyMomentScene()
        this.applyRoles()
      }
      this.applyText()
      if (changed) this.publish()
    } catch (err) {
      this.log(`obs director: onView failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  /**
   * Forget the previous view, e.g. when another game becomes the active one: the next view is then a new moment
   * and OBS is put on its scene even when the old game happened to be in the same moment.
   */
  resetView(): void {
    this.lastView = null
  }

  /** Manual scene button: switches now (auto-switch takes over again at the next moment). */
  async switchTo(sceneName: string): Promise<Result<void>> {
    const name = sceneNameSchema.safeParse(sceneName)
    if (!name.success) return { ok: false, error: invalidSettings(name.error) }
    this.manualScene = name.data
    this.sceneWanted = null // a queued automatic switch must not override the operator
    if (!this.service.connected) return { ok: false, error: obsErrors.notConnected() }
    const res = await this.service.setScene(name.data)
    if (res.ok) {
      this.currentScene = name.data
      this.lastSetScene = name.data
      this.resolveWarnings((d) => d.scene === name.data && d.source === undefined)
      this.publish()
    } else {
      this.warn(res.error)
    }
    return res
  }

  /**
   * The operator's "break" between games: switches to the `break` scene (if mapped, even with auto-switch off) and
   * holds it until the next game moment. Returns `obs/not_connected` when OBS is down (the break scene is still
   * put on after reconnection).
   */
  async startBreak(): Promise<Result<void>> {
    this.moment = { kind: 'break' }
    this.manualScene = null
    this.graphics.startBreak()
    this.applyRoles()
    this.publish()
    const scene = sceneFor(this.moment, this.cfg.map)
    if (scene === null) return { ok: true, value: undefined }
    this.manualScene = scene
    this.sceneWanted = null
    if (!this.service.connected) return { ok: false, error: obsErrors.notConnected() }
    const res = await this.service.setScene(scene)
    if (res.ok) {
      this.currentScene = scene
      this.lastSetScene = scene
      this.publish()
    } else {
      this.warn(res.error)
    }
    return res
  }

  /** Resolves once no scene, text or roles request is pending (tests, orderly shutdown). */
  async whenIdle(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    while (this.scenePumping || this.textPumping || this.rolesPumping || this.sceneWanted !== null) {
      if (Date.now() > deadline) return false
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return true
  }

  /** The scene OBS should be on now, or null to leave it alone. */
  targetScene(): string | null {
    if (this.manualScene !== null) return this.manualScene
    if (!this.cfg.autoSwitch) return null
    return sceneFor(this.moment, this.cfg.map)
  }

  private applyMomentScene(): void {
    const scene = sceneFor(this.moment, this.cfg.map)
    if (scene !== null) this.requestScene(scene)
  }

  /** After a (re)connection: read OBS's scene, then put back ours, the speaker text and the roles visibility. */
  private resync(): void {
    this.textApplied = null
    this.rolesApplied = null
    void (async () => {
      const cur = await this.service.getCurrentScene()
      if (cur.ok) {
        this.currentScene = cur.value
        this.lastSetScene = cur.value
      }
      const target = this.targetScene()
      if (target !== null) this.requestScene(target)
      this.applyText()
      this.applyRoles()
      this.publish()
    })().catch((err: unknown) => this.log(`obs director: resync failed: ${String(err)}`))
  }

  private requestScene(scene: string): void {
    this.sceneWanted = scene
    if (!this.scenePumping) void this.pumpScenes()
  }

  private async pumpScenes(): Promise<void> {
    this.scenePumping = true
    try {
      while (this.sceneWanted !== null) {
        const target = this.sceneWanted
        this.sceneWanted = null
        if (!this.service.connected) break // resync() re-applies on reconnect
        if (target === this.lastSetScene) continue
        const res = await this.service.setScene(target)
        if (res.ok) {
          this.currentScene = target
          this.lastSetScene = target
          this.resolveWarnings((d) => d.scene === target && d.source === undefined)
          this.publish()
        } else {
          this.warn(res.error)
        }
      }
    } catch (err) {
      this.log(`obs director: scene switch failed: ${String(err)}`)
    } finally {
      this.scenePumping = false
    }
  }

  private applyText(): void {
    if (this.textPumping) return
    const source = this.cfg.speakerTextSource
    if (source === null || source === undefined || !this.service.connected) return
    const text = this.lastView === null ? '' : speakerLabel(this.lastView)
    if (text === this.textApplied) return
    this.textPumping = true
    void this.service
      .setText(source, text)
      .then((res) => {
        if (res.ok) {
          this.textApplied = text
          this.resolveWarnings((d) => d.source === source && d.scene === undefined)
        } else this.warn(res.error)
        this.textPumping = false
        // A newer view may have arrived while this one was in flight.
        if (res.ok) this.applyText()
      })
      .catch(() => {
        this.textPumping = false
      })
  }

  private rolesVisible(): boolean {
    const roles = this.cfg.rolesSource
    if (roles === null || roles === undefined || this.moment === null) return false
    return roles.visibleIn.includes(this.moment.kind as MomentKind)
  }

  private applyRoles(): void {
    if (this.rolesPumping) return
    const roles = this.cfg.rolesSource
    if (roles === null || roles === undefined || !this.service.connected) return
    const visible = this.rolesVisible()
    if (visible === this.rolesApplied) return
    this.rolesPumping = true
    void this.service
      .setSourceVisible(roles.sceneName, roles.sourceName, visible)
      .then((res) => {
        if (res.ok) {
          this.rolesApplied = visible
          this.resolveWarnings((d) => d.source === roles.sourceName || d.scene === roles.sceneName)
        } else this.warn(res.error)
        this.rolesPumping = false
        if (res.ok) this.applyRoles()
      })
      .catch(() => {
        this.rolesPumping = false
      })
  }
}
