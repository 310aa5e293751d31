/**
 * Fuzz of the contract against the real built server (issue 13, item 12): random text, random JSON, random
 * bytes and well-formed calls of every method with random parameters, over the judge's connection (the token
 * unlocks every call). Every message that carries an id gets exactly one answer, nothing kills the server, and
 * the server still serves a normal call afterwards. `npm test` sends 1,000; `npm run test:chaos` sends 10,000
 * (CHAOS_FUZZ=…).
 */
import { test, expect } from '@playwright/test'
import fc from 'fast-check'
import WebSocket from 'ws'
import { callNames } from '../../src/shared/contract'
import { startServer, type TestServer } from '../helpers/server'

const COUNT = Number(process.env.CHAOS_FUZZ ?? 1000)

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server.stop()
})

type Message =
  | { kind: 'call'; method: string; params: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }

function messages(seed: number, n: number): Message[] {
  const call = fc
    .record({
      method: fc.oneof(fc.constantFrom(...callNames), fc.string({ maxLength: 20 })),
      params: fc.oneof(fc.anything({ maxDepth: 4 }), fc.object({ maxDepth: 3 })),
    })
    .map(({ method, params }): Message => ({ kind: 'call', method, params }))
  const arb = fc.oneof(
    { weight: 6, arbitrary: call },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text): Message => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 5 }).map((text): Message => ({ kind: 'text', text })) },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes): Message => ({ kind: 'bytes', bytes })),
    },
    {
      weight: 1,
      arbitrary: fc
        .nat(40)
        .map((d): Message => ({ kind: 'text', text: '['.repeat(d * 3) + ']'.repeat(d * 3) })),
    },
  )
  return fc.sample(arb, { seed, numRuns: n })
}

test(`${COUNT} fuzzed messages are all answered and the server lives on`, async () => {
  test.setTimeout(Math.max(120_000, COUNT * 60))
  const ws = new WebSocket(
    `${server.origin.replace('http', 'ws')}/ws?token=${encodeURIComponent(server.token)}`,
  )
  const answered = new Map<number, number>()
  let hello = false
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as { type: string; id?: number | null }
    if (m.type === 'hello') hello = true
    if (m.type === 'result' && typeof m.id === 'number') answered.set(m.id, (answered.get(m.id) ?? 0) + 1)
  })
  await new Promise((r, j) => {
    ws.once('open', r)
    ws.once('error', j)
  })
  await expect.poll(() => hello).toBe(true)

  const sentIds: number[] = []
  let id = 0
  const list = messages(13, COUNT)
  for (let i = 0; i < list.length; i++) {
    const m = list[i]
    if (m.kind === 'bytes') ws.send(m.bytes, { binary: true })
    else if (m.kind === 'call') {
      id++
      sentIds.push(id)
      ws.send(JSON.stringify({ type: 'call', id, method: m.method, params: m.params }))
    } else ws.send(m.text)
    // Keep a window of at most 50 unanswered calls: the fuzz tests the answers, not the socket buffers.
    if (sentIds.length - answered.size > 50)
      await expect.poll(() => sentIds.length - answered.size, { timeout: 60_000 }).toBeLessThanOrEqual(50)
  }
  await expect.poll(() => answered.size, { timeout: 120_000 }).toBe(sentIds.length)
  expect([...answered.values()].every((n) => n === 1)).toBe(true)
  expect(server.proc.exitCode).toBeNull()
  expect((await fetch(`${server.origin}/healthz`)).status).toBe(200)
  ws.close()
  console.log(
    `fuzz: ${list.length} messages, ${sentIds.length} calls, all answered once; the server is alive`,
  )
})
