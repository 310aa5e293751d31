/**
 * The layer rules of docs/architecture.md are enforced by ESLint: these fixtures are linted as if they stood in the
 * named folders, and each forbidden import must be an error.
 */
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

const eslint = new ESLint({ cwd: process.cwd() })

async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`)
}

describe('layer rules', () => {
  it("importing 'electron' outside src/main/electron and src/preload is an error", async () => {
    const errs = await errorsFor(
      'src/main/app/fixture.ts',
      "import { app } from 'electron'\nexport const x = app\n",
    )
    expect(errs.some((e) => e.startsWith('no-restricted-imports') && e.includes('electron'))).toBe(true)
    expect(
      await errorsFor(
        'src/main/electron/fixture.ts',
        "import { app } from 'electron'\nexport const x = app\n",
      ),
    ).toEqual([])
    expect(
      await errorsFor(
        'src/preload/fixture.ts',
        "import { ipcRenderer } from 'electron'\nexport const x = ipcRenderer\n",
      ),
    ).toEqual([])
  })

  it('the engine may not use node: modules, the clock, randomness or other rooms', async () => {
    expect(
      (
        await errorsFor(
          'src/main/engine/fixture.ts',
          "import { readFileSync } from 'node:fs'\nexport const x = readFileSync\n",
        )
      ).length,
    ).toBeGreaterThan(0)
    expect(
      (await errorsFor('src/main/engine/fixture.ts', 'export const now = Date.now()\n')).length,
    ).toBeGreaterThan(0)
    expect(
      (await errorsFor('src/main/engine/fixture.ts', 'export const r = Math.random()\n')).length,
    ).toBeGreaterThan(0)
    expect(
      (
        await errorsFor(
          'src/main/engine/fixture.ts',
          "import { openDatabase } from '../db'\nexport const x = openDatabase\n",
        )
      ).length,
    ).toBeGreaterThan(0)
    expect(
      (await errorsFor('src/main/engine/fixture.ts', 'export const d = document.title\n')).length,
    ).toBeGreaterThan(0)
    expect(
      (
        await errorsFor(
          'src/main/tournament/fixture.ts',
          "import { join } from 'path'\nexport const x = join\n",
        )
      ).length,
    ).toBeGreaterThan(0)
  })

  it('app/ and sync/ never import each other nor the composition root; games/ stands below both', async () => {
    const restricted = async (filePath: string, code: string) =>
      (await errorsFor(filePath, code)).some((e) => e.startsWith('no-restricted-imports'))
    expect(
      await restricted(
        'src/main/app/fixture.ts',
        "import { SyncHub } from '../sync'\nexport const x = SyncHub\n",
      ),
    ).toBe(true)
    expect(
      await restricted(
        'src/main/app/games/fixture.ts',
        "import type { SyncHub } from '../../sync/hub'\nexport type X = SyncHub\n",
      ),
    ).toBe(true)
    expect(
      await restricted(
        'src/main/sync/fixture.ts',
        "import type { AppService } from '../app/service'\nexport type X = AppService\n",
      ),
    ).toBe(true)
    expect(
      await restricted('src/main/sync/fixture.ts', "export { AppService } from '../app/service'\n"),
    ).toBe(true)
    expect(
      await restricted(
        'src/main/sync/fixture.ts',
        "import { startCore } from '../core'\nexport const x = startCore\n",
      ),
    ).toBe(true)
    expect(
      await restricted(
        'src/main/app/fixture.ts',
        "import { startCore } from '../core'\nexport const x = startCore\n",
      ),
    ).toBe(true)
    expect(
      await restricted(
        'src/main/games/fixture.ts',
        "import type { AppService } from '../app/service'\nexport type X = AppService\n",
      ),
    ).toBe(true)
    // transport/ stands below both: its ports (the secrets) sit beside core, not in app/.
    expect(
      await restricted(
        'src/main/transport/fixture.ts',
        "import type { SecretStore } from '../app/secret-store'\nexport type X = SecretStore\n",
      ),
    ).toBe(true)
    expect(
      await errorsFor(
        'src/main/transport/fixture.ts',
        "import type { SecretStore } from '../secrets'\nexport type X = SecretStore\n",
      ),
    ).toEqual([])
    // The electron rule still holds there.
    expect(
      await restricted('src/main/sync/fixture.ts', "import { app } from 'electron'\nexport const x = app\n"),
    ).toBe(true)
    // What both may use: the one writer, the engine, the shared sync schemas.
    for (const room of ['app', 'sync']) {
      expect(
        await errorsFor(
          `src/main/${room}/fixture.ts`,
          "import { writeEntries } from '../games/writer'\nimport { syncPushSchema } from '../../shared/sync'\nexport const x = [writeEntries, syncPushSchema]\n",
        ),
      ).toEqual([])
    }
    // The composition root joins them.
    expect(
      await errorsFor(
        'src/main/core.ts',
        "import { AppService } from './app/service'\nimport { createSync } from './sync'\nexport const x = [AppService, createSync]\n",
      ),
    ).toEqual([])
  })

  it('control and overlay never import each other; shared imports nothing outside shared', async () => {
    expect(
      (
        await errorsFor(
          'src/renderer/src/control/fixture.ts',
          "import x from '../overlay/App.vue'\nexport default x\n",
        )
      ).length,
    ).toBeGreaterThan(0)
    expect(
      (
        await errorsFor(
          'src/renderer/src/overlay/fixture.ts',
          "import x from '../control/App.vue'\nexport default x\n",
        )
      ).length,
    ).toBeGreaterThan(0)
    expect(
      (await errorsFor('src/shared/fixture.ts', "import { x } from '../main/engine'\nexport const y = x\n"))
        .length,
    ).toBeGreaterThan(0)
  })
  it('the control panel and the overlay import only the types of the modules that build zod schemas', async () => {
    const value = "import { OBS_MOMENTS } from '../../../../shared/contract'\nexport const x = OBS_MOMENTS\n"
    const types =
      "import type { ObsMoment } from '../../../../shared/contract'\nexport const x: ObsMoment = 'day'\n"
    for (const room of ['control/components', 'overlay/components', 'common']) {
      const errs = await errorsFor(`src/renderer/src/${room}/Fixture.ts`, value)
      expect(errs.some((e) => e.startsWith('@typescript-eslint/no-restricted-imports'))).toBe(true)
      expect(await errorsFor(`src/renderer/src/${room}/Fixture.ts`, types)).toEqual([])
    }
    expect(
      (
        await errorsFor(
          'src/renderer/src/overlay/Fixture.ts',
          "import { commandSchema } from '../../../shared/game/commands'\nexport const x = commandSchema\n",
        )
      ).some((e) => e.startsWith('@typescript-eslint/no-restricted-imports')),
    ).toBe(true)
    // The constants the panel needs live in zod-free modules.
    expect(
      await errorsFor(
        'src/renderer/src/control/components/Fixture.ts',
        "import { OBS_MOMENTS } from '../../../../shared/obs-moments'\nimport { REMOVAL_REASONS } from '../../../../shared/game/removal'\nexport const x = [OBS_MOMENTS, REMOVAL_REASONS]\n",
      ),
    ).toEqual([])
    // The admin page may use the schemas.
    expect(await errorsFor('src/renderer/src/admin/components/Fixture.ts', value)).toEqual([])
  })
})
