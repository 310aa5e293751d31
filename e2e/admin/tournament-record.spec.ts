/**
 * The tournament's record at the table (issue 28), in Chromium against the real headless server: «Взять рассадку
 * турнира» fills every seat from the seating — a spare seat with «Запасной N», never the name the previous table
 * left there — and keeps the seated players fixed; a substitution at the table goes through the head judge's
 * confirmation, and the dashboard shows it.
 */
import { test, expect, type Page } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'

const NICKS = Array.from({ length: 19 }, (_, i) => `Запись ${String(i + 1).padStart(2, '0')}`)

interface Table {
  tableId: number
  table: number
  seats: Array<{ id: number; nickname: string } | null>
  game: { id: number } | null
}
interface Detail {
  id: number
  stages: Array<{ id: number; rounds: Array<{ id: number; tables: Table[] }> }>
}

const hall = useServerAndControl()

async function loadTable(panel: Page, table: number): Promise<void> {
  await panel.getByLabel('Стол', { exact: true }).selectOption({ label: String(table) })
  await panel.getByTestId('load-seating').click()
}

test('the seating fills every seat (a spare seat too), keeps the players fixed, a substitution is confirmed; a forced close freezes or cancels', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const t = await hall.control.call<{ id: number }>('tournaments.create', {
    name: 'Запись e2e',
    rulesetId: 'fiim',
    tables: 2,
  })
  await hall.control.call('tournaments.importPlayers', {
    tournamentId: t.id,
    csv: ['nickname', ...NICKS].join('\n'),
  })
  let detail = await hall.control.call<Detail>('stages.create', {
    tournamentId: t.id,
    kind: 'qualifying',
    games: 1,
  })
  await hall.control.call('seating.generate', { stageId: detail.stages[0].id, seed: 9, uneven: 'spareSeats' })
  detail = await hall.control.call<Detail>('rounds.start', { roundId: detail.stages[0].rounds[0].id })
  const tables = detail.stages[0].rounds[0].tables
  const spareTable = tables.find((x) => x.seats.includes(null))!
  const fullTable = tables.find((x) => !x.seats.includes(null))!
  const spareSeat = spareTable.seats.indexOf(null) + 1

  const panel = await browser.newPage()
  await panel.goto(hall.server.controlUrl)
  await expect(panel.getByTestId('seat-1')).toBeVisible()
  await panel.keyboard.press('g')
  await expect(panel.getByTestId('setup')).toBeVisible()
  await panel.getByTestId('mode-tournament').check()
  await panel.getByTestId('tournament').selectOption({ label: 'Запись e2e' })

  // The full table first: every seat has a player.
  await loadTable(panel, fullTable.table)
  await expect(panel.getByTestId(`name-${spareSeat}`)).toHaveValue(fullTable.seats[spareSeat - 1]!.nickname)
  // Then the table with a spare seat: that seat is «Запасной N», not the full table's player left over.
  await loadTable(panel, spareTable.table)
  await expect(panel.getByTestId(`name-${spareSeat}`)).toHaveValue(`Запасной ${spareSeat}`)
  const names = await Promise.all(
    Array.from({ length: 10 }, (_, i) => panel.getByTestId(`name-${i + 1}`).inputValue()),
  )
  expect(new Set(names).size).toBe(10)
  expect(names).toEqual(spareTable.seats.map((p, i) => p?.nickname ?? `Запасной ${i + 1}`))
  // The seated players are fixed; the spare seat takes the substitute's name.
  const seated = spareSeat === 1 ? 2 : 1
  await expect(panel.getByTestId(`name-${seated}`)).toHaveAttribute('readonly', '')
  await expect(panel.getByTestId('seating-locked')).toBeVisible()
  await panel.getByTestId(`name-${spareSeat}`).fill('Гость из зала')
  await panel.getByTestId('create-start').click()
  await expect(panel.getByTestId('phase')).toHaveAttribute('data-phase', 'zeroNight')
  const game = await hall.control.call<{
    view: { players: Array<{ name: string; playerId: number | null }> }
  }>('game.view', { gameId: spareTable.game!.id })
  expect(game.view.players[spareSeat - 1]).toMatchObject({ name: 'Гость из зала', playerId: null })

  // At the full table the table's judge asks for a substitution; the head judge confirms it by his name.
  await panel.keyboard.press('g')
  await expect(panel.getByTestId('setup')).toBeVisible()
  await panel.getByTestId('mode-tournament').check()
  await panel.getByTestId('tournament').selectOption({ label: 'Запись e2e' })
  await loadTable(panel, fullTable.table)
  const replaced = fullTable.seats[2]!.nickname
  await expect(panel.getByTestId('name-3')).toHaveValue(replaced)
  await panel.getByTestId('substitute-3').click()
  await panel.getByTestId('sub-name').fill('Заменяющий')
  await panel.getByTestId('sub-reason').fill('заболел')
  await panel.getByTestId('sub-judge').fill('Главный Судья')
  await panel.getByTestId('sub-confirm').click()
  await expect(panel.getByTestId('name-3')).toHaveValue('Заменяющий')
  await expect(panel.getByTestId('name-3')).toHaveAttribute('readonly', '')

  // The dashboard shows it at the seat, with the reason and the head judge.
  await page.goto(`${hall.server.origin}/admin?token=${encodeURIComponent(hall.server.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: 'Запись e2e' })
  await page.getByTestId('office-tab-dashboard').click()
  const seats = page.getByTestId(`dash-seats-1-1-${fullTable.table}`)
  await expect(seats).toContainText(`3. Заменяющий (замена вместо ${replaced}, вне зачёта)`)
  await expect(seats).toContainText('Замена на месте 3: заболел (главный судья: Главный Судья)')

  // A forced close freezes the unfinished games; the head judge opens the round again.
  await page.getByTestId('close-round-1-1').click()
  await expect(page.getByTestId('confirm-dialog')).toContainText('заморожены')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('reopen-round-1-1')).toBeVisible()
  const frozen = await hall.control
    .command(spareTable.game!.id, { cmd: 'next' })
    .then(() => 'accepted')
    .catch((e: Error) => e.message)
  expect(frozen).toMatch(/^tournament\/round_closed/)
  await page.getByTestId('reopen-round-1-1').click()
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('reopen-round-1-1')).toBeHidden()
  await expect(page.getByTestId('close-round-1-1')).toBeVisible()

  // Or it closes the round cancelling them, with one reason that each cancelled game shows.
  await page.getByTestId('close-cancel-1-1').click()
  await page.getByTestId('close-cancel-reason').fill('зал закрывается')
  await page.getByTestId('close-cancel-confirm').click()
  for (const tb of tables) {
    await expect(page.getByTestId(`dash-cell-1-1-${tb.table}`).getByTestId('dash-state')).toContainText(
      'зал закрывается',
    )
  }
  await panel.close()
})
