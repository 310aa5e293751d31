/**
 * Issue 30 §1: every layout is first-class. Every layout (full 1920×1080, strip 1920×260, bar 1920×100, standings)
 * shows every on-demand graphic (nominees, night card, standings, the final classification of a tournament with a
 * final, player intro, break) in Russian and in English, the seat cards show the player's club, and no element
 * leaves the layout and no text is cut. The pictures land in artifacts/screens/.
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
  classification: 'standings',
  normalised: 'standings-per-game',
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
      // The seat cards carry the player's club where the layout has them (a player without a club shows none).
      if (s.graphic === 'none' && s.scene === 'day' && (s.layout === 'full' || s.layout === 'strip')) {
        const club = (await page.getByTestId('card-club-1').textContent())?.trim()
        if (club !== 'Red Square') problems.push(`${screenName(s)}: seat 1's club «${club}»`)
        if ((await page.getByTestId('card-club-3').count()) !== 0)
          problems.push(`${screenName(s)}: seat 3 has a club`)
      }
      // A tournament with a final: its standings graphic is the final classification, in the layout's own form.
      if (s.graphic === 'classification') {
        const title = (await page.getByTestId('standings-title').first().textContent())?.trim()
        const want = s.lang === 'ru' ? 'Итоговая классификация' : 'Final classification'
        if (title?.toLowerCase() !== want.toLowerCase()) problems.push(`${screenName(s)}: title «${title}»`)
        if (s.layout === 'full' || s.layout === 'standings') {
          const groups = await page
            .getByTestId('classification-row')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-group')))
          if (groups.slice(0, 4).join() !== 'final,final,final,semifinal')
            problems.push(`${screenName(s)}: classification rows ${groups.join()}`)
        }
      }
      // Ranked by points per game: the players listed apart never get a place; the full table names them apart.
      if (s.graphic === 'normalised') {
        const places = await page
          .getByTestId('standings-row')
          .evaluateAll((rows) => rows.map((r) => r.querySelector('.place')?.textContent?.trim() ?? ''))
        if (places.some((p) => !/^[1-8]$/.test(p))) problems.push(`${screenName(s)}: places ${places.join()}`)
        if (s.layout === 'full' || s.layout === 'standings') {
          const apart = (await page.getByTestId('standings-apart').textContent())?.trim() ?? ''
          const want =
            s.lang === 'ru'
              ? 'Вне зачёта (игр меньше 5): Ивушка, Jay'
              : 'Unranked (fewer than 5 games): Ивушка, Jay'
          if (apart !== want) problems.push(`${screenName(s)}: apart «${apart}»`)
        }
      }
      for (const issue of await clipIssues(page)) problems.push(`${screenName(s)}: ${issue}`)
    }
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([])
  })
}
