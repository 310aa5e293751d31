/**
 * The scoring-system editor on /admin (issue 31 §3) in Chromium against the real headless server with its demo
 * tournament: a shipped system's fields are read-only; a copy of FIIM gets a new extra points range, a penalty and
 * a tie-breaks order (numbers typed with a comma), its unsaved edits previewed side by side, then saved and read
 * back through the contract field by field; a refused value is named next to its field and in the error area (in
 * Russian and English) and nothing is stored. The tab fits 1366×768 without a sideways scroll.
 */
import { test, expect, type Page } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'
import { DEMO_TOURNAMENT_NAME } from '../../src/main/db/tournaments'
import type { ScoringSystemEntry, StandingsPreview } from '../../src/shared/scoring-ops'

const hall = useServerAndControl()

async function openScoring(page: Page, tournament = DEMO_TOURNAMENT_NAME): Promise<void> {
  await page.goto(`${hall.server.origin}/admin?token=${encodeURIComponent(hall.server.token)}#office`)
  await page.getByTestId('office-select').selectOption({ label: tournament })
  await page.getByTestId('office-tab-scoring').click()
  await expect(page.getByTestId('scoring-tournament-system')).toContainText('Система турнира')
}

/** The preview side's rows as «rank name» (the order and the places the tie-breaks decide). */
const ranks = async (page: Page, side: 'current' | 'preview'): Promise<string[]> => {
  const out: string[] = []
  for (const row of await page.getByTestId(`scoring-${side}`).getByTestId('scoring-row').all()) {
    const cells = await row.locator('td').allInnerTexts()
    out.push(`${cells[0]} ${cells[1]}`)
  }
  return out
}

const noSidewaysScroll = async (page: Page): Promise<void> => {
  const { sw, cw } = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    cw: document.documentElement.clientWidth,
  }))
  expect(sw, 'the scoring tab scrolls sideways').toBeLessThanOrEqual(cw)
}

test('a shipped system is shown whole and read-only', async ({ page }) => {
  await openScoring(page)
  await page.getByTestId('scoring-system').selectOption('fiim')
  const edit = page.getByTestId('scoring-edit')
  await expect(edit).toBeVisible()
  await expect(page.getByTestId('scoring-read-only')).toContainText('Скопировать')
  await expect(page.getByTestId('scoring-copy')).toHaveText('Скопировать')
  // Every field is there with FIIM's values, and none can be changed.
  await expect(page.getByTestId('scoring-extra-min')).toHaveValue('−1,6')
  await expect(page.getByTestId('scoring-penalty-teamDefeat')).toHaveValue('−0,7')
  await expect(page.getByTestId('scoring-best-move-two')).toHaveValue('0,3')
  await expect(page.getByTestId('scoring-ci-k')).toHaveValue('0,4')
  for (const id of [
    'scoring-name',
    'scoring-win-don',
    'scoring-loss',
    'scoring-draw',
    'scoring-extra-min',
    'scoring-extra-max',
    'scoring-penalty-removal',
    'scoring-penalty-fourFouls',
    'scoring-penalty-teamDefeat',
    'scoring-best-move-two',
    'scoring-best-move-three',
    'scoring-ci-enabled',
    'scoring-ci-k',
    'scoring-ci-ratio',
    'scoring-ci-scope',
    'scoring-ci-final-final',
    'scoring-ci-min-final-games',
    'scoring-tb-pick',
    'scoring-tb-add',
    'scoring-bonus-add',
  ])
    await expect(page.getByTestId(id), id).toBeDisabled()
  for (const b of await page.getByTestId('scoring-tb-order').all()) await expect(b).toBeDisabled()
  for (const b of await page.getByTestId('scoring-tb-remove').all()) await expect(b).toBeDisabled()
  await expect(page.getByTestId('scoring-save')).toHaveCount(0)
  await noSidewaysScroll(page)
})

test('copy FIIM, edit every kind of field, preview the unsaved edits, save and read it back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await openScoring(page)
  await page.getByTestId('scoring-system').selectOption('fiim')
  await page.getByTestId('scoring-copy-name').fill('Строгая')
  await page.getByTestId('scoring-copy').click()
  await expect(page.getByTestId('scoring-system')).toContainText('Строгая (своя)')
  const id = await page.getByTestId('scoring-system').inputValue()
  await expect(page.getByTestId('scoring-save')).toBeVisible()
  // Saving changes no tournament already using the system: said plainly before the save.
  await expect(page.getByTestId('scoring-kept-copy')).toContainText(
    'Турниры, уже использующие эту систему, хранят свою копию',
  )

  await page.getByTestId('scoring-show').click()
  await expect(page.getByTestId('scoring-preview').getByTestId('scoring-row').first()).toBeVisible()
  const before = await ranks(page, 'preview')
  expect(before.length).toBeGreaterThan(0)
  expect(before).toEqual(await ranks(page, 'current'))

  // The extra points range and a penalty, typed with a comma (and a minus sign of either kind).
  await page.getByTestId('scoring-extra-min').fill('-0,5')
  await page.getByTestId('scoring-extra-max').fill('0,5')
  await page.getByTestId('scoring-penalty-removal').fill('−1,5')
  await page.getByTestId('scoring-best-move-three').fill('0.6')
  await page.getByTestId('scoring-ci-k').fill('0,5')
  await page.getByTestId('scoring-ci-final-semifinal').check()
  await page.getByTestId('scoring-ci-scope').selectOption('tournament')
  // The tie-breaks: «first killed» dropped, «wins as civilian» added and moved up to right after the total,
  // «wins» turned to «less is better».
  const tb = page.getByTestId('scoring-tie-breaks')
  await tb.getByTestId('scoring-tb-firstKilled').getByTestId('scoring-tb-remove').click()
  await page.getByTestId('scoring-tb-pick').selectOption('winsAsCivilian')
  await page.getByTestId('scoring-tb-add').click()
  for (let i = 0; i < 4; i++)
    await tb.getByTestId('scoring-tb-winsAsCivilian').getByTestId('scoring-tb-up').click()
  await tb.getByTestId('scoring-tb-wins').getByTestId('scoring-tb-order').click()
  await expect(tb.locator('li')).toHaveText([
    /Итого/,
    /Победы мирным/,
    /Доп\. баллы/,
    /Победы.*меньше — лучше/,
    /Победы шерифом/,
    /Победы доном/,
  ])
  // An automatic bonus: +0,1 to a sheriff who won and survived.
  await page.getByTestId('scoring-bonus-add').click()
  const bonus = page.getByTestId('scoring-bonus')
  await bonus.getByTestId('scoring-bonus-role').selectOption('sheriff')
  await bonus.getByTestId('scoring-bonus-result').selectOption('win')
  await bonus.getByTestId('scoring-bonus-survived').selectOption('yes')
  await bonus.getByTestId('scoring-bonus-points').fill('0,1')
  await noSidewaysScroll(page)

  // The unsaved edits previewed beside the tournament's own standings: the new tie-break reorders equal totals.
  await page.getByTestId('scoring-show').click()
  await expect(page.getByTestId('scoring-preview')).toContainText('несохранённые изменения')
  await expect.poll(() => ranks(page, 'preview')).not.toEqual(before)
  expect(await ranks(page, 'current')).toEqual(before)
  const stored = await hall.control.call<ScoringSystemEntry>('scoring.get', { id })
  expect(stored.system.tieBreaks).toEqual(
    (await hall.control.call<ScoringSystemEntry>('scoring.get', { id: 'fiim' })).system.tieBreaks,
  )

  await page.getByTestId('scoring-save').click()
  await expect(page.getByTestId('notice')).toContainText('Система «Строгая» сохранена')
  const saved = (await hall.control.call<ScoringSystemEntry>('scoring.get', { id })).system
  expect(saved.extraPoints).toEqual({ min: -0.5, max: 0.5 })
  expect(saved.penalties).toEqual({ removal: -1.5, fourFouls: -0.5, teamDefeat: -0.7 })
  expect(saved.bestMove).toEqual({ two: 0.3, three: 0.6 })
  expect(saved.ci).toMatchObject({ k: 0.5, scope: 'tournament', finalStages: ['final', 'semifinal'] })
  expect(saved.tieBreaks).toEqual([
    { key: 'total', order: 'desc' },
    { key: 'winsAsCivilian', order: 'desc' },
    { key: 'extra', order: 'desc' },
    { key: 'wins', order: 'asc' },
    { key: 'winsAsSheriff', order: 'desc' },
    { key: 'winsAsDon', order: 'desc' },
  ])
  expect(saved.autoBonus).toEqual([
    { id: 'bonus-1', role: 'sheriff', result: 'win', survived: true, points: 0.1 },
  ])
  // Saved: the preview of the same system has no unsaved edits any more.
  await page.getByTestId('scoring-show').click()
  await expect(page.getByTestId('scoring-preview')).not.toContainText('несохранённые изменения')

  // Refused values: named next to their fields and in the error area; nothing stored.
  await page.getByTestId('scoring-extra-min').fill('1')
  await page.getByTestId('scoring-penalty-fourFouls').fill('-11')
  await page.getByTestId('scoring-draw').fill('ноль')
  await page.getByTestId('scoring-save').click()
  await expect(page.getByTestId('error-text')).toContainText('scoring.save')
  await expect(page.getByTestId('error-text')).toContainText('допустимо не меньше -10')
  await expect(page.getByTestId('error-text')).toContainText(
    'system.extraPoints: нижняя граница больше верхней',
  )
  const extra = page.getByTestId('scoring-group-extraPoints')
  await expect(extra.getByTestId('scoring-issue')).toHaveText(
    'Доп. баллы за игру: нижняя граница больше верхней',
  )
  await expect(page.getByTestId('scoring-group-penalties').getByTestId('scoring-issue')).toHaveText(
    'Четвёртый фол: допустимо не меньше -10',
  )
  await expect(page.getByTestId('scoring-group-result').getByTestId('scoring-issue')).toHaveText(
    'За ничью: ожидается число',
  )
  await expect(page.getByTestId('scoring-penalty-fourFouls')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('scoring-extra-max')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('scoring-draw')).toHaveValue('ноль')
  expect((await hall.control.call<ScoringSystemEntry>('scoring.get', { id })).system).toEqual(saved)
  // The preview of a refused system is refused the same way (nothing shown as if it were valid).
  await page.getByTestId('scoring-show').click()
  await expect(page.getByTestId('error-text')).toContainText('standings.preview')
  await expect(extra.getByTestId('scoring-issue')).toHaveCount(1)
  await expect(page.getByTestId('scoring-preview')).toHaveCount(0)

  // In English: the same refusal in English words.
  await page.getByTestId('lang-en').click()
  await page.getByTestId('scoring-save').click()
  await expect(page.getByTestId('error-text')).toContainText('must be at least -10')
  await expect(extra.getByTestId('scoring-issue')).toHaveText(
    'Extra points per game: the lower bound is above the upper one',
  )
  await expect(page.getByTestId('scoring-group-penalties').getByTestId('scoring-issue')).toHaveText(
    'Fourth foul: must be at least -10',
  )
  await noSidewaysScroll(page)
  expect((await hall.control.call<ScoringSystemEntry>('scoring.get', { id })).system).toEqual(saved)
})

test('edits not saved are lost only when the user says so', async ({ page }) => {
  await openScoring(page)
  await page.getByTestId('scoring-system').selectOption('fiim')
  await page.getByTestId('scoring-copy-name').fill('Черновик')
  await page.getByTestId('scoring-copy').click()
  await expect(page.getByTestId('scoring-system')).toContainText('Черновик (своя)')
  const id = await page.getByTestId('scoring-system').inputValue()
  await page.getByTestId('scoring-loss').fill('0,2')

  // Another system picked: asked first; «no» keeps the edits and the edited system in the list.
  await page.getByTestId('scoring-system').selectOption('club')
  await expect(page.getByTestId('confirm-text')).toContainText('Изменения системы «Черновик» не сохранены')
  await page.getByTestId('confirm-no').click()
  await expect(page.getByTestId('scoring-system')).toHaveValue(id)
  await expect(page.getByTestId('scoring-loss')).toHaveValue('0,2')

  // Copying is asked too (the copy is of the stored system).
  await page.getByTestId('scoring-copy-name').fill('Ещё одна')
  await page.getByTestId('scoring-copy').click()
  await expect(page.getByTestId('confirm-text')).toContainText('не сохранены')
  await page.getByTestId('confirm-no').click()
  await expect(page.getByTestId('scoring-loss')).toHaveValue('0,2')

  // «Yes»: the other system is shown, and the stored copy never had the edit.
  await page.getByTestId('scoring-system').selectOption('club')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('scoring-read-only')).toBeVisible()
  await expect(page.getByTestId('scoring-system')).toHaveValue('club')
  expect((await hall.control.call<ScoringSystemEntry>('scoring.get', { id })).system.loss).toBe(0)
  const names = (await hall.control.call<ScoringSystemEntry[]>('scoring.list', {})).map((e) => e.system.name)
  expect(names).not.toContain('Ещё одна')
})

test('a tournament using a custom system keeps its own copy when the system is saved again', async ({
  page,
}) => {
  const t = await hall.control.call<{ id: number }>('tournaments.create', {
    name: 'Кубок без игр',
    startsOn: '2026-12-05',
    endsOn: '2026-12-06',
    rulesetId: 'fiim',
    tables: 1,
  })
  await openScoring(page, 'Кубок без игр')
  await page.getByTestId('scoring-system').selectOption('fiim')
  await page.getByTestId('scoring-copy-name').fill('Клубная-2')
  await page.getByTestId('scoring-copy').click()
  await expect(page.getByTestId('scoring-system')).toContainText('Клубная-2 (своя)')
  const id = await page.getByTestId('scoring-system').inputValue()
  await page.getByTestId('scoring-use').click()
  await expect(page.getByTestId('scoring-tournament-system')).toContainText('«Клубная-2»')
  await expect(page.getByTestId('scoring-kept-copy')).toContainText(
    'Этот турнир считает по своей копии «Клубная-2»',
  )

  await page.getByTestId('scoring-loss').fill('0,2')
  await page.getByTestId('scoring-save').click()
  await expect(page.getByTestId('notice')).toContainText('Турниры, уже использующие её, хранят свою копию')
  expect((await hall.control.call<ScoringSystemEntry>('scoring.get', { id })).system.loss).toBe(0.2)
  const own = await hall.control.call<StandingsPreview>('standings.preview', { tournamentId: t.id })
  expect(own.current.system).toMatchObject({ id, loss: 0 })
})
