/** Screenshots of issue 15's screens, committed in artifacts/issue-15 (small PNGs, looked at before closing). */
import type { Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './server'

export const ISSUE_SHOTS = join(ROOT, 'artifacts/issue-15')

/** A screenshot at the page's current size, named `<name>-<width>.png`. */
export async function issueShot(page: Page, name: string, opts: { omitBackground?: boolean } = {}): Promise<void> {
  mkdirSync(ISSUE_SHOTS, { recursive: true })
  const w = page.viewportSize()?.width ?? 0
  // Let enter transitions (≤ 480 ms) finish: the picture shows the graphic, not its first frame.
  await page.waitForTimeout(600)
  await page.screenshot({ path: join(ISSUE_SHOTS, `${name}-${w}.png`), omitBackground: opts.omitBackground })
}
