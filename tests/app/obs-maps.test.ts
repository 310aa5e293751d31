/**
 * Scene maps per tournament and per table (issue 7): the most specific map is in force for the active game,
 * the default map stays what the operator saved, and everything survives a restart (real SQLite).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { ObsBridge } from '../../src/main/app/obs-bridge'
import { AppService } from '../../src/main/app/service'
import { FULL_GAME_PLAYERS, FULL_GAME_ROLES } from '../fixtures/full-game'
import { seedDemo } from '../../src/main/app/demo-games'

const dirs: string[] = []
const open: Array<{ db: MafiaDb; bridge: ObsBridge }> = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.bridge.stop()
    o.db.close()
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function setup(file?: string) {
  const dir = file ? '' : mkdtempSync(join(tmpdir(), 'md-obsmaps-'))
  if (dir) dirs.push(dir)
  const db = await openDatabase(file ?? join(dir, 'db.sqlite'))
  const bridge = new ObsBridge(db)
  const service = new AppService(db, { onView: (env) => bridge.onView(env) })
  service.init()
  seedDemo(service, db)
  bridge.start(service.active()) // as the core does on start
  open.push({ db, bridge })
  return { db, bridge, service, file: file ?? join(dir, 'db.sqlite') }
}

describe('OBS scene maps by scope', () => {
  it('table map > tournament map > default map, for the active game; persisted', async () => {
    const { db, bridge, service, file } = await setup()
    const tournamentId = db.tournaments.listTournaments()[0].id
    const tableId = db.tournaments.listTables(tournamentId)[0].id
    bridge.saveSettings({ map: { day: 'Day (default)', night: 'Night (default)' } })
    bridge.saveMap({ kind: 'tournament', id: tournamentId }, { day: 'Day (cup)' })

    const game = (extra: object) =>
      service.createGame({
        rulesetId: 'fiim',
        players: FULL_GAME_PLAYERS.map((name) => ({ name })),
        roles: { ...FULL_GAME_ROLES },
        ...extra,
      })

    game({})
    expect(bridge.maps().active).toBe('default')
    expect(bridge.director.settings().map.day).toBe('Day (default)')

    // A stage run without the seating generator: its games' players are the head judge's (issue 28).
    const roundId = db.tournaments.addRound(
      db.tournaments.addStage(tournamentId, { kind: 'semifinal' }).id,
    ).id
    game({ tournamentId, roundId })
    expect(bridge.maps().active).toBe('tournament')
    expect(bridge.director.settings().map.day).toBe('Day (cup)')
    expect(bridge.settings().map.day).toBe('Day (default)')

    bridge.saveMap({ kind: 'table', id: tableId }, { day: 'Day (table 1)' })
    game({ tournamentId, roundId, tableId })
    expect(bridge.maps().active).toBe('table')
    expect(bridge.director.settings().map.day).toBe('Day (table 1)')

    expect(() => bridge.saveMap({ kind: 'table', id: tableId }, { day: 42 })).toThrow(/obs\/invalid_settings/)
    expect(() => bridge.saveMap({ kind: 'default' }, null)).toThrow(/obs\/invalid_settings/)

    const o = open.pop()!
    await o.bridge.stop()
    o.db.close()
    const again = await setup(file)
    expect(again.bridge.maps().table[String(tableId)]).toEqual({ day: 'Day (table 1)' })
    expect(again.bridge.maps().tournament[String(tournamentId)]).toEqual({ day: 'Day (cup)' })
    expect(again.bridge.settings().map).toEqual({ day: 'Day (default)', night: 'Night (default)' })
    expect(again.bridge.maps().active).toBe('table')

    again.bridge.saveMap({ kind: 'table', id: tableId }, null)
    expect(again.bridge.maps().table).toEqual({})
  })
})
