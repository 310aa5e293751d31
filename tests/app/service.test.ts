/**
 * The application service on real SQLite files: the demo game on first start, a whole game stored command by
 * command, resume after a restart at the exact same state (timer paused), rejected commands store nothing,
 * a failing disk leaves the game at its last stored state, and the CLI exports from the stored games.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { AppService } from '../../src/main/app/service'
import { runExport } from '../../src/main/cli-export'
import { overlayStandings } from '../../src/main/app/exports'
import { AppError } from '../../src/shared/errors'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'
import { seedDemo } from '../../src/main/app/demo-games'

const dirs: string[] = []
const dbs: MafiaDb[] = []
afterEach(() => {
  for (const db of dbs.splice(0)) {
    try {
      db.close()
    } catch {
      // already closed
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function fresh(
  clock = () => 1_000_000,
): Promise<{ dir: string; file: string; db: MafiaDb; service: AppService }> {
  const dir = mkdtempSync(join(tmpdir(), 'md-app-'))
  dirs.push(dir)
  const file = join(dir, 'db.sqlite')
  const db = await openDatabase(file)
  dbs.push(db)
  const service = new AppService(db, { clock, standings: (id) => overlayStandings(db, id) })
  service.init()
  seedDemo(service, db)
  return { dir, file, db, service }
}

function createFullGame(service: AppService): number {
  return service.createGame({
    rulesetId: 'fiim',
    players: FULL_GAME_PLAYERS.map((name) => ({ name })),
    roles: { ...FULL_GAME_ROLES },
  }).gameId
}

describe('app service', () => {
  it('the overlay carries the tournament standings, refreshed when a game ends', async () => {
    const { service, db } = await fresh()
    const tournamentId = db.tournaments.listTournaments()[0].id
    // A stage run without the seating generator: its games' players are the head judge's (issue 28).
    const roundId = db.tournaments.addRound(
      db.tournaments.addStage(tournamentId, { kind: 'semifinal' }).id,
    ).id
    const id = service.createGame({
      rulesetId: 'fiim',
      players: FULL_GAME_PLAYERS.map((name) => ({ name })),
      roles: { ...FULL_GAME_ROLES },
      tournamentId,
      roundId,
    }).gameId
    // The demo tournament ships with its finished demo games: three for each demo player.
    const before = service.overlay().standings?.rows ?? []
    expect(before).toHaveLength(10)
    expect(before.every((r) => r.games === 3)).toBe(true)
    for (const c of FULL_GAME) service.command(id, c)
    const rows = service.overlay().standings!.rows
    expect(rows).toHaveLength(20)
    expect(rows.find((r) => r.name === 'Jay')).toMatchObject({ games: 1, wins: 1 })
    expect(rows.find((r) => r.name === 'Jay')?.points).toBeCloseTo(1.3)
    expect(rows.find((r) => r.name === 'Cat')?.points).toBe(0)
  })

  it('creates the demo tournament and an active demo game on first start', async () => {
    const { service, db } = await fresh()
    const active = service.active()
    expect(active).not.toBeNull()
    expect(active!.view.players).toHaveLength(10)
    expect(active!.view.phase).toBe('setup')
    expect(active!.game.number).toBe(4)
    expect(db.tournaments.listTournaments()).toHaveLength(1)
    // Three finished demo games, played through the engine, in the demo tournament.
    const finished = db.games
      .listGames({ tournamentId: db.tournaments.listTournaments()[0].id })
      .filter((g) => g.status === 'finished')
    expect(finished.map((g) => [g.number, g.winner])).toEqual([
      [1, 'red'],
      [2, 'black'],
      [3, 'red'],
    ])
    expect(service.overlay().view!.players.every((p) => p.role === null)).toBe(true)
  })

  it('plays a whole game, stores every command, and the stored log replays to the same result', async () => {
    const { service, db, file } = await fresh()
    const id = createFullGame(service)
    for (const c of FULL_GAME) service.command(id, c)
    const view = service.envelope(id).view
    expect(view.phase).toBe('finished')
    expect(view.winner).toBe('red')
    const stored = db.games.loadGame(id)!
    expect(stored.log).toHaveLength(FULL_GAME.length) // before the undo/redo below
    expect(stored.game.status).toBe('finished')
    expect(stored.game.winner).toBe('red')
    const results = db.games.getResults(id)
    expect(results.find((r) => r.seat === 10)?.total).toBeCloseTo(1.3)
    // An undo that reopens the game clears its stored results; the redo stores them again.
    service.command(id, { cmd: 'undo' })
    expect(db.games.getResults(id)).toEqual([])
    expect(db.games.getGame(id)?.status).toBe('running')
    service.command(id, { cmd: 'redo' })
    expect(db.games.getResults(id)).toHaveLength(10)
    const finalView = service.envelope(id).view
    db.close()
    const db2 = await openDatabase(file)
    dbs.push(db2)
    const again = new AppService(db2)
    again.init()
    expect(again.envelope(id).view).toEqual(finalView)
  })

  it('resumes a game in progress at the exact moment, with the running timer paused', async () => {
    let now = 5_000_000
    const { service, db, file } = await fresh(() => now)
    const id = createFullGame(service)
    for (const c of FULL_GAME.slice(0, 15)) {
      now += 1000
      service.command(id, c)
    }
    const before = service.envelope(id).view
    expect(before.step).toBe('voting')
    expect(before.voting?.candidates[0].voters).toEqual([1, 2, 4, 6, 7, 9, 10])
    db.close()
    now += 60_000
    const db2 = await openDatabase(file)
    dbs.push(db2)
    const again = new AppService(db2, { clock: () => now })
    again.init()
    const after = again.envelope(id).view
    expect(after.phase).toBe(before.phase)
    expect(after.step).toBe(before.step)
    expect(after.voting).toEqual(before.voting)
    expect(after.nominees).toEqual(before.nominees)
    if (after.timer) expect(after.timer.runningSince).toBeNull()
  })

  it('a rejected command stores nothing and says why in both languages', async () => {
    const { service, db } = await fresh()
    const id = createFullGame(service)
    service.command(id, { cmd: 'start' })
    const count = db.games.loadGame(id)!.log.length
    let err: unknown
    try {
      service.command(id, { cmd: 'vote', candidate: 5, voters: [1] })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).data.code).toMatch(/^engine\//)
    expect((err as AppError).data.message.ru.length).toBeGreaterThan(5)
    expect(db.games.loadGame(id)!.log).toHaveLength(count)
  })

  it('when the database cannot be written, the command fails with a db/ error and the game keeps its stored state', async () => {
    const { service, db, file } = await fresh()
    const id = createFullGame(service)
    service.command(id, { cmd: 'start' })
    const view = service.envelope(id).view
    db.close()
    const ro = await openDatabase(file, { readonly: true })
    dbs.push(ro)
    const svc = new AppService(ro)
    svc.init()
    let err: unknown
    try {
      svc.command(id, { cmd: 'next' })
    } catch (e) {
      err = e
    }
    expect((err as AppError).data.code).toMatch(/^db\//)
    expect(svc.envelope(id).view).toEqual(view)
  })
})

describe('CLI export from the database', () => {
  it('exports a finished game protocol (PDF, HTML, JSON) and standings (XLSX, CSV, JSON)', async () => {
    const { service, db, dir, file } = await fresh()
    const id = createFullGame(service)
    for (const c of FULL_GAME) service.command(id, c)
    service.command(id, { cmd: 'comment', text: 'Протест стола 1 отклонён' })
    const tournamentId = db.tournaments.listTournaments()[0].id
    db.close()
    const pdf = join(dir, 'p.pdf')
    expect(
      await runExport(['protocol', '--game', String(id), '--format', 'pdf', '--out', pdf, '--db', file]),
    ).toBe(0)
    expect(readFileSync(pdf).subarray(0, 4).toString()).toBe('%PDF')
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString()
    expect(text).toContain('Jay')
    expect(text).toContain('после игры: Протест стола 1 отклонён')
    for (const f of ['html', 'json'] as const) {
      const out = join(dir, `p.${f}`)
      expect(
        await runExport(['protocol', '--game', String(id), '--format', f, '--out', out, '--db', file]),
      ).toBe(0)
      expect(readFileSync(out, 'utf8')).toContain('Ace')
    }
    for (const f of ['xlsx', 'csv', 'json'] as const) {
      const out = join(dir, `s.${f}`)
      expect(
        await runExport([
          'standings',
          '--tournament',
          String(tournamentId),
          '--format',
          f,
          '--out',
          out,
          '--db',
          file,
        ]),
      ).toBe(0)
      expect(existsSync(out)).toBe(true)
    }
  })

  it('refuses an unknown game, an unfinished game, a bad format, each with a clear error', async () => {
    const { service, db, dir, file } = await fresh()
    const id = createFullGame(service)
    service.command(id, { cmd: 'start' })
    db.close()
    const out = join(dir, 'x.pdf')
    expect(
      await runExport(['protocol', '--game', '999', '--format', 'pdf', '--out', out, '--db', file]),
    ).toBe(1)
    expect(
      await runExport(['protocol', '--game', String(id), '--format', 'pdf', '--out', out, '--db', file]),
    ).toBe(1)
    expect(existsSync(out)).toBe(false)
    expect(
      await runExport(['protocol', '--game', String(id), '--format', 'doc', '--out', out, '--db', file]),
    ).toBe(1)
    expect(
      await runExport([
        'protocol',
        '--game',
        String(id),
        '--format',
        'pdf',
        '--out',
        out,
        '--db',
        file,
        '--unfinished',
      ]),
    ).toBe(0)
    expect(existsSync(out)).toBe(true)
  })
})
