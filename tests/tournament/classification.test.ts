/**
 * The final classification: finalists by the final (with the chosen carry-over of earlier points), then
 * semi-finalists, then everyone else by the qualifying — computed here by hand from small stage tables, and read
 * back from the standings XLSX and JSON exports.
 */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { classify } from '../../src/main/tournament/classification'
import type { StageStandings, StandingsRow } from '../../src/main/tournament/standings'
import { exportStandings } from '../../src/main/export/commands'
import { SHIPPED_SCORING_SYSTEMS } from '../../src/main/tournament/scoring'
import { miniGame, type MiniPlayer } from './fixtures'

const row = (name: string, total: number, rank: number): StandingsRow =>
  ({ playerKey: `name:${name}`, playerId: null, name, total, rank }) as StandingsRow

// Qualifying: A 6, B 4, C 3, D 2, E 1. Semi-final: A, B, C, D. Final: A, B.
const stages: Array<Pick<StageStandings, 'stage' | 'rows'>> = [
  {
    stage: 'qualifying',
    rows: [row('A', 6, 1), row('B', 4, 2), row('C', 3, 3), row('D', 2, 4), row('E', 1, 5)],
  },
  { stage: 'semifinal', rows: [row('C', 2, 1), row('B', 1.5, 2), row('A', 1, 3), row('D', 0.5, 4)] },
  { stage: 'final', rows: [row('B', 2, 1), row('A', 1.5, 2)] },
]
const order = (carryOver: number): string[] =>
  classify(stages, { carryOver }).map((r) => `${r.place}${r.name}`)

describe('final classification', () => {
  it('finalists by the final alone, then semi-finalists by the semi-final, then the rest by the qualifying', () => {
    expect(order(0)).toEqual(['1B', '2A', '3C', '4D', '5E'])
    const rows = classify(stages, { carryOver: 0 })
    expect(rows.map((r) => r.group)).toEqual(['final', 'final', 'semifinal', 'semifinal', 'qualifying'])
    expect(rows[0]).toMatchObject({ stageTotal: 2, carried: 0, score: 2, stageRank: 1 })
  })

  it('with every point carried over, a finalist’s earlier points count: A (1.5 + 6 + 1) passes B (2 + 4 + 1.5)', () => {
    expect(order(1)).toEqual(['1A', '2B', '3C', '4D', '5E'])
    const [a, b] = classify(stages, { carryOver: 1 })
    expect(a).toMatchObject({ name: 'A', stageTotal: 1.5, carried: 7, score: 8.5 })
    expect(b).toMatchObject({ name: 'B', stageTotal: 2, carried: 5.5, score: 7.5 })
  })

  it('equal scores: the stage’s own place decides', () => {
    const tied: Array<Pick<StageStandings, 'stage' | 'rows'>> = [
      { stage: 'qualifying', rows: [row('A', 5, 1), row('B', 4, 2)] },
      { stage: 'final', rows: [row('B', 2, 1), row('A', 1, 2)] },
    ]
    // A 1 + 5 = 6, B 2 + 4 = 6: B was first in the final.
    expect(classify(tied, { carryOver: 1 }).map((r) => `${r.place}${r.name}`)).toEqual(['1B', '2A'])
  })

  it('half carried over: the semi-finalists C (2 + 1.5) and D (0.5 + 1) keep their order', () => {
    const rows = classify(stages, { carryOver: 0.5 })
    expect(rows.find((r) => r.name === 'C')).toMatchObject({ carried: 1.5, score: 3.5 })
    expect(rows.find((r) => r.name === 'D')).toMatchObject({ carried: 1, score: 1.5 })
  })

  it('without later stages it is the qualifying order; an unbreakable tie shares the place', () => {
    const q: Array<Pick<StageStandings, 'stage' | 'rows'>> = [
      { stage: 'qualifying', rows: [row('A', 3, 1), row('B', 3, 1), row('C', 1, 3)] },
    ]
    expect(classify(q, { carryOver: 0 }).map((r) => `${r.place}${r.name}`)).toEqual(['1A', '1B', '3C'])
  })
})

describe('final classification in the exports', () => {
  const P: MiniPlayer[] = Array.from({ length: 12 }, (_, i) => ({ id: 300 + i, name: `Игрок ${i + 1}` }))
  const games = [
    {
      gameId: 1,
      stage: 'qualifying',
      record: miniGame({ players: P.slice(0, 10), winner: 'red', firstKilled: null }),
    },
    {
      gameId: 2,
      stage: 'qualifying',
      record: miniGame({ players: P.slice(2, 12), winner: 'black', firstKilled: null }),
    },
    {
      gameId: 3,
      stage: 'final',
      record: miniGame({ players: P.slice(1, 11), winner: 'black', firstKilled: null }),
    },
  ]

  it('the XLSX has a classification sheet with the finalists first; the JSON carries the same rows', async () => {
    const options = { scoring: SHIPPED_SCORING_SYSTEMS.fiim, title: 'Кубок', carryOver: 0 }
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await exportStandings(games, options, 'xlsx')) as unknown as ArrayBuffer)
    const sheet = wb.getWorksheet('Итоговая классификация')
    expect(sheet).toBeDefined()
    const groups: string[] = []
    sheet!.eachRow((r, n) => {
      if (n > 1) groups.push(String(r.getCell(3).value))
    })
    // Ten finalists, then the two players who played the qualifying only.
    expect(groups).toEqual([...new Array<string>(10).fill('Финал'), 'Отборочный этап', 'Отборочный этап'])
    const json = JSON.parse((await exportStandings(games, options, 'json')).toString('utf8')) as {
      classification: Array<{ name: string; group: string }>
    }
    expect(json.classification.map((r) => r.group)).toEqual([
      ...new Array<string>(10).fill('final'),
      'qualifying',
      'qualifying',
    ])
    expect(
      json.classification
        .slice(10)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Игрок 1', 'Игрок 12'])
  })
})
