// Every hint the panel gives must be true of the step it is shown in (issue 28): games played by the real engine
// under FIIM and the city rules stop at every moment; there every key is pressed with no seat, one seat and three
// seats picked. A hint must hold for that moment (each hint's truth is written here, apart from the panel's code);
// a command the panel builds must never be one the engine refuses as belonging to another moment. And every line of
// the «Клавиши сейчас» box must do what it says when its keys are pressed.
import { describe, expect, it } from 'vitest'
import { controlView, execute, newGame, type Game } from '../../../src/main/engine'
import { BUILTIN_RULESETS, type Ruleset } from '../../../src/shared/game/ruleset'
import type { Command } from '../../../src/shared/game/commands'
import type { ControlView } from '../../../src/shared/game/views'
import {
  outcomeOf,
  type HintKey,
  type Intent,
  type PanelRules,
} from '../../../src/renderer/src/control/logic/keymap'
import { stepKeys } from '../../../src/renderer/src/control/logic/step-keys'

const ROLES = { 3: 'don', 5: 'mafia', 8: 'mafia', 10: 'sheriff' } as const
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

interface Moment {
  label: string
  game: Game
  view: ControlView
}

function rulesOf(r: Ruleset): PanelRules {
  return {
    nonVoters: r.nonVoters,
    nominationWithdrawal: r.nominationWithdrawal,
    liftAllMajority: r.liftAll.majority,
  }
}

/** Plays `script` and keeps the game at every moment on the way (the setup included). */
function play(rulesetId: 'fiim' | 'city', script: Command[]): Moment[] {
  let game = newGame({
    ruleset: structuredClone(BUILTIN_RULESETS[rulesetId]),
    players: ALL.map((n) => ({ name: `P${n}` })),
    roles: Object.fromEntries(ALL.map((s) => [s, ROLES[s as keyof typeof ROLES] ?? 'civilian'])),
  })
  const moments: Moment[] = []
  const keep = (label: string): void => {
    moments.push({ label, game, view: controlView(game, game.log.length) })
  }
  keep('setup')
  for (const c of script) {
    const r = execute(game, c)
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.error.code}`)
    game = r.game
    keep(JSON.stringify(c))
  }
  return moments
}

const nexts = (n: number): Command[] => Array.from({ length: n }, () => ({ cmd: 'next' }) as Command)

/** FIIM: a tie, a tied revote and a lift-all; a night with both checks; the first killed's best move; a team defeat. */
const FIIM: Command[] = [
  { cmd: 'start' },
  { cmd: 'next' },
  { cmd: 'nominate', by: 1, target: 4 },
  { cmd: 'next' },
  { cmd: 'nominate', by: 2, target: 6 },
  ...nexts(9),
  { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 4, 5] },
  { cmd: 'vote', candidate: 6, voters: [6, 7, 8, 9, 10] },
  { cmd: 'next' },
  { cmd: 'next' },
  { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 4, 5] },
  { cmd: 'vote', candidate: 6, voters: [6, 7, 8, 9, 10] },
  { cmd: 'liftAll', yes: [1, 2, 3, 5, 7, 8, 9] },
  { cmd: 'next' },
  { cmd: 'next' },
  { cmd: 'shot', target: 1 },
  { cmd: 'donCheck', target: 10 },
  { cmd: 'sheriffCheck', target: 5 },
  { cmd: 'next' },
  { cmd: 'bestMove', seats: [3, 5, 8] },
  { cmd: 'next' },
  { cmd: 'nominate', by: 2, target: 5 },
  { cmd: 'teamDefeat', seat: 3 },
]

/** City: tied players do not vote in the revote, non-voters abstain; the lift-all takes yes, no and abstentions. */
const CITY: Command[] = [
  { cmd: 'start' },
  { cmd: 'next' },
  { cmd: 'nominate', by: 1, target: 4 },
  { cmd: 'next' },
  { cmd: 'nominate', by: 2, target: 6 },
  ...nexts(9),
  { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 5] },
  { cmd: 'vote', candidate: 6, voters: [7, 8, 9, 10] },
  { cmd: 'next' },
  { cmd: 'next' },
  { cmd: 'vote', candidate: 4, voters: [1, 2, 3, 5] },
  { cmd: 'vote', candidate: 6, voters: [7, 8, 9, 10] },
  { cmd: 'liftAll', yes: [1, 2, 3], no: [5, 7] },
]

const GAMES = [
  { id: 'fiim' as const, moments: play('fiim', FIIM) },
  { id: 'city' as const, moments: play('city', CITY) },
]

const bestMovePending = (v: ControlView): boolean =>
  v.phase === 'day' &&
  v.step === 'lastWord' &&
  v.bestMove !== null &&
  v.bestMove.seats === null &&
  v.speaker === v.bestMove.by
const voting = (v: ControlView): boolean =>
  v.phase === 'day' && v.step === 'voting' && v.voting?.current != null

/** When each hint is true, written from RULES.md and the panel's keys, not from the panel's code. */
const TRUE_WHEN: Record<HintKey, (v: ControlView, sel: number[], rules: PanelRules) => boolean> = {
  pickSeat: (_v, sel) => sel.length === 0,
  pickOneSeat: (_v, sel) => sel.length > 1,
  pickThree: (v, sel) => bestMovePending(v) && sel.length !== 3,
  notVoting: (v) => !voting(v),
  selectionUnused: (v, sel) =>
    sel.length > 0 &&
    (v.phase === 'zeroNight' || (v.phase === 'day' && (v.step === 'lastWord' || v.step === 'tieSpeech'))) &&
    !bestMovePending(v),
  finished: (v) => v.phase === 'finished',
  nightDone: (v) => v.phase === 'night' && v.nightStep === null,
  noTimer: (v) => v.timer === null,
  noWithdrawal: (_v, _s, rules) => !rules.nominationWithdrawal,
  noGame: () => false,
  reasonNeeded: () => false,
  noBestMove: (v) => !bestMovePending(v),
  zeroNightQuiet: (v) => v.phase === 'zeroNight',
  nightOnly: (v) => v.phase === 'day' || v.phase === 'setup',
  shotDone: (v) => v.phase === 'night' && v.nightStep !== 'shot',
  nominateInSpeech: (v) => !(v.phase === 'day' && v.step === 'speech'),
  noLiftAll: (v) => !(v.phase === 'day' && v.step === 'liftAll'),
  alreadyVoted: () => false,
  notVoter: () => false,
}

/** Engine refusals that mean "this key belongs to another moment": the panel must say so itself, truly. */
const WRONG_MOMENT = ['engine/not_in_phase', 'engine/best_move_not_allowed']

const KEYS: Intent[] = (
  [
    'primary',
    'foul',
    'unfoul',
    'techFoul',
    'nominate',
    'withdraw',
    'vote',
    'liftAll',
    'miss',
    'donCheck',
    'sheriffCheck',
    'bestMove',
    'remove',
    'teamDefeat',
    'extraPoints',
    'comment',
    'timerToggle',
    'timerAdd',
    'timerReset',
    'undo',
    'redo',
  ] as const
).map((kind) => ({ kind }) as Intent)
const SELECTIONS = [[], [2], [7], [1, 2, 4]]

describe('every hint is true of the moment it is shown in', () => {
  for (const { id, moments } of GAMES) {
    const rules = rulesOf(BUILTIN_RULESETS[id])
    it(`${id}: every key, with 0, 1 and 3 seats, at each of ${moments.length} moments`, () => {
      const wrong: string[] = []
      for (const m of moments) {
        for (const intent of KEYS) {
          for (const sel of SELECTIONS) {
            const o = outcomeOf(intent, m.view, sel, rules)
            const where = `${m.label} · ${intent.kind} [${sel.join(',')}]`
            if (o.kind === 'hint' && !TRUE_WHEN[o.hint](m.view, sel, rules))
              wrong.push(`${where} → hint ${o.hint}`)
            if (o.kind === 'command') {
              const r = execute(m.game, o.command)
              if (!r.ok && WRONG_MOMENT.includes(r.error.code))
                wrong.push(`${where} → ${JSON.stringify(o.command)} refused: ${r.error.message.ru}`)
            }
          }
        }
      }
      expect(wrong).toEqual([])
    })
  }

  it('the zero night: 1 2 3 B says there is no best move now, M says there is no shot in the zero night', () => {
    const zero = GAMES[0].moments.find((m) => m.view.phase === 'zeroNight')!.view
    const rules = rulesOf(BUILTIN_RULESETS.fiim)
    expect(outcomeOf({ kind: 'bestMove' }, zero, [3], rules)).toEqual({ kind: 'hint', hint: 'noBestMove' })
    expect(outcomeOf({ kind: 'miss' }, zero, [], rules)).toEqual({ kind: 'hint', hint: 'zeroNightQuiet' })
  })
})

/** Seat choices for a line that needs `n` seats: every single seat, or every triple. */
function choices(n: 0 | 1 | 3 | 'any'): number[][] {
  if (n === 0) return [[]]
  if (n === 1 || n === 'any') return [...(n === 'any' ? [[]] : []), ...ALL.map((s) => [s])]
  const out: number[][] = []
  for (let a = 1; a <= 10; a++)
    for (let b = a + 1; b <= 10; b++) for (let c = b + 1; c <= 10; c++) out.push([a, b, c])
  return out
}

describe('the «Клавиши сейчас» box says only what the keys do now', () => {
  for (const { id, moments } of GAMES) {
    const rules = rulesOf(BUILTIN_RULESETS[id])
    it(`${id}: each line's keys, pressed with the seats it asks for, give a command the engine accepts`, () => {
      const wrong: string[] = []
      for (const m of moments) {
        for (const line of stepKeys(m.view, rules)) {
          if (!line.intent || line.intent.kind === 'help' || line.intent.kind === 'games') continue
          const works = choices(line.seats).some((sel) => {
            const o = outcomeOf(line.intent!, m.view, sel, rules)
            return o.kind === 'command' ? execute(m.game, o.command).ok : o.kind === 'dialog'
          })
          if (!works) wrong.push(`${m.label} · ${line.keys} (${line.what})`)
        }
      }
      expect(wrong).toEqual([])
    })
  }

  it('the night lists Enter for the morning only once the shot is in', () => {
    const rules = rulesOf(BUILTIN_RULESETS.fiim)
    const night = GAMES[0].moments.filter((m) => m.view.phase === 'night')
    const shot = night.find((m) => m.view.nightStep === 'shot')!
    expect(stepKeys(shot.view, rules).map((k) => k.what)).not.toContain('morning')
    const after = night.find((m) => m.view.nightStep === 'donCheck')!
    expect(stepKeys(after.view, rules).map((k) => k.what)).toContain('morning')
  })

  it('under the city rules the lift-all line says a digit cycles yes → no → abstains', () => {
    const lift = GAMES[1].moments.find((m) => m.view.step === 'liftAll')!
    expect(stepKeys(lift.view, rulesOf(BUILTIN_RULESETS.city)).map((k) => k.what)).toContain('liftAnswers')
    const fiimLift = GAMES[0].moments.find((m) => m.view.step === 'liftAll')!
    expect(stepKeys(fiimLift.view, rulesOf(BUILTIN_RULESETS.fiim)).map((k) => k.what)).toContain('liftYes')
  })
})
