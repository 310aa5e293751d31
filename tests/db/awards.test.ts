/**
 * The award rules in the database (migration 10): stored and read through the one schema, refused when invalid or
 * when the tournament is archived, reported when the stored row is damaged, and carried by the exchange file to
 * another machine (a new tournament takes them; the file's rules are validated like every other door's).
 */
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type MafiaDb } from '../../src/main/db'
import { defaultAwardSettings } from '../../src/shared/awards'
import { errorCode, removeDir, tempDir } from './helpers'

let dir: string
let a: MafiaDb
let b: MafiaDb

beforeEach(async () => {
  dir = tempDir('mafia-awards-')
  a = await openDatabase(path.join(dir, 'a.sqlite'))
  b = await openDatabase(path.join(dir, 'b.sqlite'))
})
afterEach(() => {
  a.close()
  b.close()
  removeDir(dir)
})

function rules() {
  const r = defaultAwardSettings()
  r.stages = ['qualifying', 'final']
  r.awards[0] = { ...r.awards[0], title: 'Красная звезда', measure: 'pointsPerGame', minGames: 3 }
  r.awards[3].enabled = false
  return r
}

describe('award rules in the database', async () => {
  it('are the defaults until stored, then the stored ones; invalid ones and an archived tournament are refused', async () => {
    const t = a.tournaments.createTournament({ name: 'Кубок' })
    expect(a.awards.getAwardRules(t.id)).toBeNull()
    expect(a.awards.effectiveAwardRules(t.id)).toEqual({ settings: defaultAwardSettings(), isDefault: true })
    a.awards.setAwardRules(t.id, rules())
    expect(a.awards.effectiveAwardRules(t.id)).toEqual({ settings: rules(), isDefault: false })
    const bad = { ...rules(), awards: [{ ...rules().awards[0], tieBreaks: ['rank', 'rank'] }] }
    expect(await errorCode(() => a.awards.setAwardRules(t.id, bad as never))).toBe('db/invalid_input')
    expect(await errorCode(() => a.awards.getAwardRules(9999))).toBe('db/not_found')
    a.tournaments.archiveTournament(t.id, true)
    expect(await errorCode(() => a.awards.setAwardRules(t.id, defaultAwardSettings()))).toBe(
      'db/tournament_archived',
    )
    expect(await errorCode(() => a.awards.clearAwardRules(t.id))).toBe('db/tournament_archived')
    expect(a.awards.getAwardRules(t.id)).toEqual(rules())
  })

  it('a damaged stored row is reported, never replaced by the defaults in silence', async () => {
    const t = a.tournaments.createTournament({ name: 'Кубок' })
    a.connection
      .prepare('INSERT INTO tournament_awards (tournament_id, rules, updated_at) VALUES (?, ?, 0)')
      .run(t.id, JSON.stringify({ stages: 'all', awards: [{ id: 'x' }] }))
    expect(await errorCode(() => a.awards.getAwardRules(t.id))).toBe('db/corrupt')
  })

  it('travel with the tournament in the exchange file', async () => {
    const t = a.tournaments.createTournament({ name: 'Кубок' })
    a.tournaments.addStage(t.id, { kind: 'qualifying' })
    a.awards.setAwardRules(t.id, rules())
    const text = a.transfer.exportJson({ tournamentId: t.id })
    expect(JSON.parse(text).tournament.awards).toEqual(rules())
    const report = b.transfer.importJson(text)
    expect(b.awards.getAwardRules(report.tournamentId!)).toEqual(rules())
    // A file whose rules break the schema is refused whole.
    const doc = JSON.parse(text)
    doc.tournament.uuid = 'another'
    doc.tournament.awards.awards[0].minGames = -1
    expect(await errorCode(() => b.transfer.importJson(JSON.stringify(doc)))).toMatch(/^db\/import_/)
  })
})
