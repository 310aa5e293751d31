// Child process of crash.test.ts: appends entries to one game as fast as it can and acknowledges each one on
// stdout only after appendEntry has returned (i.e. after the durable commit). The parent SIGKILLs it.
import { openDatabase } from '../../src/main/db'

async function main(): Promise<void> {
  const [file, gameIdText] = process.argv.slice(2)
  const gameId = Number(gameIdText)
  const db = await openDatabase(file)
  const game = db.games.getGame(gameId)
  if (!game) throw new Error(`no game ${gameId}`)
  let seq = (game.lastSeq ?? 0) + 1
  process.stdout.write('ready\n')
  for (;;) {
    const withResults = seq % 7 === 0
    db.games.appendEntry(
      gameId,
      {
        seq,
        command: { cmd: 'next', at: seq },
        events: [{ type: 'speechEnded', seat: (seq % 10) + 1 }],
        at: seq,
      },
      {
        status: 'running',
        winner: null,
        results: withResults
          ? Array.from({ length: 10 }, (_, i) => ({
              seat: i + 1,
              playerId: null,
              role: 'civilian',
              win: 0,
              bestMove: 0,
              extra: seq / 1000,
              penalty: 0,
              total: seq / 1000,
            }))
          : undefined,
      },
    )
    process.stdout.write(`${seq}\n`)
    seq++
    // Yield now and then so stdout is flushed to the parent while the writer keeps going.
    if (seq % 5 === 0) await new Promise((resolve) => setImmediate(resolve))
  }
}

void main()
