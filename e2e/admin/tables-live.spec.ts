/**
 * Issue 29 §3 in Chromium: the hub's «Столы по сети» page renders a table's push as the push arrives — the pushed
 * `sync.changed` carries the table's row — and never asks for the whole status again for it (no `sync.status` call
 * after the page's first load, no refresh loop). A heartbeat's pending count shows the same way.
 */
import { test, expect } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import WebSocket from 'ws'
import { openDatabase } from '../../src/main/db'
import { execute, restore, type GameSetup, type LogEntry } from '../../src/main/engine'
import type { Command } from '../../src/shared/game/commands'
import { startServer, type TestServer } from '../helpers/server'

let hub: TestServer
let cup: { tournamentId: number; uuid: string; roundId: number; tableIds: number[] }

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-e2e-live-'))
  const dbFile = join(dir, 'hub.sqlite')
  const db = await openDatabase(dbFile)
  const t = db.tournaments.createTournament({ name: 'Кубок живых' })
  const round = db.tournaments.addRound(db.tournaments.addStage(t.id, { kind: 'qualifying' }).id)
  const tables = [
    db.tournaments.addTable(t.id, { judge: 'Анна' }),
    db.tournaments.addTable(t.id, { judge: 'Борис' }),
  ]
  db.close()
  cup = { tournamentId: t.id, uuid: t.uuid, roundId: round.id, tableIds: tables.map((x) => x.id) }
  hub = await startServer({ dir, dbFile })
})
test.afterAll(async () => {
  await hub?.stop()
})

test('a table’s push and heartbeat show on «Столы по сети» at once, without a status call', async ({
  page,
}) => {
  const players = ['Ара', 'Бес', 'Вол', 'Гус', 'Дуб', 'Ёж', 'Жук', 'Зуб', 'Иволга', 'Йод']
  const env = (await callRaw('game.create', {
    rulesetId: 'fiim',
    players: players.map((name) => ({ name })),
    roles: { '2': 'don', '5': 'mafia', '7': 'mafia', '9': 'sheriff' },
    tournamentId: cup.tournamentId,
    roundId: cup.roundId,
    tableId: cup.tableIds[0],
    number: 1,
    judge: 'Анна',
  })) as { gameId: number; game: { uuid: string } }
  const status = (await callRaw('sync.createToken', { tableId: cup.tableIds[0] })) as {
    tables: Array<{ tableId: number; token: string | null }>
  }
  const token = status.tables.find((x) => x.tableId === cup.tableIds[0])!.token!
  const pulled = (await post('/sync/pull', token, {})) as { value: { games: Array<{ setup: GameSetup }> } }
  const setup = pulled.value.games[0].setup

  // Every status call the page makes, counted from its WebSocket frames.
  let statusCalls = 0
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"sync.status"')) statusCalls += 1
    }),
  )
  await page.goto(`${hub.origin}/admin?token=${hub.token}#tables`)
  await expect(page.getByTestId('sync-game-1')).toContainText('не начата, записей: 0')
  // The page's own loads are done (its tournament picked, its status shown).
  await page.waitForTimeout(500)
  const loads = statusCalls
  expect(loads).toBeGreaterThan(0)

  // The table's machine pushes its entries one by one: each shows on the page, with no status call for it.
  const machine = randomUUID()
  const commands: Command[] = [{ cmd: 'start' }, { cmd: 'next' }, { cmd: 'next' }]
  let game = restore(setup, [])
  const entries: LogEntry[] = commands.map((c, i) => {
    const r = execute(game, { ...c, at: Date.now() + i })
    if (!r.ok) throw new Error(r.error.message.en)
    game = r.game
    return r.entry
  })
  for (const [i, e] of entries.entries()) {
    const pending = entries.length - i - 1
    await post('/sync/push', token, {
      tournament: cup.uuid,
      gameUuid: env.game.uuid,
      fromSeq: e.seq,
      entries: [e],
      pending,
      sentAt: Date.now(),
      machine,
    })
    await expect(page.getByTestId('sync-game-1')).toContainText(`идёт, записей: ${e.seq}`)
    await expect(page.getByTestId('sync-lag-1')).toContainText(
      pending === 0 ? 'всё получено' : `не дошло команд: ${pending}`,
    )
  }
  // A heartbeat telling of commands still to send: shown as pushed.
  await post('/sync/hello', token, { pending: 7 })
  await expect(page.getByTestId('sync-lag-1')).toContainText('не дошло команд: 7')
  // The other table is untouched.
  await expect(page.getByTestId('sync-game-2')).toContainText('нет игры')
  // Nothing of it asked for the whole status again (the old page reloaded it 250 ms after every push).
  await page.waitForTimeout(600)
  expect(statusCalls).toBe(loads)
})

function callRaw(method: string, params: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${hub.origin.replace('http', 'ws')}/ws?token=${hub.token}`)
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

/** A table machine's request to the hub (over loopback: plain HTTP is allowed there). */
async function post(path: string, token: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${hub.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { ok: boolean }
  if (!json.ok) throw new Error(`${path}: ${JSON.stringify(json)}`)
  return json
}
