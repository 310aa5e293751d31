/**
 * The scenario runner (docs/architecture.md "Scenario files"): takes a parsed scenario, plays it through the engine and checks
 * every `expect` and `rejects`. Pure: the CLI and the tests read the files.
 */
import { z } from 'zod'
import type { AppErrorData } from '../../shared/errors'
import { BUILTIN_RULESETS, deriveRuleset, type Ruleset } from '../../shared/game/ruleset'
import type { ControlView } from '../../shared/game/views'
import { validationMessage } from '../../shared/validation-message'
import { parseCommand } from './decide'
import { execute, newGame, restore, type Game } from './game'
import { dealRoles, rolesFromSeats } from './roles'
import { bestMoveResult, seatPoints } from './score'
import { controlView } from './views'

const seat = z.number().int().min(1).max(10)

const expectSchema = z
  .object({
    players: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    nominees: z.array(seat).optional(),
  })
  .catchall(z.unknown())

const stepSchema = z
  .object({
    cmd: z.string(),
    /** An error code, `true` for any rejection, or the code with the expected message parameters (a partial match). */
    rejects: z
      .union([
        z.boolean(),
        z.string(),
        z.object({ code: z.string(), params: z.record(z.string(), z.unknown()).optional() }),
      ])
      .optional(),
    expect: expectSchema.optional(),
  })
  .catchall(z.unknown())

export const scenarioSchema = z.object({
  name: z.string(),
  about: z.string().optional(),
  /** A built-in ruleset id, or a user ruleset: `{ "base": "fiim", "id": "…", "name": "…", …changed parameters }`. */
  ruleset: z.union([z.string(), z.object({ base: z.string() }).catchall(z.unknown())]),
  players: z.array(z.string().min(1)).length(10),
  roles: z.union([
    z.object({ don: seat, mafia: z.array(seat).length(2), sheriff: seat }),
    z.object({ seed: z.number().int() }),
  ]),
  steps: z.array(stepSchema),
  expect: expectSchema.optional(),
})

export type Scenario = z.infer<typeof scenarioSchema>
export type ScenarioExpect = z.infer<typeof expectSchema>

export interface ScenarioFailure {
  /** 1-based step number, or null for the setup and the final `expect`. */
  step: number | null
  cmd: string | null
  message: string
}

/** One step as played: accepted, or rejected with the engine's code, message and parameters. */
export interface ScenarioStep {
  step: number
  cmd: string
  accepted: boolean
  /** The step asked for this rejection (`rejects`). */
  expectedRejection: boolean
  error: AppErrorData | null
}

export interface ScenarioResult {
  name: string
  ok: boolean
  failures: ScenarioFailure[]
  steps: ScenarioStep[]
  stepsRun: number
  game: Game | null
  view: ControlView | null
}

function resolveRuleset(r: Scenario['ruleset']): Ruleset | string {
  if (typeof r === 'string') {
    return r in BUILTIN_RULESETS
      ? BUILTIN_RULESETS[r as keyof typeof BUILTIN_RULESETS]
      : `unknown ruleset "${r}"`
  }
  const { base, ...changes } = r
  const baseRules = BUILTIN_RULESETS[base as keyof typeof BUILTIN_RULESETS]
  if (!baseRules) return `unknown base ruleset "${base}"`
  const merged = deriveRuleset(baseRules, {
    id: 'custom',
    name: 'custom',
    ...(changes as Partial<Ruleset>),
  })
  return merged.ok ? merged.value : `bad ruleset: ${merged.issues.join('; ')}`
}

const fmt = (x: unknown): string => JSON.stringify(x)

/** Partial deep match: every key the expectation names must match; arrays match element by element. */
function matches(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== 'object') {
    if (typeof expected === 'number' && typeof actual === 'number') return Math.abs(expected - actual) < 1e-9
    return expected === actual
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(e, actual[i]))
    )
  }
  if (actual === null || typeof actual !== 'object') return false
  const a = actual as Record<string, unknown>
  return Object.entries(expected as Record<string, unknown>).every(([k, v]) => matches(v, a[k]))
}

/** Checks an `expect` block against the game; returns the mismatches. */
export function checkExpect(game: Game, expect: ScenarioExpect): string[] {
  const view = controlView(game, game.log.length)
  const s = game.state
  const points = seatPoints(s)
  const summary: Record<string, unknown> = {
    ...view,
    endReason: s.endReason,
    bestMoveResult: bestMoveResult(s),
    firstKilled: s.firstKilled,
    nominees: view.nominees.map((n) => n.seat),
  }
  const out: string[] = []
  for (const [key, want] of Object.entries(expect)) {
    if (key === 'players') {
      for (const [seatKey, fields] of Object.entries(want as Record<string, Record<string, unknown>>)) {
        const p = view.players[Number(seatKey) - 1]
        if (!p) {
          out.push(`players.${seatKey}: no such seat`)
          continue
        }
        const actual: Record<string, unknown> = {
          ...p,
          points: points[p.seat - 1].total,
          left: s.seats[p.seat - 1].left,
        }
        for (const [field, v] of Object.entries(fields)) {
          if (!matches(v, actual[field]))
            out.push(`players.${seatKey}.${field}: expected ${fmt(v)}, got ${fmt(actual[field])}`)
        }
      }
      continue
    }
    if (!(key in summary)) {
      out.push(`${key}: unknown expectation`)
      continue
    }
    if (!matches(want, summary[key])) out.push(`${key}: expected ${fmt(want)}, got ${fmt(summary[key])}`)
  }
  return out
}

const stateKey = (g: Game): string => JSON.stringify([g.state, g.log.length, g.undoable, g.redoable])

export function runScenario(input: unknown): ScenarioResult {
  const parsed = scenarioSchema.safeParse(input)
  const name =
    typeof (input as { name?: unknown })?.name === 'string' ? (input as { name: string }).name : '(unnamed)'
  const fail = (message: string): ScenarioResult => ({
    name,
    ok: false,
    failures: [{ step: null, cmd: null, message }],
    stepsRun: 0,
    steps: [],
    game: null,
    view: null,
  })
  if (!parsed.success) {
    return fail(`not a scenario: ${validationMessage(parsed.error.issues).en}`)
  }
  const sc = parsed.data
  const ruleset = resolveRuleset(sc.ruleset)
  if (typeof ruleset === 'string') return fail(ruleset)
  const roles = 'seed' in sc.roles ? dealRoles(sc.roles.seed) : rolesFromSeats(sc.roles)
  let game: Game
  try {
    game = newGame({ ruleset, players: sc.players.map((n) => ({ name: n })), roles })
  } catch (e) {
    return fail(`bad setup: ${e instanceof Error ? e.message : String(e)}`)
  }
  const failures: ScenarioFailure[] = []
  const played: ScenarioStep[] = []
  let stepsRun = 0
  for (const [i, step] of sc.steps.entries()) {
    const n = i + 1
    const { rejects, expect, ...raw } = step
    // The engine's own door for commands (decide refuses the same way, whoever calls it).
    const cmdParsed = parseCommand(raw)
    stepsRun = n
    let error: AppErrorData | null = null
    let accepted: Game | null = null
    if (!cmdParsed.ok) {
      error = cmdParsed.error
    } else {
      const before = stateKey(game)
      const r = execute(game, cmdParsed.command)
      if (r.ok) accepted = r.game
      else {
        error = r.error
        if (stateKey(game) !== before)
          failures.push({ step: n, cmd: step.cmd, message: 'a rejected command changed the state' })
      }
    }
    const expectsRejection = rejects !== undefined && rejects !== false
    played.push({
      step: n,
      cmd: step.cmd,
      accepted: accepted !== null,
      expectedRejection: expectsRejection,
      error,
    })
    if (expectsRejection) {
      const code = typeof rejects === 'string' ? rejects : typeof rejects === 'object' ? rejects.code : null
      if (accepted) {
        failures.push({
          step: n,
          cmd: step.cmd,
          message: `expected a rejection${code ? ` (${code})` : ''}, but it was accepted`,
        })
        break
      }
      if (code !== null && error?.code !== code) {
        failures.push({
          step: n,
          cmd: step.cmd,
          message: `expected rejection ${code}, got ${error?.code}: ${error?.message.en}`,
        })
      } else if (
        typeof rejects === 'object' &&
        rejects.params &&
        !matches(rejects.params, error?.details ?? {})
      ) {
        failures.push({
          step: n,
          cmd: step.cmd,
          message: `expected rejection parameters ${fmt(rejects.params)}, got ${fmt(error?.details ?? {})}`,
        })
      }
    } else if (!accepted) {
      failures.push({ step: n, cmd: step.cmd, message: `rejected: ${error?.code}: ${error?.message.en}` })
      break
    } else {
      game = accepted
    }
    if (expect) {
      for (const m of checkExpect(game, expect)) failures.push({ step: n, cmd: step.cmd, message: m })
    }
  }
  if (failures.length === 0 && sc.expect) {
    for (const m of checkExpect(game, sc.expect)) failures.push({ step: null, cmd: null, message: m })
  }
  // The log replayed from scratch must give the same state (docs/architecture.md: replay(log) equals the incremental state).
  const replayed = restore(game.setup, game.log)
  if (JSON.stringify(replayed.state) !== JSON.stringify(game.state)) {
    failures.push({
      step: null,
      cmd: null,
      message: 'replay(log) differs from the incrementally built state',
    })
  }
  return {
    name: sc.name,
    ok: failures.length === 0,
    failures,
    steps: played,
    stepsRun,
    game,
    view: controlView(game, game.log.length),
  }
}

/** A readable one-block summary of a result; every rejected step with its code and message in `lang`. */
export function formatResult(r: ScenarioResult, file?: string, lang: 'ru' | 'en' = 'ru'): string {
  const head = `${r.ok ? 'PASS' : 'FAIL'} ${file ? `${file}: ` : ''}${r.name} (${r.stepsRun} steps)`
  const v = r.view
  const state = v
    ? `  → phase ${v.phase}${v.step ? `/${v.step}` : ''}, day ${v.day}, night ${v.night}, winner ${v.winner ?? '—'}` +
      `, out: ${
        v.players
          .filter((p) => p.status !== 'alive')
          .map((p) => `${p.seat} ${p.status}`)
          .join(', ') || 'none'
      }`
    : ''
  const rejected = r.steps
    .filter((x) => !x.accepted && x.error)
    .map(
      (x) =>
        `  · step ${x.step} (${x.cmd}) rejected${x.expectedRejection ? ' as expected' : ''}: ${x.error!.code}: ${x.error!.message[lang]}`,
    )
  const lines = r.failures.map(
    (f) => `  ✗ ${f.step === null ? 'final' : `step ${f.step} (${f.cmd})`}: ${f.message}`,
  )
  return [head, state, ...rejected, ...lines].filter((x) => x !== '').join('\n')
}
