/**
 * Issue 28: the control panel gives the keyboard back and lets the judge answer, driven by real keys in Chromium.
 * Fields never keep the keyboard after Esc or after their action; Esc from a dialog lets its seat go; the vote
 * preview refuses a seat that has voted; FIIM's removal dialog starts on a reason FIIM takes and a letter picks
 * one; hints are true of their moment; H hides the roles on the Games screen too; a paused timer looks paused on
 * the panel and on the stream; the city lift-all takes yes, no and abstentions.
 */
import { test, expect, type Page } from '@playwright/test'
import { useServerAndControl } from '../helpers/server-control'
import { command, expectPhase, seats, setUpGame, SHOTS } from './panel'
import type { GameEnvelope } from '../../src/shared/contract'

const hall = useServerAndControl()

const NAMES = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']
type Cmd = Record<string, unknown>
const nexts = (n: number): Cmd[] => Array.from({ length: n }, () => ({ cmd: 'next' }))

/** Day 1 with nominees 4 (by 1) and 6 (by 2), all speeches done: the voting is open. */
const TO_VOTING: Cmd[] = [
  { cmd: 'start' },
  { cmd: 'next' },
  { cmd: 'nominate', by: 1, target: 4 },
  { cmd: 'next' },
  { cmd: 'nominate', by: 2, target: 6 },
  ...nexts(9),
]

/** A new game (don 3, mafia 5 and 8, sheriff 10) played to a moment by the contract, then opened in the panel. */
async function gameAt(page: Page, rulesetId: 'fiim' | 'city', steps: Cmd[]): Promise<number> {
  const env = await hall.control.call<GameEnvelope>('game.create', {
    rulesetId,
    players: NAMES.map((name) => ({ name })),
    roles: { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' },
  })
  for (const c of steps) await hall.control.command(env.gameId, c)
  await hall.control.call('game.open', { gameId: env.gameId })
  await page.goto(hall.server.controlUrl)
  await expect(page.getByTestId('app')).toHaveAttribute('data-game', String(env.gameId))
  await expect(page.getByTestId('seat-1')).toBeVisible()
  return env.gameId
}

/** The element holding the keyboard is no field: the board, or nothing in particular. */
async function expectKeyboardOnBoard(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const a = document.activeElement
        return a === null || a === document.body || a.getAttribute('data-testid') === 'board'
      }),
    )
    .toBe(true)
}

test('the vote count field gives the keyboard back: after a recorded count, after a refused one at Esc, at Esc', async ({
  page,
}) => {
  await gameAt(page, 'fiim', TO_VOTING)
  await expectPhase(page, 'day', 'voting')
  const field = page.getByTestId('vote-count')

  // A count recorded with Enter: the field lets go at once; the next digit picks a seat, it is not typed in.
  await field.click()
  await expect(page.getByTestId('vote-count-typing')).toBeVisible()
  await page.keyboard.type('3')
  await command(page, 'Enter')
  await expect(page.getByTestId('candidate-4')).toHaveAttribute('data-votes', '3')
  await expectKeyboardOnBoard(page)
  await expect(field).toHaveValue('')
  await page.keyboard.press('7')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '7')
  await expect(field).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '')

  // A refused count keeps the field (its message beside it); Esc leaves it, emptied, and the digits pick seats.
  await field.click()
  await page.keyboard.type('11')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('vote-count-error')).toBeVisible()
  await page.keyboard.press('Escape')
  await expectKeyboardOnBoard(page)
  await expect(field).toHaveValue('')
  await page.keyboard.press('2')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '2')
  await expect(field).toHaveValue('')
  // Enter now records seat 2's vote, not an anonymous count.
  await command(page, 'Enter')
  await expect(page.getByTestId('undo-label')).toContainText(/Голосование за №6 \S+: 2/)
  await expect(page.getByTestId('undo-label')).not.toContainText('гол.')
  await expectPhase(page, 'day', 'lastWord')
})

test('Esc leaves every field of the panel: dialogs, the setup names, the stream settings', async ({
  page,
}) => {
  await gameAt(page, 'fiim', [{ cmd: 'start' }, { cmd: 'next' }])
  await expectPhase(page, 'day', 'speech')
  // The seat dialogs and the comment: Esc closes them and the next digit picks a seat.
  for (const key of ['r', 'p', 'x', 'k']) {
    if (key !== 'k') await seats(page, [5])
    await page.keyboard.press(key)
    await expect(page.getByTestId('action-dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('action-dialog')).toHaveCount(0)
    await expectKeyboardOnBoard(page)
    await page.keyboard.press('4')
    await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '4')
    await page.keyboard.press('Escape')
  }
  // A comment written and saved with Enter: the keyboard is back on the board.
  await page.keyboard.press('k')
  await page.keyboard.type('Шум в зале')
  await command(page, 'Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expectKeyboardOnBoard(page)
  await page.keyboard.press('6')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '6')
  await page.keyboard.press('Escape')
  // The Games screen: G puts the keyboard in the first name; Esc leaves the field, a second Esc the screen.
  await page.keyboard.press('g')
  await expect(page.getByTestId('name-1')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('name-1')).not.toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeVisible()
  await expectKeyboardOnBoard(page)
  // The stream settings: a field there lets go at Esc too.
  await page.keyboard.press('o')
  await expect(page.getByTestId('settings')).toBeVisible()
  const input = page
    .getByTestId('settings')
    .locator('input[type=text], input:not([type]), input[type=number]')
    .first()
  await input.focus()
  await page.keyboard.press('Escape')
  await expect(input).not.toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeVisible()
  await page.keyboard.press('3')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '3')
})

test('Esc from a dialog lets its seat go: the next Enter is the step’s own', async ({ page }) => {
  await gameAt(page, 'fiim', [{ cmd: 'start' }, { cmd: 'next' }])
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '1')
  await seats(page, [5])
  await page.keyboard.press('r')
  await expect(page.getByTestId('action-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '')
  // Enter with nothing picked ends the speech (with seat 5 still picked it would nominate him).
  await command(page, 'Enter')
  await expect(page.getByTestId('speaker')).toHaveAttribute('data-seat', '2')
  await expect(page.getByTestId('nominated-5')).toHaveCount(0)
  // The same with the «Отмена» button.
  await seats(page, [7])
  await page.keyboard.press('x')
  await page.getByTestId('dialog-cancel').click()
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '')
})

test('the vote preview refuses a seat that has already voted, at the key press', async ({ page }) => {
  await gameAt(page, 'fiim', [...TO_VOTING, { cmd: 'vote', candidate: 4, voters: [1, 2] }])
  await expectPhase(page, 'day', 'voting')
  await expect(page.getByTestId('candidate-6')).toHaveClass(/current/)
  const before = await page.getByTestId('votes-6').textContent()
  await page.keyboard.press('1')
  await expect(page.getByTestId('hint')).toHaveText('№1 уже голосовал за №4: второй голос не принимается.')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '')
  await expect(page.getByTestId('votes-6')).toHaveText(before ?? '')
  await page.keyboard.press('3')
  await expect(page.getByTestId('selection')).toHaveAttribute('data-seats', '3')
  await expect(page.getByTestId('hint')).toHaveCount(0)
})

test('FIIM’s removal dialog opens on a reason FIIM takes, and a letter picks the reason', async ({
  page,
}) => {
  await gameAt(page, 'fiim', [{ cmd: 'start' }, { cmd: 'next' }])
  await seats(page, [5])
  await page.keyboard.press('r')
  const reason = page.getByTestId('remove-reason')
  await expect(reason).toBeFocused()
  await expect(reason).toHaveValue('betting')
  await expect(reason.locator('option[value="oath"]')).toHaveCount(0)
  await page.keyboard.press('i')
  await expect(reason).toHaveValue('insult')
  await page.keyboard.press('a')
  await expect(reason).toHaveValue('arguingWithJudge')
  await command(page, 'Enter')
  await expect(page.getByTestId('action-dialog')).toHaveCount(0)
  await expect(page.getByTestId('seat-5')).toHaveAttribute('data-status', 'removed')
  // The engine's words for the command (its reason in words or as its code).
  await expect(page.getByTestId('undo-label')).toContainText(/спор с судьёй|arguingWithJudge/)
})

test('hints are true of their moment: B and M in the zero night, the night’s key box', async ({ page }) => {
  await gameAt(page, 'fiim', [{ cmd: 'start' }])
  await expectPhase(page, 'zeroNight')
  const lines = page.getByTestId('key-line')
  await expect(lines.first()).toBeVisible()
  const whats = await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-what')))
  expect(whats).not.toContain('bestMove')
  expect(whats).not.toContain('miss')
  for (const k of ['1', '2', '3']) await page.keyboard.press(k)
  await page.keyboard.press('b')
  await expect(page.getByTestId('hint')).toHaveText(
    'Лучший ход называет первый убитый ночью, в своём последнем слове: сейчас его нет.',
  )
  await page.keyboard.press('Escape')
  await page.keyboard.press('m')
  await expect(page.getByTestId('hint')).toHaveText('В договорку нет выстрела и проверок: Enter — день 1.')
  await expect(page.getByTestId('error')).toHaveCount(0)
  await page.getByTestId('lang-en').click()
  await expect(page.getByTestId('hint')).toHaveText(
    'The zero night has no shot and no checks: Enter opens day 1.',
  )
  await page.getByTestId('lang-ru').click()
})

test('the night’s key box offers Enter for the morning only once the shot is in', async ({ page }) => {
  await gameAt(page, 'fiim', [{ cmd: 'start' }, ...nexts(11)])
  await expectPhase(page, 'night')
  const what = () =>
    page.getByTestId('key-line').evaluateAll((els) => els.map((e) => e.getAttribute('data-what')))
  await expect.poll(what).toContain('shot')
  expect(await what()).not.toContain('morning')
  await page.keyboard.press('m')
  await expect.poll(what).toContain('morning')
})

test('H hides the running game’s roles on the Games screen too', async ({ page }) => {
  await page.goto(hall.server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await setUpGame(page, { don: 3, mafia: [5, 8], sheriff: 10 })
  // The Games screen still holds the roles typed from the cards: the running game's.
  await page.keyboard.press('g')
  await expect(page.getByTestId('role-select-3')).toHaveValue('don')
  await page.keyboard.press('Escape') // the first name field lets go
  await page.keyboard.press('h')
  await expect(page.getByTestId('hide-roles')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('role-select-3')).toHaveCount(0)
  await expect(page.getByTestId('role-hidden-3')).toHaveText('···')
  await expect(page.getByTestId('setup').locator('.rows')).not.toContainText(
    /Дон|Мафия|Шериф|дон|мафия|шериф/,
  )
  // Back at the table the seats are hidden too; H again shows everything.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('seat-3')).toHaveAttribute('data-role', 'hidden')
  await page.keyboard.press('h')
  await page.keyboard.press('g')
  await expect(page.getByTestId('role-select-3')).toHaveValue('don')
})

test('a paused timer looks paused on the panel and on the stream', async ({ page, context }) => {
  await gameAt(page, 'fiim', [{ cmd: 'start' }, { cmd: 'next' }])
  const overlay = await context.newPage()
  await overlay.setViewportSize({ width: 1920, height: 1080 })
  await overlay.goto(hall.server.overlayUrl)
  const ring = overlay.getByTestId('card-1').getByTestId('countdown')
  await expect(ring).toHaveAttribute('data-running', 'true')
  await expect(overlay.getByTestId('countdown-paused')).toHaveCount(0)

  await page.bringToFront()
  const panel = page.getByTestId('timer-panel')
  await expect(panel).toHaveAttribute('data-paused', 'no')
  const runningColor = await page.getByTestId('timer').evaluate((e) => getComputedStyle(e).color)
  await command(page, 'Space')
  await expect(page.getByTestId('timer')).toHaveAttribute('data-running', 'no')
  await expect(panel).toHaveAttribute('data-paused', 'yes')
  await expect(page.getByTestId('timer-paused')).toBeVisible()
  await expect(page.getByTestId('timer-paused')).toContainText('Пауза')
  expect(await page.getByTestId('timer').evaluate((e) => getComputedStyle(e).color)).not.toBe(runningColor)
  await page.screenshot({ path: `${SHOTS}/control-timer-paused.png` })

  await expect(ring).toHaveAttribute('data-running', 'false')
  await expect(ring).toHaveClass(/paused/)
  const mark = ring.getByTestId('countdown-paused')
  await expect(mark).toBeVisible()
  const box = (await mark.boundingBox())!
  expect(box.width).toBeGreaterThan(15)
  await overlay.screenshot({ path: `${SHOTS}/overlay-timer-paused.png`, omitBackground: true })

  // Running again: the pause look leaves both screens.
  await command(page, 'Space')
  await expect(panel).toHaveAttribute('data-paused', 'no')
  await expect(overlay.getByTestId('countdown-paused')).toHaveCount(0)
  await overlay.close()
})

test('city lift-all: yes, no and abstain by keys, three counts shown, 3 yes : 2 no : 3 abstaining → all leave', async ({
  page,
}) => {
  // City: the tied players do not vote in the revote nor in the lift-all question (8 voters here).
  await gameAt(page, 'city', [
    ...TO_VOTING,
    { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 5] },
    { cmd: 'vote', candidate: 6, voters: [7, 8, 9, 10] },
    { cmd: 'next' },
    { cmd: 'next' },
    { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 5] },
    { cmd: 'vote', candidate: 6, voters: [7, 8, 9, 10] },
  ])
  await expectPhase(page, 'day', 'liftAll')
  await expect(page.getByTestId('lift-how')).toBeVisible()
  const count = page.getByTestId('lift-count')
  // One press: yes; two: no; three: abstains again.
  for (const k of ['1', '2', '3', '5', '5', '7', '7', '9', '9', '9']) await page.keyboard.press(k)
  await expect(page.getByTestId('lift-1')).toHaveAttribute('data-answer', 'yes')
  await expect(page.getByTestId('lift-5')).toHaveAttribute('data-answer', 'no')
  await expect(page.getByTestId('lift-9')).toHaveAttribute('data-answer', 'abstain')
  await expect(count).toHaveAttribute('data-yes', '3')
  await expect(count).toHaveAttribute('data-no', '2')
  await expect(count).toHaveAttribute('data-abstain', '3')
  await expect(count).toContainText('За: 3')
  await expect(count).toContainText('Против: 2')
  await expect(count).toContainText('Воздержались: 3')
  // A tied player is no voter here: his key is refused at once.
  await page.keyboard.press('4')
  await expect(page.getByTestId('hint')).toHaveText('№4 сейчас не голосует.')
  await page.screenshot({ path: `${SHOTS}/control-lift-city.png` })
  await command(page, 'l')
  await expectPhase(page, 'day', 'lastWord')
  await expect(page.getByTestId('seat-4')).toHaveAttribute('data-status', 'votedOut')
  await expect(page.getByTestId('seat-6')).toHaveAttribute('data-status', 'votedOut')
  await expect(page.getByTestId('undo-label')).toContainText('за 1, 2, 3')
})
