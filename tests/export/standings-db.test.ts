/**
 * The standings glue (app/exports.ts) on a real SQLite file and the real engine: the tournament's own ruleset
 * reaches the standings (best move 0.5 under "newest FIIM", Ci K, tie-breaks as its data), a team defeat by a
 * player already gone keeps −0.7 and gets no Ci, Ci is provisional until the stage's rounds are finished and is
 * then stored per seat, and the overlay carries the tie-break columns.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { AppService } from '../../src/main/app/service'
import {
  liveStandings,
  overlayStandings,
  standingsFile,
  storeCiIfStageFinalised,
  tournamentRuleset,
} from '../../src/main/app/exports'
import { BUILTIN_RULESETS, type Ruleset } from '../../src/shared/game/ruleset'
import type { Command } from '../../src/shared/game/commands'
import { FULL_GAME, FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'
import { seedDemo } from '../../src/main/app/demo-games'

const dirs: string[] = []
const dbs: MafiaDb[] = []
afterEach(() => {
  for (const db of dbs.splice(0)) db.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const NEWEST: Ruleset = {
  ...BUILTIN_RULESETS.fiim,
  id: 'fiim-newest',
  name: 'FIIM newest',
  scoring: {
    ...BUILTIN_RULESETS.fiim.scoring,
    bestMove2: 0.5,
    bestMove3: 0.7,
    ciK: 0.5,
    tieBreaks: [
      { key: 'wins', order: 'desc' },
      { key: 'extra', order: 'desc' },
    ],
  },
}

/** FULL_GAME up to the morning after night 1: the sheriff (seat 10, Jay) is killed first (his last word). */
const UNTIL_NIGHT_1 = FULL_GAME.slice(0, FULL_GAME.findIndex((c) => c.cmd === 'sheriffCheck') + 2)

async function setup(): Promise<{ db: MafiaDb; service: AppService; tournamentId: number; roundId: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'md-standings-'))
  dirs.push(dir)
  const db = await openDatabase(join(dir, 'db.sqlite'))
  dbs.push(db)
  const service = new AppService(db, { clock: () => 1_000_000, standings: (id) => overlayStandings(db, id) })
  service.init()
  seedDemo(service, db)
  service.saveRuleset(NEWEST)
  const tournamentId = db.tournaments.listTournaments()[0].id
  db.tournaments.updateTournament(tournamentId, { ruleset: NEWEST })
  // A stage of our own next to the demo tournament's qualifying (a semifinal: Ci applies from the first game).
  const stage = db.tournaments.addStage(tournamentId, { kind: 'semifinal' })
  const roundId = db.tournaments.addRound(stage.id).id
  return { db, service, tournamentId, roundId }
}

function play(service: AppService, tournamentId: number, roundId: number, commands: Command[]): number {
  const id = service.createGame({
    rulesetId: NEWEST.id,
    players: FULL_GAME_PLAYERS.map((name) => ({ name })),
    roles: { ...FULL_GAME_ROLES },
    tournamentId,
    roundId,
  }).gameId
  for (const c of commands) service.command(id, c)
  return id
}

describe('standings from the database', () => {
  it("the tournament's own ruleset reaches the standings; a team defeat from outside gets no Ci", async () => {
    const { db, service, tournamentId, roundId } = await setup()
    expect(tournamentRuleset(db, tournamentId).id).toBe('fiim-newest')
    // Game A: the reds win; Jay (seat 10, sheriff) killed first names 3, 8, 1 (two blacks) → 0.5 under NEWEST.
    const a = play(service, tournamentId, roundId, FULL_GAME)
    // Game B: Jay is killed first again, then causes his team's defeat from outside the table (ППК): blacks win.
    const b = play(service, tournamentId, roundId, [...UNTIL_NIGHT_1, { cmd: 'teamDefeat', seat: 10 }])
    // Game C: Jay killed first, the game goes on; Jay's team loses later by another team defeat (seat 1).
    const c = play(service, tournamentId, roundId, [...UNTIL_NIGHT_1, { cmd: 'teamDefeat', seat: 1 }])
    expect(db.games.getGame(b)?.status).toBe('finished')

    const all = liveStandings(db, tournamentId)
    const jay = all.overall.find((r) => r.name === 'Jay')
    const seat = (gameId: number, s: number) => all.games.find((g) => g.gameId === gameId && g.seat === s)
    expect(seat(a, 10)?.bestMove).toBe(0.5)
    // The protocol's points, seat for seat (game_results).
    for (const g of [a, b, c])
      for (const r of db.games.getResults(g))
        expect(seat(g, r.seat)!.total - seat(g, r.seat)!.ci).toBeCloseTo(r.total, 6)
    expect(seat(b, 10)).toMatchObject({ penalty: -0.7, ci: 0, result: 'loss', firstKilled: true })
    // In game C he lost while killed first, not by his own fault: n = 3, i = 3, B = 1 → Ci = min(0.5·3, 0.5).
    expect(seat(c, 10)?.ci).toBe(0.5)
    expect(seat(c, 1)?.penalty).toBe(-0.7)
    expect(jay?.ci).toBe(0.5)
    // The tie-breaks are the ruleset's: wins, then extra points.
    expect(all.tieBreaks.map((t) => t.key)).toEqual(['wins', 'extra'])
    expect(jay?.tieBreaks.map((t) => t.key)).toEqual(['wins', 'extra'])
  })

  it('Ci is provisional while the round is open; finishing the stage stores it per seat', async () => {
    const { db, service, tournamentId, roundId } = await setup()
    play(service, tournamentId, roundId, FULL_GAME)
    const c = play(service, tournamentId, roundId, [...UNTIL_NIGHT_1, { cmd: 'teamDefeat', seat: 1 }])
    const live = liveStandings(db, tournamentId)
    expect(live.ciProvisional).toBe(true)
    expect(live.overall.find((r) => r.name === 'Jay')?.ciProvisional).toBe(true)
    const semi = (all: typeof live) => all.games.filter((g) => g.stage === 'semifinal')
    expect(semi(live).every((g) => g.ciProvisional)).toBe(true)
    const overlay = overlayStandings(db, tournamentId)
    expect(overlay?.ciProvisional).toBe(true)
    expect(overlay?.tieBreaks).toEqual(['wins', 'extra'])
    expect(overlay?.rows[0].tieBreaks).toHaveLength(2)
    const csv = (await standingsFile(db, tournamentId, 'csv')).toString('utf8')
    expect(csv).toContain('Ci: статус')

    expect(storeCiIfStageFinalised(db, roundId)).toBe(null) // the stage is still open
    await db.finishRound(roundId)
    const done = liveStandings(db, tournamentId)
    expect(semi(done).some((g) => g.ciProvisional)).toBe(false)
    expect(done.overall.find((r) => r.name === 'Jay')?.ciProvisional).toBe(false)
    expect(db.games.getResults(c).every((r) => r.ci === 0)).toBe(true)
    const stored = storeCiIfStageFinalised(db, roundId) ?? []
    expect(stored.filter((v) => v.ci !== 0)).toEqual([{ gameId: c, seat: 10, ci: 0.5 }])
    expect(db.games.getResults(c).find((r) => r.seat === 10)?.ci).toBe(0.5)
    // The stored Ci equals the standings' Ci, seat for seat.
    for (const g of semi(done))
      expect(db.games.getResults(g.gameId).find((r) => r.seat === g.seat)?.ci).toBe(g.ci)
  })
})
