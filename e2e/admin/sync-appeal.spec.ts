/**
 * «Столы по сети» on the hub (issue 31 §1) in Chromium: a table's entry that met the head judge's amendment of
 * its game by an accepted appeal is shown as a conflict that names the appeal, and offers no «take the table's
 * version». The hub is the real headless server; the table's push is a real HTTP request with its table token.
 */
import { test, expect } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'
import { FULL_GAME, FULL_GAME_ROLES } from '../../tests/fixtures/full-game'
import type { TournamentDetail } from '../../src/shared/tournament-ops'
import type { GameEnvelope } from '../../src/shared/contract'
import type { SyncHubStatus } from '../../src/shared/sync'

const hall = useServerAndControl()

test('a table entry over an appeal’s amendment: «Столы по сети» names appeal №N, no taking the table’s version', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const { server, control } = hall
  let t = await control.call<TournamentDetail>('tournaments.create', {
    name: 'Кубок апелляций',
    rulesetId: 'fiim',
    tables: 1,
  })
  const csv = Array.from({ length: 10 }, (_, i) => `Игрок ${i + 1}`).join('\n')
  await control.call('tournaments.importPlayers', { tournamentId: t.id, csv: `nickname\n${csv}\n` })
  t = await control.call<TournamentDetail>('stages.create', {
    tournamentId: t.id,
    kind: 'qualifying',
    games: 1,
  })
  t = await control.call<TournamentDetail>('seating.generate', { stageId: t.stages[0].id, seed: 5 })
  const round = t.stages[0].rounds[0]
  const env = await control.call<GameEnvelope>('game.create', {
    rulesetId: 'fiim',
    players: round.tables[0].seats.map((p, i) => ({
      name: p?.nickname ?? `Запасной ${i + 1}`,
      playerId: p?.id ?? null,
    })),
    roles: { ...FULL_GAME_ROLES },
    tournamentId: t.id,
    roundId: round.id,
    tableId: t.tables[0].id,
  })
  for (const command of FULL_GAME) await control.command(env.gameId, command)
  const appeal = await control.call<{ id: number; number: number }>('appeals.file', {
    gameId: env.gameId,
    filer: { role: 'captain', name: 'Капитан красных' },
    text: 'Неверно записан лучший ход',
    by: 'Главный судья',
  })
  await control.call('appeals.accept', {
    id: appeal.id,
    answer: 'Доп. баллы по протесту',
    by: 'Главный судья',
    amendment: { extraPoints: [{ seat: 1, points: 0.3 }] },
  })
  const amendSeq = FULL_GAME.length + 1
  // The table's machine pushes its own entry after the game's end, at the amendment's seq.
  await control.call('sync.createToken', { tableId: t.tables[0].id })
  const status = await control.call<SyncHubStatus>('sync.status', { tournamentId: t.id })
  const token = status.tables[0].token!
  const res = await fetch(`${server.origin}/sync/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      tournament: t.uuid,
      gameUuid: env.game.uuid,
      fromSeq: amendSeq,
      entries: [
        {
          seq: amendSeq,
          command: { cmd: 'extraPoints', seat: 2, points: 0.2, reason: 'за протокол' },
          events: [],
          at: Date.now(),
        },
      ],
    }),
  })
  expect(res.status).toBe(409)
  const body = (await res.json()) as { error: { code: string; message: { ru: string } } }
  expect(body.error.code).toBe('sync/appeal_amended')
  expect(body.error.message.ru).toContain(`по апелляции №${appeal.number}`)

  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#tables`)
  await page.getByTestId('tables-sync-tournament').selectOption(String(t.id))
  const card = page.getByTestId('sync-conflicts').locator('article')
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId('sync-conflict-appeal')).toContainText(
    `Игра исправлена по апелляции №${appeal.number}`,
  )
  await expect(card.getByTestId('sync-conflict-hub')).toContainText('amend')
  await expect(card.getByTestId('sync-conflict-table')).toContainText('extraPoints')
  await expect(card.getByTestId('sync-conflict-accept')).toHaveCount(0)
  // Kept: the head judge's answer stands; the conflict leaves the open list.
  await card.getByTestId('sync-conflict-keep').click()
  await expect(page.getByTestId('sync-conflicts')).toContainText('Конфликтов нет')
})
