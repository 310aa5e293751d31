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
import { roundScore } from './scoring'
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

/** The first criterion on which a and b differ, or null when they tie on every one. */
function deciding(a: AwardWinner, b: AwardWinner, rule: AwardRule): 'measure' | AwardTieBreak | null {
  for (const key of ['measure', ...rule.tieBreaks] as const) {
    const va = better(a, key)
    const vb = better(b, key)
    if (va === vb) continue
    if (Number.isFinite(va) && Number.isFinite(vb) && roundScore(va - vb) === 0) continue
    return key
  }
  return null
}

/** Negative when a places above b. */
function compare(a: AwardWinner, b: AwardWinner, rule: AwardRule): number {
  const key = deciding(a, b, rule)
  if (key === null) return 0
  return better(b, key) > better(a, key) ? 1 : -1
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
  const contenders = figures(scores, rule, fouls, ranks).filter(
    (w) => w.games >= rule.minGames && w.games > 0,
  )
  const sorted = contenders.sort(
    (a, b) => compare(a, b, rule) || a.name.localeCompare(b.name) || (a.playerKey < b.playerKey ? -1 : 1),
  )
  const best = sorted[0]
  const winners = best === undefined ? [] : sorted.filter((w) => compare(best, w, rule) === 0)
  const next = sorted[winners.length]
  const decidedBy = winners.length === 1 && next !== undefined ? deciding(best, next, rule) : null
  return {
    id: rule.id,
    title: rule.title,
    roles: rule.roles,
    measure: rule.measure,
    minGames: rule.minGames,
    contenders: sorted.length,
    winners,
    decidedBy,
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
