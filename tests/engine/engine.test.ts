// Unit tests of the engine's public API: setup, rulesets, commands, views, record, undo, evolve.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { commandSchema, type Command } from '../../src/shared/game/commands'
import { BUILTIN_RULESETS, deriveRuleset, rulesetSchema } from '../../src/shared/game/ruleset'
import {
  controlView,
  dealRoles,
  decide,
  describeCommand,
  evolve,
  execute,
  gameRecord,
  newGame,
  overlayView,
  restore,
  rolesFromSeats,
  type Game,
} from '../../src/main/engine'
import { runScenario } from '../../src/main/engine/scenario'

const names = ['Ace', 'Bee', 'Cat', 'Dan', 'Eve', 'Fox', 'Gus', 'Hal', 'Ivy', 'Jay']
const roles = rolesFromSeats({ don: 3, mafia: [5, 8], sheriff: 10 })
const fresh = (ruleset: keyof typeof BUILTIN_RULESETS = 'fiim'): Game =>
  newGame({ ruleset: BUILTIN_RULESETS[ruleset], players: names.map((name) => ({ name })), roles })

function run(game: Game, ...commands: Command[]): Game {
  for (const c of commands) {
    const r = execute(game, c)
    if (!r.ok) throw new Error(`${c.cmd}: ${r.error.code} ${r.error.message.en}`)
    game = r.game
  }
  return game
}
const nexts = (n: number): Command[] => Array.from({ length: n }, () => ({ cmd: 'next' }) as const)

describe('setup (§1)', () => {
  it('§1.1 refuses a table that is not 10 seats with 1 don, 2 mafia, 1 sheriff', () => {
    const base = { ruleset: BUILTIN_RULESETS.fiim, players: names.map((name) => ({ name })), roles }
    expect(() => newGame({ ...base, players: base.players.slice(0, 9) })).toThrow(AppError)
    expect(() => newGame({ ...base, roles: { ...roles, 1: 'don' } })).toThrow(/bad_setup/)
    expect(() => newGame({ ...base, ruleset: { ...BUILTIN_RULESETS.fiim, minCandidates: 0 } })).toThrow(
      /bad_setup/,
    )
    expect(() =>
      newGame({ ...base, players: base.players.map((p, i) => (i === 4 ? { name: ' ' } : p)) }),
    ).toThrow(/bad_setup/)
  })

  it('§1.2 deals roles from a seed: reproducible, always 6/1/2/1, spread over the seats', () => {
    expect(dealRoles(7)).toEqual(dealRoles(7))
    const donSeats = new Map<number, number>()
    let differs = 0
    for (let seed = 0; seed < 2000; seed++) {
      const r = dealRoles(seed)
      const all = Object.values(r)
      expect(all.filter((x) => x === 'civilian')).toHaveLength(6)
      expect(all.filter((x) => x === 'mafia')).toHaveLength(2)
      expect(all.filter((x) => x === 'don')).toHaveLength(1)
      expect(all.filter((x) => x === 'sheriff')).toHaveLength(1)
      const don = Number(Object.entries(r).find(([, v]) => v === 'don')![0])
      donSeats.set(don, (donSeats.get(don) ?? 0) + 1)
      if (JSON.stringify(r) !== JSON.stringify(dealRoles(seed + 1))) differs++
    }
    expect(differs).toBeGreaterThan(1900)
    for (let seat = 1; seat <= 10; seat++) expect(donSeats.get(seat) ?? 0).toBeGreaterThan(120)
  })

  it('§1.3 every seat starts alive and a game starts in setup', () => {
    const v = controlView(fresh())
    expect(v.phase).toBe('setup')
    expect(v.players.map((p) => p.status)).toEqual(Array(10).fill('alive'))
  })
})

describe('rulesets as data (§15)', () => {
  it('ships fiim, club and city with the parameters of the §15 table', () => {
    const { fiim, club, city } = BUILTIN_RULESETS
    for (const r of [fiim, club, city]) expect(rulesetSchema.parse(r)).toEqual(r)
    expect([fiim.times.speech, fiim.times.tieSpeech, fiim.times.lastWordVoted]).toEqual([60, 30, 60])
    expect([club.times.speech, club.times.tieSpeech, club.times.lastWordVoted]).toEqual([60, 30, 60])
    expect([city.times.speech, city.times.tieSpeech, city.times.lastWordVoted]).toEqual([60, 30, 30])
    expect([fiim.nominationWithdrawal, club.nominationWithdrawal, city.nominationWithdrawal]).toEqual([
      false,
      true,
      true,
    ])
    expect([fiim.minCandidatesDay1, fiim.minCandidates, city.minCandidatesDay1, city.minCandidates]).toEqual([
      2, 1, 2, 2,
    ])
    expect([fiim.nonVoters, club.nonVoters, city.nonVoters]).toEqual([
      'toLastCandidate',
      'toLastCandidate',
      'abstain',
    ])
    expect([fiim.selfVote, club.selfVote, city.selfVote]).toEqual([true, true, false])
    expect([fiim.tiedVoteInRevote, club.tiedVoteInRevote, city.tiedVoteInRevote]).toEqual([true, true, false])
    expect([fiim.liftAll.majority, club.liftAll.majority, city.liftAll.majority]).toEqual([
      'moreThanHalfLiving',
      'moreThanHalfLiving',
      'yesOverNo',
    ])
    expect([fiim.thirdFoul, club.thirdFoul, city.thirdFoul]).toEqual(['nextSpeech', 'roundRule', 'roundRule'])
    expect([fiim.silencedTurn, club.silencedTurn, city.silencedTurn]).toEqual([
      'nominateOnly',
      'skip',
      'skip',
    ])
    expect([fiim.removalAtFouls, club.removalAtFouls, city.removalAtFouls]).toEqual([4, 4, 4])
    expect([fiim.removalCancelsVote, club.removalCancelsVote, city.removalCancelsVote]).toEqual([
      'anyPlayer',
      'nomineeOnly',
      'nomineeOnly',
    ])
    expect([fiim.bestMove.enabled, club.bestMove.enabled, city.bestMove.enabled]).toEqual([true, true, true])
    // §13.3–§13.5 scoring values are data.
    expect(fiim.scoring).toMatchObject({
      win: 1,
      bestMove2: 0.3,
      bestMove3: 0.5,
      removalPenalty: -0.5,
      teamDefeatPenalty: -0.7,
      ciK: 0.4,
    })
  })

  it('derives a user ruleset and validates it', () => {
    const ok = deriveRuleset(BUILTIN_RULESETS.fiim, {
      id: 'mine',
      name: 'Mine',
      times: { ...BUILTIN_RULESETS.fiim.times, speech: 45 },
    })
    expect(ok.ok && ok.value.times.speech).toBe(45)
    const bad = deriveRuleset(BUILTIN_RULESETS.fiim, { id: 'x', name: 'X', minCandidates: 0 })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.issues.join()).toContain('minCandidates')
  })

  it('a custom speech length reaches the timer', () => {
    const r = deriveRuleset(BUILTIN_RULESETS.fiim, {
      id: 'short',
      name: 'Short',
      times: { ...BUILTIN_RULESETS.fiim.times, speech: 45 },
    })
    if (!r.ok) throw new Error('bad ruleset')
    const g = run(
      newGame({ ruleset: r.value, players: names.map((name) => ({ name })), roles }),
      { cmd: 'start' },
      { cmd: 'next', at: 5 },
    )
    expect(controlView(g).timer).toEqual({
      label: 'speech',
      durationMs: 45000,
      remainingMs: 45000,
      runningSince: 5,
    })
  })
})

describe('commands', () => {
  it('validates payloads with the zod schema', () => {
    expect(commandSchema.safeParse({ cmd: 'vote', candidate: 4, voters: [1, 2] }).success).toBe(true)
    expect(commandSchema.safeParse({ cmd: 'shot', shots: { '3': 4, '5': null } }).success).toBe(true)
    expect(commandSchema.safeParse({ cmd: 'vote', candidate: 11 }).success).toBe(false)
    expect(commandSchema.safeParse({ cmd: 'explode' }).success).toBe(false)
    expect(commandSchema.safeParse({ cmd: 'foul', seat: 1.5 }).success).toBe(false)
  })

  it('describes commands in Russian and English (undo labels)', () => {
    expect(describeCommand({ cmd: 'foul', seat: 4 })).toEqual({ ru: 'Фол игроку №4', en: 'Foul to seat 4' })
    expect(describeCommand({ cmd: 'shot', target: null }).en).toBe('Miss')
    // The undo label of `next` says what it ended.
    const g = run(fresh(), { cmd: 'start' }, { cmd: 'next' }, { cmd: 'next' })
    expect(controlView(g).undoLabel).toEqual({
      ru: 'Конец речи игрока №1 Ace',
      en: 'End of the speech of seat 1 (Ace)',
    })
  })

  it('rejects with a typed code and both languages, leaving the game untouched', () => {
    const g = run(fresh(), { cmd: 'start' }, { cmd: 'next' }, { cmd: 'nominate', target: 5 }, { cmd: 'next' })
    const before = JSON.stringify(g)
    const r = execute(g, { cmd: 'nominate', target: 5 })
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: 'engine/already_nominated',
        message: { ru: 'Игрок №5 уже выставлен', en: 'Seat 5 is already nominated' },
      })
    expect(JSON.stringify(g)).toBe(before)
  })

  it('checks in order: game over before anything else', () => {
    const g = run(fresh(), { cmd: 'start' }, { cmd: 'teamDefeat', seat: 1 })
    const r = execute(g, { cmd: 'nominate', by: 7, target: 11 - 1 })
    expect(!r.ok && r.error.code).toBe('engine/game_over')
  })
})

describe('undo and redo', () => {
  it('timer commands are not undone; undo takes back the last game action and labels it', () => {
    let g = run(
      fresh(),
      { cmd: 'start' },
      { cmd: 'next' },
      { cmd: 'foul', seat: 4 },
      { cmd: 'timer', action: 'pause', at: 10 },
    )
    const v = controlView(g)
    expect(v.undoLabel).toEqual({ ru: 'Фол игроку №4 Dan', en: 'Foul to seat 4 (Dan)' })
    g = run(g, { cmd: 'undo' })
    expect(g.state.seats[3].fouls).toBe(0)
    expect(g.state.timer?.runningSince).toBeNull()
    expect(controlView(g).redoLabel?.en).toBe('Foul to seat 4 (Dan)')
    g = run(g, { cmd: 'timer', action: 'start', at: 20 }, { cmd: 'redo' })
    expect(g.state.seats[3].fouls).toBe(1)
  })

  it('the log is append-only and restore(setup, log) rebuilds the same game', () => {
    const g = run(
      fresh(),
      { cmd: 'start' },
      { cmd: 'next' },
      { cmd: 'nominate', target: 2 },
      { cmd: 'undo' },
      { cmd: 'nominate', target: 3 },
    )
    expect(g.log.map((e) => e.command.cmd)).toEqual(['start', 'next', 'nominate', 'undo', 'nominate'])
    const r = restore(g.setup, g.log)
    expect(r.state).toEqual(g.state)
    expect([r.undoable, r.redoable]).toEqual([g.undoable, g.redoable])
  })
})

describe('decide and evolve', () => {
  it('folding the decided events with evolve gives the decided state', () => {
    const g = run(
      fresh(),
      { cmd: 'start' },
      { cmd: 'next' },
      { cmd: 'nominate', target: 4 },
      { cmd: 'next' },
      { cmd: 'nominate', target: 6 },
      ...nexts(9),
    )
    const d = decide(g.state, { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 4, 5, 7] })
    expect(d.ok).toBe(true)
    if (!d.ok) return
    const folded = d.events.reduce(evolve, g.state)
    expect(folded).toEqual(d.state)
    expect(d.events.map((e) => e.type)).toEqual(['voted'])
    const last = decide(d.state, { cmd: 'vote', candidate: 6 })
    // Automatic consequences are follow-up events: the departure, its last word.
    expect(last.ok && last.events.map((e) => e.type)).toEqual([
      'voted',
      'votingClosed',
      'resultFixed',
      'playerLeft',
      'lastWordsOpened',
      'lastWordStarted',
      'timerSet',
    ])
  })
})

describe('views', () => {
  const night1 = (): Game =>
    run(
      fresh(),
      { cmd: 'start' },
      { cmd: 'next' },
      ...nexts(10),
      { cmd: 'shot', target: 1 },
      { cmd: 'donCheck', target: 10 },
      { cmd: 'sheriffCheck', target: 5 },
    )

  it('the control view shows roles, checks and the revision', () => {
    const g = night1()
    const v = controlView(g)
    // The revision is the log's length: one step per accepted command.
    expect(v.revision).toBe(g.log.length)
    expect(v.players[2].role).toBe('don')
    expect(v.lastNight).toEqual({
      night: 1,
      shot: { kind: 'kill', target: 1 },
      donCheck: { target: 10, isSheriff: true },
      sheriffCheck: { target: 5, isBlack: true },
    })
    expect(v.nightStep).toBeNull()
  })

  it('an overlay that hides roles never carries a role or a check result', () => {
    const g = night1()
    const v = overlayView(g, { roles: 'hidden' })
    // No revision on the stream's view: it would count the hidden night entries.
    expect(v).not.toHaveProperty('revision')
    expect(v.rolesVisible).toBe(false)
    expect(v.players.every((p) => p.role === null)).toBe(true)
    // During the night neither the shot nor the night's progress shows (it would tell who is still in the game).
    expect(v.lastNight).toMatchObject({ shot: null, donCheck: null, sheriffCheck: null })
    expect(v.nightStep).toBeNull()
    const morning = run(g, { cmd: 'next' })
    expect(overlayView(morning, { roles: 'hidden' }).lastNight?.shot).toEqual({ kind: 'kill', target: 1 })
    expect(JSON.stringify(v)).not.toMatch(/"(civilian|mafia|don|sheriff)"|isSheriff|isBlack/)
    expect('canUndo' in v || 'undoLabel' in v).toBe(false)
    expect(overlayView(g, { roles: 'atEnd' }).rolesVisible).toBe(false)
    expect(overlayView(g, { roles: 'shown' }).players[4].role).toBe('mafia')
  })

  it("'atEnd' reveals roles and scores once the game is finished", () => {
    const g = run(fresh(), { cmd: 'start' }, { cmd: 'teamDefeat', seat: 10 })
    const hidden = overlayView(g, { roles: 'hidden' })
    expect(hidden.scores).toBeNull()
    expect(hidden.players.every((p) => p.points === null)).toBe(true)
    const end = overlayView(g, { roles: 'atEnd' })
    expect(end.rolesVisible).toBe(true)
    expect(end.players[9]).toMatchObject({ role: 'sheriff', points: -0.7 })
    expect(end.winner).toBe('black')
  })

  it('the voting view lists candidates, the current one, eligible voters and who has not voted', () => {
    const g = run(
      fresh(),
      { cmd: 'start' },
      { cmd: 'next' },
      { cmd: 'nominate', target: 4 },
      { cmd: 'next' },
      { cmd: 'nominate', target: 6 },
      ...nexts(9),
      { cmd: 'vote', candidate: 4, voters: [1, 2] },
    )
    expect(controlView(g).voting).toEqual({
      round: 'vote',
      candidates: [
        { seat: 4, voters: [1, 2], votes: 2 },
        { seat: 6, voters: null, votes: null },
      ],
      current: 6,
      eligible: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      notVoted: [3, 4, 5, 6, 7, 8, 9, 10],
    })
  })
})

describe('game record (§14)', () => {
  it('records nominations, votes, nights, checks, best move, fouls and how each player left', () => {
    const r = runScenario({
      name: 'record',
      ruleset: 'fiim',
      players: names,
      roles: { don: 3, mafia: [5, 8], sheriff: 10 },
      steps: [
        { cmd: 'start' },
        { cmd: 'foul', seat: 2 },
        { cmd: 'next' },
        { cmd: 'nominate', target: 5 },
        { cmd: 'next' },
        { cmd: 'nominate', target: 3 },
        ...nexts(9),
        { cmd: 'vote', candidate: 5, voters: [1, 2, 4, 6, 7, 9, 10] },
        { cmd: 'vote', candidate: 3 },
        { cmd: 'next' },
        { cmd: 'shot', target: 10 },
        { cmd: 'donCheck', target: 10 },
        { cmd: 'sheriffCheck', target: 3 },
        { cmd: 'next' },
        { cmd: 'bestMove', seats: [3, 8, 1] },
      ],
    })
    expect(r.failures).toEqual([])
    const rec = gameRecord(r.game!)
    expect(rec.rulesetId).toBe('fiim')
    expect(rec.days[0]).toMatchObject({
      day: 1,
      opener: 1,
      nominations: [
        { by: 1, target: 5, withdrawn: false },
        { by: 2, target: 3, withdrawn: false },
      ],
      votings: [
        {
          kind: 'vote',
          candidates: [
            { seat: 5, voters: [1, 2, 4, 6, 7, 9, 10] },
            { seat: 3, voters: [3, 5, 8] },
          ],
        },
      ],
      voteCancelled: false,
      left: [5],
    })
    expect(rec.nights[0]).toEqual({
      night: 1,
      shot: { kind: 'kill', target: 10 },
      shots: null,
      donCheck: { target: 10, isSheriff: true },
      sheriffCheck: { target: 3, isBlack: true },
    })
    expect(rec.fouls).toEqual([
      { seat: 2, kind: 'foul', phase: 'zeroNight', day: 0, night: 0, speaker: null },
    ])
    expect(rec.seats[4].left).toEqual({ how: 'votedOut', day: 1, night: null, reason: null })
    expect(rec.seats[9].left).toEqual({ how: 'killed', day: null, night: 1, reason: null })
    // §13.5 Ci needs the first killed of the first shooting night; the tournament module applies Ci and orders the
    // standings (§13.6) from these records.
    expect(rec.firstKilled).toBe(10)
    expect(rec.bestMove).toEqual({ by: 10, seats: [3, 8, 1], blacks: 2, void: false, points: 0.3 })
    expect(rec.finished).toBe(false)
    expect([rec.daysPlayed, rec.nightsPlayed]).toEqual([2, 1])
  })
})

describe('comments and protests (§14)', () => {
  it('are written in any phase, recorded with where the game was, undoable, and kept by replay', () => {
    let g = run(fresh(), { cmd: 'comment', text: 'Игрок №7 опоздал на 5 минут' })
    g = run(g, { cmd: 'start' }, { cmd: 'next' }, { cmd: 'comment', text: 'Протест команды: шум в зале' })
    const rec = gameRecord(g)
    expect(rec.comments).toEqual([
      { text: 'Игрок №7 опоздал на 5 минут', phase: 'setup', day: 0, night: 0 },
      { text: 'Протест команды: шум в зале', phase: 'day', day: 1, night: 0 },
    ])
    expect(controlView(g).undoLabel?.ru).toContain('Комментарий')
    const undone = run(g, { cmd: 'undo' })
    expect(gameRecord(undone).comments).toHaveLength(1)
    expect(gameRecord(restore(g.setup, g.log)).comments).toEqual(rec.comments)
    // Comments are for the protocol, never for the stream.
    expect(JSON.stringify(overlayView(g, { roles: 'shown' }))).not.toContain('шум в зале')
  })

  it('an empty comment is refused and changes nothing', () => {
    const g = fresh()
    expect(commandSchema.safeParse({ cmd: 'comment', text: '   ' }).success).toBe(false)
    expect(execute(g, { cmd: 'comment', text: 'ok' }).ok).toBe(true)
  })
})
