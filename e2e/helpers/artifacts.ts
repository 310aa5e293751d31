/**
 * Screenshots of issue 15's screens for a reviewer to look at, written into artifacts/issue-15 — an ignored
 * folder: the tests never write into a tracked file, so a clean clone stays clean after `npm test`.
 */
import type { Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './server'

export const ISSUE_SHOTS = join(ROOT, 'artifacts/issue-15')

/** A screenshot at the page's current size, named `<name>-<width>.png`. */
export async function issueShot(
  page: Page,
  name: string,
  opts: { omitBackground?: boolean } = {},
): Promise<void> {
  mkdirSync(ISSUE_SHOTS, { recursive: true })
  const w = page.viewportSize()?.width ?? 0
  // A background tab does not run its transitions: bring it to the front (callers bring their own page back).
  await page.bringToFront()
  // Let enter transitions (≤ 480 ms) finish: the picture shows the graphic, not its first frame.
  await page.waitForTimeout(600)
  await page.screenshot({ path: join(ISSUE_SHOTS, `${name}-${w}.png`), omitBackground: opts.omitBackground })
}
