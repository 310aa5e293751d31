// npm run bench:kill — the kill test's counts (scripts/kill-test.ts): SIGKILLs at random moments with three
// judges playing in parallel; lost commands and corrupted files must be 0. KILLS=… changes the count (default 20).
import { runKillTest } from '../scripts/kill-test'
import { figure, printBenchResult } from './result'

async function main(): Promise<void> {
  const kills = Number(process.env.KILLS ?? 20)
  const r = await runKillTest({ kills, judges: 3, seed: 11 })
  console.log(
    `kill test: ${r.kills} kills, ${r.judges} judges, ${r.commandsAcked} commands acknowledged, ${r.lostCommands} lost, ` +
      `${r.inFlightCommitted} in-flight committed, ${r.corruptedFiles} corrupted, restart median ${r.restartMsMedian} ms`,
  )
  printBenchResult([
    figure(`kill test: lost commands (${r.kills} kills, ${r.commandsAcked} acked)`, r.lostCommands, '', {
      equals: 0,
    }),
    figure('kill test: corrupted files', r.corruptedFiles, '', { equals: 0 }),
    figure('kill test: restart after SIGKILL (median)', r.restartMsMedian, 'ms', { below: 2000 }),
  ])
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
