/**
 * The club's season across tournaments and friendly games: the rating (tournament/rating.ts), a player's page and
 * a head-to-head view (tournament/player-stats.ts), read from every finished, not cancelled game of the database.
 * A game's records are rebuilt from its log once and kept while its row is unchanged (like the standings' cache),
 * so opening the rating again after one more game replays that game only.
 */
import { gameRecord, restore, type GameSetup, type LogEntry } from '../engine'
import type { MafiaDb } from '../db'
import { computeRatings, ratingGamesOf, type RatingTable } from '../tournament/rating'
import { headToHead, playerStats, type StatsGame } from '../tournament/player-stats'
import type { SeasonHeadToHead, SeasonPlayer, SeasonRatings } from '../../shared/contract'
import { AppError, appError } from '../../shared/errors'

interface Cached {
  key: string
  game: StatsGame
}

const cacheOf = new WeakMap<MafiaDb, Map<number, Cached>>()

/** Every finished, not cancelled game, with its record; the time is the game's first command (part of its log, so
 * the same after an export and an import). */
export function seasonGames(db: MafiaDb): StatsGame[] {
  let cache = cacheOf.get(db)
  if (cache === undefined) cacheOf.set(db, (cache = new Map()))
  const seen = new Set<number>()
  const out: StatsGame[] = []
  for (const row of db.games.listGames({ status: 'finished' })) {
    seen.add(row.id)
    const key = `${row.uuid}|${row.lastSeq ?? ''}|${row.updatedAt}`
    const hit = cache.get(row.id)
    if (hit !== undefined && hit.key === key) {
      out.push(hit.game)
      continue
    }
    const loaded = db.games.loadGame(row.id)
    if (!loaded) continue
    const log = loaded.log as LogEntry[]
    const record = gameRecord(restore(loaded.game.setup as GameSetup, [...log]))
    const game: StatsGame = {
      key: row.uuid,
      at: log[0]?.at ?? row.createdAt,
      tournamentId: row.tournamentId,
      record,
    }
    cache.set(row.id, { key, game })
    out.push(game)
  }
  for (const id of [...cache.keys()]) if (!seen.has(id)) cache.delete(id)
  return out
}

function table(db: MafiaDb): { games: StatsGame[]; ratings: RatingTable } {
  const games = seasonGames(db)
  return { games, ratings: computeRatings(ratingGamesOf(games)) }
}

const nickname = (db: MafiaDb, id: number): string => db.players.getPlayer(id)?.nickname ?? `#${id}`

export function seasonRatings(db: MafiaDb): SeasonRatings {
  const { ratings } = table(db)
  return {
    rated: ratings.rated,
    rows: ratings.ranking.map((r, i) => ({
      place: i + 1,
      playerId: r.playerId,
      nickname: nickname(db, r.playerId),
      games: r.games,
      wins: r.wins,
      mu: Math.round(r.mu * 100) / 100,
      sigma: Math.round(r.sigma * 100) / 100,
      rating: Math.round(r.ordinal * 100) / 100,
    })),
  }
}

function requirePlayer(db: MafiaDb, id: number): void {
  if (!db.players.getPlayer(id))
    throw new AppError(
      appError('season/no_player', `Игрока #${id} нет в реестре`, `Player #${id} is not in the registry`, {
        playerId: id,
      }),
    )
}

export function seasonPlayer(db: MafiaDb, playerId: number): SeasonPlayer {
  requirePlayer(db, playerId)
  const { games, ratings } = table(db)
  const r = ratings.byPlayer.get(playerId)
  const place = ratings.ranking.findIndex((x) => x.playerId === playerId)
  return {
    playerId,
    nickname: nickname(db, playerId),
    stats: playerStats(playerId, games),
    rating: r ? Math.round(r.ordinal * 100) / 100 : null,
    place: place >= 0 ? place + 1 : null,
    history: r?.history ?? [],
  }
}

export function seasonHeadToHead(db: MafiaDb, a: number, b: number): SeasonHeadToHead {
  requirePlayer(db, a)
  requirePlayer(db, b)
  return { ...headToHead(a, b, seasonGames(db)), aName: nickname(db, a), bName: nickname(db, b) }
}
