/**
 * Running a tournament through /admin in Chromium against the real headless server (issue 11): create a
 * 20-player tournament, import its players from CSV, generate a 2-round seating, start round 1, play its two
 * games (table 1 through the control panel, table 2 on another machine and imported from its JSON export),
 * close the round, see the standings with their tie-break columns, seed a final of 10 and start it. Also: a
 * second game on a busy round and table is refused with a message; withdrawing a player reseats the rounds not
 * started, with the figures shown.
 */
import { test, expect, type Page } from '@playwright/test'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, startServer, type TestServer } from '../helpers/server'
import { connectControl, type ControlClient } from '../overlay/control-client'
import { FULL_GAME, FULL_GAME_ROLES } from '../../tests/fixtures/full-game'

const SHOTS = join(ROOT, 'artifacts/screenshots')
const NICKS = Array.from({ length: 20 }, (_, i) => `Игрок ${String(i + 1).padStart(2, '0')}`)
const ROLES = FULL_GAME_ROLES

let a: TestServer
let b: TestServer
let ca: ControlClient
let cb: ControlClient
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  a = await startServer()
  b = await startServer()
  ca = await connectControl(a.origin, a.token)
  cb = await connectControl(b.origin, b.token)
})
test.afterAll(async () => {
  ca?.close()
  cb?.close()
  await a?.stop()
  await b?.stop()
})

async function confirm(page: Page): Promise<void> {
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('confirm-dialog')).toBeHidden()
}

interface Detail {
  id: number
  stages: Array<{
    rounds: Array<{
      id: number
      tables: Array<{ tableId: number; table: number; game: { id: number } | null }>
    }>
  }>
}

test('a 20-player tournament from creation to its final, through the page', async ({ page, browser }) => {
  test.setTimeout(180_000)
  await page.goto(`${a.origin}/admin?token=${encodeURIComponent(a.token)}#office`)
  await page.getByTestId('office-new').click()
  await page.getByTestId('tf-name').fill('Кубок e2e')
  await page.getByTestId('tf-starts').fill('2026-12-05')
  await page.getByTestId('tf-tables').fill('2')
  await page.getByTestId('tf-judge-1').fill('Судья Север')
  await page.getByTestId('tf-judge-2').fill('Судья Юг')
  await page.getByTestId('tf-save').click()
  await expect(page.getByTestId('office-select')).toContainText('Кубок e2e')
  await expect(page.getByTestId('office-select')).toHaveValue(/\d+/)

  // Registration: the players from a CSV file, with the report.
  await page.getByTestId('office-tab-registration').click()
  await page.getByTestId('reg-import-file').setInputFiles({
    name: 'players.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\ufeffnickname;club\n${NICKS.map((x) => `${x};Клуб`).join('\n')}\n`),
  })
  await expect(page.getByTestId('reg-report')).toContainText('Зарегистрировано: 20')
  await expect(page.getByTestId('reg-row')).toHaveCount(20)

  // A qualifying stage of 2 games and its seating, with the figures next to a random seating's.
  await page.getByTestId('office-tab-seating').click()
  await page.getByTestId('stage-games').fill('2')
  await page.getByTestId('stage-add').click()
  await page.getByTestId('seating-generate-1').click()
  await expect(page.getByTestId('seating-figures')).toBeVisible()
  await expect(page.getByTestId('figure-pairsMax')).toBeVisible()
  // 20 players × 2 games: 180 meetings over 190 pairs, so each pair should meet 0 or 1 times.
  await expect(page.getByTestId('seating-band')).toContainText(
    'Встречи каждой пары: норма 0–1; пар вне нормы:',
  )
  await expect(page.getByTestId('figure-pairsOutsideBand')).toContainText('Пар вне нормы (0–1 встреч)')
  await expect(page.getByTestId('seating-round-2').getByRole('button')).toHaveCount(20)
  await page.screenshot({ path: join(SHOTS, 'admin-tournament-seating.png') })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('seating-xlsx-1').click(),
  ])
  const path = await download.path()
  expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK')

  // Start round 1 from the dashboard: a prepared game at each table with its judge.
  await page.getByTestId('office-tab-dashboard').click()
  await page.getByTestId('start-round-1-1').click()
  await confirm(page)
  // The judge stays editable while the table's game is not finished.
  await expect(page.getByTestId('dash-judge-1-1-1')).toHaveValue('Судья Север')
  await expect(page.getByTestId('dash-cell-1-1-2').getByTestId('dash-state')).toContainText('не начата')

  const tournaments = await ca.call<Array<{ id: number; name: string }>>('tournaments.list')
  const tid = tournaments.find((x) => x.name === 'Кубок e2e')!.id
  const detail = await ca.call<Detail>('tournaments.get', { tournamentId: tid })
  const round1 = detail.stages[0].rounds[0]

  // Table 1 through the control panel: tournament → round → table loads the seating and the judge.
  const panel = await browser.newPage()
  await panel.goto(a.controlUrl)
  await expect(panel.getByTestId('seat-1')).toBeVisible()
  await panel.keyboard.press('g')
  await expect(panel.getByTestId('setup')).toBeVisible()
  await panel.getByTestId('mode-tournament').check()
  await panel.getByTestId('tournament').selectOption({ label: 'Кубок e2e' })
  await panel.getByTestId('load-seating').click()
  await expect(panel.getByTestId('name-1')).not.toHaveValue('')
  await panel.getByTestId('roles-manual').check()
  for (const [seat, role] of Object.entries(ROLES))
    await panel.getByTestId(`role-select-${seat}`).selectOption(role)
  await panel.getByTestId('create-start').click()
  await expect(panel.getByTestId('phase')).toHaveAttribute('data-phase', 'zeroNight')
  const g1 = round1.tables[0].game!.id
  // The panel took over the prepared game; the game itself is driven quickly over the contract.
  const active = await ca.call<{ gameId: number }>('game.active')
  expect(active.gameId).toBe(g1)
  // The panel already sent "start" (zero night is on).
  for (const command of FULL_GAME.slice(1)) await ca.command(g1, command)
  await expect(panel.getByTestId('phase')).toHaveAttribute('data-phase', 'finished')
  await expect(page.getByTestId('dash-cell-1-1-1').getByTestId('dash-state')).toContainText('красные')

  // A second game on the busy table is refused with a clear message.
  await panel.keyboard.press('g')
  await expect(panel.getByTestId('setup')).toBeVisible()
  await panel.getByTestId('mode-tournament').check()
  await panel.getByTestId('tournament').selectOption({ label: 'Кубок e2e' })
  await panel.getByTestId('load-seating').click()
  await expect(panel.getByTestId('name-10')).not.toHaveValue('')
  await panel.getByTestId('create-start').click()
  await expect(panel.getByTestId('setup-error')).toContainText('уже есть игра')
  await panel.close()

  // Table 2 on another machine: its prepared game goes there, is played, and comes back as JSON.
  const g2 = round1.tables[1].game!.id
  const out = await ca.call<{ base64: string }>('data.export', { gameId: g2 })
  const there = await cb.call<{ tournamentId: number }>('data.import', {
    text: Buffer.from(out.base64, 'base64').toString(),
  })
  const onB = await cb.call<Detail>('tournaments.get', { tournamentId: there.tournamentId })
  const bRound = onB.stages[0].rounds[0]
  const bTable = bRound.tables.find((x) => x.table === 2)!
  const seating = await cb.call<Array<{ id: number; nickname: string } | null>>('tournaments.seating', {
    tournamentId: there.tournamentId,
    roundId: bRound.id,
    tableId: bTable.tableId,
  })
  const envB = await cb.call<{ gameId: number }>('game.create', {
    rulesetId: 'fiim',
    players: seating.map((p) => ({ name: p!.nickname, playerId: p!.id })),
    roles: Object.fromEntries(Object.entries(ROLES)),
    tournamentId: there.tournamentId,
    roundId: bRound.id,
    tableId: bTable.tableId,
  })
  for (const command of FULL_GAME) await cb.command(envB.gameId, command)
  const back = await cb.call<{ base64: string }>('data.export', { gameId: envB.gameId })
  await page.getByTestId('tab-data').click()
  await page.getByTestId('data-import-file').setInputFiles({
    name: 'table-2.json',
    mimeType: 'application/json',
    buffer: Buffer.from(back.base64, 'base64'),
  })
  await expect(page.getByTestId('data-import-result')).toBeVisible()

  // Close round 1 (backup made), then the standings with their tie-break columns.
  await page.getByTestId('tab-office').click()
  await page.getByTestId('office-tab-dashboard').click()
  await expect(page.getByTestId('dash-cell-1-1-2').getByTestId('dash-state')).toContainText('красные')
  await page.getByTestId('close-round-1-1').click()
  await expect(page.getByTestId('notice')).toContainText('Тур 1 завершён')
  await page.getByTestId('office-tab-standings').click()
  await expect(page.getByTestId('standings-row')).toHaveCount(20)
  const header = page.getByTestId('standings-table').locator('thead')
  for (const col of ['Побед', 'Доп.', 'ЛХ', 'Ci', 'Итого']) await expect(header).toContainText(col)
  // The ruleset's tie-break columns in its order, and who was placed by which one.
  // The number over the criterion (so the columns fit 1366 px): «Доп. 1» then «Доп. баллы».
  await expect(header).toContainText('Доп. 1Доп. баллы')
  await expect(header).toContainText('Место решил')
  // Ci is provisional while the qualifying is open: starred.
  await expect(page.getByTestId('standings-ci-provisional').first()).toBeVisible()
  await page.screenshot({ path: join(SHOTS, 'admin-tournament-standings.png') })

  // The settings once games exist: the ruleset and scoring are greyed out and explained; the rest still saves.
  await page.getByTestId('office-tab-settings').click()
  await expect(page.getByTestId('tf-ruleset-locked')).toBeVisible()
  await expect(page.getByTestId('tf-ruleset')).toBeDisabled()
  await page.getByTestId('tf-name').fill('Кубок e2e')
  await page.getByTestId('tf-save').click()
  await expect(page.getByTestId('notice')).toContainText('сохранён')

  // A withdrawal: round 2 is seated again, with one marked spare seat, and the figures are shown.
  await page.getByTestId('office-tab-registration').click()
  // The list reads alphabetically (here the same as the registration order), the withdrawn player moves last.
  await expect(page.getByTestId('reg-order')).toContainText('По алфавиту')
  await page.getByTestId('reg-row').filter({ hasText: NICKS[4] }).getByRole('button').click()
  await confirm(page)
  await expect(page.getByTestId('reg-uneven')).toBeVisible()
  await expect(page.getByTestId('reg-row').last()).toContainText(NICKS[4])
  await page.getByTestId('office-tab-seating').click()
  await expect(page.getByTestId('seating-round-2').locator('.spare')).toHaveCount(1)
  await expect(page.getByTestId('seating-round-2')).not.toContainText(NICKS[4])
  await expect(page.getByTestId('seating-figures')).toBeVisible()
  // Move a player of the full table into the spare seat of the other: picked, then the spare seat; the figures
  // follow the new seating.
  type Seated = {
    stages: Array<{
      figures: { generated: { pairsOutsideBand: number } }
      rounds: Array<{ tables: Array<{ table: number; seats: Array<{ nickname: string } | null> }> }>
    }>
  }
  const seatedBefore = await ca.call<Seated>('tournaments.get', { tournamentId: tid })
  const r2 = seatedBefore.stages[0].rounds[1]
  const spareTable = r2.tables.find((tb) => tb.seats.includes(null))!
  const spareSeat = spareTable.seats.indexOf(null) + 1
  const fullTable = r2.tables.find((tb) => tb !== spareTable)!
  const mover = fullTable.seats[0]!.nickname
  await page.getByTestId(`seat-2-${fullTable.table}-1`).click()
  await page.getByTestId(`seat-2-${spareTable.table}-${spareSeat}`).click()
  await expect(page.getByTestId('notice')).toContainText(
    `«${mover}» пересажен за стол ${spareTable.table}, место ${spareSeat}`,
  )
  await expect(page.getByTestId(`seat-2-${spareTable.table}-${spareSeat}`)).toHaveText(mover)
  await expect(page.getByTestId(`seat-2-${fullTable.table}-1`)).toHaveText('запасное место')
  const seatedAfter = await ca.call<Seated>('tournaments.get', { tournamentId: tid })
  await expect(page.getByTestId('seating-band')).toContainText(
    `пар вне нормы: ${seatedAfter.stages[0].figures.generated.pairsOutsideBand} `,
  )
  // The dashboard says it too: 19 players, the spare seat of round 2 counted.
  await page.getByTestId('office-tab-dashboard').click()
  await expect(page.getByTestId('dash-uneven-1')).toContainText('Игроков 19 — не кратно 10')
  await expect(page.getByTestId('dash-spare-1-2')).toContainText('Запасных мест в туре: 1')
  await expect(page.getByTestId('dash-withdrawn-1-2')).toContainText(`Снялись до этого тура (1): ${NICKS[4]}`)
  // Round 1's games are finished: their judges are shown as signed, no longer editable.
  await expect(page.getByTestId('dash-cell-1-1-1').getByTestId('dash-judge-1-1-1')).toHaveCount(0)
  await page.getByTestId('office-tab-seating').click()

  // A final of the top 10, seeded from the qualifying standings, and started. The two identical games leave
  // players tied on every criterion across the cut: the page names them and offers a lot, recorded.
  await page.getByTestId('stage-kind').selectOption('final')
  await page.getByTestId('stage-games').fill('1')
  await page.getByTestId('stage-size').fill('10')
  await page.getByTestId('stage-add').click()
  await expect(page.getByTestId('tie-text')).toContainText('На границе отбора равенство')
  // The head judge may tick who goes through after a shoot-out; here he lets the app draw a lot.
  await expect(page.getByTestId('tie-judge')).toBeDisabled()
  await page.getByTestId('tie-lot').click()
  await expect(page.getByTestId('notice')).toContainText('По жребию на границе отбора прошли')
  await expect(page.getByTestId('tie-at-cut')).toHaveCount(0)
  await expect(page.getByTestId('stage-2')).toContainText('Игроков: 10')
  await page.getByTestId('seating-generate-2').click()
  await expect(page.getByTestId('stage-2').getByTestId('seating-figures')).toBeVisible()
  await page.getByTestId('office-tab-dashboard').click()
  await page.getByTestId('start-round-2-1').click()
  await confirm(page)
  await expect(page.getByTestId('dash-cell-2-1-1').getByTestId('dash-state')).toContainText('не начата')
  await expect(page.getByTestId('dash-lot-2')).toContainText('Жребий на границе отбора')
  // The judge of the final's table changed after the round started: its prepared game takes him.
  await page.getByTestId('dash-judge-2-1-1').fill('Судья Финала')
  await page.getByTestId('dash-judge-2-1-1').press('Enter')
  await page.getByTestId('dash-judge-2-1-1').blur()
  await expect
    .poll(async () => {
      const d = await ca.call<{
        stages: Array<{ rounds: Array<{ tables: Array<{ game: { judge: string } | null }> }> }>
      }>('tournaments.get', { tournamentId: tid })
      return d.stages[1].rounds[0].tables[0].game?.judge
    })
    .toBe('Судья Финала')
  // The head judge sees it said back: which table, which round, who runs it now.
  await expect(page.getByTestId('notice')).toHaveText('Судья стола 1 в туре 1: Судья Финала.')
  await page.screenshot({ path: join(SHOTS, 'admin-tournament-dashboard.png') })

  // Not archived while the final's round is in progress: refused, saying why.
  await page.getByTestId('office-tab-settings').click()
  await page.getByTestId('office-archive').click()
  await expect(page.getByTestId('error-text')).toContainText('Идёт тур 1')
  await expect(page.getByTestId('office-archived-note')).toHaveCount(0)
})

test('13 players with an extra game: the dashboard names who sits out each round and who plays once more', async ({
  page,
}) => {
  const t = await ca.call<{ id: number }>('tournaments.create', {
    name: 'Малый e2e',
    rulesetId: 'fiim',
    tables: 1,
  })
  const csv = ['nickname', ...Array.from({ length: 13 }, (_, i) => `Малый ${i + 1}`)].join('\n')
  await ca.call('tournaments.importPlayers', { tournamentId: t.id, csv })
  const staged = await ca.call<{
    stages: Array<{ id: number }>
    players: Array<{ id: number; nickname: string }>
  }>('stages.create', {
    tournamentId: t.id,
    kind: 'qualifying',
    games: 3,
  })
  const d = await ca.call<{
    stages: Array<{
      rounds: Array<{ sittingOut: Array<{ nickname: string }> }>
      extraGame: Array<{ nickname: string }>
    }>
  }>('seating.generate', {
    stageId: staged.stages[0].id,
    seed: 4,
    uneven: 'extraGame',
    avoidPairs: [[staged.players[0].id, staged.players[1].id]],
  })
  await page.goto(`${a.origin}/admin?token=${encodeURIComponent(a.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: 'Малый e2e' })
  await expect(page.getByTestId('dash-uneven-1')).toContainText('лишняя игра')
  await expect(page.getByTestId('dash-uneven-1')).toContainText(d.stages[0].extraGame[0].nickname)
  for (const [k, round] of d.stages[0].rounds.entries()) {
    const line = page.getByTestId(`dash-out-1-${k + 1}`)
    await expect(line).toContainText(`Не играют в этом туре (${round.sittingOut.length})`)
    for (const p of round.sittingOut) await expect(line).toContainText(p.nickname)
  }
  await page.screenshot({ path: join(SHOTS, 'admin-tournament-sit-outs.png') })

  // Archived: read-only, said on every sub-tab; the dashboard offers no action; back from the archive, it does.
  await page.getByTestId('office-tab-settings').click()
  await page.getByTestId('office-archive').click()
  await expect(page.getByTestId('office-archived-note')).toContainText('только для просмотра')
  await expect(page.getByTestId('notice')).toContainText('перенесён в архив')
  await page.getByTestId('office-tab-dashboard').click()
  await expect(page.getByTestId('start-round-1-1')).toHaveCount(0)
  await expect(page.getByTestId('dash-judge-1-1-1')).toHaveCount(0)
  await page.getByTestId('office-tab-settings').click()
  await page.getByTestId('office-archive').click()
  await expect(page.getByTestId('office-archived-note')).toHaveCount(0)
  await expect(page.getByTestId('notice')).toContainText('возвращён из архива')
  await page.getByTestId('office-tab-dashboard').click()
  await expect(page.getByTestId('start-round-1-1')).toBeVisible()

  // The printable seating names them too; the form starts from the options the stage was seated with.
  await page.getByTestId('office-tab-seating').click()
  await expect(page.getByTestId('seating-uneven-mode')).toHaveValue('extraGame')
  await expect(page.getByTestId('stage-1')).toContainText(
    `${staged.players[0].nickname} — ${staged.players[1].nickname}`,
  )
  for (const [k, round] of d.stages[0].rounds.entries())
    for (const p of round.sittingOut)
      await expect(page.getByTestId(`seating-out-${k + 1}`)).toContainText(p.nickname)

  // Round 1 started, its game cancelled with a reason: the dashboard offers a game for the free table.
  await page.getByTestId('office-tab-dashboard').click()
  await page.getByTestId('start-round-1-1').click()
  await confirm(page)
  const cell = page.getByTestId('dash-cell-1-1-1')
  await expect(cell.getByTestId('dash-state')).toContainText('не начата')
  await cell.getByRole('button', { name: 'Отменить игру' }).click()
  await page.getByTestId('cancel-reason').fill('Ошибка рассадки')
  await page.getByTestId('cancel-confirm').click()
  await expect(cell.getByTestId('dash-state')).toContainText('отменена: Ошибка рассадки')
  await page.getByTestId('prepare-round-1-1').click()
  await expect(page.getByTestId('confirm-text')).toContainText('где её нет')
  await confirm(page)
  await expect(cell.getByTestId('dash-state')).toContainText('не начата')
  await expect(page.getByTestId('prepare-round-1-1')).toHaveCount(0)

  // That game cancelled too and the round closed: the head judge can still have it replayed, after a
  // confirmation that says the round opens again until he closes it once more.
  await cell.getByRole('button', { name: 'Отменить игру' }).click()
  await page.getByTestId('cancel-reason').fill('Пожарная тревога')
  await page.getByTestId('cancel-confirm').click()
  await expect(cell.getByTestId('dash-state')).toContainText('отменена: Пожарная тревога')
  await page.getByTestId('close-round-1-1').click()
  await expect(page.getByTestId('close-round-1-1')).toHaveCount(0)
  await page.getByTestId('replay-1-1-1').click()
  await expect(page.getByTestId('confirm-text')).toContainText('Тур 1 завершён, игра за столом 1 отменена')
  await confirm(page)
  await expect(page.getByTestId('notice')).toContainText('Тур 1 открыт снова')
  await expect(cell.getByTestId('dash-state')).toContainText('не начата')
  await expect(page.getByTestId('replay-1-1-1')).toHaveCount(0)
  await expect(page.getByTestId('close-round-1-1')).toBeVisible()
})
