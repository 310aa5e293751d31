/**
 * Multi-machine mode (issue 16) in Chromium: a hub listening on 127.0.0.2 (`--lan`, tokens required) and two
 * table machines. The head judge issues pairing codes in the hub's /admin; each table judge (their own browser
 * context) pairs their machine in its /admin and plays from its control panel; the hub's dashboard shows both
 * tables live. A table token that asks the hub for another table's game is refused.
 */
import { test, expect, type Browser, type Page } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import Database from 'better-sqlite3'
import { request as httpsRequest } from 'node:https'
import { randomUUID } from 'node:crypto'
import { openDatabase } from '../../src/main/db'
import { startServer, type TestServer } from '../helpers/server'
import { command, expectPhase } from '../control/panel'

let hub: TestServer
const tables: TestServer[] = []
/** The hub's tournament, its round 1 and its two tables (the head judge prepares the round's games there). */
let cup: { tournamentId: number; roundId: number; tableIds: number[] }

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-e2e-hub-'))
  const dbFile = join(dir, 'hub.sqlite')
  const db = await openDatabase(dbFile)
  const t = db.tournaments.createTournament({ name: 'Кубок сети' })
  const round = db.tournaments.addRound(db.tournaments.addStage(t.id, { kind: 'qualifying' }).id)
  const table1 = db.tournaments.addTable(t.id, { judge: 'Анна' })
  const table2 = db.tournaments.addTable(t.id, { judge: 'Борис' })
  db.close()
  cup = { tournamentId: t.id, roundId: round.id, tableIds: [table1.id, table2.id] }
  hub = hall(await startServer({ dir, dbFile, args: ['--lan', '127.0.0.2'] }))
  tables.push(await startServer(), await startServer())
})
test.afterAll(async () => {
  for (const s of [hub, ...tables]) await s?.stop()
})

async function tablePage(browser: Browser, server: TestServer, code: string): Promise<Page> {
  const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
  await page.goto(`${server.origin}/admin?token=${server.token}#tables`)
  await page.getByTestId('table-pairing-code').fill(code)
  await page.getByTestId('table-pairing-pair').click()
  await expect(page.getByTestId('table-pairing-state')).toContainText('Кубок сети')
  await page.goto(server.controlUrl)
  await expect(page.getByTestId('seat-1')).toBeVisible()
  // Only the round's own game, prepared on the hub, is official: the table pulls it and opens it.
  await callRaw(server.origin, server.token, 'sync.pull', {})
  await page.keyboard.press('g')
  await page.getByTestId('hub-game-1').click()
  await expect(page.getByTestId('seat-1')).toContainText('Ара')
  await expect(page.getByTestId('seat-10')).toContainText('Йод')
  return page
}

test('the head judge sees two paired tables live; a table token cannot reach another table’s game', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  expect(hub.origin).toMatch(/^https:\/\/127\.0\.0\.2:/)
  // The head judge's dashboard on the hub (its own browser context, the control token).
  const head = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
  await head.goto(`${hub.origin}/admin?token=${hub.token}#tables`)
  await expect(head.getByTestId('sync-table-1')).toBeVisible()
  // One action issues every table's code (issue 29 §2); each has a QR code, and the printed sheet holds them all.
  await head.getByTestId('tables-sync-issue-all').click()
  await expect(head.getByTestId('sync-code-2')).toBeVisible()
  const code1 = await head.getByTestId('sync-code-1').inputValue()
  const code2 = await head.getByTestId('sync-code-2').inputValue()
  expect(code1).toMatch(/^https:\/\/127\.0\.0\.2:\d+\/#t=[a-z2-7]{32}&fp=[a-z2-7]{52}$/)
  await expect(head.getByTestId('sync-table-1').locator('svg')).toBeVisible()
  await expect(head.getByTestId('tables-sync-address')).toHaveValue(/^https:\/\/127\.0\.0\.2:/)
  await expect(head.getByTestId('tables-sync-fingerprint')).toContainText(code1.split('fp=')[1].slice(0, 4))
  await head.emulateMedia({ media: 'print' })
  await expect(head.getByTestId('tables-sync-sheet')).toContainText(code2)
  await expect(head.getByTestId('tables-sync-sheet').locator('svg')).toHaveCount(2)
  await head.emulateMedia({ media: 'screen' })

  // The head judge prepares round 1 on the hub: a game per table (a table's own friendly game never goes there).
  await seatGame(hub, cup.tournamentId, cup.roundId, cup.tableIds[0], 'Анна')
  await seatGame(hub, cup.tournamentId, cup.roundId, cup.tableIds[1], 'Борис')
  const one = await tablePage(browser, tables[0], code1)
  const two = await tablePage(browser, tables[1], code2)
  await command(one, 'Enter')
  await expectPhase(one, 'zeroNight')
  await command(two, 'Enter')
  await expectPhase(two, 'zeroNight')
  await expect(head.getByTestId('sync-game-1')).toContainText(/идёт, записей: 1/)
  await expect(head.getByTestId('sync-game-2')).toContainText(/идёт, записей: 1/)

  // Table 1 plays on: its speeches reach the dashboard while table 2 waits.
  await command(one, 'Enter')
  await expectPhase(one, 'day', 'speech')
  await command(one, 'Enter')
  await expect(head.getByTestId('sync-game-1')).toContainText(/записей: 3/)
  await expect(head.getByTestId('sync-game-2')).toContainText(/записей: 1/)
  await command(two, 'Enter')
  await expect(head.getByTestId('sync-game-2')).toContainText(/записей: 2/)
  await expect(head.getByTestId('sync-lag-1')).toContainText('всё получено')
  await expect(head.getByTestId('sync-lag-2')).toContainText('всё получено')

  // Table 1's token asks the hub for table 2's game: refused. Its own game: allowed.
  const token1 = tokenIn(code1)
  const hubGames = await callStatus()
  const answer = await callWithToken(hub, token1, [
    { method: 'game.view', params: { gameId: hubGames[2] } },
    { method: 'game.view', params: { gameId: hubGames[1] } },
    { method: 'backup.list', params: {} },
  ])
  expect(answer).toEqual(['sync/forbidden', 'ok', 'contract/forbidden'])
  // The OBS page with table 1's token asking for table 2 says so (issue 29 §3), instead of a blank page.
  const obs = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
  await obs.goto(`${hub.origin}/overlay?table=2&token=${token1}`)
  await expect(obs.getByTestId('overlay-refusal')).toContainText('table=1')
  await expect(obs.getByTestId('overlay-refusal')).toContainText('стола 1')
  await obs.goto(`${hub.origin}/overlay?table=1&token=${token1}`)
  await expect(obs.getByTestId('overlay-refusal')).toHaveCount(0)
  // A tablet with table 1's token on the hub's control panel: its game list holds table 1's game only (the
  // server cuts it), and it opens and shows that game.
  const tablet = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
  await tablet.goto(`${hub.origin}/control?token=${token1}`)
  await tablet.keyboard.press('g')
  const list = tablet.getByTestId('game-list').locator('li')
  await expect(list).toHaveCount(1)
  await expect(list).toHaveAttribute('data-game', String(hubGames[1]))
  await list.getByRole('button').click()
  await expect(tablet.getByTestId('app')).toHaveAttribute('data-game', String(hubGames[1]))
  await expect(tablet.getByTestId('seat-1')).toBeVisible()
  // Table 1's machine plays on: the tablet follows that game live as the hub stores it, without a reload.
  const before = (await tablet.getByTestId('app').getAttribute('data-revision')) ?? ''
  expect(before).not.toBe('')
  await command(one, 'Enter')
  await expect(tablet.getByTestId('app')).not.toHaveAttribute('data-revision', before)
  // Without any token the hub's LAN address gives nothing at all.
  await expect(callWithToken(hub, null, [])).rejects.toThrow('401')
})

test('a round started on the hub reaches the table paired in its control panel; the head judge decides a conflict', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { roundHub, t, round, tables } = await startRoundHub('Кубок туров', ['Вера'])
  const table = tables[0]
  const machine = await startServer()
  try {
    await seatGame(roundHub, t.id, round.id, table.id, 'Вера')
    const status = (await callRaw(roundHub.origin, roundHub.token, 'sync.createToken', {
      tableId: table.id,
    })) as {
      tables: Array<{ pairingUrl: string }>
    }
    const code = status.tables[0].pairingUrl

    // The table judge pairs on the control panel's games screen and finds the game in its list: nothing typed.
    const judge = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
    await judge.goto(machine.controlUrl)
    await judge.getByTestId('nav-setup').click()
    await expect(judge.getByTestId('table-pairing-state')).toContainText('Не подключён')
    await judge.getByTestId('table-pairing-code').fill(code)
    await judge.getByTestId('table-pairing-pair').click()
    await expect(judge.getByTestId('table-pairing-state')).toContainText('как стол 1, турнир «Кубок туров»')
    await expect(judge.getByTestId('table-pairing-pending')).toContainText('Все команды отправлены')
    await expect(judge.getByTestId('hub-games')).toContainText('«Кубок туров»: тур 1, стол 1 · судья Вера')
    await judge.getByTestId('hub-game-1').click()
    await expect(judge.getByTestId('seat-1')).toContainText('Ара')
    await expect(judge.getByTestId('seat-10')).toContainText('Йод')
    await command(judge, 'Enter')
    await expectPhase(judge, 'zeroNight')

    // The head judge sees it live on the hub's game of that round and table.
    const head = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
    await head.goto(`${roundHub.origin}/admin?token=${roundHub.token}#tables`)
    await expect(head.getByTestId('sync-game-1')).toContainText(/идёт, записей: 1/)
    await expect(head.getByTestId('sync-conflicts')).toContainText('Конфликтов нет')

    // A second machine given the same code is refused outright (a game has one writer): no conflict from it.
    const token = tokenIn(code)
    const local = (await callRaw(machine.origin, machine.token, 'game.active', {})) as {
      game: { uuid: string }
      view: { revision: number }
    }
    const push = (from: string) =>
      postTls(`${roundHub.origin}/sync/push`, {
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          tournament: t.uuid,
          gameUuid: local.game.uuid,
          machine: from,
          fromSeq: 1,
          entries: [{ seq: 1, command: { cmd: 'start', at: 1 }, events: [], at: 1 }],
        }),
      })
    const other = await push(randomUUID())
    expect(other.status).toBe(409)
    expect(other.body).toContain('sync/other_machine')
    await expect(head.getByTestId('sync-conflicts')).toContainText('Конфликтов нет')
    // A differing entry 1 from the table's own machine (say, replayed from an old copy of its database): a real
    // conflict, kept aside for the head judge, then decided.
    const theirs = await push(machineIdOf(machine))
    expect(theirs.status).toBe(409)
    expect(theirs.body).toContain('sync/conflict')
    const card = head.getByTestId('sync-conflicts').locator('article')
    await expect(card).toHaveCount(1)
    await expect(card.getByTestId('sync-conflict-table')).toContainText('start')
    await card.getByTestId('sync-conflict-reason').fill('вторая машина с тем же кодом')
    await card.getByTestId('sync-conflict-dismiss').click()
    await expect(head.getByTestId('sync-conflicts')).toContainText('Конфликтов нет')
    await head.getByTestId('sync-conflicts').locator('summary').click()
    await expect(head.getByTestId('sync-conflicts-decided')).toContainText('вторая машина с тем же кодом')
    // Dismissed, that entry is refused for good; the table's own machine plays on and its entries keep coming.
    await command(judge, 'Enter')
    await expect(head.getByTestId('sync-game-1')).toContainText(/записей: 2/)
    await expect(judge.getByTestId('sync-notice')).toHaveCount(0)
  } finally {
    await machine.stop()
    await roundHub.stop()
  }
})

test('a tablet on the hub opens its own table’s game; a table machine’s game is view-only; the head judge’s cancellation reaches the table', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { roundHub, t, round, tables } = await startRoundHub('Кубок планшетов', ['Анна', 'Борис'])
  const [table1, table2] = tables
  const machine = await startServer()
  const seat = (tableId: number, judge: string) => seatGame(roundHub, t.id, round.id, tableId, judge)
  const tokenOf = async (tableId: number) => {
    const status = (await callRaw(roundHub.origin, roundHub.token, 'sync.createToken', { tableId })) as {
      tables: Array<{ tableId: number; token: string }>
    }
    return status.tables.find((x) => x.tableId === tableId)!.token
  }
  /** A table's current pairing code (its token with the hub certificate's fingerprint), without a new token. */
  const codeOf = async (tableId: number) => {
    const status = (await callRaw(roundHub.origin, roundHub.token, 'sync.status', {
      tournamentId: t.id,
    })) as {
      tables: Array<{ tableId: number; pairingUrl: string }>
    }
    return status.tables.find((x) => x.tableId === tableId)!.pairingUrl
  }
  try {
    // The head judge starts round 1: a game per table; the head machine's own active game is table 2's
    // (the stream's): a tablet must never land on another table's game.
    const game1 = await seat(table1.id, 'Анна')
    const game2 = await seat(table2.id, 'Борис')
    await callRaw(roundHub.origin, roundHub.token, 'game.open', { gameId: game2 })
    const token1 = await tokenOf(table1.id)
    const token2 = await tokenOf(table2.id)

    // Table 1 plays on its own machine, paired with the hub.
    await callRaw(machine.origin, machine.token, 'sync.pair', { hubUrl: await codeOf(table1.id) })
    const judge = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
    await judge.goto(machine.controlUrl)
    await judge.keyboard.press('g')
    await judge.getByTestId('hub-game-1').click()
    await expect(judge.getByTestId('seat-1')).toContainText('Ара')
    await command(judge, 'Enter')
    await expectPhase(judge, 'zeroNight')

    // A tablet with table 2's token on the hub's control page: straight onto table 2's game, "Стол 2" on top,
    // and it plays it (no table machine sends that game).
    const tablet2 = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
    await tablet2.goto(`${roundHub.origin}/control?token=${token2}`)
    await expect(tablet2.getByTestId('table-badge')).toHaveText('Стол 2')
    await expect(tablet2.getByTestId('app')).toHaveAttribute('data-game', String(game2))
    await expect(tablet2.getByTestId('seat-10')).toContainText('Йод')
    await expect(tablet2.getByTestId('need-token')).toHaveCount(0)
    await command(tablet2, 'Enter')
    await expectPhase(tablet2, 'zeroNight')

    // A tablet with table 1's token: table 1's game, which table 1's machine runs — for viewing only, told why.
    const tablet1 = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
    await tablet1.goto(`${roundHub.origin}/control?token=${token1}`)
    await expect(tablet1.getByTestId('table-badge')).toHaveText('Стол 1')
    await expect(tablet1.getByTestId('app')).toHaveAttribute('data-game', String(game1))
    await expect(tablet1.getByTestId('sync-notice')).toContainText('Эту игру ведёт компьютер стола 1')
    await tablet1.getByTestId('board').focus()
    await tablet1.keyboard.press('Enter')
    await expect(tablet1.getByTestId('error')).toContainText('Эту игру ведёт компьютер стола 1')

    // The head judge cancels table 1's game on the hub: the table machine's panel says so, with his reason.
    await callRaw(roundHub.origin, roundHub.token, 'games.cancel', {
      gameId: game1,
      reason: 'перепутаны роли',
    })
    await expect(judge.getByTestId('sync-notice')).toHaveAttribute('data-state', 'cancelled', {
      timeout: 15_000,
    })
    await expect(judge.getByTestId('sync-notice')).toContainText(
      'Главный судья отменил эту игру: «перепутаны роли»',
    )
    await judge.getByTestId('board').focus()
    await judge.keyboard.press('Enter')
    await expect(judge.getByTestId('error')).toContainText('отменена')
    // His replacement for round 1, table 1 comes to the table as a new game; the cancelled one is marked.
    await seat(table1.id, 'Анна')
    await judge.keyboard.press('g')
    const hubGames = judge.getByTestId('hub-games').locator('li')
    await expect(hubGames).toHaveCount(2, { timeout: 15_000 })
    await expect(hubGames.first()).toContainText('отменена главным судьёй: перепутаны роли')
    await hubGames.last().getByRole('button').click()
    await expect(judge.getByTestId('sync-notice')).toHaveCount(0)
    await command(judge, 'Enter')
    await expectPhase(judge, 'zeroNight')
  } finally {
    await machine.stop()
    await roundHub.stop()
  }
})

/** A hub on 127.0.0.2 (`--lan`) with a tournament, its round 1 and a table per judge. */
async function startRoundHub(name: string, judges: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-e2e-round-'))
  const dbFile = join(dir, 'hub.sqlite')
  const db = await openDatabase(dbFile)
  const t = db.tournaments.createTournament({ name })
  const round = db.tournaments.addRound(db.tournaments.addStage(t.id, { kind: 'qualifying' }).id)
  const tables = judges.map((judge) => db.tournaments.addTable(t.id, { judge }))
  db.close()
  const roundHub = hall(await startServer({ dir, dbFile, args: ['--lan', '127.0.0.2'] }))
  return { roundHub, t, round, tables }
}

/** What "start round 1" makes on the hub for a table: its game with the seating, judge and dealt roles. */
async function seatGame(
  server: TestServer,
  tournamentId: number,
  roundId: number,
  tableId: number,
  judge: string,
): Promise<number> {
  const players = ['Ара', 'Бес', 'Вол', 'Гус', 'Дуб', 'Ёж', 'Жук', 'Зуб', 'Иволга', 'Йод']
  const env = (await callRaw(server.origin, server.token, 'game.create', {
    rulesetId: 'fiim',
    players: players.map((name) => ({ name })),
    roles: { '2': 'don', '5': 'mafia', '7': 'mafia', '9': 'sheriff' },
    tournamentId,
    roundId,
    tableId,
    number: 1,
    judge,
  })) as { gameId: number }
  return env.gameId
}

/** The hub's game id per table number (the head judge's status call). */
async function callStatus(): Promise<Record<number, number>> {
  const value = (await callRaw(hub.origin, hub.token, 'tournaments.list', {})) as Array<{
    id: number
    name: string
  }>
  const t = value.find((x) => x.name === 'Кубок сети')!
  const status = (await callRaw(hub.origin, hub.token, 'sync.status', { tournamentId: t.id })) as {
    tables: Array<{ number: number; game: { id: number } | null }>
  }
  return Object.fromEntries(status.tables.map((x) => [x.number, x.game?.id ?? 0]))
}

function callRaw(origin: string, token: string, method: string, params: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws?token=${token}`, {
      rejectUnauthorized: false,
    })
    ws.on('error', reject)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: number; ok?: boolean; value?: unknown }
      if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'call', id: 1, method, params }))
      if (msg.type === 'result' && msg.id === 1) {
        ws.close()
        if (msg.ok) resolve(msg.value)
        else reject(new Error(JSON.stringify(msg)))
      }
    })
  })
}

/** Calls the hub as a table-token client; each answer is 'ok' or the error code. */
function callWithToken(
  server: TestServer,
  token: string | null,
  calls: Array<{ method: string; params: unknown }>,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.origin.replace('http', 'ws')}/ws${token ? `?token=${token}` : ''}`, {
      rejectUnauthorized: false,
    })
    const answers: string[] = []
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.on('error', reject)
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as {
        type: string
        id?: number
        ok?: boolean
        error?: { code: string }
      }
      if (msg.type === 'hello')
        calls.forEach((c, i) => ws.send(JSON.stringify({ type: 'call', id: i + 1, ...c })))
      if (msg.type === 'result' && typeof msg.id === 'number') {
        answers[msg.id - 1] = msg.ok ? 'ok' : (msg.error?.code ?? '?')
        if (answers.filter(Boolean).length === calls.length) {
          ws.close()
          resolve(answers)
        }
      }
    })
  })
}

/** A table machine's own id, as its pushes name it (made once per database, kept in its settings). */
function machineIdOf(server: TestServer): string {
  const db = new Database(server.dbFile, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').get('sync.machine') as
      { value: string } | undefined
    return row ? (JSON.parse(row.value) as string) : ''
  } finally {
    db.close()
  }
}

/** The table token in a pairing code (`https://hub/#t=TOKEN&fp=FINGERPRINT`). */
function tokenIn(code: string): string {
  return new URLSearchParams(code.split('#')[1]).get('t') ?? ''
}

/** A POST to the hub's LAN address over TLS (a test client: the tables pin the certificate, this one does not). */
function postTls(
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      { method: 'POST', headers: init.headers, rejectUnauthorized: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

/**
 * A LAN-mode hub as a machine of the hall reaches it: its address 127.0.0.2 over TLS. (Its READY line names this
 * machine's plain-HTTP loopback origin, which the hall never uses.)
 */
function hall(server: TestServer): TestServer {
  const origin = server.origin.replace(/^http:\/\/127\.0\.0\.1:/, 'https://127.0.0.2:')
  return {
    ...server,
    origin,
    controlUrl: `${origin}/control?token=${encodeURIComponent(server.token)}`,
    overlayUrl: `${origin}/overlay`,
  }
}
