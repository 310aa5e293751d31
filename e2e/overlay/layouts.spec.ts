/**
 * Issue 30 §1: every layout is first-class. Every layout (full 1920×1080, strip 1920×260, bar 1920×100, standings)
 * shows every on-demand graphic (nominees, night card, standings, player intro, break) in Russian and in English,
 * and no element leaves the layout and no text is cut. The pictures land in artifacts/screens/.
 */
import { expect, test } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { LAYOUTS, clipIssues, screenMatrix, screenName, shootScreen, type Screen } from './screens'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})
test.use({ reducedMotion: 'reduce' })

/** What must be on screen for the graphic (or the scene) to count as shown in that layout. */
const SHOWN: Record<Screen['graphic'], string | null> = {
  none: null,
  nominees: 'nominees',
  night: 'night',
  standings: 'standings',
  lowerThird: 'lower-third',
  break: 'break-screen',
}

for (const layout of Object.keys(LAYOUTS) as Array<keyof typeof LAYOUTS>) {
  test(`${layout}: every graphic and moment shown, nothing outside the layout, no text cut (ru, en)`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const problems: string[] = []
    for (const s of screenMatrix().filter((x) => x.layout === layout)) {
      await shootScreen(page, server.origin, s)
      const testId = SHOWN[s.graphic]
      if (testId && (await page.getByTestId(testId).count()) === 0)
        problems.push(`${screenName(s)}: no ${testId}`)
      for (const issue of await clipIssues(page)) problems.push(`${screenName(s)}: ${issue}`)
    }
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([])
  })
}
