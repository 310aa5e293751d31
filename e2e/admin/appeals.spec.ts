/**
 * Appeals (issue 31 §1) on /admin, in Chromium against the real headless server: a player's appeal filed on a
 * finished game shows as a badge on the dashboard and the «Апелляции» tab; the head judge accepts it with a correction
 * (extra points) and the standings move by exactly that; a captain's appeal is rejected and nothing moves; a third is
 * answered by cancelling the game and replaying it; every step shows who took it and when.
 */
import { test, expect } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'
import { FULL_GAME, FULL_GAME_ROLES } from '../../tests/fixtures/full-game'

const NICKS = Array.from({ length: 10 }, (_, i) => `Апеллянт ${String(i + 1).padStart(2, '0')}`)

interface Table {
  tableId: number
  table: number
  seats: Array<{ id: number; nickname: string } | null>
  game: { id: number; status: string; cancelled: boolean } | null
  cancelled: Array<{ id: number }>
}
interface Detail {
  id: number
  stages: Array<{ id: number; rounds: Array<{ id: number; tables: Table[] }> }>
}
interface Standings {
  overall: Array<{ playerId: number | null; total: number }>
}

const hall = useServerAndControl()

async function totals(tournamentId: number): Promise<Map<number, number>> {
  const s = await hall.control.call<Standings>('standings.get', { tournamentId })
  return new Map(s.overall.map((r) => [r.playerId!, r.total]))
}

test('an appeal is filed, shown as a badge, accepted with a correction (standings follow), rejected, and answered by a replay', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const t = await hall.control.call<{ id: number }>('tournaments.create', {
    name: 'Апелляции e2e',
    rulesetId: 'fiim',
    tables: 1,
  })
  await hall.control.call('tournaments.importPlayers', {
    tournamentId: t.id,
    csv: ['nickname', ...NICKS].join('\n'),
  })
  let detail = await hall.control.call<Detail>('stages.create', {
    tournamentId: t.id,
    kind: 'qualifying',
    games: 2,
  })
  detail = await hall.control.call<Detail>('seating.generate', { stageId: detail.stages[0].id, seed: 3 })
  const round = detail.stages[0].rounds[0]
  const table = round.tables[0]
  const env = await hall.control.call<{ gameId: number }>('game.create', {
    rulesetId: 'fiim',
    players: table.seats.map((p) => ({ name: p!.nickname, playerId: p!.id })),
    roles: { ...FULL_GAME_ROLES },
    tournamentId: t.id,
    roundId: round.id,
    tableId: table.tableId,
  })
  for (const command of FULL_GAME) await hall.control.command(env.gameId, command)
  const seat1 = table.seats[0]!
  const before = await totals(t.id)

  await page.goto(`${hall.server.origin}/admin?token=${encodeURIComponent(hall.server.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: 'Апелляции e2e' })
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await expect(page.getByTestId('appeals-badge')).toHaveCount(0)

  // A player of the game files an appeal.
  await page.getByTestId('office-tab-appeals').click()
  await page.getByTestId('appeals-by').fill('Главный судья Орлов')
  await page.getByTestId('appeals-game').selectOption({ label: 'Тур 1, стол 1' })
  await page.getByTestId('appeals-role-player').check()
  await page.getByTestId('appeals-player').selectOption({ label: seat1.nickname })
  await page.getByTestId('appeals-text').fill('Мне не засчитали голос во втором дне')
  await page.getByTestId('appeals-file').click()
  await expect(page.getByTestId('appeal-1')).toContainText('Апелляция №1')
  await expect(page.getByTestId('appeal-1')).toContainText(`игрок: ${seat1.nickname}`)
  await expect(page.getByTestId('appeals-tab-badge')).toHaveText('1')
  await page.getByTestId('office-tab-dashboard').click()
  await expect(page.getByTestId('appeals-badge')).toHaveText('Открытых апелляций: 1')

  // Accepted with a correction: +0.4 extra points to seat 1.
  await page.getByTestId('office-tab-appeals').click()
  await page.getByTestId('appeal-answer-1').fill('Голос засчитан')
  await page.getByTestId('appeal-accept-1').click()
  await page.getByTestId('appeal-add-extra').click()
  await page.getByTestId('appeal-extra-seat-0').fill('1')
  await page.getByTestId('appeal-extra-points-0').fill('0.4')
  await page.getByTestId('appeal-confirm-accept-1').click()
  await expect(page.getByTestId('appeal-status-1')).toHaveText('удовлетворена')
  await expect(page.getByTestId('appeal-history-1')).toContainText('удовлетворена — Главный судья Орлов')
  await expect(page.getByTestId('appeals-tab-badge')).toHaveCount(0)
  await expect(page.getByTestId('appeals-none-open')).toBeVisible()
  const after = await totals(t.id)
  expect(after.get(seat1.id)! - before.get(seat1.id)!).toBeCloseTo(0.4, 9)
  for (const p of table.seats.slice(1)) expect(after.get(p!.id)).toBe(before.get(p!.id))

  // A captain's appeal, rejected: nothing moves.
  await page.getByTestId('appeals-role-captain').check()
  await page.getByTestId('appeals-captain').fill('Капитан Север')
  await page.getByTestId('appeals-text').fill('Протест по лучшему ходу')
  await page.getByTestId('appeals-file').click()
  await expect(page.getByTestId('appeal-2')).toContainText('капитан: Капитан Север')
  await page.getByTestId('appeal-answer-2').fill('Оснований нет')
  await page.getByTestId('appeal-reject-2').click()
  await expect(page.getByTestId('appeal-status-2')).toHaveText('отклонена')
  await expect(page.getByTestId('appeal-history-2')).toContainText('подана — Главный судья Орлов')
  expect(await totals(t.id)).toEqual(after)

  // A third, answered by cancelling the game and replaying it.
  await page.getByTestId('appeals-role-player').check()
  await page.getByTestId('appeals-text').fill('Игроку показали карту')
  await page.getByTestId('appeals-file').click()
  await page.getByTestId('appeal-answer-3').fill('Переиграть')
  await page.getByTestId('appeal-replay-3').click()
  await expect(page.getByTestId('confirm-text')).toContainText('Тур 1, стол 1')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('appeal-status-3')).toHaveText('переигровка')
  const now = await hall.control.call<Detail>('tournaments.get', { tournamentId: t.id })
  const tb = now.stages[0].rounds[0].tables[0]
  expect(tb.cancelled.map((g) => g.id)).toEqual([env.gameId])
  expect(tb.game?.status).toBe('setup')

  await expect(page.getByTestId('appeal-history-3')).toContainText('игра отменена и переиграна')
})
