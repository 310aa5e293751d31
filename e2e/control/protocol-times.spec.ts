/**
 * The protocol a head judge signs, read back with pdftotext: the start and end time of the game next to the
 * date, "page N of 2" with the game line and the game's id on both pages, and every text in the protocol's
 * language (an English protocol of a friendly game has no «Товарищеская игра», no Cyrillic at all).
 */
import { test, expect } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { connectControl } from '../overlay/control-client'
import type { GameEnvelope } from '../../src/shared/contract'

let server: TestServer
test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const NAMES = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']

function pdfText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'md-protocol-'))
  try {
    const file = join(dir, 'p.pdf')
    writeFileSync(file, Buffer.from(base64, 'base64'))
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('start and end time, page N of 2 with the game id, and one language per protocol', async () => {
  const control = await connectControl(server.origin, server.token)
  try {
    const env = await control.call<GameEnvelope>('game.create', {
      rulesetId: 'fiim',
      players: NAMES.map((name) => ({ name })),
      roles: { '3': 'don', '5': 'mafia', '8': 'mafia', '10': 'sheriff' },
    })
    const id = env.gameId
    await control.command(id, { cmd: 'start' })
    await control.command(id, { cmd: 'next' })
    await control.command(id, { cmd: 'teamDefeat', seat: 3 })
    const file = (lang: 'ru' | 'en') =>
      control.call<{ base64: string }>('export.protocol', { gameId: id, format: 'pdf', lang })

    const ru = pdfText((await file('ru')).base64)
    const time = /\d{2}:\d{2}–\d{2}:\d{2}/
    expect(ru).toMatch(/ДАТА · НАЧАЛО–КОНЕЦ/)
    expect(ru).toMatch(time)
    expect(ru).toContain('Товарищеская игра')
    expect(ru).toContain('Стр. 1 из 2')
    expect(ru).toContain('Стр. 2 из 2')
    expect(ru.match(new RegExp(`ID игры ${id}`, 'g'))?.length).toBe(2)

    const en = pdfText((await file('en')).base64)
    expect(en).toMatch(/DATE · START–END/)
    expect(en).toMatch(time)
    expect(en).toContain('Friendly game')
    expect(en).toContain('Page 1 of 2')
    expect(en.match(new RegExp(`Game ID ${id}`, 'g'))?.length).toBe(2)
    expect(en).toContain('FIIM')
    // Everything printed follows the protocol's language: no Russian left (the players' names are Latin here).
    expect(en).not.toMatch(/\p{Script=Cyrillic}/u)
  } finally {
    control.close()
  }
})
