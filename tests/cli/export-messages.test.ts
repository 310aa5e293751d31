/**
 * `cli export`: its messages speak of its own flags — an unfinished game's refusal says `--unfinished` (never the
 * code's `allowUnfinished`), a wrong option or id is named in plain words.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/main/db'
import { AppService } from '../../src/main/app/service'
import { runExport } from '../../src/main/cli-export'
import { overlayStandings } from '../../src/main/app/exports'
import { FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function unfinishedGame(): Promise<{ dir: string; file: string; id: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'md-cli-export-'))
  dirs.push(dir)
  const file = join(dir, 'db.sqlite')
  const db = await openDatabase(file)
  const service = new AppService(db, { clock: () => 1_000_000, standings: (id) => overlayStandings(db, id) })
  service.init()
  const id = service.createGame({
    rulesetId: 'fiim',
    players: FULL_GAME_PLAYERS.map((name) => ({ name })),
    roles: { ...FULL_GAME_ROLES },
  }).gameId
  service.command(id, { cmd: 'start' })
  db.close()
  return { dir, file, id }
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runExport(args, { out: (t) => (out += t), err: (t) => (err += t) })
  return { code, out, err }
}

describe('cli export messages', () => {
  it('an unfinished game: the refusal names --unfinished, not allowUnfinished', async () => {
    const { dir, file, id } = await unfinishedGame()
    const out = join(dir, 'p.pdf')
    const r = await run(['protocol', '--game', String(id), '--format', 'pdf', '--out', out, '--db', file])
    expect(r.code).toBe(1)
    expect(r.err).toContain('export/game_not_finished')
    expect(r.err).toContain('add --unfinished')
    expect(r.err).toContain('добавьте --unfinished')
    expect(r.err).not.toContain('allowUnfinished')
    expect(existsSync(out)).toBe(false)
  })

  it('a wrong option and a bad id are named in plain words', async () => {
    const { dir, file } = await unfinishedGame()
    const out = join(dir, 'p.pdf')
    const typo = await run(['protocol', '--gmae', '1', '--format', 'pdf', '--out', out, '--db', file])
    expect(typo.code).toBe(2)
    expect(typo.err).toContain('Unknown option --gmae (did you mean --game?)')
    const bad = await run(['protocol', '--game', 'x', '--format', 'pdf', '--out', out, '--db', file])
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('--game must be a positive integer, not "x"')
    expect(bad.err).not.toContain('Internal error')
  })
})
