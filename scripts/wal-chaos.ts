/**
 * `npx tsx scripts/wal-chaos.ts` (a step of `npm run test:chaos`): damage in the write-ahead log after a crash.
 * The real headless server plays a game (a backup first, then acknowledged commands), is killed with SIGKILL so
 * the commands stay in its WAL, one frame in the middle of the WAL is damaged, and the server is started again.
 * It must say at start that the journal is damaged, how many acknowledged changes it hides, and which backup to
 * restore — and refuse changes (db/corrupt) instead of silently playing on without them. Exit 0 when detected.
 * Prints `WAL damage: detected …` or `WAL damage: NOT detected …`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { ContractClient, ROOT, serverCommand, spawned } from './serve-process'

interface Started {
  kill: () => void
  origin: string
  token: string
  /** Everything printed up to READY (the start-up warnings). */
  banner: string
}

function start(db: string): Promise<Started> {
  const { cmd, args } = serverCommand()
  const proc = spawn(cmd, [...args, '--port', '0', '--db', db, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  spawned.add(proc)
  proc.once('exit', () => spawned.delete(proc))
  let out = ''
  return new Promise((res, rej) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL')
      rej(new Error(`the server did not start:\n${out}`))
    }, 30_000)
    const onData = (d: Buffer): void => {
      out += d.toString()
      const m = /READY (\S+) token=(\S+)/.exec(out)
      if (!m) return
      clearTimeout(timer)
      res({ kill: () => proc.kill('SIGKILL'), origin: m[1], token: m[2], banner: out })
    }
    proc.stdout!.on('data', onData)
    proc.stderr!.on('data', onData)
    proc.once('exit', (code) => {
      clearTimeout(timer)
      rej(new Error(`the server exited (${code}):\n${out}`))
    })
  })
}

async function client(s: Started): Promise<ContractClient> {
  const c = new ContractClient(`${s.origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(s.token)}`)
  await c.ready
  return c
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-wal-chaos-'))
  const db = join(dir, 'mafia-desk.sqlite')
  try {
    const first = await start(db)
    const c = await client(first)
    const { file: backup } = await c.call<{ file: string }>('backup.now', {})
    const { gameId } = await c.call<{ gameId: number }>('game.active', {})
    await c.call('game.command', { gameId, command: { cmd: 'start' } })
    await c.call('game.command', { gameId, command: { cmd: 'next' } })
    let acked = 2
    for (let i = 0; i < 38; i++) {
      const seat = (i % 10) + 1
      const cmd = Math.floor(i / 10) % 2 === 0 ? 'foul' : 'unfoul'
      await c.call('game.command', { gameId, command: { cmd, seat } })
      acked++
    }
    c.close()
    first.kill() // a crash: the acknowledged commands are in the WAL, not yet in the main file
    await new Promise((r) => setTimeout(r, 300))

    const wal = readFileSync(`${db}-wal`)
    const pageSize = wal.readUInt32BE(8)
    const frames = Math.floor((wal.length - 32) / (24 + pageSize))
    const victim = Math.floor(frames / 4)
    wal[32 + victim * (24 + pageSize) + 24 + 64] ^= 0xff
    writeFileSync(`${db}-wal`, wal)
    console.log(`${acked} commands acknowledged; frame ${victim + 1} of ${frames} in the WAL damaged`)

    const second = await start(db)
    const c2 = await client(second)
    let refused = ''
    try {
      // Any change: here a backup (the game itself may be among what the damaged log hides).
      await c2.call('backup.now', {})
    } catch (e) {
      refused = (e as Error).message
    }
    c2.close()
    second.kill()
    const hidden = /(\d+) acknowledged change/.exec(second.banner)
    const detected = hidden !== null && second.banner.includes(basename(backup)) && refused === 'db/corrupt'
    console.log(
      second.banner
        .split('\n')
        .filter((l) => /WARNING|journal|журнал|backup|\.sqlite/i.test(l))
        .join('\n'),
    )
    console.log(
      detected
        ? `WAL damage: detected at start — ${hidden![1]} acknowledged change(s) hidden, newest good backup ${basename(backup)} named, changes refused (db/corrupt)`
        : `WAL damage: NOT detected (warning: ${hidden ? 'yes' : 'no'}, backup named: ${second.banner.includes(basename(backup))}, a change answered: ${refused || 'accepted'})`,
    )
    return detected ? 0 : 1
  } finally {
    for (const p of spawned) p.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err))
    process.exit(1)
  },
)
