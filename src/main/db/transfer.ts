/** Export and import of `mafia-desk/games` JSON documents (docs/data-format.md). */
import type { AwardSettings } from '../../shared/awards'
import { storedAwardRules } from './awards'
import type { AppError } from '../../shared/errors'
import { Repo } from './core'
import { dbError, tournamentArchived } from './errors'
import {
  EXCHANGE_FORMAT,
  EXCHANGE_VERSION,
  EXCHANGE_VERSIONS,
  documentTournaments,
  exchangeDocumentSchema,
  gameTournament,
  type ExchangeAppeal,
  type ExchangeDocument,
  type ExchangeGame,
  type ExchangePair,
  type ExchangeSeason,
  type ExchangeTournament,
} from './exchange'
import type { AppealDbRow, AppealsRepo } from './appeals'
import { checkConfig, type SeasonsRepo } from './seasons'
import { CUSTOM_SCORING_SYSTEMS_KEY, type SettingsRepo, tournamentNormaliserKey } from './settings'
import { z } from 'zod'
import { SHIPPED_SCORING_SYSTEMS } from '../../shared/game/ruleset'
import { normaliserSchema, scoringSystemSchema, type ScoringSystem } from '../../shared/game/scoring-system'
import { isRecord } from './fsutil'
import { loadLog, roundLocked, writeSeats, type GamesRepo } from './games'
import { insertPlayer, playerByKey } from './players'
import type { RoundDbRow, StageDbRow, TableDbRow, TournamentDbRow, GameDbRow } from './rows'
import { canonicalJson, foldKey } from './text'
import type { TournamentsRepo } from './tournaments'
import type { ExportScope, ImportReport } from './types'
import { checkNickname, optionalText, remapSetupPlayers, rulesetIdOf, setupSeats, toJson } from './validate'

/** Local ids → the file's stage positions, round numbers and table numbers (export). */
interface PlaceMaps {
  stagePos: Map<number, number>
  roundNum: Map<number, number>
  tableNum: Map<number, number>
}

/** One imported tournament: its local id and its stages, rounds (`stage/round`) and tables by the file's numbers. */
interface ImportedPlaces {
  id: number
  stageIds: Map<number, number>
  roundIds: Map<string, number>
  tableIds: Map<number, number>
}

export class TransferRepo extends Repo {
  constructor(
    core: ConstructorParameters<typeof Repo>[0],
    private readonly games: GamesRepo,
    private readonly tournaments: TournamentsRepo,
    private readonly appeals: AppealsRepo,
    private readonly seasons: SeasonsRepo,
    private readonly settings: SettingsRepo,
  ) {
    super(core)
  }

  /**
   * Exports one game, a round's games, a tournament's games or the whole database (`{ all: true }`) as a
   * `mafia-desk/games` v2 JSON document. Each tournament carries its normaliser and the appeals on the exported
   * games; the whole database adds every player, the seasons (tournaments by uuid) and the registry's pairs.
   */
  exportJson(scope: ExportScope): string {
    return this.guard(() => {
      let games: GameDbRow[]
      let tournamentIds: number[]
      const whole = 'all' in scope
      if ('gameId' in scope) {
        const g = this.requireGame(scope.gameId)
        games = [g]
        tournamentIds = g.tournament_id === null ? [] : [g.tournament_id]
      } else if ('roundId' in scope) {
        const r = this.requireRound(scope.roundId)
        tournamentIds = [this.requireStage(r.stage_id).tournament_id]
        games = this.stmt('SELECT * FROM games WHERE round_id = ? ORDER BY table_id, number, id').all(
          scope.roundId,
        ) as GameDbRow[]
      } else if ('tournamentId' in scope) {
        tournamentIds = [this.requireTournament(scope.tournamentId).id]
        games = this.stmt('SELECT * FROM games WHERE tournament_id = ? ORDER BY id').all(
          scope.tournamentId,
        ) as GameDbRow[]
      } else {
        tournamentIds = (
          this.stmt('SELECT id FROM tournaments ORDER BY id').all() as Array<{ id: number }>
        ).map((t) => t.id)
        games = this.stmt('SELECT * FROM games ORDER BY id').all() as GameDbRow[]
      }
      const doc: ExchangeDocument = {
        format: EXCHANGE_FORMAT,
        version: EXCHANGE_VERSION,
        exportedAt: new Date().toISOString(),
        app: 'Mafia Desk',
        players: [],
        games: [],
      }
      const maps: PlaceMaps = { stagePos: new Map(), roundNum: new Map(), tableNum: new Map() }
      const uuidOf = new Map<number, string>()
      const exported = new Map<number, ExchangeTournament>()
      for (const id of tournamentIds) {
        const t = this.exportTournament(id, maps)
        if (t) {
          exported.set(id, t)
          uuidOf.set(id, t.uuid)
        }
      }
      if (whole) doc.tournaments = [...exported.values()]
      else if (exported.size > 0) doc.tournament = [...exported.values()][0]
      const playerIds = new Set<number>()
      const gameUuid = new Map<number, string>()
      for (const g of games) {
        gameUuid.set(g.id, g.uuid)
        const results = this.games.getResults(g.id)
        const seats = this.stmt(
          'SELECT player_id FROM game_seats WHERE game_id = ? AND player_id IS NOT NULL',
        ).all(g.id) as Array<{ player_id: number }>
        for (const s of seats) playerIds.add(s.player_id)
        for (const r of results) if (r.playerId !== null) playerIds.add(r.playerId)
        const game: ExchangeGame = {
          uuid: g.uuid,
          tournament: g.tournament_id === null ? null : (uuidOf.get(g.tournament_id) ?? null),
          stage: g.stage_id === null ? null : (maps.stagePos.get(g.stage_id) ?? null),
          round: g.round_id === null ? null : (maps.roundNum.get(g.round_id) ?? null),
          table: g.table_id === null ? null : (maps.tableNum.get(g.table_id) ?? null),
          number: g.number,
          judge: g.judge,
          status: g.status,
          rulesetId: g.ruleset_id,
          winner: g.winner,
          createdAt: g.created_at,
          updatedAt: g.updated_at,
          setup: JSON.parse(g.setup) as unknown,
          log: loadLog(this.core, g.id) as ExchangeGame['log'],
          results,
          cancelled: g.cancelled_at === null ? null : { at: g.cancelled_at, reason: g.cancel_reason ?? '' },
        }
        doc.games.push(game)
      }
      // The appeals on the exported games (an appeal on a game left out would name nothing in the file).
      for (const [id, t] of exported) {
        const appeals = this.exportAppeals(id, gameUuid, playerIds)
        if (appeals.length > 0) t.appeals = appeals
      }
      if (whole) {
        for (const p of this.stmt('SELECT id FROM players ORDER BY id').all() as Array<{ id: number }>)
          playerIds.add(p.id)
        doc.pairs = this.seasons.listPairPolicies().map((p) => ({ a: p.a, b: p.b, reason: p.reason }))
        doc.seasons = this.exportSeasons()
        doc.scoringSystems = this.customSystems()
      }
      for (const id of [...playerIds].sort((a, b) => a - b)) {
        const p = this.requirePlayer(id)
        doc.players.push({
          id: p.id,
          nickname: p.nickname,
          fullName: p.full_name,
          club: p.club,
          city: p.city,
        })
      }
      return JSON.stringify(doc)
    })
  }

  /** A tournament's structure, award rules and normaliser for the file (null: no such tournament). */
  private exportTournament(tournamentId: number, maps: PlaceMaps): ExchangeTournament | null {
    const structure = this.tournaments.getStructure(tournamentId)
    if (!structure) return null
    const t = structure.tournament
    const normaliser = normaliserSchema.safeParse(this.setting(tournamentNormaliserKey(t.uuid)))
    return {
      uuid: t.uuid,
      name: t.name,
      startsOn: t.startsOn,
      endsOn: t.endsOn,
      ruleset: t.ruleset ?? undefined,
      stages: structure.stages.map((s) => {
        maps.stagePos.set(s.id, s.position)
        return {
          position: s.position,
          kind: s.kind,
          name: s.name,
          rounds: s.rounds.map((r) => {
            maps.roundNum.set(r.id, r.number)
            return {
              number: r.number,
              status: r.status,
              finishedAt: r.finishedAt,
              judges: this.stmt(
                `SELECT t.number AS "table", rj.judge FROM round_judges rj JOIN tables t ON t.id = rj.table_id
                 WHERE rj.round_id = ? ORDER BY t.number`,
              ).all(r.id) as Array<{ table: number; judge: string }>,
            }
          }),
        }
      }),
      tables: structure.tables.map((tb) => {
        maps.tableNum.set(tb.id, tb.number)
        return { number: tb.number, name: tb.name, judge: tb.judge }
      }),
      ...this.awardRulesOf(tournamentId),
      // The normaliser as the standings read it (a stored value they cannot read is none there and here).
      ...(normaliser.success ? { normaliser: normaliser.data } : {}),
    }
  }

  /** The tournament's appeals on the exported games (by game uuid), each with its logged steps. */
  private exportAppeals(
    tournamentId: number,
    gameUuid: Map<number, string>,
    playerIds: Set<number>,
  ): ExchangeAppeal[] {
    // The appeals office's own reading of its rows (one mapping), named here by game uuid.
    const out: ExchangeAppeal[] = []
    for (const a of this.appeals.list(tournamentId).sort((x, y) => x.number - y.number)) {
      const game = gameUuid.get(a.gameId)
      if (game === undefined) continue
      if (a.filer.playerId !== null) playerIds.add(a.filer.playerId)
      out.push({
        number: a.number,
        game,
        filer: a.filer,
        text: a.text,
        status: a.status,
        answer: a.answer,
        amendSeq: a.amendSeq,
        createdAt: a.createdAt,
        history: a.history,
      })
    }
    return out
  }

  /** Every season, its tournaments and weights named by tournament uuid (a damaged season is a clear error). */
  private exportSeasons(): ExchangeSeason[] {
    // The seasons as their own repository reads them (each checked; a damaged one is a clear error).
    return this.seasons.listSeasons().map((c) => {
      const uuid = (id: number): string => {
        const t = this.stmt('SELECT uuid FROM tournaments WHERE id = ?').get(id) as
          { uuid: string } | undefined
        if (!t)
          throw dbError(
            'db/bad_season',
            `Сезон «${c.name}» называет турнир №${id}, которого нет в базе: исправьте сезон и выгрузите снова.`,
            `The season "${c.name}" names tournament ${id}, which is not in the database: fix the season and export again.`,
            { seasonId: c.id, tournamentId: id },
          )
        return t.uuid
      }
      return {
        name: c.name,
        from: c.from,
        to: c.to,
        tournaments: c.tournamentIds.map(uuid),
        friendlies: c.friendlies,
        points: c.points,
        weights: Object.fromEntries(Object.entries(c.weights).map(([id, w]) => [uuid(Number(id)), w])),
      }
    })
  }

  /** The custom scoring systems as the scoring page reads them (a damaged list is a clear error, never dropped). */
  private customSystems(): ScoringSystem[] {
    const stored = this.setting(CUSTOM_SCORING_SYSTEMS_KEY)
    if (stored === null) return []
    const parsed = z.array(scoringSystemSchema).safeParse(stored)
    if (!parsed.success) {
      throw dbError(
        'db/bad_scoring_systems',
        'Сохранённые свои системы подсчёта очков повреждены и не читаются; ничего не изменено. Восстановите резервную копию.',
        'The stored custom scoring systems are damaged and cannot be read; nothing was changed. Restore a backup.',
        { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) },
      )
    }
    return parsed.data
  }

  private setting(key: string): unknown {
    return this.settings.getSetting<unknown>(key)
  }

  /**
   * Imports a `mafia-desk/games` document in one transaction. Refuses (changing nothing) malformed JSON
   * (db/import_malformed), another format (db/import_wrong_format), another version
   * (db/import_unsupported_version), a game whose uuid is present with the same log (db/import_duplicate) or
   * with a different log (db/import_conflict). Players are matched by nickname and created when missing; the
   * tournament by uuid, stages by position, rounds by number, tables by number (created when missing).
   */
  importJson(
    text: string,
    verify?: (game: ExchangeGame, tournament: ExchangeTournament | undefined) => ExchangeGame,
  ): ImportReport {
    const doc = parseExchange(text)
    const fileTournaments = new Map(documentTournaments(doc).map((t) => [t.uuid, t]))
    // The app layer checks each game against the engine (setup, log, results) before anything is written.
    if (verify) doc.games = doc.games.map((g) => verify(g, fileTournaments.get(g.tournament ?? '')))
    // An appeal is filed on a finished game (as the engine, not the file, says) by a player of that game or a captain.
    for (const t of fileTournaments.values())
      for (const a of t.appeals ?? []) refuseAppealOnGame(t, a, doc.games)
    // Players' text goes through the registry's own checks, as at registration (issue 29 §7).
    const players = doc.players.map((p) => ({
      id: p.id,
      nickname: checkNickname(p.nickname),
      fullName: optionalText(p.fullName, 'fullName'),
      club: optionalText(p.club, 'club'),
      city: optionalText(p.city, 'city'),
    }))
    return this.write(() => {
      // Closed means locked (issue 29 §4): nothing enters an archived tournament.
      for (const t of fileTournaments.values()) {
        const known = this.stmt('SELECT * FROM tournaments WHERE uuid = ?').get(t.uuid) as
          TournamentDbRow | undefined
        if (known && known.archived_at !== null && doc.games.some((g) => g.tournament === t.uuid))
          throw tournamentArchived(known.name, known.id)
      }
      // 1. Refuse duplicates and conflicts before writing anything.
      const duplicates: string[] = []
      const conflicts: string[] = []
      // A game prepared here but played on another machine (same uuid, nothing stored yet) is replaced.
      const placeholders: number[] = []
      for (const g of doc.games) {
        const existing = this.stmt('SELECT id, last_seq FROM games WHERE uuid = ?').get(g.uuid) as
          { id: number; last_seq: number | null } | undefined
        if (!existing) continue
        if (existing.last_seq === null && g.log.length > 0) {
          placeholders.push(existing.id)
          continue
        }
        const stored = loadLog(this.core, existing.id)
        const same =
          stored.length === g.log.length &&
          stored.every((e, i) => canonicalJson(e) === canonicalJson({ ...g.log[i] }))
        ;(same ? duplicates : conflicts).push(g.uuid)
      }
      // The same game under a new uuid is the same game: recognised by its seats, roles and commands, never counted
      // twice (in the database or within the file).
      const seen = new Map<string, string>()
      for (const g of doc.games) {
        if (g.log.length === 0 || duplicates.includes(g.uuid) || conflicts.includes(g.uuid)) continue
        const key = gameFingerprint(g.setup, g.log)
        const twin = seen.get(key) ?? this.sameGameAs(g.uuid, key, g.log.length)
        if (twin !== null) duplicates.push(g.uuid)
        else seen.set(key, g.uuid)
      }
      if (conflicts.length > 0) {
        throw dbError(
          'db/import_conflict',
          `Импорт отменён: ${conflicts.length} игр(а) с тем же идентификатором уже есть в базе, но с другим журналом. Ничего не изменено.`,
          `Import refused: ${conflicts.length} game(s) with the same id are already in the database with a different log. Nothing was changed.`,
          { conflicts, duplicates },
        )
      }
      if (duplicates.length > 0) {
        throw dbError(
          'db/import_duplicate',
          `Импорт отменён: ${duplicates.length} игр(а) уже импортирована ранее. Ничего не изменено.`,
          `Import refused: ${duplicates.length} game(s) were already imported. Nothing was changed.`,
          { duplicates },
        )
      }
      for (const id of placeholders) this.stmt('DELETE FROM games WHERE id = ?').run(id)
      // 2. Tournament structure, by uuid.
      const places = new Map<string, ImportedPlaces>()
      // Rounds of this database that were already closed before the import: their games are locked.
      const lockedRounds = new Map<number, number>()
      for (const t of fileTournaments.values()) {
        const at: ImportedPlaces = { id: 0, stageIds: new Map(), roundIds: new Map(), tableIds: new Map() }
        at.id = this.importTournament(t, at.stageIds, at.roundIds, at.tableIds, lockedRounds)
        places.set(t.uuid, at)
      }
      const tournamentId = doc.tournament ? (places.get(doc.tournament.uuid)?.id ?? null) : null
      // 3. Players by nickname.
      const playerMap = new Map<number, number>()
      let created = 0
      let matched = 0
      for (const p of players) {
        const nickname = p.nickname
        const existing = playerByKey(this.core, foldKey(nickname))
        if (existing) {
          playerMap.set(p.id, existing.id)
          matched++
        } else {
          playerMap.set(p.id, insertPlayer(this.core, nickname, p.fullName, p.club, p.city))
          created++
        }
      }
      const mapPlayer = (id: number): number | null => playerMap.get(id) ?? null
      // 4. Games.
      const insertGame = this.stmt(
        `INSERT INTO games (uuid, tournament_id, stage_id, round_id, table_id, number, judge, status, ruleset_id,
           setup, winner, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      const insertEvent = this.stmt(
        'INSERT INTO game_events (game_id, seq, command, events, at) VALUES (?, ?, ?, ?, ?)',
      )
      const insertResult = this.stmt(
        `INSERT INTO game_results (game_id, seat, player_id, role, win, best_move, extra, penalty, total, ci,
           extra_reasons, penalty_reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      const cancel = this.stmt('UPDATE games SET cancelled_at = ?, cancel_reason = ? WHERE id = ?')
      const gameIds = new Map<string, number>()
      for (const g of doc.games) {
        const setup = remapSetupPlayers(g.setup, mapPlayer)
        const at = g.tournament ? places.get(g.tournament) : undefined
        const stageId = g.stage === null ? null : (at?.stageIds.get(g.stage) ?? null)
        const roundId =
          g.round === null || g.stage === null ? null : (at?.roundIds.get(`${g.stage}/${g.round}`) ?? null)
        const tableId = g.table === null ? null : (at?.tableIds.get(g.table) ?? null)
        if (roundId !== null && lockedRounds.has(roundId)) throw roundLocked(lockedRounds.get(roundId)!, 0)
        if (roundId !== null && tableId !== null) this.games.refuseIfTableBusy(roundId, tableId)
        const info = insertGame.run(
          g.uuid,
          at?.id ?? null,
          stageId,
          roundId,
          tableId,
          g.number,
          g.judge,
          g.status,
          g.rulesetId ?? rulesetIdOf(setup),
          JSON.stringify(setup),
          g.winner,
          g.log.length > 0 ? g.log[g.log.length - 1].seq : null,
          g.createdAt,
          g.updatedAt,
        )
        const gameId = Number(info.lastInsertRowid)
        gameIds.set(g.uuid, gameId)
        // A cancelled game stays cancelled, its reason checked as `cancelGame` checks it.
        if (g.cancelled !== null)
          cancel.run(g.cancelled.at, optionalText(g.cancelled.reason, 'reason', 500), gameId)
        writeSeats(this.core, gameId, setup)
        for (const e of g.log) {
          insertEvent.run(gameId, e.seq, toJson(e.command, 'command'), JSON.stringify(e.events), e.at)
        }
        for (const r of g.results) {
          insertResult.run(
            gameId,
            r.seat,
            r.playerId === null ? null : mapPlayer(r.playerId),
            r.role,
            r.win,
            r.bestMove,
            r.extra,
            r.penalty,
            r.total,
            r.ci,
            JSON.stringify(r.extraReasons),
            JSON.stringify(r.penaltyReasons),
          )
        }
      }
      // 5. What the club keeps beside the games: appeals, registry pairs, seasons (each already here is kept).
      let appeals = 0
      for (const t of fileTournaments.values()) {
        const at = places.get(t.uuid)!
        for (const a of t.appeals ?? []) if (this.importAppeal(t, at.id, a, gameIds, mapPlayer)) appeals++
      }
      // A version 2 file carries the appeals of its amended games: every amendment names an accepted appeal of the
      // game's tournament here (the file's, just written, or one already in the database) on that very entry.
      if (doc.version >= 2) for (const g of doc.games) this.refuseOrphanAmendments(g, places)
      let pairs = 0
      for (const p of doc.pairs ?? []) if (this.importPair(p, mapPlayer, players)) pairs++
      let systems = 0
      const custom = this.customSystems()
      for (const system of doc.scoringSystems ?? []) {
        const here = custom.find((x) => x.id === system.id)
        if (here === undefined) {
          custom.push(system)
          systems++
        } else if (canonicalJson(here) !== canonicalJson(system)) {
          throw dbError(
            'db/import_conflict',
            `Импорт отменён: своя система подсчёта очков «${system.id}» уже есть в базе и отличается от системы «${system.name}» из файла. Ничего не изменено.`,
            `Import refused: the custom scoring system "${system.id}" is already in the database and differs from "${system.name}" in the file. Nothing was changed.`,
            { scoringSystem: system.id },
          )
        }
      }
      if (systems > 0)
        this.stmt(
          'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        ).run(CUSTOM_SCORING_SYSTEMS_KEY, JSON.stringify(custom))
      let seasons = 0
      for (const [i, season] of (doc.seasons ?? []).entries())
        if (this.importSeason(season, i, places)) seasons++
      return {
        games: doc.games.length,
        players: created,
        playersMatched: matched,
        tournamentId,
        appeals,
        seasons,
        pairs,
        scoringSystems: systems,
        tournamentIds: [...places.values()].map((x) => x.id),
      }
    })
  }

  /** The uuid of a stored game other than `uuid` with this fingerprint and log length, or null. */
  private sameGameAs(uuid: string, key: string, length: number): string | null {
    const rows = this.stmt('SELECT id, uuid, setup FROM games WHERE last_seq = ? AND uuid <> ?').all(
      length,
      uuid,
    ) as Array<{ id: number; uuid: string; setup: string }>
    for (const r of rows) {
      const log = loadLog(this.core, r.id)
      if (log.length === length && gameFingerprint(JSON.parse(r.setup) as unknown, log) === key) return r.uuid
    }
    return null
  }

  /**
   * One appeal of the file, matched by (tournament, number): the same appeal already here is kept (false); a
   * different one under that number refuses the import; a new one is written with its steps (true).
   */
  private importAppeal(
    t: ExchangeTournament,
    tournamentId: number,
    a: ExchangeAppeal,
    gameIds: Map<string, number>,
    mapPlayer: (id: number) => number | null,
  ): boolean {
    const gameId =
      gameIds.get(a.game) ??
      (
        this.stmt('SELECT id FROM games WHERE uuid = ? AND tournament_id = ?').get(a.game, tournamentId) as
          { id: number } | undefined
      )?.id
    const existing = this.stmt('SELECT * FROM appeals WHERE tournament_id = ? AND number = ?').get(
      tournamentId,
      a.number,
    ) as AppealDbRow | undefined
    if (existing) {
      const history = this.stmt(
        'SELECT step, who, note, at FROM appeal_events WHERE appeal_id = ? ORDER BY rowid',
      ).all(existing.id)
      const here = {
        game: existing.game_id === gameId,
        filer: [existing.filer_role, existing.filer_name],
        text: existing.text,
        status: existing.status,
        answer: existing.answer,
        amendSeq: existing.amend_seq,
        createdAt: existing.created_at,
        history,
      }
      const file = {
        game: true,
        filer: [a.filer.role, a.filer.name],
        text: a.text,
        status: a.status,
        answer: a.answer,
        amendSeq: a.amendSeq,
        createdAt: a.createdAt,
        history: a.history,
      }
      if (canonicalJson(here) === canonicalJson(file)) return false
      throw dbError(
        'db/import_conflict',
        `Импорт отменён: апелляция №${a.number} турнира «${t.name}» в файле не совпадает с апелляцией №${a.number} в базе. Ничего не изменено.`,
        `Import refused: appeal No. ${a.number} of "${t.name}" in the file differs from appeal No. ${a.number} in the database. Nothing was changed.`,
        { tournament: t.uuid, appeal: a.number },
      )
    }
    if (gameId === undefined) {
      throw dbError(
        'db/import_malformed',
        `Файл импорта повреждён: апелляция №${a.number} турнира «${t.name}» относится к игре ${a.game}, которой нет ни в файле, ни в базе. Ничего не изменено.`,
        `The import file is damaged: appeal No. ${a.number} of "${t.name}" is on game ${a.game}, which is neither in the file nor in the database. Nothing was changed.`,
        { tournament: t.uuid, appeal: a.number, game: a.game },
      )
    }
    const archived = this.requireTournament(tournamentId)
    if (archived.archived_at !== null) throw tournamentArchived(archived.name, archived.id)
    const id = Number(
      this.stmt(
        `INSERT INTO appeals (tournament_id, number, game_id, filer_role, filer_player_id, filer_name, text, status,
           answer, amend_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        tournamentId,
        a.number,
        gameId,
        a.filer.role,
        a.filer.playerId === null ? null : mapPlayer(a.filer.playerId),
        a.filer.name,
        a.text,
        a.status,
        a.answer,
        a.amendSeq,
        a.createdAt,
      ).lastInsertRowid,
    )
    const step = this.stmt(
      'INSERT INTO appeal_events (appeal_id, step, who, note, at) VALUES (?, ?, ?, ?, ?)',
    )
    for (const h of a.history) step.run(id, h.step, h.who, h.note, h.at)
    return true
  }

  /** Refuses a game whose `amend` entry names no accepted appeal of its tournament on that entry (db/import_malformed). */
  private refuseOrphanAmendments(g: ExchangeGame, places: Map<string, ImportedPlaces>): void {
    const tournamentId = g.tournament ? (places.get(g.tournament)?.id ?? null) : null
    for (const e of g.log) {
      const command = isRecord(e.command) ? e.command : null
      if (command?.cmd !== 'amend') continue
      const number = typeof command.appealId === 'number' ? command.appealId : null
      const appeal =
        tournamentId === null || number === null
          ? undefined
          : (this.stmt(
              `SELECT a.amend_seq, g.uuid FROM appeals a JOIN games g ON g.id = a.game_id
               WHERE a.tournament_id = ? AND a.number = ? AND a.status = 'accepted'`,
            ).get(tournamentId, number) as { amend_seq: number | null; uuid: string } | undefined)
      if (appeal && appeal.uuid === g.uuid && appeal.amend_seq === e.seq) continue
      const n = String(number ?? '?')
      throw dbError(
        'db/import_malformed',
        `Файл импорта повреждён: запись ${e.seq} игры ${g.uuid} — исправление по апелляции №${n}, но такой удовлетворённой апелляции на эту игру нет ни в файле, ни в базе. Ничего не изменено.`,
        `The import file is damaged: entry ${e.seq} of game ${g.uuid} is the amendment of appeal No. ${n}, but no such accepted appeal on this game is in the file or in the database. Nothing was changed.`,
        { game: g.uuid, seq: e.seq, appeal: number },
      )
    }
  }

  /**
   * One registry pair of the file (players mapped as the games' are): the same pair here keeps its reason when
   * the file's is the same (false); another reason refuses the import; a new pair is written (true).
   */
  private importPair(
    p: ExchangePair,
    mapPlayer: (id: number) => number | null,
    players: Array<{ id: number; nickname: string }>,
  ): boolean {
    const x = mapPlayer(p.a)
    const y = mapPlayer(p.b)
    const name = (id: number): string => players.find((q) => q.id === id)?.nickname ?? String(id)
    if (x === null || y === null || x === y) {
      throw dbError(
        'db/import_malformed',
        `Файл импорта повреждён: пара игроков «${name(p.a)}» и «${name(p.b)}» — не два разных игрока реестра. Ничего не изменено.`,
        `The import file is damaged: the pair "${name(p.a)}" and "${name(p.b)}" is not two different players of the registry. Nothing was changed.`,
        { a: p.a, b: p.b },
      )
    }
    const [a, b] = x < y ? [x, y] : [y, x]
    const here = this.seasons.listPairPolicies().find((q) => q.a === a && q.b === b)
    if (here) {
      if (here.reason === p.reason) return false
      throw dbError(
        'db/import_conflict',
        `Импорт отменён: пара «${name(p.a)}» и «${name(p.b)}» уже есть в реестре с другой причиной («${here.reason}», в файле «${p.reason}»). Ничего не изменено.`,
        `Import refused: the pair "${name(p.a)}" and "${name(p.b)}" is already in the registry with another reason ("${here.reason}"; the file says "${p.reason}"). Nothing was changed.`,
        { a: p.a, b: p.b },
      )
    }
    this.seasons.savePairPolicy(a, b, p.reason)
    return true
  }

  /**
   * One season of the file: its tournaments (by uuid: the file's or this database's) mapped to local ids and the
   * whole definition checked by the season's own door (checkConfig, as `season.save`). A season of the same name
   * with the same definition is kept (false); another definition under that name refuses the import.
   */
  private importSeason(s: ExchangeSeason, index: number, places: Map<string, ImportedPlaces>): boolean {
    const local = (uuid: string): number => {
      const id =
        places.get(uuid)?.id ??
        (this.stmt('SELECT id FROM tournaments WHERE uuid = ?').get(uuid) as { id: number } | undefined)?.id
      if (id === undefined) {
        throw dbError(
          'db/import_malformed',
          `Файл импорта повреждён: сезон «${s.name}» (seasons.${index}) называет турнир ${uuid}, которого нет ни в файле, ни в базе. Ничего не изменено.`,
          `The import file is damaged: the season "${s.name}" (seasons.${index}) names tournament ${uuid}, which is neither in the file nor in the database. Nothing was changed.`,
          { season: s.name, tournament: uuid },
        )
      }
      return id
    }
    const config = checkConfig(
      {
        name: s.name,
        from: s.from,
        to: s.to,
        tournamentIds: s.tournaments.map(local),
        friendlies: s.friendlies,
        points: s.points,
        weights: Object.fromEntries(Object.entries(s.weights).map(([uuid, w]) => [String(local(uuid)), w])),
      },
      null,
    )
    const same = this.seasons.listSeasons().find((r) => foldKey(r.name) === foldKey(config.name))
    if (same) {
      const { id: _id, ...stored } = same
      if (canonicalJson(stored) === canonicalJson(config)) return false
      throw dbError(
        'db/import_conflict',
        `Импорт отменён: сезон «${config.name}» уже есть в базе с другим определением. Переименуйте один из них. Ничего не изменено.`,
        `Import refused: the season "${config.name}" is already in the database with another definition. Rename one of them. Nothing was changed.`,
        { season: config.name, seasonId: same.id },
      )
    }
    this.seasons.saveSeason(null, config)
    return true
  }

  /** The tournament's stored award rules for the file (nothing when it has the defaults). */
  private awardRulesOf(tournamentId: number): { awards?: AwardSettings } {
    const rules = storedAwardRules(this.core, tournamentId)
    return rules === null ? {} : { awards: rules }
  }

  private importTournament(
    t: ExchangeTournament,
    stageIds: Map<number, number>,
    roundIds: Map<string, number>,
    tableIds: Map<number, number>,
    lockedRounds: Map<number, number>,
  ): number {
    const now = Date.now()
    let row = this.stmt('SELECT * FROM tournaments WHERE uuid = ?').get(t.uuid) as TournamentDbRow | undefined
    if (!row) {
      const info = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        t.uuid,
        t.name.trim(),
        t.startsOn,
        t.endsOn,
        t.ruleset === undefined || t.ruleset === null ? null : toJson(t.ruleset, 'ruleset'),
        now,
        now,
      )
      row = this.requireTournament(Number(info.lastInsertRowid))
      // A new tournament takes the file's award rules (validated by the exchange schema, the awards' own).
      if (t.awards !== undefined)
        this.stmt('INSERT INTO tournament_awards (tournament_id, rules, updated_at) VALUES (?, ?, ?)').run(
          row.id,
          JSON.stringify(t.awards),
          now,
        )
    }
    const tournamentId = row.id
    // The normaliser: the database's own choice wins when it has one (as for award rules), else the file's.
    const key = tournamentNormaliserKey(t.uuid)
    if (t.normaliser !== undefined && this.setting(key) === null) this.settings.setSetting(key, t.normaliser)
    for (const s of t.stages) {
      let stage = this.stmt('SELECT * FROM stages WHERE tournament_id = ? AND position = ?').get(
        tournamentId,
        s.position,
      ) as StageDbRow | undefined
      if (!stage) {
        const info = this.stmt(
          'INSERT INTO stages (tournament_id, kind, name, position) VALUES (?, ?, ?, ?)',
        ).run(tournamentId, s.kind, s.name, s.position)
        stage = this.requireStage(Number(info.lastInsertRowid))
      } else if (stage.kind !== s.kind) {
        throw dbError(
          'db/import_conflict',
          `Импорт отменён: этап ${s.position} турнира «${t.name}» в файле — «${s.kind}», а в базе — «${stage.kind}». Ничего не изменено.`,
          `Import refused: stage ${s.position} of "${t.name}" is "${s.kind}" in the file but "${stage.kind}" in the database. Nothing was changed.`,
          { stage: s.position },
        )
      }
      stageIds.set(s.position, stage.id)
      for (const r of s.rounds) {
        let round = this.stmt('SELECT * FROM rounds WHERE stage_id = ? AND number = ?').get(
          stage.id,
          r.number,
        ) as RoundDbRow | undefined
        if (!round) {
          const info = this.stmt(
            'INSERT INTO rounds (stage_id, number, status, finished_at) VALUES (?, ?, ?, ?)',
          ).run(stage.id, r.number, r.status, r.finishedAt)
          round = this.requireRound(Number(info.lastInsertRowid))
        } else if (round.status === 'finished') lockedRounds.set(round.id, round.number)
        roundIds.set(`${s.position}/${r.number}`, round.id)
      }
    }
    for (const tb of t.tables) {
      let table = this.stmt('SELECT * FROM tables WHERE tournament_id = ? AND number = ?').get(
        tournamentId,
        tb.number,
      ) as TableDbRow | undefined
      if (!table) {
        const info = this.stmt(
          'INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, ?, ?, ?)',
        ).run(tournamentId, tb.number, tb.name, tb.judge)
        table = this.requireTable(Number(info.lastInsertRowid))
      }
      tableIds.set(tb.number, table.id)
    }
    // Per-round judges: the database's own choice for a round and table wins when it has one.
    const judge = this.stmt('INSERT OR IGNORE INTO round_judges (round_id, table_id, judge) VALUES (?, ?, ?)')
    for (const s of t.stages) {
      for (const r of s.rounds) {
        const roundId = roundIds.get(`${s.position}/${r.number}`)
        for (const j of r.judges) {
          const tableId = tableIds.get(j.table)
          if (roundId !== undefined && tableId !== undefined) judge.run(roundId, tableId, j.judge)
        }
      }
    }
    return tournamentId
  }
}

/**
 * What makes two stored games the same game whatever their uuids: the seated names, the roles and the whole log
 * (commands with their moments, events). Two games played apart never share every moment of their log.
 */
export function gameFingerprint(
  setup: unknown,
  log: ReadonlyArray<{ command: unknown; at: number }>,
): string {
  const s = isRecord(setup) ? setup : {}
  const names = Array.isArray(s.players)
    ? s.players.map((p) => (isRecord(p) && typeof p.name === 'string' ? foldKey(p.name) : null))
    : null
  return canonicalJson({ names, roles: s.roles ?? null, log })
}

/** The appeals office's rules for its game (src/main/app/organiser/appeals.ts), for an appeal from a file. */
function refuseAppealOnGame(t: ExchangeTournament, a: ExchangeAppeal, games: ExchangeGame[]): void {
  const game = games.find((g) => g.uuid === a.game)
  if (!game) return // parseExchange already refused it
  const why =
    game.status !== 'finished'
      ? { ru: 'игра не окончена', en: 'the game is not finished' }
      : a.filer.playerId !== null && !setupSeats(game.setup).some((s) => s.playerId === a.filer.playerId)
        ? { ru: 'подавший игрок не играл в этой игре', en: 'the filing player did not play this game' }
        : null
  if (why === null) return
  throw dbError(
    'db/import_malformed',
    `Файл импорта повреждён: апелляция №${a.number} турнира «${t.name}» на игру ${a.game} — ${why.ru}. Ничего не изменено.`,
    `The import file is damaged: appeal No. ${a.number} of "${t.name}" on game ${a.game}: ${why.en}. Nothing was changed.`,
    { tournament: t.uuid, appeal: a.number, game: a.game },
  )
}

/** JSON text → validated exchange document, or the matching db/import_* error. */
export function parseExchange(text: string): ExchangeDocument {
  let raw: unknown
  try {
    raw = JSON.parse(typeof text === 'string' && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (err) {
    throw dbError(
      'db/import_malformed',
      'Файл импорта повреждён: это не корректный JSON. Ничего не изменено.',
      'The import file is damaged: it is not valid JSON. Nothing was changed.',
      { cause: err instanceof Error ? err.message : String(err) },
    )
  }
  if (!isRecord(raw) || raw.format !== EXCHANGE_FORMAT) {
    throw dbError(
      'db/import_wrong_format',
      `Это не файл игр Mafia Desk (ожидается формат «${EXCHANGE_FORMAT}»). Ничего не изменено.`,
      `This is not a Mafia Desk games file (expected format "${EXCHANGE_FORMAT}"). Nothing was changed.`,
      { format: isRecord(raw) ? raw.format : null },
    )
  }
  if (typeof raw.version !== 'number' || !EXCHANGE_VERSIONS.includes(raw.version)) {
    throw dbError(
      'db/import_unsupported_version',
      `Версия файла ${String(raw.version)} не поддерживается (поддерживаются ${EXCHANGE_VERSIONS.join(', ')}). Обновите программу. Ничего не изменено.`,
      `File version ${String(raw.version)} is not supported (this app reads versions ${EXCHANGE_VERSIONS.join(', ')}). Update the app. Nothing was changed.`,
      { version: raw.version },
    )
  }
  const parsed = exchangeDocumentSchema.safeParse(raw)
  const malformed = (issues: Array<{ path: string; message: string }>): AppError => {
    const first = issues[0]
    return dbError(
      'db/import_malformed',
      `Файл импорта повреждён: ${first.path || 'документ'} — ${first.message}. Ничего не изменено.`,
      `The import file is damaged: ${first.path || 'document'}: ${first.message}. Nothing was changed.`,
      { issues: issues.slice(0, 20) },
    )
  }
  if (!parsed.success) {
    throw malformed(
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    )
  }
  const doc = parsed.data
  const issues: Array<{ path: string; message: string }> = []
  const ids = new Set<number>()
  const keys = new Set<string>()
  doc.players.forEach((p, i) => {
    if (ids.has(p.id)) issues.push({ path: `players.${i}.id`, message: `duplicate player id ${p.id}` })
    const key = foldKey(p.nickname)
    if (keys.has(key))
      issues.push({ path: `players.${i}.nickname`, message: `duplicate nickname ${p.nickname}` })
    ids.add(p.id)
    keys.add(key)
  })
  const uuids = new Set<string>()
  // Each tournament of the file by uuid: its stages (position → round numbers) and table numbers.
  const places = new Map<string, { stages: Map<number, Set<number>>; tables: Set<number> }>()
  const tournamentPath = (i: number): string =>
    doc.tournament ? (i === 0 ? 'tournament' : `tournaments.${i - 1}`) : `tournaments.${i}`
  documentTournaments(doc).forEach((t, ti) => {
    if (places.has(t.uuid))
      issues.push({ path: `${tournamentPath(ti)}.uuid`, message: `duplicate tournament uuid ${t.uuid}` })
    const stages = new Map<number, Set<number>>()
    for (const s of t.stages) stages.set(s.position, new Set(s.rounds.map((r) => r.number)))
    const tables = new Set(t.tables.map((x) => x.number))
    places.set(t.uuid, { stages, tables })
    t.stages.forEach((s, i) =>
      s.rounds.forEach((r, j) =>
        r.judges.forEach((x, k) => {
          if (!tables.has(x.table)) {
            issues.push({
              path: `${tournamentPath(ti)}.stages.${i}.rounds.${j}.judges.${k}.table`,
              message: `table ${x.table} is not in the tournament`,
            })
          }
        }),
      ),
    )
  })
  doc.games.forEach((g, i) => {
    if (uuids.has(g.uuid)) issues.push({ path: `games.${i}.uuid`, message: `duplicate game uuid ${g.uuid}` })
    uuids.add(g.uuid)
    g.tournament = gameTournament(doc, g)
    const place = g.tournament === null ? undefined : places.get(g.tournament)
    if (g.tournament !== null && !place) {
      issues.push({ path: `games.${i}.tournament`, message: `tournament ${g.tournament} is not in the file` })
    }
    if (g.tournament === null && (g.stage !== null || g.table !== null)) {
      issues.push({ path: `games.${i}`, message: 'a stage or table but no tournament' })
    }
    const stages = place?.stages ?? new Map<number, Set<number>>()
    const tables = place?.tables ?? new Set<number>()
    if (g.stage !== null && !stages.has(g.stage)) {
      issues.push({ path: `games.${i}.stage`, message: `stage ${g.stage} is not in the tournament` })
    }
    if (g.stage !== null && g.round !== null && !stages.get(g.stage)?.has(g.round)) {
      issues.push({ path: `games.${i}.round`, message: `round ${g.round} is not in stage ${g.stage}` })
    }
    if (g.table !== null && !tables.has(g.table)) {
      issues.push({ path: `games.${i}.table`, message: `table ${g.table} is not in the tournament` })
    }
    setupSeats(g.setup).forEach((s) => {
      if (s.playerId !== null && !ids.has(s.playerId)) {
        issues.push({
          path: `games.${i}.setup.players.${s.seat - 1}.playerId`,
          message: `unknown player ${s.playerId}`,
        })
      }
    })
    g.results.forEach((r, j) => {
      if (r.playerId !== null && !ids.has(r.playerId)) {
        issues.push({ path: `games.${i}.results.${j}.playerId`, message: `unknown player ${r.playerId}` })
      }
    })
    if (new Set(g.results.map((r) => r.seat)).size !== g.results.length) {
      issues.push({ path: `games.${i}.results`, message: 'a seat appears twice' })
    }
  })
  // Appeals: on a game of the file in the same tournament, numbered once, an accepted one naming its amendment.
  documentTournaments(doc).forEach((t, ti) => {
    const numbers = new Set<number>()
    t.appeals?.forEach((a, j) => {
      const path = `${tournamentPath(ti)}.appeals.${j}`
      if (numbers.has(a.number))
        issues.push({ path: `${path}.number`, message: `appeal No. ${a.number} twice` })
      numbers.add(a.number)
      const game = doc.games.find((g) => g.uuid === a.game)
      if (!game || game.tournament !== t.uuid) {
        issues.push({
          path: `${path}.game`,
          message: `game ${a.game} is not a game of this tournament in the file`,
        })
      } else if (a.amendSeq !== null) {
        const entry = game.log.find((e) => e.seq === a.amendSeq)
        const command = entry && isRecord(entry.command) ? entry.command : null
        if (command?.cmd !== 'amend' || command.appealId !== a.number) {
          issues.push({
            path: `${path}.amendSeq`,
            message: `entry ${a.amendSeq} of game ${a.game} is not the amendment of appeal No. ${a.number}`,
          })
        }
      }
      if (a.filer.playerId !== null && !ids.has(a.filer.playerId)) {
        issues.push({ path: `${path}.filer.playerId`, message: `unknown player ${a.filer.playerId}` })
      }
    })
  })
  const pairs = new Set<string>()
  doc.pairs?.forEach((p, i) => {
    for (const side of ['a', 'b'] as const) {
      if (!ids.has(p[side])) issues.push({ path: `pairs.${i}.${side}`, message: `unknown player ${p[side]}` })
    }
    const key = [p.a, p.b].sort((x, y) => x - y).join('/')
    if (pairs.has(key)) issues.push({ path: `pairs.${i}`, message: 'the same pair twice' })
    pairs.add(key)
  })
  const systems = new Set<string>()
  doc.scoringSystems?.forEach((x, i) => {
    if (Object.prototype.hasOwnProperty.call(SHIPPED_SCORING_SYSTEMS, x.id))
      issues.push({
        path: `scoringSystems.${i}.id`,
        message: `${x.id} is a shipped system: it never travels`,
      })
    if (systems.has(x.id)) issues.push({ path: `scoringSystems.${i}.id`, message: `system ${x.id} twice` })
    systems.add(x.id)
  })
  const seasons = new Set<string>()
  doc.seasons?.forEach((s, i) => {
    if (seasons.has(foldKey(s.name)))
      issues.push({ path: `seasons.${i}.name`, message: `season ${s.name} twice` })
    seasons.add(foldKey(s.name))
  })
  if (issues.length > 0) throw malformed(issues)
  return doc
}
