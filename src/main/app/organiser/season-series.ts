/**
 * The club's seasons (issue 31 §4): their definitions in the database, the season table (tournament/series.ts
 * over each tournament's final classification from the live standings, and the rating over the season's games),
 * and the versioned result exports of a season and of a tournament (export/results.ts).
 */
import type { MafiaDb, Tournament } from '../../db'
import { liveStandings, tournamentNotFound } from '../exports'
import { seasonGames } from '../season'
import { computeRatings, ratingGamesOf } from '../../tournament/rating'
import { seriesTable } from '../../tournament/series'
import {
  seasonResults,
  seasonResultsToCsv,
  seasonResultsToJson,
  tournamentResults,
  tournamentResultsToCsv,
  tournamentResultsToJson,
  type ResultsAward,
  type ResultsFormat,
} from '../../export/results'
import type { Lang } from '../../export/i18n'
import {
  newSeasonConfig,
  SEASON_TIE_RULE,
  type SeasonConfig,
  type SeasonDef,
  type SeasonSaveInput,
  type SeasonTable,
} from '../../../shared/season-series'
import { AppError, appError } from '../../../shared/errors'

function seasonNotFound(id: number): AppError {
  return new AppError(
    appError('season/not_found', `Сезон №${id} не найден`, `Season ${id} not found`, { seasonId: id }),
  )
}

export function requireSeason(db: MafiaDb, id: number): SeasonDef {
  const s = db.seasons.getSeason(id)
  if (s === null) throw seasonNotFound(id)
  return s
}

export function listSeasons(db: MafiaDb): SeasonDef[] {
  return db.seasons.listSeasons()
}

/** Saves a season: a change keeps the fields it does not name; a new one starts from the defaults. */
export function saveSeason(db: MafiaDb, input: SeasonSaveInput): SeasonDef {
  const base: SeasonConfig =
    input.seasonId === undefined ? newSeasonConfig(input.name) : requireSeason(db, input.seasonId)
  const config: SeasonConfig = {
    name: input.name,
    from: input.from === undefined ? base.from : input.from,
    to: input.to === undefined ? base.to : input.to,
    tournamentIds: input.tournamentIds ?? base.tournamentIds,
    friendlies: input.friendlies ?? base.friendlies,
    points: input.points ?? base.points,
    weights: input.weights ?? base.weights,
  }
  return db.seasons.saveSeason(input.seasonId ?? null, config)
}

export function deleteSeason(db: MafiaDb, id: number): SeasonDef[] {
  requireSeason(db, id)
  db.seasons.deleteSeason(id)
  return db.seasons.listSeasons()
}

/** The day a tournament counts on: its start date, or the day it was created when it has none. */
const dayOf = (t: Tournament): string => t.startsOn ?? new Date(t.createdAt).toISOString().slice(0, 10)

const inRange = (day: string, s: SeasonConfig): boolean =>
  (s.from === null || day >= s.from) && (s.to === null || day <= s.to)

/** The season's tournaments in date order: the explicit list, or the tournaments that start in the range. */
export function seasonTournaments(db: MafiaDb, s: SeasonConfig): Tournament[] {
  const picked =
    s.tournamentIds.length > 0
      ? s.tournamentIds.map((id) => db.tournaments.getTournament(id) ?? missing(id))
      : db.tournaments.listTournaments().filter((t) => inRange(dayOf(t), s))
  return [...picked].sort((a, b) => dayOf(a).localeCompare(dayOf(b)) || a.id - b.id)
}

function missing(id: number): never {
  throw tournamentNotFound(id)
}

export function seasonTable(db: MafiaDb, seasonId: number): SeasonTable {
  const season = requireSeason(db, seasonId)
  const tournaments = seasonTournaments(db, season).map((t) => ({
    t,
    weight: season.weights[String(t.id)] ?? 1,
    classification: liveStandings(db, t.id).classification,
  }))
  const ids = new Set(tournaments.map((x) => x.t.id))
  // The rating over the season's games: its tournaments' games, and its friendly games when they count.
  const games = seasonGames(db).filter((g) =>
    g.tournamentId === null
      ? season.friendlies && inRange(new Date(g.at).toISOString().slice(0, 10), season)
      : ids.has(g.tournamentId),
  )
  const ratings = computeRatings(ratingGamesOf(games))
  const nickname = (id: number): string => db.players.getPlayer(id)?.nickname ?? `#${id}`
  return {
    season,
    tournaments: tournaments.map(({ t, weight, classification }) => ({
      id: t.id,
      name: t.name,
      startsOn: t.startsOn,
      weight,
      players: classification.length,
    })),
    ratedGames: ratings.rated,
    tieRule: [...SEASON_TIE_RULE],
    rows: seriesTable(
      tournaments.map(({ t, weight, classification }) => ({ id: t.id, weight, classification })),
      season.points,
      ratings,
      nickname,
    ),
  }
}

export function seasonResultsFile(
  db: MafiaDb,
  seasonId: number,
  format: ResultsFormat,
  lang: Lang = 'ru',
): { fileName: string; bytes: Buffer } {
  const doc = seasonResults(seasonTable(db, seasonId))
  const bytes = format === 'json' ? seasonResultsToJson(doc) : seasonResultsToCsv(doc, lang)
  return { fileName: `season-${seasonId}.${format}`, bytes }
}

/**
 * The awards of a tournament for its results file. None are kept yet (the awards feature fills this hook): the
 * document then has no `awards` field.
 */
export type AwardsSource = (db: MafiaDb, tournamentId: number) => ResultsAward[]
const noAwards: AwardsSource = () => []

export function tournamentResultsFile(
  db: MafiaDb,
  tournamentId: number,
  format: ResultsFormat,
  lang: Lang = 'ru',
  awards: AwardsSource = noAwards,
): { fileName: string; bytes: Buffer } {
  const t = db.tournaments.getTournament(tournamentId)
  if (!t) throw tournamentNotFound(tournamentId)
  const doc = tournamentResults({
    tournament: { id: t.id, uuid: t.uuid, name: t.name, startsOn: t.startsOn, endsOn: t.endsOn },
    standings: liveStandings(db, tournamentId),
    awards: awards(db, tournamentId),
  })
  const bytes = format === 'json' ? tournamentResultsToJson(doc) : tournamentResultsToCsv(doc, lang)
  return { fileName: `results-${tournamentId}.${format}`, bytes }
}
