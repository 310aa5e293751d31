// npm run lint:electron — Electronegativity (Doyensec's Electron security scanner) over src/, with the
// waivers of scripts/electronegativity.json: each finding is either fixed or waived there with its reason.
// Fails on a finding no waiver covers (or more findings than a waiver counts); warns about unused waivers.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Findings from a SARIF report: { check, file, line, message }. */
export function findingsOf(sarif) {
  return (sarif.runs?.[0]?.results ?? []).map((r) => {
    const loc = r.locations?.[0]?.physicalLocation
    return {
      check: r.ruleId,
      file: (loc?.artifactLocation?.uri ?? '').replace(/^file:\/\//, ''),
      line: loc?.region?.startLine ?? 0,
      message: r.message?.text ?? '',
    }
  })
}

/** Applies the waivers: returns the findings left, and the waivers that matched nothing. */
export function applyWaivers(findings, waivers) {
  const left = []
  const used = new Map(waivers.map((w) => [w, 0]))
  for (const f of findings) {
    const w = waivers.find((x) => x.check === f.check && x.file === f.file && used.get(x) < x.count)
    if (w) used.set(w, used.get(w) + 1)
    else left.push(f)
  }
  return { left, unused: waivers.filter((w) => used.get(w) === 0) }
}

function main() {
  const config = JSON.parse(readFileSync(join(ROOT, 'scripts', 'electronegativity.json'), 'utf8'))
  const out = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  const report = join(out, 'report.sarif')
  const cli = join(ROOT, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js')
  const args = [
    cli,
    '-i',
    join(ROOT, config.input),
    '-r',
    '-v',
    'false',
    '-e',
    config.electronVersion,
    '-o',
    report,
  ]
  if (config.excludedChecks.length) args.push('-x', config.excludedChecks.map((c) => c.check).join(','))
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' })
  let sarif
  try {
    sarif = JSON.parse(readFileSync(report, 'utf8'))
  } catch {
    console.error(`Electronegativity produced no report (exit ${r.status}):\n${r.stdout}\n${r.stderr}`)
    return 1
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
  const findings = findingsOf(sarif)
  const { left, unused } = applyWaivers(findings, config.waivers)
  console.log(
    `Electronegativity: ${findings.length} findings in ${config.input}/, ${findings.length - left.length} waived (reasons in scripts/electronegativity.json), ${left.length} open.`,
  )
  for (const c of config.excludedChecks) console.log(`  check not run: ${c.check} — ${c.reason}`)
  for (const w of unused) console.log(`  unused waiver (remove it?): ${w.check} in ${w.file}`)
  for (const f of left) console.error(`  OPEN ${f.check} ${config.input}/${f.file}:${f.line} — ${f.message}`)
  return left.length ? 1 : 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main())
