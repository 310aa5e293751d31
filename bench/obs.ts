// npm run bench:obs — OBS switch latency against real OBS Studio under Xvfb: a phase change handed to the
// director → CurrentProgramSceneChanged seen by a second obs-websocket client, over 60 switches.
import { EventSubscription, OBSWebSocket } from 'obs-websocket-js'
import { ObsDirector } from '../src/main/obs/director-service'
import type { DirectorInput } from '../src/main/obs/director'
import { ObsInstance, obsUnavailableReason } from '../tests/obs/obs-env'
import { TEST_MAP, TEST_SCENES, lastWord, nightStep, speech, voting } from '../tests/obs/game-script'
import { figure, printBenchResult } from './result'

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

async function waitFor(
  what: string,
  probe: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!(await probe())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

async function main(): Promise<void> {
  const reason = obsUnavailableReason()
  if (reason) {
    console.log(`bench:obs skipped: ${reason}`)
    printBenchResult([])
    return
  }
  const obs = await ObsInstance.start({ scenes: TEST_SCENES })
  const monitor = new OBSWebSocket()
  const events: Array<{ scene: string; at: number }> = []
  monitor.on('CurrentProgramSceneChanged', ({ sceneName }) =>
    events.push({ scene: sceneName, at: performance.now() }),
  )
  const d = new ObsDirector({ url: obs.url, password: obs.password, autoSwitch: true, map: TEST_MAP })
  try {
    await monitor.connect(obs.url, obs.password, { eventSubscriptions: EventSubscription.Scenes })
    await d.connect()
    const cycle: Array<[DirectorInput, string]> = [
      [nightStep(1, 'shot'), 'Night'],
      [lastWord(2, 7, 1), 'Last word'],
      [speech(2, 8, 1), 'Speech'],
      [voting(2, 1), 'Voting'],
    ]
    d.onView(cycle[3][0])
    await waitFor(
      'settled',
      async () => (await monitor.call('GetCurrentProgramScene')).currentProgramSceneName === 'Voting',
    )
    const latencies: number[] = []
    for (let i = 0; i < 60; i++) {
      const [v, scene] = cycle[i % cycle.length]
      const from = events.length
      const t0 = performance.now()
      d.onView(v)
      await waitFor(`switch to ${scene}`, () => events.slice(from).some((e) => e.scene === scene))
      latencies.push(events.slice(from).find((e) => e.scene === scene)!.at - t0)
      await sleep(15)
    }
    const p50 = percentile(latencies, 50)
    const p95 = percentile(latencies, 95)
    console.log(
      `OBS switch latency over ${latencies.length} switches: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    )
    printBenchResult([figure('obs: phase change → program scene (p95)', p95, 'ms', { below: 100 })])
  } finally {
    await d.dispose()
    await monitor.disconnect().catch(() => undefined)
    await obs.killObs()
    obs.stop()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
