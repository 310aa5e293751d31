/**
 * npm run bench:protocol-text — the protocol PDF's cost against the length of one comment (issue 29 §1): one long
 * word and ordinary words, from 3,000 to 200,000 characters, after a warm-up render. Linear means the time per
 * 1,000 characters stays about flat as the text grows (pdfkit alone took 15 s for one 12,000-character word).
 */
import { exportProtocol } from '../src/main/export/commands'
import type { ProtocolHeader } from '../src/main/export/protocol'
import { finishedGame } from '../tests/tournament/fixtures'

const header = (comment: string): ProtocolHeader => ({
  tournament: 'Кубок',
  stage: 'Отбор',
  round: 1,
  table: 1,
  gameNumber: 1,
  date: '2026-12-01',
  judge: 'Судья',
  rulesetName: 'ФИИМ',
  comments: [comment],
})

async function render(comment: string): Promise<{ ms: number; mb: number }> {
  const before = process.memoryUsage().rss
  const t = performance.now()
  await exportProtocol(finishedGame(), header(comment), { format: 'pdf' })
  return { ms: performance.now() - t, mb: (process.memoryUsage().rss - before) / 2 ** 20 }
}

async function main(): Promise<void> {
  await render('разминка')
  for (const n of [3_000, 12_000, 48_000, 200_000]) {
    for (const kind of ['one word', 'words'] as const) {
      const text = kind === 'one word' ? 'x'.repeat(n) : 'слово '.repeat(Math.ceil(n / 6)).slice(0, n)
      const { ms, mb } = await render(text)
      console.log(
        `${String(n).padStart(7)} chars, ${kind.padEnd(8)}: ${ms.toFixed(0).padStart(6)} ms ` +
          `(${((ms / n) * 1000).toFixed(1)} ms per 1,000 chars), rss +${mb.toFixed(0)} MB`,
      )
    }
  }
}

void main()
