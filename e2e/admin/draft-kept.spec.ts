/**
 * What an organiser types in /admin is not taken away by a reload. The office reloads a tournament on every
 * change (a table's game result, another window's save): the settings form and the awards rules keep the unsaved
 * edit, and the saved value is what was typed. The season form keeps a name typed before its first load ended.
 */
import { test, expect } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'
import type { AwardsView } from '../../src/shared/awards'
import type { TournamentDetail } from '../../src/shared/tournament-ops'

const hall = useServerAndControl()

test('an unsaved edit survives the reload another window’s change causes, and is what gets saved', async ({
  page,
}) => {
  const { server, control } = hall
  await page.goto(`${server.origin}/admin?token=${encodeURIComponent(server.token)}#office`)
  await expect(page.getByTestId('office-select')).toContainText('Демо-турнир')
  const id = Number(await page.getByTestId('office-select').inputValue())

  // The settings form: a new name typed, then another window changes the tournament (its awards rules).
  await page.getByTestId('office-tab-settings').click()
  const name = page.getByTestId('tf-name')
  await expect(name).toHaveValue('Демо-турнир')
  await name.fill('Кубок, набранный до перезагрузки')
  const before = await control.call<AwardsView>('awards.get', { tournamentId: id })
  const off = structuredClone(before.settings)
  off.awards[0].enabled = !off.awards[0].enabled
  await control.call('awards.setRules', { tournamentId: id, settings: off })
  // The office reloads the detail on the change notice; the typed name is still in the field after it.
  await page.waitForTimeout(1000)
  await expect(name).toHaveValue('Кубок, набранный до перезагрузки')
  await page.getByTestId('tf-save').click()
  await expect(page.getByTestId('notice')).toContainText('сохранён')
  const detail = await control.call<TournamentDetail>('tournaments.get', { tournamentId: id })
  expect(detail.name).toBe('Кубок, набранный до перезагрузки')

  // The awards rules: a title typed, another window's change of the tournament, the title stays and is saved.
  await page.getByTestId('office-tab-awards').click()
  const red = page.getByTestId('award-rule-bestRed')
  // Typed and not yet committed (the field commits on leaving it) while the winners reload and re-render.
  await red.getByTestId('award-title').fill('Красная звезда')
  await control.call('tournaments.update', { tournamentId: id, venue: 'Зал, изменённый в другом окне' })
  await page.waitForTimeout(1000)
  await expect(red.getByTestId('award-title')).toHaveValue('Красная звезда')
  await red.getByTestId('award-title').press('Tab')
  // Committed, then another reload: the edit stays in the draft.
  await control.call('tournaments.update', { tournamentId: id, venue: 'Зал 2' })
  await page.waitForTimeout(1000)
  await expect(red.getByTestId('award-title')).toHaveValue('Красная звезда')
  await page.getByTestId('awards-save').click()
  await expect(page.getByTestId('notice')).toContainText('Правила номинаций сохранены')
  const after = await control.call<AwardsView>('awards.get', { tournamentId: id })
  expect(after.settings.awards.find((a) => a.id === 'bestRed')?.title).toBe('Красная звезда')
})

test('a season’s name typed while the page still loads is kept and saved', async ({ page }) => {
  const { origin, token } = hall.server
  // The season list answers late: the name is typed before the first load ends.
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => (release = r))
  await page.routeWebSocket(/./, (ws) => {
    const upstream = ws.connectToServer()
    ws.onMessage(async (m) => {
      if (typeof m === 'string' && m.includes('"season.list"')) await held
      upstream.send(m)
    })
  })
  await page.goto(`${origin}/admin?token=${encodeURIComponent(token)}#season`)
  await page.getByTestId('series-name').fill('Сезон, набранный рано')
  release()
  await page.waitForTimeout(500)
  await expect(page.getByTestId('series-name')).toHaveValue('Сезон, набранный рано')
  await page.getByTestId('series-save').click()
  await expect(page.getByTestId('notice')).toContainText('Сезон «Сезон, набранный рано» сохранён')
})
