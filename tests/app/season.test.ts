/**
 * The season through the contract on the real core (SQLite in a temp folder, with its finished demo games): the
 * rating table, a player's page and a head-to-head view, each figure counted here from the games' own protocols
 * (the JSON protocol export), not from the season's code.
 */
import { describe, expect, it } from 'vitest'
import { tournamentCore } from './tournament-core'

const { call, refusal } = tournamentCore('md-season-', 'Сезон', 'С')

interface ProtocolSeat {
  seat: number
  playerId: number | null
  role: 'civilian' | 'sheriff' | 'mafia' | 'don'
}

async function finishedProtocols(): Promise<Array<{ winner: string; seats: ProtocolSeat[] }>> {
  const list = await call('game.list', { status: 'finished' })
  const out: Array<{ winner: string; seats: ProtocolSeat[] }> = []
  for (const g of list) {
    const file = await call('export.protocol', { gameId: g.id, format: 'json' })
    const doc = JSON.parse(Buffer.from(file.base64, 'base64').toString('utf8')) as {
      record: { winner: string; seats: ProtocolSeat[] }
    }
    out.push({ winner: doc.record.winner, seats: doc.record.seats })
  }
  return out
}

const team = (role: ProtocolSeat['role']): string => (role === 'mafia' || role === 'don' ? 'black' : 'red')

describe('the season', () => {
  it('rates every finished game, and a player page and a head-to-head agree with the protocols', async () => {
    const protocols = await finishedProtocols()
    expect(protocols.length).toBeGreaterThan(0)
    const ratings = await call('season.ratings', {})
    expect(ratings.rated).toBe(protocols.length)
    const ids = new Set(
      protocols.flatMap((p) => p.seats.map((s) => s.playerId).filter((x): x is number => x !== null)),
    )
    expect(new Set(ratings.rows.map((r) => r.playerId))).toEqual(ids)
    // Ranked by μ − 3σ, places 1..n.
    expect(ratings.rows.map((r) => r.place)).toEqual(ratings.rows.map((_, i) => i + 1))
    for (const r of ratings.rows) expect(r.rating).toBeCloseTo(r.mu - 3 * r.sigma, 1)
    const sorted = [...ratings.rows].sort((a, b) => b.rating - a.rating)
    expect(ratings.rows.map((r) => r.rating)).toEqual(sorted.map((r) => r.rating))

    const [a, b] = [...ids]
    const page = await call('season.player', { playerId: a })
    const mine = protocols.flatMap((p) => p.seats.filter((s) => s.playerId === a).map((s) => ({ s, p })))
    expect(page.stats.games).toBe(mine.length)
    expect(page.stats.wins).toBe(mine.filter(({ s, p }) => p.winner === team(s.role)).length)
    expect(page.history).toHaveLength(mine.length)
    expect(page.place).toBe(ratings.rows.find((r) => r.playerId === a)!.place)
    for (const role of ['civilian', 'sheriff', 'mafia', 'don'] as const)
      expect(page.stats.byRole[role].games).toBe(mine.filter(({ s }) => s.role === role).length)

    const h = await call('season.headToHead', { a, b })
    let together = 0
    let same = 0
    for (const p of protocols) {
      const sa = p.seats.find((s) => s.playerId === a)
      const sb = p.seats.find((s) => s.playerId === b)
      if (!sa || !sb) continue
      together++
      if (team(sa.role) === team(sb.role)) same++
    }
    expect(h).toMatchObject({ a, b, together, sameTeam: same, opposite: together - same })
  })

  it('a player who is not in the registry gets a clear refusal', async () => {
    const r = await refusal('season.player', { playerId: 999_999 })
    expect(r.code).toBe('season/no_player')
    expect(r.ru).toContain('нет в реестре')
  })
})
