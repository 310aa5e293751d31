/**
 * Issue 29 §2, table tokens at rest, as the organiser meets it: a hub whose table token's code is not kept on this
 * machine (issued by an earlier version: the database holds only its hash) says so on «Столы по сети» instead of a
 * code, in Russian and in English; a new code is then shown and printed on the sheet.
 */
import { test, expect } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/main/db'
import { startServer, type TestServer } from '../helpers/server'

let hub: TestServer
let oldCode = ''

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-e2e-codes-'))
  const dbFile = join(dir, 'hub.sqlite')
  const db = await openDatabase(dbFile)
  const t = db.tournaments.createTournament({ name: 'Кубок кодов', endsOn: '2999-12-31' })
  const table = db.tournaments.addTable(t.id, { judge: 'Анна' })
  db.tournaments.addTable(t.id, { judge: 'Борис' }) // no code at all yet
  // Issued straight into the database, as before version 9: no code kept in the secrets file.
  oldCode = db.sync.createToken(table.id)
  db.close()
  hub = await startServer({ dir, dbFile })
})
test.afterAll(async () => {
  await hub?.stop()
})

test('a live code the hub does not keep says to re-issue it; the new code is shown and printed', async ({
  page,
}) => {
  await page.goto(`${hub.origin}/admin?token=${hub.token}#tables`)
  await expect(page.getByTestId('sync-table-1')).toBeVisible()
  await expect(page.getByTestId('sync-code-lost-1')).toContainText('выдайте новый код')
  await expect(page.getByTestId('sync-code-1')).toHaveCount(0)
  await expect(page.getByTestId('sync-issue-1')).toHaveText('Новый код')
  expect(await page.content()).not.toContain(oldCode)
  // «Выдать коды всем столам» leaves it alone (a new code would cut off a table already paired with it).
  await page.getByTestId('tables-sync-issue-all').click()
  await expect(page.getByTestId('sync-code-2')).toHaveValue(/#t=[a-z2-7]{32}/)
  await expect(page.getByTestId('sync-code-lost-1')).toBeVisible()
  // The same in English (the panel's own language switch).
  await page.getByTestId('lang-en').click()
  await expect(page.getByTestId('sync-code-lost-1')).toContainText('issue a new code')
  await expect(page.getByTestId('sync-issue-1')).toHaveText('New code')
  await page.getByTestId('lang-ru').click()
  await page.getByTestId('sync-issue-1').click()
  const code = page.getByTestId('sync-code-1')
  await expect(code).toHaveValue(/#t=[a-z2-7]{32}/)
  await expect(page.getByTestId('sync-code-lost-1')).toHaveCount(0)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByTestId('tables-sync-sheet')).toContainText(await code.inputValue())
})
