/**
 * Mafia Desk command line. `npm run cli -- <subcommand> …`
 *   replay FILE|DIR… [--json] [--lang ru|en]   play scenario files through the rules engine (each rejected step
 *                               with its code and message); non-zero exit when any fails
 *   export protocol|standings …  write a protocol or standings file from the database (src/main/cli-export.ts)
 *   awards --tournament ID|UUID --out FILE.pdf …  write a tournament's diplomas PDF (and the awards CSV) from the
 *                               database (src/main/cli-awards.ts)
 * Add a subcommand by adding an entry to SUBCOMMANDS.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { formatResult, runScenario } from './engine/scenario'
import { gameRecord } from './engine/score'
import { EXPORT_USAGE, runExport } from './cli-export'
import { AWARDS_USAGE, runAwards } from './cli-awards'

type Subcommand = { usage: string; run: (args: string[]) => number | Promise<number> }

function scenarioFiles(paths: string[]): string[] {
  const out: string[] = []
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      for (const f of readdirSync(p).sort()) if (f.endsWith('.json')) out.push(join(p, f))
    } else out.push(p)
  }
  return out
}

function replay(args: string[]): number {
  const json = args.includes('--json')
  let lang: 'ru' | 'en' = 'ru'
  const paths: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]
    if (a === '--json') continue
    if (a === '--lang' || a.startsWith('--lang=')) {
      const v = a === '--lang' ? args[++i] : a.slice('--lang='.length)
      if (v !== 'ru' && v !== 'en') {
        process.stderr.write(`--lang must be ru or en\nusage: ${SUBCOMMANDS.replay.usage}\n`)
        return 2
      }
      lang = v
      continue
    }
    paths.push(a)
  }
  if (paths.length === 0) {
    process.stderr.write(`usage: ${SUBCOMMANDS.replay.usage}\n`)
    return 2
  }
  let failed = 0
  const results: unknown[] = []
  let files: string[]
  try {
    files = scenarioFiles(paths)
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    return 2
  }
  for (const file of files) {
    let input: unknown
    try {
      input = JSON.parse(readFileSync(file, 'utf8'))
    } catch (e) {
      failed++
      process.stderr.write(`FAIL ${file}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`)
      continue
    }
    const r = runScenario(input)
    if (!r.ok) failed++
    if (json) {
      results.push({
        file,
        name: r.name,
        ok: r.ok,
        failures: r.failures,
        steps: r.steps.map((x) => ({
          step: x.step,
          cmd: x.cmd,
          accepted: x.accepted,
          ...(x.error
            ? {
                rejected: {
                  code: x.error.code,
                  message: x.error.message[lang],
                  params: x.error.details ?? {},
                  expected: x.expectedRejection,
                },
              }
            : {}),
        })),
        view: r.view,
        record: r.game ? gameRecord(r.game) : null,
      })
    } else process.stdout.write(`${formatResult(r, file, lang)}\n`)
  }
  if (json) process.stdout.write(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`)
  else process.stdout.write(`${files.length - failed}/${files.length} scenarios passed\n`)
  return failed === 0 ? 0 : 1
}

const SUBCOMMANDS: Record<string, Subcommand> = {
  replay: { usage: 'cli replay FILE|DIR... [--json] [--lang ru|en]', run: replay },
  export: { usage: EXPORT_USAGE, run: runExport },
  awards: { usage: AWARDS_USAGE, run: (args) => runAwards(args) },
}

function usage(): string {
  return `usage:\n${Object.values(SUBCOMMANDS)
    .map((s) => `  ${s.usage}`)
    .join('\n')}\n`
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage())
    return 0
  }
  const sub = name ? SUBCOMMANDS[name] : undefined
  if (!sub) {
    if (name)
      process.stderr.write(
        `Неизвестная команда «${name}» / Unknown command "${name}" (${Object.keys(SUBCOMMANDS).join(', ')})\n`,
      )
    process.stderr.write(usage())
    return 2
  }
  return sub.run(rest)
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
    process.exit(1)
  },
)
