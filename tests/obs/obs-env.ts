/**
 * Test harness: a real OBS Studio (29.x, obs-websocket 5.x) running headless under Xvfb.
 *
 * Every instance gets a fresh config folder in a temp dir, a private random port and a random password.
 * Only the processes started here are ever stopped, by PID, with SIGKILL (OBS saves lazily and SIGTERM
 * exits without saving anyway; SIGKILL also exercises the crash path the director must survive).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OBSWebSocket } from 'obs-websocket-js'

const COLLECTION = 'MafiaDeskTest'
const PROFILE = 'MafiaDeskTest'

/** The binaries used; OBS_BIN / XVFB_BIN override them (e.g. to try another build, or to test the skip path). */
export const OBS_BIN = process.env.OBS_BIN ?? 'obs'
export const XVFB_BIN = process.env.XVFB_BIN ?? 'Xvfb'

/** Why real-OBS tests cannot run here, or null when they can. */
export function obsUnavailableReason(): string | null {
  const missing = [OBS_BIN, XVFB_BIN].filter(
    (bin) => spawnSync('sh', ['-c', 'command -v "$0"', bin]).status !== 0,
  )
  if (missing.length === 0) return null
  return (
    `OBS integration tests skipped: ${missing.join(' and ')} not found on PATH. Install them with ` +
    '`apt-get install -y --no-install-recommends obs-studio obs-plugins xvfb xauth libgl1-mesa-dri ' +
    'libegl-mesa0 libglx-mesa0`.'
  )
}

/** Skip with a printed reason outside CI; fail loudly under CI=true. */
export function requireObsOrSkip(): boolean {
  const reason = obsUnavailableReason()
  if (reason === null) return true
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`)
  console.warn(`\n*** ${reason} ***\n`)
  return false
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export function randomPassword(): string {
  return randomBytes(18).toString('base64url')
}

export interface ExtraSource {
  /** The scene the source is placed in. */
  scene: string
  name: string
  kind: 'text' | 'color'
  visible?: boolean
}

export interface ObsInstanceOptions {
  scenes: string[]
  extraSources?: ExtraSource[]
  /** Scene that is on program at start; default: the first one. */
  startScene?: string
}

function sceneCollectionJson(opts: ObsInstanceOptions): string {
  const extras = opts.extraSources ?? []
  const sceneSource = (name: string): Record<string, unknown> => {
    const items = extras
      .filter((e) => e.scene === name)
      .map((e, i) => ({
        name: e.name,
        visible: e.visible ?? true,
        locked: false,
        id: i + 1,
        pos: { x: 0, y: 0 },
        rot: 0,
        scale: { x: 1, y: 1 },
        align: 5,
        bounds_type: 0,
        bounds_align: 0,
        bounds: { x: 0, y: 0 },
        crop_left: 0,
        crop_top: 0,
        crop_right: 0,
        crop_bottom: 0,
        group_item_backup: false,
        scale_filter: 'disable',
        blend_method: 'default',
        blend_type: 'normal',
        show_transition: { duration: 0 },
        hide_transition: { duration: 0 },
        private_settings: {},
      }))
    return {
      id: 'scene',
      versioned_id: 'scene',
      name,
      enabled: true,
      flags: 0,
      mixers: 0,
      muted: false,
      volume: 1,
      balance: 0.5,
      sync: 0,
      settings: { custom_size: false, id_counter: items.length, items },
      private_settings: {},
      filters: [],
      hotkeys: {},
    }
  }
  const inputSource = (e: ExtraSource): Record<string, unknown> => ({
    id: e.kind === 'text' ? 'text_ft2_source_v2' : 'color_source_v3',
    versioned_id: e.kind === 'text' ? 'text_ft2_source_v2' : 'color_source_v3',
    name: e.name,
    enabled: true,
    flags: 0,
    mixers: 0,
    muted: false,
    volume: 1,
    balance: 0.5,
    sync: 0,
    settings: e.kind === 'text' ? { text: '' } : { color: 4278190335, width: 64, height: 64 },
    private_settings: {},
    filters: [],
    hotkeys: {},
  })
  const start = opts.startScene ?? opts.scenes[0]
  return JSON.stringify(
    {
      name: COLLECTION,
      current_scene: start,
      current_program_scene: start,
      current_transition: 'Cut',
      transition_duration: 0,
      scene_order: opts.scenes.map((name) => ({ name })),
      sources: [...opts.scenes.map(sceneSource), ...extras.map(inputSource)],
      groups: [],
      transitions: [],
      quick_transitions: [],
      modules: {},
      preview_locked: false,
      scaling_enabled: false,
    },
    null,
    2,
  )
}

function globalIni(port: number, password: string): string {
  return [
    '[General]',
    'FirstRun=true',
    'EnableAutoUpdates=false',
    'ConfirmOnExit=false',
    'WarnBeforeStartingStream=false',
    'WarnBeforeStoppingStream=false',
    '',
    '[Basic]',
    `Profile=${PROFILE}`,
    `ProfileDir=${PROFILE}`,
    `SceneCollection=${COLLECTION}`,
    `SceneCollectionFile=${COLLECTION}`,
    '',
    '[OBSWebSocket]',
    'FirstLoad=false',
    'ServerEnabled=true',
    `ServerPort=${port}`,
    'AlertsEnabled=false',
    'AuthRequired=true',
    `ServerPassword=${password}`,
    '',
  ].join('\n')
}

const BASIC_INI = [
  '[General]',
  `Name=${PROFILE}`,
  '',
  '[Video]',
  'BaseCX=640',
  'BaseCY=360',
  'OutputCX=640',
  'OutputCY=360',
  'FPSType=0',
  'FPSCommon=30',
  '',
  '[Output]',
  'Mode=Simple',
  '',
  '[Audio]',
  'SampleRate=48000',
  'ChannelSetup=Stereo',
  '',
].join('\n')

/** Every instance still running, so a crashing test process does not leave OBS or Xvfb behind. */
const live = new Set<ObsInstance>()
let exitHookInstalled = false
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const inst of [...live]) inst.stop()
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

/** One headless OBS with its own Xvfb, config folder, port and password. */
export class ObsInstance {
  readonly port: number
  readonly password: string
  readonly url: string
  private readonly dir: string
  private xvfb: ChildProcess | null = null
  private obs: ChildProcess | null = null
  private display: number | null = null
  private readonly logPath: string

  private constructor(port: number, password: string, dir: string) {
    this.port = port
    this.password = password
    this.url = `ws://127.0.0.1:${port}`
    this.dir = dir
    this.logPath = join(dir, 'obs-stdout.log')
  }

  static async start(opts: ObsInstanceOptions): Promise<ObsInstance> {
    const port = await freePort()
    const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-obs-'))
    const inst = new ObsInstance(port, randomPassword(), dir)
    installExitHook()
    live.add(inst)
    const cfg = join(dir, 'config', 'obs-studio')
    mkdirSync(join(cfg, 'basic', 'profiles', PROFILE), { recursive: true })
    mkdirSync(join(cfg, 'basic', 'scenes'), { recursive: true })
    mkdirSync(join(dir, 'run'), { recursive: true, mode: 0o700 })
    writeFileSync(join(cfg, 'global.ini'), globalIni(port, inst.password))
    writeFileSync(join(cfg, 'basic', 'profiles', PROFILE, 'basic.ini'), BASIC_INI)
    writeFileSync(join(cfg, 'basic', 'scenes', `${COLLECTION}.json`), sceneCollectionJson(opts))
    try {
      await inst.startXvfb()
      await inst.startObs()
    } catch (err) {
      inst.stop()
      throw err
    }
    return inst
  }

  private async startXvfb(): Promise<void> {
    // -displayfd lets Xvfb pick a free display number itself and report it: no races with other helpers.
    const xvfb = spawn(XVFB_BIN, ['-displayfd', '3', '-screen', '0', '640x360x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    })
    this.xvfb = xvfb
    // Its last words, for the error below (a start that never reports a display says why, if it knows).
    let said = ''
    xvfb.stderr?.on('data', (c: Buffer) => {
      said = (said + c.toString()).slice(-600)
    })
    const fd3 = xvfb.stdio[3]
    if (fd3 === null || fd3 === undefined || !('on' in fd3)) throw new Error('Xvfb: no displayfd pipe')
    this.display = await new Promise<number>((resolve, reject) => {
      let buf = ''
      // A readiness wait, not a measurement: a 2-core machine busy with the rest of the suite can take long.
      const timer = setTimeout(
        () => reject(new Error(`Xvfb did not report a display within 30 s${said ? `: ${said.trim()}` : ''}`)),
        30000,
      )
      fd3.on('data', (chunk: Buffer) => {
        buf += chunk.toString()
        if (buf.includes('\n')) {
          clearTimeout(timer)
          resolve(Number.parseInt(buf.trim(), 10))
        }
      })
      xvfb.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`Xvfb exited early (code ${String(code)})${said ? `: ${said.trim()}` : ''}`))
      })
    })
  }

  /** Starts OBS (again) with the same config folder and port; resolves when the WebSocket server answers. */
  async startObs(timeoutMs = 30000): Promise<number> {
    if (this.obs !== null) throw new Error('OBS is already running')
    if (this.display === null) throw new Error('Xvfb is not running')
    const t0 = performance.now()
    const log = createWriteStream(this.logPath, { flags: 'a' })
    const obs = spawn(
      OBS_BIN,
      [
        '--multi',
        '--collection',
        COLLECTION,
        '--profile',
        PROFILE,
        '--disable-missing-files-check',
        '--disable-updater',
        '--websocket_port',
        String(this.port),
      ],
      {
        env: {
          ...process.env,
          DISPLAY: `:${this.display}`,
          XDG_CONFIG_HOME: join(this.dir, 'config'),
          XDG_RUNTIME_DIR: join(this.dir, 'run'),
          LIBGL_ALWAYS_SOFTWARE: '1',
          QT_QPA_PLATFORM: 'xcb',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    obs.stdout?.pipe(log)
    obs.stderr?.pipe(log)
    this.obs = obs
    obs.once('exit', () => {
      if (this.obs === obs) this.obs = null
    })
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (this.obs !== obs) throw new Error(`OBS exited during startup; see ${this.logPath}`)
      const probe = new OBSWebSocket()
      try {
        await probe.connect(this.url, this.password)
        await probe.disconnect()
        return performance.now() - t0
      } catch {
        await sleep(100)
      }
    }
    throw new Error(`OBS WebSocket did not answer within ${timeoutMs} ms; see ${this.logPath}`)
  }

  get obsPid(): number | null {
    return this.obs?.pid ?? null
  }

  /** SIGKILL the OBS process we started (simulates a crash); resolves when it is gone. */
  async killObs(): Promise<void> {
    const obs = this.obs
    if (obs === null || obs.pid === undefined) return
    const exited = new Promise<void>((r) => obs.once('exit', () => r()))
    process.kill(obs.pid, 'SIGKILL')
    await exited
    this.obs = null
  }

  /** Stops our OBS and Xvfb by PID with SIGKILL and removes the temp folder. */
  stop(): void {
    live.delete(this)
    for (const child of [this.obs, this.xvfb]) {
      if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    }
    this.obs = null
    this.xvfb = null
    try {
      rmSync(this.dir, { recursive: true, force: true })
    } catch {
      // best effort
    }
  }
}
