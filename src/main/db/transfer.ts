/** Export and import of `mafia-desk/games` JSON documents (docs/data-format.md). */
import type { AwardSettings } from '../../shared/awards'
import { storedAwardRules } from './awards'
import type { AppError } from '../../shared/errors'
import { Repo } from './core'
import { dbError, tournamentArchived } from './errors'
import {
  EXCHANGE_FORMAT,
  EXCHANGE_VERSION,
  exchangeDocumentSchema,
  type ExchangeDocument,
  type ExchangeGame,
  type ExchangeTournament,
} from './exchange'
import { isRecord } from './fsutil'
import { loadLog, roundLocked, writeSeats, type GamesRepo } from './games'
import { insertPlayer, playerByKey } from './players'
import type { RoundDbRow, StageDbRow, TableDbRow, TournamentDbRow, GameDbRow } from './rows'
import { canonicalJson, foldKey } from './text'
import type { TournamentsRepo } from './tournaments'
import type { ExportScope, ImportReport } from './types'
import { checkNickname, optionalText, remapSetupPlayers, rulesetIdOf, setupSeats, toJson } from './validate'

export class TransferRepo extends Repo {
  constructor(
    core: ConstructorParameters<typeof Repo>[0],
    private readonly games: GamesRepo,
    private readonly tournaments: TournamentsRepo,
  ) {
    super(core)
  }

  /** Exports one game, a round's games or a tournament's games as a `mafia-desk/games` v1 JSON document. */
  exportJson(scope: ExportScope): string {
    return this.guard(() => {
      let games: GameDbRow[]
      let tournamentId: number | null
      if ('gameId' in scope) {
        const g = this.requireGame(scope.gameId)
        games = [g]
        tournamentId = g.tournament_id
      } else if ('roundId' in scope) {
        const r = this.requireRound(scope.roundId)
        tournamentId = this.requireStage(r.stage_id).tournament_id
        games = this.stmt('SELECT * FROM games WHERE round_id = ? ORDER BY table_id, number, id').all(
          scope.roundId,
        ) as GameDbRow[]
      } else {
        tournamentId = this.requireTournament(scope.tournamentId).id
        games = this.stmt('SELECT * FROM games WHERE tournament_id = ? ORDER BY id').all(
          scope.tournamentId,
        ) as GameDbRow[]
      }
      const doc: ExchangeDocument = {
        format: EXCHANGE_FORMAT,
        version: EXCHANGE_VERSION,
        exportedAt: new Date().toISOString(),
        app: 'Mafia Desk',
        players: [],
        games: [],
      }
      const stagePos = new Map<number, number>()
      const roundNum = new Map<number, number>()
      const tableNum = new Map<number, number>()
      if (tournamentId !== null) {
        const structure = this.tournaments.getStructure(tournamentId)
        if (structure) {
          const t = structure.tournament
          const exported: ExchangeTournament = {
            uuid: t.uuid,
            name: t.name,
            startsOn: t.startsOn,
            endsOn: t.endsOn,
            ruleset: t.ruleset ?? undefined,
            stages: structure.stages.map((s) => {
              stagePos.set(s.id, s.position)
              return {
                position: s.position,
                kind: s.kind,
                name: s.name,
                rounds: s.rounds.map((r) => {
                  roundNum.set(r.id, r.number)
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
              tableNum.set(tb.id, tb.number)
              return { number: tb.number, name: tb.name, judge: tb.judge }
            }),
            ...this.awardRulesOf(tournamentId),
          }
          doc.tournament = exported
        }
      }
      const playerIds = new Set<number>()
      for (const g of games) {
        const results = this.games.getResults(g.id)
        const seats = this.stmt(
          'SELECT player_id FROM game_seats WHERE game_id = ? AND player_id IS NOT NULL',
        ).all(g.id) as Array<{ player_id: number }>
        for (const s of seats) playerIds.add(s.player_id)
        for (const r of results) if (r.playerId !== null) playerIds.add(r.playerId)
        const game: ExchangeGame = {
          uuid: g.uuid,
          stage: g.stage_id === null ? null : (stagePos.get(g.stage_id) ?? null),
          round: g.round_id === null ? null : (roundNum.get(g.round_id) ?? null),
          table: g.table_id === null ? null : (tableNum.get(g.table_id) ?? null),
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
        }
        doc.games.push(game)
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
    // The app layer checks each game against the engine (setup, log, results) before anything is written.
    if (verify) doc.games = doc.games.map((g) => verify(g, doc.tournament))
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
      const known = doc.tournament
        ? (this.stmt('SELECT * FROM tournaments WHERE uuid = ?').get(doc.tournament.uuid) as
            TournamentDbRow | undefined)
        : undefined
      if (known && known.archived_at !== null && doc.games.length > 0)
        throw tournamentArchived(known.name, known.id)
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
      // 2. Tournament structure.
      let tournamentId: number | null = null
      const stageIds = new Map<number, number>()
      const roundIds = new Map<string, number>()
      const tableIds = new Map<number, number>()
      // Rounds of this database that were already closed before the import: their games are locked.
      const lockedRounds = new Map<number, number>()
      if (doc.tournament) {
        tournamentId = this.importTournament(doc.tournament, stageIds, roundIds, tableIds, lockedRounds)
      }
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
      for (const g of doc.games) {
        const setup = remapSetupPlayers(g.setup, mapPlayer)
        const stageId = g.stage === null ? null : (stageIds.get(g.stage) ?? null)
        const roundId =
          g.round === null || g.stage === null ? null : (roundIds.get(`${g.stage}/${g.round}`) ?? null)
        const tableId = g.table === null ? null : (tableIds.get(g.table) ?? null)
        if (roundId !== null && lockedRounds.has(roundId)) throw roundLocked(lockedRounds.get(roundId)!, 0)
        if (roundId !== null && tableId !== null) this.games.refuseIfTableBusy(roundId, tableId)
        const info = insertGame.run(
          g.uuid,
          tournamentId,
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
      return { games: doc.games.length, players: created, playersMatched: matched, tournamentId }
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
  if (raw.version !== EXCHANGE_VERSION) {
    throw dbError(
      'db/import_unsupported_version',
      `Версия файла ${String(raw.version)} не поддерживается (поддерживается ${EXCHANGE_VERSION}). Обновите программу. Ничего не изменено.`,
      `File version ${String(raw.version)} is not supported (this app reads version ${EXCHANGE_VERSION}). Update the app. Nothing was changed.`,
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
  const stages = new Map<number, Set<number>>()
  for (const s of doc.tournament?.stages ?? []) stages.set(s.position, new Set(s.rounds.map((r) => r.number)))
  const tables = new Set((doc.tournament?.tables ?? []).map((t) => t.number))
  doc.tournament?.stages.forEach((s, i) =>
    s.rounds.forEach((r, j) =>
      r.judges.forEach((x, k) => {
        if (!tables.has(x.table)) {
          issues.push({
            path: `tournament.stages.${i}.rounds.${j}.judges.${k}.table`,
            message: `table ${x.table} is not in the tournament`,
          })
        }
      }),
    ),
  )
  doc.games.forEach((g, i) => {
    if (uuids.has(g.uuid)) issues.push({ path: `games.${i}.uuid`, message: `duplicate game uuid ${g.uuid}` })
    uuids.add(g.uuid)
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
  if (issues.length > 0) throw malformed(issues)
  return doc
}
