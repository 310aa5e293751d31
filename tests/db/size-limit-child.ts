/**
 * Child of tests/db/disk-messages.test.ts, run under `ulimit -f`: fills a database until a write is refused and
 * prints that error's code and English message as JSON.
 */
import { openDatabase } from '../../src/main/db'
import { toAppErrorData } from '../../src/shared/errors'

async function main(): Promise<void> {
  const db = await openDatabase(process.argv[2])
  try {
    for (let i = 0; i < 100_000; i++)
      db.players.addPlayer({ nickname: `Игрок ${i}`, club: 'Клуб '.repeat(40) })
    console.log(JSON.stringify({ code: 'none' }))
  } catch (err) {
    const e = toAppErrorData(err)
    console.log(JSON.stringify({ code: e.code, en: e.message.en, ru: e.message.ru }))
  }
}

void main()
