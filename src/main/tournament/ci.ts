/** Ci, first-kill compensation (docs/rules.md §13.5), over a stage or the whole tournament. Pure. */
import { roundScore } from './points'
import type { ScoringConfig } from './scoring'
import type { GameSeatScore } from './standings'

/** A seat of a game, as a key (the culprits of a team defeat get no Ci). */
export const culpritKey = (gameId: number, seat: number): string => `${gameId}:${seat}`

/**
 * Ci per docs/rules.md §13.5: n games played, i times killed first while red, B = round(ratio·n),
 * Ci = min(K·i/B, K), 0 when B = 0. The value is added in each game where the player was killed first and lost.
 */
export function computeCi(n: number, i: number, k: number, ratio = 0.4): number {
  // ratio·n is never exactly x.5 for ratio 0.4 and integer n; Math.round is the usual rounding.
  const b = Math.round(roundScore(ratio * n))
  if (b === 0 || i === 0) return 0
  return Math.min((k * i) / b, k)
}

/** Whether Ci applies in a stage: on in the config, and not a final with fewer than minFinalGames games. */
export function ciApplies(config: ScoringConfig, stage: string | null, stageGameCount: number): boolean {
  if (!config.ci.enabled) return false
  if (stage !== null && config.ci.finalStages.includes(stage) && stageGameCount < config.ci.minFinalGames)
    return false
  return true
}

export function applyCi(scores: GameSeatScore[], config: ScoringConfig, culprits: Set<string>): void {
  if (!config.ci.enabled) return
  const stageGames = new Map<string | null, Set<number>>()
  for (const s of scores) {
    let set = stageGames.get(s.stage)
    if (set === undefined) stageGames.set(s.stage, (set = new Set()))
    set.add(s.gameId)
  }
  // Scope groups: each stage, or the whole tournament.
  const groups = new Map<string, GameSeatScore[]>()
  for (const s of scores) {
    const key = config.ci.scope === 'stage' ? `stage:${s.stage ?? ''}:${s.stage === null ? 0 : 1}` : 'all'
    let list = groups.get(key)
    if (list === undefined) groups.set(key, (list = []))
    list.push(s)
  }
  for (const list of groups.values()) {
    const n = new Map<string, number>()
    const i = new Map<string, number>()
    for (const s of list) {
      n.set(s.playerKey, (n.get(s.playerKey) ?? 0) + 1)
      if (s.firstKilled) i.set(s.playerKey, (i.get(s.playerKey) ?? 0) + 1)
    }
    for (const s of list) {
      if (!s.firstKilled || s.result !== 'loss') continue
      if (culprits.has(culpritKey(s.gameId, s.seat))) continue
      if (!ciApplies(config, s.stage, stageGames.get(s.stage)?.size ?? 0)) continue
      const ci = roundScore(
        computeCi(n.get(s.playerKey) ?? 0, i.get(s.playerKey) ?? 0, config.ci.k, config.ci.ratio),
      )
      s.ci = ci
      s.total = roundScore(s.total + ci)
    }
  }
}
