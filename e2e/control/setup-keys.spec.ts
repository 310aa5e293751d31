/**
 * The setup screen by keys: G lands in the first name, Tab walks the names only (also right after a nickname
 * that matches the registry, where «+» used to take the focus and drop it), a seat then a role letter enters the
 * roles from the cards in either keyboard layout (Д/D, М/M, Ш/S, К/R), Enter starts. Every key is counted: a
 * full setup from the cards takes at most 20.
 */
import { test, expect, type Page } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'
import { expectPhase, PLAYERS } from './panel'
import { issueShot } from '../helpers/artifacts'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

/** The physical keys of the Russian letters (ЙЦУКЕН): what the judge's keyboard sends with a Russian layout. */
const RU_KEYS: Record<string, { code: string; vk: number }> = {
  д: { code: 'KeyL', vk: 76 },
  м: { code: 'KeyV', vk: 86 },
  ш: { code: 'KeyI', vk: 73 },
  к: { code: 'KeyR', vk: 82 },
}

/** Presses keys and counts them (typing a nickname is not counted: it is the name, not a walk). */
function counter(page: Page) {
  let n = 0
  return {
    async press(...keys: string[]): Promise<void> {
      for (const k of keys) {
        const ru = RU_KEYS[k]
        if (ru) {
          // Playwright knows only the US layout: send the key event a Russian layout produces.
          const cdp = await page.context().newCDPSession(page)
          const base = { key: k, code: ru.code, windowsVirtualKeyCode: ru.vk }
          await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k, ...base })
          await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base })
          await cdp.detach()
        } else await page.keyboard.press(k)
        n++
      }
    },
    get count(): number {
      return n
    },
  }
}

async function gameStarted(page: Page, before: string): Promise<void> {
  await expect(page.getByTestId('app')).not.toHaveAttribute('data-game', before)
  await expectPhase(page, 'zeroNight')
}

test('a new game from the cards by keys: names with Tab, roles in the Russian layout, ≤ 20 keys', async ({
  page,
}) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  const before = (await page.getByTestId('app').getAttribute('data-game')) ?? ''
  const keys = counter(page)

  await keys.press('g')
  await expect(page.getByTestId('setup')).toBeVisible()
  await expect(page.getByTestId('name-1')).toBeFocused()
  // Seat 2 is a registry nickname (the demo players): Tab right after it goes to seat 3, not to «+».
  const names = [...PLAYERS]
  names[1] = 'Лиса'
  for (let i = 0; i < 10; i++) {
    await page.keyboard.type(names[i])
    if (i === 1) await expect(page.getByTestId('setup-row-2').locator('.reg.known')).toHaveCount(1)
    if (i < 9) {
      await keys.press('Tab')
      await expect(page.getByTestId(`name-${i + 2}`)).toBeFocused()
    }
  }
  await keys.press('Escape')
  await expect(page.getByTestId('setup')).toBeVisible()
  // Russian layout: the letters printed on the keys.
  await keys.press('3', 'д')
  await expect(page.getByTestId('role-select-3')).toHaveValue('don')
  await keys.press('5', 'м', '8', 'м')
  await keys.press('0', 'ш')
  await expect(page.getByTestId('role-counts')).not.toHaveClass(/bad/)
  await expect(page.getByTestId('role-select-5')).toHaveValue('mafia')
  await expect(page.getByTestId('role-select-8')).toHaveValue('mafia')
  await expect(page.getByTestId('role-select-10')).toHaveValue('sheriff')
  await issueShot(page, 'control-setup-keys')
  await page.setViewportSize({ width: 1920, height: 1080 })
  await issueShot(page, 'control-setup-keys')
  await page.setViewportSize({ width: 1366, height: 768 })
  await keys.press('Enter')
  await gameStarted(page, before)
  expect(keys.count).toBeLessThanOrEqual(20)
  console.log(`full setup from the cards (names typed): ${keys.count} keys`)
  await expect(page.getByTestId('seat-3')).toHaveAttribute('data-role', 'don')
  await expect(page.getByTestId('seat-10')).toHaveAttribute('data-role', 'sheriff')
})

test('the next game at the table: G, Esc, C copies the players, English letters, a re-dealt card', async ({
  page,
}) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  const before = (await page.getByTestId('app').getAttribute('data-game')) ?? ''
  const keys = counter(page)
  await keys.press('g')
  await expect(page.getByTestId('name-1')).toBeFocused()
  await keys.press('Escape', 'c')
  await expect(page.getByTestId('name-1')).not.toHaveValue('')
  // A role key without a seat says what is missing, inside the screen.
  await keys.press('d')
  await expect(page.getByTestId('setup-error')).toContainText('номер места')
  await keys.press('2', 'd', '4', 'm', '6', 'm', '1', '0', 's')
  // The don's card was on the wrong seat: giving it to seat 1 takes it from seat 2; R makes a seat red.
  await keys.press('1', 'd', '2', 'r')
  await expect(page.getByTestId('role-select-2')).toHaveValue('civilian')
  await expect(page.getByTestId('role-counts')).not.toHaveClass(/bad/)
  await keys.press('Enter')
  await gameStarted(page, before)
  expect(keys.count).toBeLessThanOrEqual(20)
  await expect(page.getByTestId('seat-1')).toHaveAttribute('data-role', 'don')
  await expect(page.getByTestId('seat-6')).toHaveAttribute('data-role', 'mafia')
  await expect(page.getByTestId('seat-10')).toHaveAttribute('data-role', 'sheriff')
})

test('Esc returns to the table from the games and the stream screens; O opens the stream settings', async ({
  page,
}) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await page.keyboard.press('o')
  await expect(page.getByTestId('settings')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeVisible()
  await page.keyboard.press('g')
  await expect(page.getByTestId('name-1')).toBeFocused()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeVisible()
  // `?` lists the screens' keys and the setup keys.
  await page.keyboard.press('?')
  await expect(page.getByTestId('help')).toContainText('настройки трансляции')
  await expect(page.getByTestId('help-setup')).toContainText('Ш / S')
})

test('the role keys work while a radio or a checkbox of the form has the focus; Esc gives the keyboard back', async ({
  page,
}) => {
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  await page.keyboard.press('g')
  await expect(page.getByTestId('name-1')).toBeFocused()
  await page.keyboard.press('Escape')
  await page.keyboard.press('c')
  await expect(page.getByTestId('name-1')).not.toHaveValue('')
  // The judge clicked «Товарищеская» (the radio keeps the focus), then enters the cards.
  await page.getByTestId('mode-friendly').click()
  await expect(page.getByTestId('mode-friendly')).toBeFocused()
  await page.keyboard.press('3')
  await page.keyboard.press('d')
  await expect(page.getByTestId('role-select-3')).toHaveValue('don')
  await page.keyboard.press('5')
  await page.keyboard.press('m')
  await expect(page.getByTestId('role-select-5')).toHaveValue('mafia')
  await expect(page.getByTestId('mode-friendly')).toBeChecked()
  // Esc lets go of the radio and the keys go on; a second Esc goes back to the table.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('mode-friendly')).not.toBeFocused()
  await expect(page.getByTestId('setup')).toBeVisible()
  await page.keyboard.press('8')
  await page.keyboard.press('m')
  await expect(page.getByTestId('role-select-8')).toHaveValue('mafia')
  // A text field still keeps its letters: «d» typed in a name is a letter, not a role.
  await page.getByTestId('name-1').click()
  await page.keyboard.press('End')
  await page.keyboard.press('1')
  await page.keyboard.press('s')
  await expect(page.getByTestId('role-select-1')).not.toHaveValue('sheriff')
  await expect(page.getByTestId('name-1')).toHaveValue(/1s$/)
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board')).toBeVisible()
})
