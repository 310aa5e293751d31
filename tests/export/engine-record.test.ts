// The exporters and the standings read GameRecords produced by the real rules engine (not only hand fixtures).
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { exportProtocol, scoringFor } from '../../src/main/export/commands'
import { parseProtocolJson, type ProtocolHeader } from '../../src/main/export/protocol'
import { buildProtocolModel } from '../../src/main/export/protocol-model'
import { gameRecord } from '../../src/main/engine'
import { runScenario } from '../../src/main/engine/scenario'
import { computeStandings } from '../../src/main/tournament/standings'
import type { GameRecord } from '../../src/shared/game/record'

const nexts = (n: number): Array<{ cmd: 'next' }> =>
  Array.from({ length: n }, () => ({ cmd: 'next' as const }))

// Day 1 votes out a mafia (5), night 1 kills the sheriff (10) who names 2 blacks as best move, day 2 a lone nominee
// (the don, 3) leaves, night 2 kills 1, day 3 votes out the last black (8). Fouls and extra points on the way.
const scenario = {
  name: 'export: full game red wins',
  ruleset: 'fiim',
  players: ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Зоя', 'Игорь', 'Кира'],
  roles: { don: 3, mafia: [5, 8], sheriff: 10 },
  steps: [
    { cmd: 'start' },
    { cmd: 'next' },
    { cmd: 'nominate', by: 1, target: 5 },
    { cmd: 'foul', seat: 7 },
    { cmd: 'next' },
    { cmd: 'nominate', by: 2, target: 3 },
    ...nexts(9),
    { cmd: 'vote', candidate: 5, voters: [1, 2, 4, 6, 7, 9, 10] },
    { cmd: 'vote', candidate: 3 },
    { cmd: 'next' },
    { cmd: 'shot', target: 10 },
    { cmd: 'donCheck', target: 10 },
    { cmd: 'sheriffCheck', target: 3 },
    { cmd: 'next' },
    { cmd: 'bestMove', seats: [3, 8, 1] },
    { cmd: 'next' },
    { cmd: 'nominate', by: 2, target: 3 },
    ...nexts(8),
    { cmd: 'vote', candidate: 3 },
    { cmd: 'next' },
    { cmd: 'shot', target: 1 },
    { cmd: 'next' },
    { cmd: 'next' },
    { cmd: 'nominate', by: 4, target: 8 },
    ...nexts(6),
    { cmd: 'vote', candidate: 8, voters: [2, 4, 6, 7, 9, 8] },
    { cmd: 'next' },
    { cmd: 'extraPoints', seat: 2, points: 0.3, reason: 'Нашла дона' },
  ],
  expect: { phase: 'finished', winner: 'red' },
}

function record(): GameRecord {
  const r = runScenario(scenario)
  expect(r.failures).toEqual([])
  if (r.game === null) throw new Error('no game')
  return gameRecord(r.game)
}

const header: ProtocolHeader = {
  tournament: 'Тест',
  stage: null,
  round: 1,
  table: 1,
  gameNumber: 1,
  date: '2026-11-29',
  judge: 'Судья',
  rulesetName: '',
}

describe('engine GameRecord → exports', () => {
  it('the JSON protocol of an engine game validates against the v1 schema', async () => {
    const rec = record()
    expect(rec.finished).toBe(true)
    const json = await exportProtocol(rec, header, { format: 'json' })
    const parsed = parseProtocolJson(json.toString('utf8'))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error))
    expect(parsed.value.record).toEqual(rec)
  })

  it('the PDF of an engine game shows its votes, checks, best move and winner', async () => {
    const pdf = await exportProtocol(record(), header, { format: 'pdf' })
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ')
    expect(text).toContain('Голосование: №5 — 7 (1, 2, 4, 6, 7, 9, 10)')
    expect(text).toContain('№10: шериф')
    expect(text).toContain('№3: чёрный')
    expect(text).toContain('названы №3, №8, №1; чёрных: 2; баллы 0,3')
    expect(text).toContain('красные (мирные)')
    expect(text).toContain('ФИИМ') // the ruleset name comes from the record when the header has none
    expect(text).toContain('Нашла дона')
  })

  it("standings use the engine's points", () => {
    const rec = record()
    const scoring = scoringFor('fiim')
    const rows = computeStandings([{ gameId: 1, stage: null, record: rec }], { scoring })
    const kira = rows.find((r) => r.name === 'Кира')
    // The sheriff: win 1 + best move 0.3 (2 blacks); killed first, but his team won → no Ci.
    expect(kira?.total).toBeCloseTo(1.3, 6)
    expect(kira?.firstKilled).toBe(1)
    expect(rows[0].name).toBe('Борис') // 1 + 0.3 extra = 1.3, ahead of Кира on extra points
  })
})

describe('a game title on paper is the title on screen (shared/game-title.ts)', () => {
  it('a friendly game (no number) is «Игра №id» / "Game #id"; a tournament game is «Тур · Стол · Игра»', () => {
    const rec = record()
    const friendly: ProtocolHeader = {
      ...header,
      tournament: '',
      round: null,
      table: null,
      gameNumber: null,
      gameId: 12,
    }
    const ru = buildProtocolModel(rec, friendly, 'ru')
    expect(ru.gameLine).toBe('Товарищеская игра · Игра №12')
    expect(ru.gameLine).not.toMatch(/Игра 12/)
    expect(buildProtocolModel(rec, friendly, 'en').gameLine).toMatch(/· Game #12$/)
    const cup = buildProtocolModel(rec, { ...header, round: 2, table: 3, gameNumber: 1, gameId: 40 }, 'ru')
    expect(cup.gameLine).toContain('Тур 2 · Стол 3 · Игра 1')
  })
})
