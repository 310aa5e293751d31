/**
 * Issue 31 §3 on /admin in Chromium against the real headless server: a tournament of 12 players with unequal game
 * counts; the head judge chooses «очки за игру» (minimum 3 games) on the scoring tab with the page's own control,
 * and the standings tab then ranks by points per game, shows that column and lists the two players with 2 games
 * apart, «вне зачёта», below the ranked rows.
 */
import { test, expect } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'
import { REDS_WIN, DEMO_ROLES } from '../../src/main/app/demo-games'
import { NORMALISER_GAMES as GAMES } from '../../tests/fixtures/normaliser-games'

const hall = useServerAndControl()

// The reds win every game (seats 3, 5, 8 black): 1 point a red seat; Ci and the best move are off in this system.
// Per game (the page shows two decimals): G 1.125, I 1.075, J 1, A 0.84, D = F 0.8, C 0.62, B 0.6, E 0.4, H 0.25; K and L played 2 games.

interface SystemEntry {
  system: { id: string; ci: Record<string, unknown> } & Record<string, unknown>
}

test('«очки за игру» chosen on the scoring tab: the standings show points per game and the players apart', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { server, control: c } = hall
  const copy = await c.call<SystemEntry>('scoring.copy', { id: 'fiim', name: 'Без Ci' })
  await c.call('scoring.save', {
    system: {
      ...copy.system,
      bestMove: { two: 0, three: 0 },
      ci: { ...copy.system.ci, enabled: false, k: 0 },
      extraPoints: { min: -1, max: 1 },
      tieBreaks: [{ key: 'total', order: 'desc' }],
    },
  })
  const name = 'Кубок нормировки'
  const t = await c.call<{ id: number; rulesetId: string }>('tournaments.create', {
    name,
    rulesetId: 'fiim',
    tables: 1,
    scoringSystemId: copy.system.id,
  })
  for (const g of GAMES) {
    const env = await c.call<{ gameId: number }>('game.create', {
      rulesetId: t.rulesetId,
      players: g.seats.map((n) => ({ name: n, playerId: null })),
      roles: { ...DEMO_ROLES },
      tournamentId: t.id,
    })
    for (const command of REDS_WIN) await c.command(env.gameId, command)
    for (const [seat, points] of g.extra ?? [])
      await c.command(env.gameId, { cmd: 'extraPoints', seat, points, reason: 'e2e' })
  }

  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: name })
  // Before: by the total, no per-game column, nobody apart.
  await page.getByTestId('office-tab-standings').click()
  const table = page.getByTestId('standings-table')
  await expect(page.getByTestId('standings-row')).toHaveCount(12)
  await expect(table.locator('thead')).not.toContainText('Очки за игру')
  await expect(page.getByTestId('standings-apart')).toHaveCount(0)

  // The page's own control on the scoring tab.
  await page.getByTestId('office-tab-scoring').click()
  await page.getByTestId('scoring-normaliser').selectOption('perGame')
  await page.getByTestId('scoring-min-games').fill('3')
  await page.getByTestId('scoring-normaliser-save').click()
  await expect(page.getByText('Нормировка турнира сохранена.')).toBeVisible()

  await page.getByTestId('office-tab-standings').click()
  await expect(page.getByTestId('standings-apart')).toHaveCount(2)
  await expect(page.getByTestId('standings-row')).toHaveCount(10)
  const head = await table.locator('thead th').allInnerTexts()
  const col = head.findIndex((h) => h.trim() === 'Очки за игру')
  expect(col).toBeGreaterThan(1)
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
    )
  expect(rows.map((r) => [r[0], r[1], r[col]])).toEqual([
    ['1', 'G', '1,13'],
    ['2', 'I', '1,08'],
    ['3', 'J', '1'],
    ['4', 'A', '0,84'],
    ['5', 'D', '0,8'],
    ['5', 'F', '0,8'],
    ['7', 'C', '0,62'],
    ['8', 'B', '0,6'],
    ['9', 'E', '0,4'],
    ['10', 'H', '0,25'],
    ['вне зачёта (игр меньше 3)', 'K', '1,2'],
    ['вне зачёта (игр меньше 3)', 'L', '0'],
  ])
  await expect(page.getByTestId('standings-normaliser')).toContainText('по очкам за игру')

  // English: the same marks in the other language.
  await page.getByTestId('lang-en').click()
  await expect(table.locator('thead')).toContainText('Points per game')
  await expect(page.getByTestId('standings-apart').first()).toContainText('unranked (games: fewer than 3)')
})
