/** Fixtures for the database tests: temp folders, hashes, a realistic setup and log, a real PNG. */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect } from 'vitest'
import { AppError } from '../../src/shared/errors'
import type { EntryInput, SeatResultInput } from '../../src/main/db'

export function tempDir(prefix = 'mafia-db-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true })
}

export function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

/** Runs fn and returns the AppError code it throws (fails the test when it does not throw an AppError). */
export async function errorCode(fn: () => unknown): Promise<string> {
  try {
    await fn()
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    const e = err as AppError
    expect(e.data.message.ru.length).toBeGreaterThan(0)
    expect(e.data.message.en.length).toBeGreaterThan(0)
    return e.code
  }
  throw new Error('expected an AppError, nothing was thrown')
}

export const RULESET = {
  id: 'fiim',
  name: 'ФИИМ',
  speechSeconds: 60,
  tieSpeechSeconds: 30,
  lastWordSeconds: 60,
}

export function setupFor(playerIds: Array<number | null>, names?: string[]): unknown {
  return {
    ruleset: RULESET,
    players: playerIds.map((playerId, i) => ({ name: names?.[i] ?? `P${i + 1}`, playerId })),
    roles: {
      1: 'civilian',
      2: 'civilian',
      3: 'don',
      4: 'civilian',
      5: 'mafia',
      6: 'civilian',
      7: 'sheriff',
      8: 'mafia',
      9: 'civilian',
      10: 'civilian',
    },
  }
}

export function entry(seq: number, at = 1_800_000_000_000 + seq * 1000): EntryInput {
  return {
    seq,
    // Shaped like a real command (an exchange file's entries must be), not replayed: the db layer only stores.
    command: { cmd: 'vote', candidate: (seq % 10) + 1, voters: [1, 2, 3], at },
    events: [
      { type: 'voted', candidate: (seq % 10) + 1, voters: [1, 2, 3] },
      { type: 'timerSet', label: 'speech', durationMs: 60000, remainingMs: 42000 - seq },
    ],
    at,
  }
}

export function results(playerIds: Array<number | null>): SeatResultInput[] {
  const roles = [
    'civilian',
    'civilian',
    'don',
    'civilian',
    'mafia',
    'civilian',
    'sheriff',
    'mafia',
    'civilian',
    'civilian',
  ]
  return playerIds.map((playerId, i) => {
    const red = roles[i] === 'civilian' || roles[i] === 'sheriff'
    const extra = i === 6 ? 0.3 : 0
    return {
      seat: i + 1,
      playerId,
      role: roles[i],
      win: red ? 1 : 0,
      bestMove: 0,
      extra,
      penalty: 0,
      total: (red ? 1 : 0) + extra,
      extraReasons: extra ? [{ points: extra, reason: 'нашёл дона' }] : [],
    }
  })
}

/** A real 2×2 RGBA PNG (signature, IHDR, IDAT, IEND with correct CRCs). */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(2, 0)
  ihdr.writeUInt32BE(2, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
