/**
 * The headless server's command line: `--help` lists every option, and a mistyped option, a missing value or a
 * bad port is named in plain words (never «Failed to start: [app/internal] Internal error: Unknown option»).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseServeArgs, SERVE_OPTIONS } from '../../src/main/serve-args'

const root = join(__dirname, '..', '..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')
const serve = (...args: string[]) =>
  spawnSync(tsx, [join(root, 'src', 'main', 'serve.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  })

function errorOf(args: string[]): string {
  const r = parseServeArgs(args)
  if (r.kind !== 'error') throw new Error(`expected an error for ${args.join(' ')}, got ${r.kind}`)
  expect(r.message.ru.length).toBeGreaterThan(0)
  return r.message.en
}

describe('serve command line', () => {
  it('--help lists every option and the token variable', () => {
    const r = parseServeArgs(['--help'])
    expect(r.kind).toBe('help')
    const text = r.kind === 'help' ? r.text : ''
    for (const name of Object.keys(SERVE_OPTIONS)) expect(text).toContain(`--${name}`)
    expect(text).toContain('MAFIA_DESK_TOKEN')
    expect(parseServeArgs(['-h']).kind).toBe('help')
  })

  it('names a mistyped option and the nearest known one', () => {
    expect(errorOf(['--prot', '4800'])).toBe('Unknown option --prot (did you mean --port?)')
    expect(errorOf(['--token_file', 'x'])).toBe('Unknown option --token_file (did you mean --token-file?)')
    expect(errorOf(['--zzzzzz'])).toBe('Unknown option --zzzzzz')
    expect(errorOf(['-x'])).toBe('Unknown option -x')
  })

  it('names a missing value, a value given to a switch, a stray argument and a bad port', () => {
    expect(errorOf(['--db'])).toMatch(/^The option --db needs a value/)
    expect(errorOf(['--port', '--db', 'x.sqlite'])).toMatch(/^The option --port needs a value/)
    expect(errorOf(['--quiet=yes'])).toBe('The option --quiet takes no value')
    expect(errorOf(['4800'])).toMatch(/^Unexpected argument "4800"/)
    expect(errorOf(['--port', 'abc'])).toMatch(/^Invalid port --port abc/)
    expect(errorOf(['--port', '-1'])).toMatch(/^Invalid port --port -1/)
    expect(errorOf(['--port', '70000'])).toMatch(/^Invalid port/)
    expect(errorOf(['--lan', 'not-an-ip'])).toMatch(/^Invalid --lan address/)
  })

  it('reads good options with their defaults', () => {
    const r = parseServeArgs(['--port=0', '--token-file', 't.txt', '--quiet'], '/srv')
    expect(r).toEqual({
      kind: 'run',
      options: { port: 0, dbFile: '/srv/data/mafia-desk.sqlite', tokenFile: 't.txt', quiet: true } as unknown,
    })
    const d = parseServeArgs([], '/srv')
    expect(d.kind === 'run' && d.options.port).toBe(4800)
  })

  it('the real entry prints the help and exits 0, and names a wrong option with exit code 2', () => {
    const help = serve('--help')
    expect(help.status, help.stderr).toBe(0)
    expect(help.stdout).toContain('--token-file')
    expect(help.stdout).not.toContain('READY')
    const wrong = serve('--prot', '4800')
    expect(wrong.status).toBe(2)
    expect(wrong.stderr).toContain('Unknown option --prot (did you mean --port?)')
    expect(wrong.stderr).toContain('Неизвестный параметр --prot')
    expect(wrong.stderr).not.toMatch(/Internal error|Failed to start/)
  })
})
