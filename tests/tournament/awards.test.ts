// Awards (номинации, issue 31 §1): role filters, minimum games, tie-breaks and shared ties, with hand-computed
// expectations, and fast-check properties over random tournaments.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AWARD_MEASURES,
  AWARD_ROLE_FILTERS,
  AWARD_TIE_BREAKS,
  awardSettingsSchema,
  completeAwardSettings,
  defaultAwardSettings,
  type AwardRule,
  type AwardSettings,
} from '../../src/shared/awards'
import { computeAwards, roleCounts } from '../../src/main/tournament/awards'
import { SHIPPED_SCORING_SYSTEMS } from '../../src/main/tournament/scoring'
import { computeAllStandings, type StandingsGame } from '../../src/main/tournament/standings'
import type { Role, Winner } from '../../src/shared/game/record'
import { DEFAULT_ROLES, miniGame } from './fixtures'

const scoring = SHIPPED_SCORING_SYSTEMS.fiim
const players = (order: number[]): Array<{ id: number; name: string }> =>
  order.map((p) => ({ id: p, name: `P${p}` }))
const ten = Array.from({ length: 10 }, (_, i) => i)

function rule(patch: Partial<AwardRule> & Pick<AwardRule, 'roles'>): AwardRule {
  return {
    id: 'x',
    enabled: true,
    title: null,
    measure: 'points',
    minGames: 1,
    tieBreaks: [...AWARD_TIE_BREAKS],
    ...patch,
  }
}

const awardsOf = (games: StandingsGame[], settings: AwardSettings) =>
  computeAwards(games, { scoring }, settings)
const one = (games: StandingsGame[], r: AwardRule, stages: AwardSettings['stages'] = 'all') =>
  awardsOf(games, { stages, awards: [r] })[0]
const names = (r: { winners: Array<{ name: string }> }) => r.winners.map((w) => w.name)

describe('awards: the five shipped awards', () => {
  // g1: P0..P9 in the default roles (P0 civilian, P2 don, P4/P7 mafia, P9 sheriff), red wins, P0 +0.5.
  // g2: P9 and P0 swap seats (P9 civilian, P0 sheriff), black wins, P2 (don) +0.4.
  const games: StandingsGame[] = [
    {
      gameId: 1,
      stage: 'qualifying',
      record: miniGame({ players: players(ten), winner: 'red', firstKilled: null, extra: { 1: 0.5 } }),
    },
    {
      gameId: 2,
      stage: 'qualifying',
      record: miniGame({
        players: players([9, 1, 2, 3, 4, 5, 6, 7, 8, 0]),
        winner: 'black',
        firstKilled: null,
        extra: { 3: 0.4 },
      }),
    },
  ]

  it('name one winner each, by points in the award’s roles, with the figures', () => {
    const results = awardsOf(games, defaultAwardSettings())
    expect(results.map((r) => r.id)).toEqual([
      'bestRed',
      'bestBlack',
      'bestSheriff',
      'bestDon',
      'bestCivilian',
    ])
    const by = new Map(results.map((r) => [r.id, r]))
    // Red: P0 1.5 (civilian win 1 + 0.5, sheriff loss 0) over the civilians' 1.0.
    expect(names(by.get('bestRed')!)).toEqual(['P0'])
    expect(by.get('bestRed')!.winners[0]).toMatchObject({ games: 2, wins: 1, points: 1.5, value: 1.5 })
    expect(by.get('bestRed')!.decidedBy).toBe('measure')
    // Black: P2 as don 0 + 1.4 over the mafia's 1.0.
    expect(names(by.get('bestBlack')!)).toEqual(['P2'])
    expect(by.get('bestBlack')!.winners[0]).toMatchObject({ games: 2, points: 1.4 })
    // Sheriff: P9 (1 game, won) over P0 (1 game, lost).
    expect(names(by.get('bestSheriff')!)).toEqual(['P9'])
    expect(by.get('bestSheriff')!.contenders).toBe(2)
    // Don: P2 is the only don, so nothing had to decide.
    expect(names(by.get('bestDon')!)).toEqual(['P2'])
    expect(by.get('bestDon')!).toMatchObject({ contenders: 1, decidedBy: null })
    // Civilian: P0's one civilian game (1.5) beats the two-game civilians' 1.0.
    expect(names(by.get('bestCivilian')!)).toEqual(['P0'])
  })

  it('leave out a player below the minimum of games in the role; a tie no criterion breaks is shared', () => {
    const r = one(games, rule({ roles: 'civilian', minGames: 2 }))
    // P0 played one civilian game; P1, P3, P5, P6, P8 each 1.0 in two, equal on every tie-break and in the standings.
    expect(names(r).sort()).toEqual(['P1', 'P3', 'P5', 'P6', 'P8'])
    expect(r.decidedBy).toBeNull()
    expect(r.contenders).toBe(5)
    // Nobody played three games as sheriff: no winner.
    expect(one(games, rule({ roles: 'sheriff', minGames: 3 }))).toMatchObject({ winners: [], contenders: 0 })
  })

  it('count a team or a single role as the filter says', () => {
    const all: Role[] = ['civilian', 'sheriff', 'mafia', 'don']
    expect(all.filter((x) => roleCounts('red', x))).toEqual(['civilian', 'sheriff'])
    expect(all.filter((x) => roleCounts('black', x))).toEqual(['mafia', 'don'])
    expect(all.filter((x) => roleCounts('mafia', x))).toEqual(['mafia'])
    // Mafia alone: P4 and P7 (1.0 each, one win) tie; P2 (don) is not a mafia player.
    expect(names(one(games, rule({ roles: 'mafia' }))).sort()).toEqual(['P4', 'P7'])
  })

  it('never name a player who scores for nobody (a substitute) or a game left unfinished', () => {
    const withSubstitute = games.map((g) => ({ ...g, scoresForNobody: [1] }))
    // Seat 1 (P0 in game 1, P9 in game 2) scores for nobody: the red award goes to the best of the rest.
    const red = one(withSubstitute, rule({ roles: 'red' }))
    expect(names(red)).not.toContain('P0')
    expect(red.winners.every((w) => w.points === 1)).toBe(true)
    const unfinished = [games[0], { ...games[1], record: { ...games[1].record, finished: false } }]
    // Game 2 not finished: P2 has only game 1 as don (a loss, 0 points), and the blacks' award has no 1.4.
    expect(one(unfinished, rule({ roles: 'black' })).winners.every((w) => w.points === 0)).toBe(true)
  })

  it('leave a disabled award out, and take a custom title', () => {
    const settings = defaultAwardSettings()
    settings.awards[0] = { ...settings.awards[0], enabled: false }
    settings.awards[1] = { ...settings.awards[1], title: 'Чёрная звезда' }
    const results = awardsOf(games, settings)
    expect(results.map((r) => r.id)).toEqual(['bestBlack', 'bestSheriff', 'bestDon', 'bestCivilian'])
    expect(results[0].title).toBe('Чёрная звезда')
  })
})

describe('awards: tie-breaks', () => {
  // Pa = P0 (red in all three games), Pb = P1 (red in g1, g2; mafia in g3, which black wins).
  // Red points: Pa 1 + 1 + 0.3 (extra in g3) = 2.3 in 3 games; Pb 1.3 + 1 = 2.3 in 2 games. Overall Pb has 3.3.
  const g3Roles: Role[] = [...DEFAULT_ROLES]
  g3Roles[1] = 'mafia'
  g3Roles[4] = 'civilian'
  const games: StandingsGame[] = [
    {
      gameId: 1,
      stage: 'qualifying',
      record: miniGame({ players: players(ten), winner: 'red', firstKilled: null, extra: { 2: 0.3 } }),
    },
    {
      gameId: 2,
      stage: 'qualifying',
      record: miniGame({ players: players(ten), winner: 'red', firstKilled: null }),
    },
    {
      gameId: 3,
      stage: 'final',
      record: miniGame({
        players: players(ten),
        winner: 'black',
        firstKilled: null,
        roles: g3Roles,
        extra: { 1: 0.3 },
      }),
    },
  ]

  it('more games in the role decides an equal total', () => {
    const r = one(games, rule({ roles: 'red' }))
    expect(names(r)).toEqual(['P0'])
    expect(r.decidedBy).toBe('games')
    expect(r.winners[0]).toMatchObject({ games: 3, wins: 2, points: 2.3 })
  })

  it('points per game put the player with fewer games first', () => {
    const r = one(games, rule({ roles: 'red', measure: 'pointsPerGame' }))
    expect(names(r)).toEqual(['P1'])
    expect(r).toMatchObject({ decidedBy: 'measure' })
    expect(r.winners[0].value).toBeCloseTo(1.15, 6)
  })

  it('wins in the role as the measure', () => {
    // Every red of g1 and g2 has two red wins; the games tie-break keeps Pa's three red games on top with the
    // other three-game reds, and then the standings place separates them.
    const r = one(games, rule({ roles: 'red', measure: 'wins', tieBreaks: ['rank'] }))
    expect(names(r)).toEqual(['P1'])
    expect(r.decidedBy).toBe('rank')
  })

  it('fewer fouls decide when listed before games', () => {
    const withFouls = structuredClone(games)
    withFouls[0].record.seats[0].fouls = 2 // Pa, game 1
    const r = one(withFouls, rule({ roles: 'red', tieBreaks: ['fouls', 'games'] }))
    expect(names(r)).toEqual(['P1'])
    expect(r.decidedBy).toBe('fouls')
    expect(r.winners[0].fouls).toBe(0)
  })

  it('the tournament standings place decides when listed first', () => {
    const r = one(games, rule({ roles: 'red', tieBreaks: ['rank', 'games'] }))
    expect(names(r)).toEqual(['P1'])
    expect(r.decidedBy).toBe('rank')
    expect(r.winners[0].rank).toBe(1)
  })

  it('with no tie-breaks the equal players share the award', () => {
    const r = one(games, rule({ roles: 'red', tieBreaks: [] }))
    expect(names(r)).toEqual(['P0', 'P1'])
    expect(r.decidedBy).toBeNull()
  })

  it('counts only the stages the settings name', () => {
    // Qualifying only: Pa 2.0 in two games, Pb 2.3 in two.
    const r = one(games, rule({ roles: 'red' }), ['qualifying'])
    expect(names(r)).toEqual(['P1'])
    expect(r.winners[0]).toMatchObject({ games: 2, points: 2.3 })
    // The final only: black won; Pa's 0.3 extra is the best red figure there.
    expect(names(one(games, rule({ roles: 'red' }), ['final']))).toEqual(['P0'])
  })

  it('Ci and best-move hits break ties when listed', () => {
    // Two games where P0 (red) is killed first and his team loses once: Ci goes to him.
    const ciGames: StandingsGame[] = [
      {
        gameId: 1,
        stage: null,
        record: miniGame({ players: players(ten), winner: 'black', firstKilled: 1 }),
      },
      {
        gameId: 2,
        stage: null,
        record: miniGame({
          players: players(ten),
          winner: 'red',
          firstKilled: 4,
          bestMove: { by: 4, seats: [3, 5, 8], blacks: 3 },
        }),
      },
    ]
    const all = computeAllStandings(ciGames, { scoring }).games
    const ciP0 = all.filter((s) => s.playerId === 0).reduce((n, s) => n + s.ci, 0)
    expect(ciP0).toBeGreaterThan(0)
    // Civilians, measured by wins (all have one): Ci first → P0; best move first → P3.
    const byCi = one(ciGames, rule({ roles: 'civilian', measure: 'wins', tieBreaks: ['ci'] }))
    expect(names(byCi)).toEqual(['P0'])
    expect(byCi.decidedBy).toBe('ci')
    const byBm = one(ciGames, rule({ roles: 'civilian', measure: 'wins', tieBreaks: ['bestMove'] }))
    expect(names(byBm)).toEqual(['P3'])
    expect(byBm.winners[0].bestMoveHits).toBe(1)
  })
})

describe('awards: the settings schema', () => {
  it('takes the defaults and refuses repeated ids, repeated tie-breaks and bad values', () => {
    expect(awardSettingsSchema.safeParse(defaultAwardSettings()).success).toBe(true)
    const d = defaultAwardSettings()
    expect(awardSettingsSchema.safeParse({ ...d, awards: [d.awards[0], d.awards[0]] }).success).toBe(false)
    const badTb = { ...d.awards[0], tieBreaks: ['games', 'games'] }
    expect(awardSettingsSchema.safeParse({ ...d, awards: [badTb] }).success).toBe(false)
    expect(awardSettingsSchema.safeParse({ ...d, awards: [{ ...d.awards[0], minGames: -1 }] }).success).toBe(
      false,
    )
    expect(awardSettingsSchema.safeParse({ ...d, stages: [] }).success).toBe(false)
    expect(awardSettingsSchema.safeParse({ ...d, extra: 1 }).success).toBe(false)
  })

  it('an own award needs a title (a shipped one falls back on its own); at most 15 own ones; shipped ones stay', () => {
    const d = defaultAwardSettings()
    const own = { ...d.awards[0], id: 'own1', title: null }
    const r = awardSettingsSchema.safeParse({ ...d, awards: [...d.awards, own] })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].path).toEqual(['awards', 5, 'title'])
    expect(
      awardSettingsSchema.safeParse({ ...d, awards: [...d.awards, { ...own, title: 'Свой' }] }).success,
    ).toBe(true)
    const many = Array.from({ length: 16 }, (_, i) => ({ ...own, id: `own${i}`, title: `T${i}` }))
    expect(awardSettingsSchema.safeParse({ ...d, awards: many }).success).toBe(false)
    expect(awardSettingsSchema.safeParse({ ...d, awards: many.slice(0, 15) }).success).toBe(true)
    // A document without the shipped ones gets them back, switched off, ahead of the own ones.
    const done = completeAwardSettings({ ...d, awards: [many[0], { ...d.awards[1], title: 'Ч' }] })
    expect(done.awards.map((a) => [a.id, a.enabled])).toEqual([
      ['bestBlack', true],
      ['bestRed', false],
      ['bestSheriff', false],
      ['bestDon', false],
      ['bestCivilian', false],
      ['own0', true],
    ])
    expect(completeAwardSettings(d)).toBe(d)
  })
})

const gameArb = fc.record({
  seating: fc.shuffledSubarray(
    Array.from({ length: 14 }, (_, i) => i),
    { minLength: 10, maxLength: 10 },
  ),
  roles: fc.shuffledSubarray([...DEFAULT_ROLES], { minLength: 10, maxLength: 10 }),
  winner: fc.constantFrom<Winner>('red', 'black', 'draw'),
  firstKilled: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  extraSeat: fc.integer({ min: 1, max: 10 }),
  extra: fc.integer({ min: -10, max: 10 }).map((x) => x / 10),
  foulSeat: fc.integer({ min: 1, max: 10 }),
  stage: fc.constantFrom('qualifying', 'final'),
})

const ruleArb = fc.record({
  roles: fc.constantFrom(...AWARD_ROLE_FILTERS),
  measure: fc.constantFrom(...AWARD_MEASURES),
  minGames: fc.integer({ min: 0, max: 4 }),
  tieBreaks: fc.shuffledSubarray([...AWARD_TIE_BREAKS]),
})

describe('awards: properties', () => {
  it('a winner has the minimum of games in the role, and nobody eligible has a better measure', () => {
    fc.assert(
      fc.property(fc.array(gameArb, { minLength: 0, maxLength: 10 }), ruleArb, (specs, r) => {
        const games: StandingsGame[] = specs.map((s, i) => {
          const record = miniGame({
            players: players(s.seating),
            roles: s.roles,
            winner: s.winner,
            firstKilled: s.firstKilled,
            extra: { [s.extraSeat]: s.extra },
          })
          record.seats[s.foulSeat - 1].fouls = 1
          return { gameId: i + 1, stage: s.stage, record }
        })
        const award = one(games, rule({ id: 'p', ...r }))
        // An independent count over the standings' per-seat scores.
        const inRole = new Map<string, { games: number; points: number; wins: number }>()
        for (const s of computeAllStandings(games, { scoring }).games) {
          if (!roleCounts(r.roles, s.role)) continue
          const x = inRole.get(s.playerKey) ?? { games: 0, points: 0, wins: 0 }
          x.games++
          x.points += s.total
          if (s.result === 'win') x.wins++
          inRole.set(s.playerKey, x)
        }
        const measure = (x: { games: number; points: number; wins: number }): number =>
          r.measure === 'points' ? x.points : r.measure === 'wins' ? x.wins : x.points / x.games
        const eligible = [...inRole].filter(([, x]) => x.games >= Math.max(1, r.minGames))
        expect(award.contenders).toBe(eligible.length)
        if (eligible.length === 0) {
          expect(award.winners).toEqual([])
          return
        }
        expect(award.winners.length).toBeGreaterThan(0)
        const top = Math.max(...eligible.map(([, x]) => measure(x)))
        for (const w of award.winners) {
          const x = inRole.get(w.playerKey)!
          expect(x.games).toBeGreaterThanOrEqual(r.minGames)
          expect(w.games).toBe(x.games)
          expect(measure(x)).toBeCloseTo(top, 5)
          expect(w.value).toBeCloseTo(top, 5)
        }
        if (award.winners.length > 1) expect(award.decidedBy).toBeNull()
      }),
      { numRuns: 200 },
    )
  })
})
