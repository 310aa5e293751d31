import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import TournamentsPanel from '../../../src/renderer/src/admin/components/TournamentsPanel.vue'
import type { StandingsPublic, StandingsPublicRow, TournamentInfo } from '../../../src/shared/contract'
import { fakeTransport, mountSection, refusal } from './fixtures'

const TOURNAMENT: TournamentInfo = {
  id: 4,
  name: 'Кубок Волги',
  rulesetId: 'fiim',
  rounds: [
    { id: 11, number: 1, stageId: 2, stageName: 'Отбор', stageKind: 'qualifying', finished: true },
    { id: 12, number: 2, stageId: 2, stageName: 'Отбор', stageKind: 'qualifying', finished: false },
  ],
  tables: [
    { id: 1, number: 1 },
    { id: 2, number: 2 },
  ],
}
function row(rank: number, name: string, total: number): StandingsPublicRow {
  return {
    rank,
    playerId: rank,
    name,
    games: 2,
    wins: 1,
    points: 1,
    bestMove: 0.3,
    extra: 0.25,
    penalties: 0,
    ci: 0,
    total,
  }
}
const STANDINGS: StandingsPublic = {
  tournament: { id: 4, name: 'Кубок Волги' },
  overall: [row(1, 'Щукин', 1.55), row(2, 'Ёж', 1.2)],
  stages: [],
}

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
  vi.restoreAllMocks()
})

function setup(finish: (params: unknown) => unknown) {
  const fake = fakeTransport({
    'tournaments.list': () => [TOURNAMENT],
    'standings.get': () => STANDINGS,
    'rounds.finish': finish,
    'export.standings': () => ({ fileName: 'standings-4.xlsx', mime: 'application/zip', base64: 'UEsDBA==' }),
  })
  const m = mountSection(TournamentsPanel, fake.transport)
  mounted = m.wrapper
  return { ...m, ...fake }
}

describe('Tournaments section', () => {
  it('shows the rounds, the tables and the standings of the selected tournament', async () => {
    const { wrapper, calls } = setup(() => null)
    await flushPromises()
    expect(calls.find((c) => c.name === 'standings.get')?.params).toEqual({ tournamentId: 4 })
    const rounds = wrapper.findAll('[data-testid="finish-round"]')
    expect(rounds.map((b) => b.attributes('disabled') !== undefined)).toEqual([true, false])
    expect(wrapper.get('[data-testid="tables"]').text()).toContain('Стол 2')
    const rows = wrapper.findAll('[data-testid="standings-row"]')
    expect(rows).toHaveLength(2)
    expect(rows[0].text()).toContain('Щукин')
    expect(rows[0].text()).toContain('1,55')
    expect(wrapper.text()).toContain('Турнирная таблица: Кубок Волги')
  })

  it('finishes a round after a confirmation, asks again while games run, and names the backup', async () => {
    const { wrapper, calls } = setup((params) => {
      if (!(params as { force?: boolean }).force)
        throw refusal('db/round_in_progress', 'В туре 2 ещё идут игры (1).', 'Round 2 still has 1 game(s).')
      return { backup: '/data/backups/mafia-desk-20261129-210000-000-round-12.sqlite' }
    })
    await flushPromises()
    await wrapper.findAll('[data-testid="finish-round"]')[1].trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="confirm-text"]').text()).toContain('Завершить тур 2?')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="confirm-text"]').text()).toContain('ещё идут игры')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await flushPromises()
    expect(calls.filter((c) => c.name === 'rounds.finish').map((c) => c.params)).toEqual([
      { roundId: 12 },
      { roundId: 12, force: true },
    ])
    expect(wrapper.get('[data-testid="notice"]').text()).toBe(
      'Тур 2 завершён. Резервная копия: mafia-desk-20261129-210000-000-round-12.sqlite',
    )
  })

  it('downloads the standings in the chosen format and language', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { wrapper, calls } = setup(() => null)
    await flushPromises()
    await wrapper.get('[data-testid="standings-xlsx"]').trigger('click')
    await flushPromises()
    expect(calls.find((c) => c.name === 'export.standings')?.params).toEqual({
      tournamentId: 4,
      format: 'xlsx',
      lang: 'ru',
    })
    expect(click).toHaveBeenCalledTimes(1)
    expect(wrapper.get('[data-testid="notice"]').text()).toContain('standings-4.xlsx')
  })
})
