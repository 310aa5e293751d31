/**
 * Awards (номинации, issue 31 §1), computed from the standings' own per-game points: every figure is a sum over
 * the per-seat scores `computeAllStandings` gives (the stored protocol's points plus Ci and automatic bonuses), never
 * a second scoring. Pure: no I/O, no clock, no randomness.
 */
import type { Role } from '../../shared/game/record'
import type {
  AwardResult,
  AwardRoleFilter,
  AwardRule,
  AwardSettings,
  AwardTieBreak,
  AwardWinner,
} from '../../shared/awards'
import { roundScore } from './points'
import {
  computeAllStandings,
  type AllStandings,
  type GameSeatScore,
  type StandingsGame,
  type StandingsOptions,
} from './standings'

const ROLES_OF: Record<AwardRoleFilter, readonly Role[]> = {
  red: ['civilian', 'sheriff'],
  black: ['mafia', 'don'],
  civilian: ['civilian'],
  sheriff: ['sheriff'],
  mafia: ['mafia'],
  don: ['don'],
}

/** Whether a seat's role counts for an award's role filter. */
export function roleCounts(filter: AwardRoleFilter, role: Role): boolean {
  return ROLES_OF[filter].includes(role)
}

/** Whether a game of this stage (a stage kind, null outside any stage) counts under the settings. */
export function stageCounts(stages: AwardSettings['stages'], stage: string | null): boolean {
  if (stages === 'all') return true
  return stage !== null && (stages as readonly string[]).includes(stage)
}

/** A criterion's value where more is better (fouls and the standings place are negated). */
function better(w: AwardWinner, key: 'measure' | AwardTieBreak): number {
  switch (key) {
    case 'measure':
      return w.value
    case 'games':
      return w.games
    case 'wins':
      return w.wins
    case 'ci':
      return w.ci
    case 'bestMove':
      return w.bestMoveHits
    case 'fouls':
      return -w.fouls
    case 'rank':
      return w.rank === null ? -Infinity : -w.rank
  }
}

/** A contender with his criteria values (more is better), in the rule's order: the measure, then the tie-breaks. */
interface Ranked {
  w: AwardWinner
  values: number[]
}

/** The index of the first criterion on which a and b differ, or -1 when they tie on every one. */
function differsAt(a: Ranked, b: Ranked): number {
  for (let i = 0; i < a.values.length; i++) {
    const va = a.values[i]
    const vb = b.values[i]
    if (va === vb) continue
    if (Number.isFinite(va) && Number.isFinite(vb) && roundScore(va - vb) === 0) continue
    return i
  }
  return -1
}

/** Negative when a places above b. */
function compare(a: Ranked, b: Ranked): number {
  const i = differsAt(a, b)
  if (i < 0) return 0
  return b.values[i] > a.values[i] ? 1 : -1
}

function measureOf(w: Omit<AwardWinner, 'value'>, rule: AwardRule): number {
  switch (rule.measure) {
    case 'points':
      return w.points
    case 'pointsPerGame':
      return w.pointsPerGame
    case 'wins':
      return w.wins
  }
}

/** Per-player figures in the award's roles, from the standings' per-seat scores. */
function figures(
  scores: readonly GameSeatScore[],
  rule: AwardRule,
  fouls: ReadonlyMap<string, number>,
  ranks: ReadonlyMap<string, number>,
): AwardWinner[] {
  const rows = new Map<string, Omit<AwardWinner, 'value'>>()
  for (const s of scores) {
    if (!roleCounts(rule.roles, s.role)) continue
    let r = rows.get(s.playerKey)
    if (r === undefined) {
      r = {
        playerKey: s.playerKey,
        playerId: s.playerId,
        name: s.name,
        games: 0,
        wins: 0,
        points: 0,
        pointsPerGame: 0,
        ci: 0,
        bestMoveHits: 0,
        fouls: 0,
        rank: ranks.get(s.playerKey) ?? null,
      }
      rows.set(s.playerKey, r)
    }
    r.games++
    if (s.result === 'win') r.wins++
    r.points = roundScore(r.points + s.total)
    r.ci = roundScore(r.ci + s.ci)
    if (s.bestMove > 0) r.bestMoveHits++
    r.fouls += fouls.get(`${s.gameId}:${s.seat}`) ?? 0
  }
  return [...rows.values()].map((r) => {
    const withPpg = { ...r, pointsPerGame: r.games > 0 ? roundScore(r.points / r.games) : 0 }
    return { ...withPpg, value: measureOf(withPpg, rule) }
  })
}

/** One award's result over the counted per-seat scores. */
export function decideAward(
  scores: readonly GameSeatScore[],
  rule: AwardRule,
  fouls: ReadonlyMap<string, number>,
  ranks: ReadonlyMap<string, number>,
): AwardResult {
  const keys = ['measure', ...rule.tieBreaks] as const
  const sorted: Ranked[] = figures(scores, rule, fouls, ranks)
    .filter((w) => w.games >= rule.minGames && w.games > 0)
    .map((w) => ({ w, values: keys.map((k) => better(w, k)) }))
    .sort((a, b) => compare(a, b) || (a.w.playerKey < b.w.playerKey ? -1 : 1))
  const best = sorted[0]
  // Shared winners are listed by name (the few of them; the sort above keeps to cheap comparisons).
  const winners = (best === undefined ? [] : sorted.filter((r) => compare(best, r) === 0)).sort(
    (a, b) => a.w.name.localeCompare(b.w.name) || (a.w.playerKey < b.w.playerKey ? -1 : 1),
  )
  const next = sorted[winners.length]
  const at = winners.length === 1 && next !== undefined ? differsAt(best, next) : -1
  return {
    id: rule.id,
    title: rule.title,
    roles: rule.roles,
    measure: rule.measure,
    minGames: rule.minGames,
    contenders: sorted.length,
    winners: winners.map((r) => r.w),
    decidedBy: at < 0 ? null : keys[at],
  }
}

/** Fouls per game and seat, read from the records (the standings' scores carry points, not fouls). */
export function foulsBySeat(games: readonly StandingsGame[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const g of games) for (const s of g.record.seats) out.set(`${g.gameId}:${s.seat}`, s.fouls)
  return out
}

/**
 * The enabled awards' results from standings already computed for these games (the same options): the standings'
 * per-seat scores of the counted stages, their overall places for the `rank` tie-break.
 */
export function awardsFromStandings(
  standings: AllStandings,
  games: readonly StandingsGame[],
  settings: AwardSettings,
): AwardResult[] {
  const scores = standings.games.filter((s) => stageCounts(settings.stages, s.stage))
  const ranks = new Map(standings.overall.map((r) => [r.playerKey, r.rank]))
  const fouls = foulsBySeat(games)
  return settings.awards.filter((a) => a.enabled).map((rule) => decideAward(scores, rule, fouls, ranks))
}

/** The enabled awards' results for a tournament's games under its standings options. */
export function computeAwards(
  games: StandingsGame[],
  options: Omit<StandingsOptions, 'stage'>,
  settings: AwardSettings,
): AwardResult[] {
  return awardsFromStandings(computeAllStandings(games, options), games, settings)
}
