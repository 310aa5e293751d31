// Crash consistency of the write path: a writer process is SIGKILLed at random moments; after each kill the file
// must pass quick_check and hold every acknowledged entry (0 lost commits), contiguous, with the projection
// (last_seq, results) matching the log. SIGKILL does not lose OS buffers, so this checks SQLite's atomic commit
// and our one-transaction write path, not the disk's fsync (synchronous=FULL covers power loss).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../../src/main/db'
import { removeDir, setupFor, tempDir } from './helpers'

const KILLS = Number(process.env.DB_CRASH_KILLS ?? 4)
let dir: string
beforeAll(() => {
  dir = tempDir()
})
afterAll(() => removeDir(dir))

function runUntilKilled(file: string, gameId: number, killAfterAcks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'crash-writer.ts'), file, String(gameId)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const acks: number[] = []
    let buffer = ''
    let stderr = ''
    let ready = false
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString()
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        if (line === 'ready') ready = true
        else if (line !== '') acks.push(Number(line))
      }
      if (ready && acks.length >= killAfterAcks && child.exitCode === null && !child.killed)
        child.kill('SIGKILL')
    })
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acks)
      else reject(new Error(`writer exited with ${code}: ${stderr}`))
    })
  })
}

it(`loses no acknowledged commit and corrupts nothing over ${KILLS} SIGKILLs`, async () => {
  const file = path.join(dir, 'crash.sqlite')
  const db = await openDatabase(file)
  const game = db.games.createGame({ setup: setupFor(Array(10).fill(null)) })
  db.close()
  let acknowledged = 0
  for (let k = 0; k < KILLS; k++) {
    const acks = await runUntilKilled(file, game.id, 20 + Math.floor(Math.random() * 300))
    expect(acks.length).toBeGreaterThan(0)
    acknowledged += acks.length
    const lastAck = acks[acks.length - 1]
    const check = await openDatabase(file)
    expect(check.integrityCheck()).toEqual([])
    const loaded = check.games.loadGame(game.id)
    const seqs = loaded?.log.map((e) => e.seq) ?? []
    // Contiguous from 1, containing every acknowledged seq (one more may have committed before its ack).
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1))
    expect(seqs.length).toBeGreaterThanOrEqual(lastAck)
    expect(seqs.length).toBeLessThanOrEqual(lastAck + 1)
    expect(loaded?.game.lastSeq).toBe(seqs.length)
    const lastWithResults = Math.floor(seqs.length / 7) * 7
    if (lastWithResults > 0) expect(check.games.getResults(game.id)[0].extra).toBe(lastWithResults / 1000)
    check.close()
  }
  expect(acknowledged).toBeGreaterThan(KILLS * 20 - 1)
})
