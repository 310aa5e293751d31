/**
 * A hostile web page in Chromium (issue 13, items 1, 3 and 12): a page of another origin that the judge happens
 * to visit tries to open the contract's WebSocket (with and without a guessed token), to crash the server with
 * unparsable upgrade targets, and to read the app's pages. It gets no connection and no data, and the server
 * keeps serving the judge.
 */
import { test, expect } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
let evil: Server
let evilOrigin: string
test.beforeAll(async () => {
  server = await startServer()
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>evil</title><p>hello')
  })
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r))
  evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`
})
test.afterAll(async () => {
  await new Promise((r) => evil.close(r))
  await server.stop()
})

test('a page of another origin gets no WebSocket, no data, and cannot stop the server', async ({ page }) => {
  await page.goto(`${evilOrigin}/`)
  const port = new URL(server.origin).port
  const outcome = await page.evaluate(async (p) => {
    const attempt = (url: string): Promise<string> =>
      new Promise((resolve) => {
        let ws: WebSocket
        try {
          ws = new WebSocket(url)
        } catch (e) {
          resolve(`throws: ${String(e)}`)
          return
        }
        ws.onmessage = (ev) => resolve(`message: ${String(ev.data).slice(0, 80)}`)
        ws.onerror = () => resolve('error')
        ws.onclose = () => resolve('closed')
        setTimeout(() => resolve('timeout'), 5000)
      })
    const results: Record<string, string> = {}
    for (const target of [
      `ws://127.0.0.1:${p}/ws`,
      `ws://localhost:${p}/ws`,
      `ws://127.0.0.1:${p}/ws?token=guess`,
      `ws://127.0.0.1:${p}//[`,
      `ws://127.0.0.1:${p}//%`,
      `ws://127.0.0.1:${p}/%2F%5B`,
    ])
      results[target] = await attempt(target)
    let read: string
    try {
      const res = await fetch(`http://127.0.0.1:${p}/control`)
      read = `read ${res.status}: ${(await res.text()).slice(0, 40)}`
    } catch (e) {
      read = `refused: ${String(e)}`
    }
    results.fetch = read
    return results
  }, port)
  console.log(outcome)
  for (const [target, result] of Object.entries(outcome)) {
    if (target === 'fetch') expect(result).toMatch(/^refused/)
    else expect(result, target).not.toMatch(/^message/)
  }
  // The server is alive and the judge's panel still connects.
  expect(server.proc.exitCode).toBeNull()
  await page.goto(server.controlUrl)
  await expect(page.locator('body')).not.toBeEmpty()
  const hello = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(url)
        ws.onmessage = (ev) => resolve(String(ev.data))
        ws.onerror = () => resolve('error')
      }),
    `${server.origin.replace('http', 'ws')}/ws`,
  )
  expect(hello).toContain('"hello"')
})
