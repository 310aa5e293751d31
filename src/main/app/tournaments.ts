/**
 * Tournament operations (issue 11): create and edit a tournament, register its players, plan its stages, seat
 * them with the generator of tournament/seating.ts, start rounds (one game per table with its seating and judge)
 * and build the organiser's dashboard. Storage is the database's; the rules of seating are the generator's.
 */
import { AppError, appError } from '../../shared/errors'
import { judgeAt } from '../tournament/judges'
import { BUILTIN_RULESETS, rulesetSchema, type Ruleset } from '../../shared/game/ruleset'
import type { GameSetup } from '../engine'
import type { CsvImportResult, ExportedFile, GameSummary } from '../../shared/contract'
import { tournamentArchived } from '../db/errors'
import { seatingToXlsx } from '../export/seating-xlsx'
import type {
  DashboardGame,
  DashboardStage,
  SeatingFigures,
  AbsenceReason,
  SeatingGenerateInput,
  RoundFinishInput,
  StageCreateInput,
  SubstituteInput,
  TournamentCreateInput,
  TournamentDetail,
  TournamentPlayer,
  TournamentUpdateInput,
} from '../../shared/tournament-ops'
import type { GameRow, MafiaDb, Player, Round, Stage, StageOptions } from '../db'
import {
  absences,
  extraGamePlayers,
  fewerGamePlayers,
  roundsPerPlayer,
  type RosterPlayer,
} from '../tournament/roster'
import {
  SPARE_SEAT,
  evaluateSeating,
  generateSeating,
  makeRng,
  shuffledSeating,
  judgeSpread,
  regenerateSeating,
  type SeatingReport,
  type SeatingRound,
} from '../tournament/seating'
import { closedRoundLock, tablePlan } from './tournament-record'
import { liveStandings, storeCiIfStageFinalised } from './exports'
import type { AppService } from './service'
import { pairsToKeepApart } from './organiser/pair-policies'
import { loadExcel } from '../export/heavy'

function fail(code: string, ru: string, en: string, details?: Record<string, unknown>): AppError {
  return new AppError(appError(code, ru, en, details))
}

/** Seat index of a spare seat's name: "Запасной 3". */
export const SPARE_NAME = 'Запасной'

export class TournamentOps {
  constructor(
    private readonly db: () => MafiaDb,
    private readonly service: AppService,
  ) {}

  // ---- tournaments ------------------------------------------------------------------------------

  create(input: TournamentCreateInput): TournamentDetail {
    const db = this.db()
    const ruleset = this.rulesetCopy(input.rulesetId, input.scoring)
    const id = db.transaction(() => {
      const t = db.createTournament({
        name: input.name,
        startsOn: input.startsOn ?? null,
        endsOn: input.endsOn ?? null,
        venue: input.venue,
        club: input.club,
        ruleset,
      })
      this.setTables(t.id, input.tables, input.judges)
      return t.id
    })
    return this.changed(id)
  }

  update(input: TournamentUpdateInput): TournamentDetail {
    const db = this.db()
    const current = this.writable(input.tournamentId)
    const stored = rulesetSchema.safeParse(current.ruleset)
    const storedScoring = stored.success ? scoringOf(stored.data) : undefined
    // The stored copy is replaced only when the ruleset or the scoring really changes: saving the settings with
    // the same values keeps the tournament's copy as it is (even if the ruleset it came from changed since).
    const changesRuleset =
      (input.rulesetId !== undefined && (!stored.success || input.rulesetId !== stored.data.id)) ||
      (input.scoring !== undefined &&
        (storedScoring === undefined ||
          (Object.keys(storedScoring) as Array<keyof typeof storedScoring>).some(
            (k) => input.scoring?.[k] !== storedScoring[k],
          )))
    if (changesRuleset) this.refuseRulesetChange(current)
    const rulesetId = input.rulesetId ?? (stored.success ? stored.data.id : 'fiim')
    const ruleset = changesRuleset ? this.rulesetCopy(rulesetId, input.scoring ?? storedScoring) : undefined
    db.transaction(() => {
      db.updateTournament(input.tournamentId, {
        name: input.name,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        venue: input.venue,
        club: input.club,
        ruleset,
      })
      if (input.tables !== undefined || input.judges !== undefined) {
        this.setTables(
          input.tournamentId,
          input.tables ?? db.listTables(input.tournamentId).length,
          input.judges,
        )
      }
    })
    return this.changed(input.tournamentId)
  }

  /**
   * Archives a tournament (read-only until brought back: every change is refused with db/tournament_archived)
   * or brings it back. A tournament with a round in progress is not archived.
   */
  archive(tournamentId: number, archived: boolean): TournamentDetail {
    const db = this.db()
    this.require(tournamentId)
    if (archived) {
      for (const stage of db.listStages(tournamentId)) {
        const running = db.listRounds(stage.id).find((r) => r.startedAt !== null && r.status !== 'finished')
        if (running) {
          throw fail(
            'tournament/round_in_progress',
            `Идёт тур ${running.number} этапа «${stage.name || stage.kind}»: завершите его, затем отправляйте турнир в архив.`,
            `Round ${running.number} of stage "${stage.name || stage.kind}" is in progress: close it before archiving the tournament.`,
            { roundId: running.id },
          )
        }
      }
    }
    db.archiveTournament(tournamentId, archived)
    return this.changed(tournamentId)
  }

  /** The ruleset copied into a tournament, with its scoring version (best-move points, Ci K). */
  private rulesetCopy(rulesetId: string, scoring: TournamentCreateInput['scoring']): Ruleset {
    const base = this.service.rulesets().find((r) => r.id === rulesetId)
    if (!base) {
      throw fail('app/unknown_ruleset', `Нет регламента «${rulesetId}»`, `No ruleset "${rulesetId}"`)
    }
    return scoring ? { ...base, scoring: { ...base.scoring, ...scoring } } : base
  }

  /**
   * The ruleset and scoring of a tournament are fixed once it has a game (not cancelled): its games were
   * prepared and signed under that copy, and the standings' Ci follows it. Refused with that reason.
   */
  private refuseRulesetChange(t: { id: number; name: string }): void {
    const games = this.db().listGames({ tournamentId: t.id })
    if (games.length === 0) return
    throw fail(
      'tournament/ruleset_locked',
      `В турнире «${t.name}» уже есть игры (${games.length}): регламент и версия подсчёта не меняются — игры подготовлены и подписаны по копии регламента турнира. Для другого регламента создайте новый турнир.`,
      `The tournament "${t.name}" already has games (${games.length}): its ruleset and scoring version no longer change — its games were prepared and signed under the tournament's ruleset copy. Create a new tournament for another ruleset.`,
      { games: games.length },
    )
  }

  private setTables(tournamentId: number, count: number, judges: string[] | undefined): void {
    const db = this.db()
    if (judges && judges.length > count) {
      throw fail(
        'tournament/too_many_judges',
        `Судей указано ${judges.length}, а столов ${count}: лишние судьи не были бы записаны никуда.`,
        `${judges.length} judges are given for ${count} tables: the extra ones would be stored nowhere.`,
        { judges: judges.length, tables: count },
      )
    }
    const tables = db.setTableCount(tournamentId, count)
    if (judges) for (const t of tables) db.updateTable(t.id, { judge: judges[t.number - 1] ?? '' })
  }

  /**
   * The judge of a table: for the whole tournament (the rounds not started take it; games already made keep
   * theirs), or for one round. In a started round the table's game gets the new judge while it is not finished;
   * a finished game's protocol keeps the judge who signed it, so the change is refused with that reason.
   */
  setJudge(tableId: number, judge: string, roundId: number | undefined): TournamentDetail {
    const db = this.db()
    const table = db.getTable(tableId)
    if (!table) throw fail('app/table_not_found', `Стол №${tableId} не найден`, `Table ${tableId} not found`)
    this.writable(table.tournamentId)
    if (roundId === undefined) {
      db.updateTable(tableId, { judge })
      return this.changed(table.tournamentId)
    }
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    if (this.requireStage(round.stageId).tournamentId !== table.tournamentId) {
      throw fail(
        'tournament/table_elsewhere',
        `Стол ${table.number} из другого турнира, чем тур ${round.number}.`,
        `Table ${table.number} belongs to another tournament than round ${round.number}.`,
        { tableId, roundId },
      )
    }
    const live = db.liveGameAt(roundId, tableId)
    if (live && live.status === 'finished') {
      throw fail(
        'tournament/judge_game_finished',
        `Игра за столом ${table.number} в туре ${round.number} уже завершена: её протокол подписан судьёй «${live.judge || table.judge}» и не меняется. Судью можно сменить только до конца игры.`,
        `The game at table ${table.number} in round ${round.number} is already finished: its protocol was signed by the judge "${live.judge || table.judge}" and stays so. A judge can be changed only before the game ends.`,
        { tableId, roundId, gameId: live.id, judge: live.judge },
      )
    }
    db.transaction(() => {
      db.setRoundJudge(roundId, tableId, judge)
      // The game prepared or running at this table takes the new judge ('' = the table's usual one).
      if (live) db.setGameJudge(live.id, judge.trim() || table.judge)
    })
    return this.changed(table.tournamentId)
  }

  // ---- registration -----------------------------------------------------------------------------

  register(tournamentId: number, playerIds: number[]): TournamentDetail {
    const db = this.db()
    this.writable(tournamentId)
    db.transaction(() => {
      db.registerPlayers(tournamentId, playerIds)
      this.reseatOpenRounds(tournamentId)
    })
    return this.changed(tournamentId)
  }

  registerNew(
    tournamentId: number,
    p: { nickname: string; fullName?: string; club?: string; city?: string },
  ): TournamentDetail {
    const db = this.db()
    this.writable(tournamentId)
    db.transaction(() => {
      const player = db.addPlayer(p)
      db.registerPlayers(tournamentId, [player.id])
      this.reseatOpenRounds(tournamentId)
    })
    return this.changed(tournamentId)
  }

  /** CSV text or an XLSX workbook (first sheet, same columns): registered all or nothing, per-line report. */
  async importPlayers(
    tournamentId: number,
    source: { csv: string } | { xlsxBase64: string },
  ): Promise<CsvImportResult> {
    this.writable(tournamentId)
    const csv = 'csv' in source ? source.csv : await xlsxToCsv(source.xlsxBase64)
    const db = this.db()
    const report = db.transaction(() => {
      const r = db.importTournamentCsv(tournamentId, csv)
      if (r.added > 0) this.reseatOpenRounds(tournamentId)
      return r
    })
    this.service.tournamentChanged(tournamentId)
    return report
  }

  /** Withdraws a player: his played games stay; the rounds not started are seated again without him. */
  withdraw(tournamentId: number, playerId: number): TournamentDetail {
    const db = this.db()
    this.writable(tournamentId)
    db.transaction(() => {
      db.withdrawPlayer(tournamentId, playerId)
      this.reseatOpenRounds(tournamentId)
    })
    return this.changed(tournamentId)
  }

  // ---- stages and seating -----------------------------------------------------------------------

  /**
   * Adds a stage with its rounds. A semifinal or final takes the top K (`size`) of the previous stage's
   * standings, seeded in that order.
   */
  createStage(input: StageCreateInput): TournamentDetail {
    const db = this.db()
    this.writable(input.tournamentId)
    const previous = db.listStages(input.tournamentId).at(-1) ?? null
    let seeded: { players: number[]; lot: StageOptions['cutLot'] } | null = null
    if (input.kind !== 'qualifying') {
      if (!previous || input.size === undefined) {
        throw fail(
          'tournament/no_previous_stage',
          'Финал и полуфинал набираются из таблицы предыдущего этапа: сначала нужен этап и число участников.',
          'A final or semifinal is seeded from the previous stage: it needs one, and the number of players.',
        )
      }
      const running = db.listRounds(previous.id).find((r) => r.startedAt !== null && r.status !== 'finished')
      if (running) {
        throw fail(
          'tournament/previous_stage_running',
          `В этапе «${previous.name || previous.kind}» идёт тур ${running.number}: таблица ещё меняется. Завершите тур, затем набирайте следующий этап.`,
          `Round ${running.number} of stage "${previous.name || previous.kind}" is in progress: its standings still change. Close the round first, then seed the next stage.`,
          { roundId: running.id },
        )
      }
      seeded = this.topOf(
        input.tournamentId,
        previous,
        input.size,
        input.tieThrough ? { through: input.tieThrough } : input.tieAtCut === 'lot' ? 'lot' : null,
      )
    }
    db.transaction(() => {
      const stage = db.addStage(input.tournamentId, {
        kind: input.kind,
        name: input.name ?? '',
        games: input.games,
        size: input.size ?? null,
      })
      for (let n = 1; n <= input.games; n++) db.addRound(stage.id, { number: n })
      if (seeded) {
        db.setStagePlayers(stage.id, seeded.players)
        if (seeded.lot) db.setStageOptions(stage.id, { cutLot: seeded.lot })
      }
    })
    return this.changed(input.tournamentId)
  }

  /**
   * The top `size` players (registered, not withdrawn) of a stage's standings, best first. When players tie on
   * every criterion across the cut the stage is refused, naming them (tournament/tie_at_cut), unless decided:
   * by a lot the app draws (`'lot'`), or by the head judge (`through`: the tied players who go through, e.g.
   * after a shoot-out). Either way the decision is recorded with the stage.
   */
  private topOf(
    tournamentId: number,
    stage: Stage,
    size: number,
    decision: 'lot' | { through: number[] } | null,
  ): { players: number[]; lot: StageOptions['cutLot'] } {
    const active = new Set(this.db().activePlayerIds(tournamentId))
    const rows = (
      liveStandings(this.db(), tournamentId).stages.find((s) => s.stage === stage.kind)?.rows ?? []
    ).filter((r): r is typeof r & { playerId: number } => r.playerId !== null && active.has(r.playerId))
    if (rows.length < size) {
      throw fail(
        'tournament/not_enough_players',
        `В таблице этапа «${stage.name || stage.kind}» только ${rows.length} игроков, а нужно ${size}.`,
        `The standings of stage "${stage.name || stage.kind}" have only ${rows.length} players; ${size} are needed.`,
        { have: rows.length, size },
      )
    }
    const top = rows.slice(0, size).map((r) => r.playerId)
    if (rows.length === size || rows[size - 1].rank !== rows[size].rank) {
      if (decision !== null && decision !== 'lot') {
        throw fail(
          'tournament/no_tie_at_cut',
          'На границе отбора нет равенства: участники этапа берутся по таблице, решение о проходе не нужно.',
          'There is no tie at the cut: the stage takes its players from the standings; no decision is needed.',
        )
      }
      return { players: top, lot: undefined }
    }
    // A tie no criterion breaks runs across the cut.
    const rank = rows[size - 1].rank
    const tied = rows.filter((r) => r.rank === rank)
    const first = rows.findIndex((r) => r.rank === rank)
    const places = size - first
    const names = tied.map((r) => r.name).join(', ')
    if (decision === null) {
      throw fail(
        'tournament/tie_at_cut',
        `На границе отбора равенство: ${names} делят ${first + 1}-е место по всем дополнительным показателям, а проходят ${places} из ${tied.length}. Решите, кто проходит: отметьте прошедших по итогам перестрелки или бросьте жребий (решение запишется с этапом), либо измените число участников этапа.`,
        `A tie at the cut: ${names} share place ${first + 1} on every tie-break, and ${places} of ${tied.length} go through. Decide who goes through: tick those who won the shoot-out, or draw a lot (the decision is recorded with the stage), or change the number of players of the stage.`,
        { tied: tied.map((r) => r.playerId), places, rank: first + 1 },
      )
    }
    const tiedIds = tied.map((r) => r.playerId)
    const above = rows.slice(0, first).map((r) => r.playerId)
    if (decision !== 'lot') {
      const chosen = decision.through
      const bad =
        new Set(chosen).size !== chosen.length ||
        chosen.length !== places ||
        chosen.some((id) => !tiedIds.includes(id))
      if (bad) {
        throw fail(
          'tournament/bad_tie_decision',
          `Из равных (${names}) нужно выбрать ровно ${places}: каждого один раз и только из них.`,
          `Choose exactly ${places} of the tied players (${names}): each once, and only from them.`,
          { tied: tiedIds, places },
        )
      }
      return { players: [...above, ...chosen], lot: { tied: tiedIds, through: chosen, by: 'judge' } }
    }
    const seed = 1 + Math.floor(Math.random() * 2_000_000_000)
    const rnd = makeRng(seed)
    const drawn = tied.map((r) => ({ id: r.playerId, key: rnd() })).sort((a, b) => a.key - b.key)
    const through = drawn.slice(0, places).map((d) => d.id)
    return { players: [...above, ...through], lot: { tied: tiedIds, through, seed, by: 'lot' } }
  }

  /** The players of a stage: its own seeded list (finals) or every registered one, withdrawn left out. */
  private stagePlayers(stage: Stage): number[] {
    const db = this.db()
    const active = db.activePlayerIds(stage.tournamentId)
    const own = db.stagePlayerIds(stage.id)
    if (own === null) return active
    const still = new Set(active)
    return own.filter((id) => still.has(id))
  }

  generate(input: SeatingGenerateInput): TournamentDetail {
    const stage = this.requireStage(input.stageId)
    this.writable(stage.tournamentId)
    // The constraints name players of this stage: anyone else is refused, never seated by the back door.
    const players = new Set(this.stagePlayers(stage))
    const strangers = [
      ...(input.avoidPairs ?? []).flat(),
      ...(input.fixedTable ?? []).map((f) => f.playerId),
    ].filter((id) => !players.has(id))
    if (strangers.length > 0) {
      const names = [...new Set(strangers)]
        .map((id) => this.db().getPlayer(id)?.nickname ?? `#${id}`)
        .join(', ')
      throw fail(
        'tournament/not_in_stage',
        `Не участвуют в этом этапе (не зарегистрированы или сняты): ${names}. Условия рассадки могут называть только его игроков.`,
        `Not players of this stage (not registered or withdrawn): ${names}. The seating's constraints can name only its players.`,
        { players: [...new Set(strangers)] },
      )
    }
    const options: StageOptions = {
      ...(input.avoidPairs?.length ? { avoidPairs: input.avoidPairs } : {}),
      ...(input.fixedTable?.length
        ? { fixedTable: Object.fromEntries(input.fixedTable.map((f) => [String(f.playerId), f.table])) }
        : {}),
      ...(input.uneven ? { uneven: input.uneven } : {}),
    }
    this.seatStage(stage, input.seed ?? stage.seed ?? 1 + Math.floor(Math.random() * 1_000_000), options)
    return this.changed(stage.tournamentId)
  }

  swap(roundId: number, a: number, b: number): TournamentDetail {
    const db = this.db()
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const tournamentId = this.requireStage(round.stageId).tournamentId
    this.writable(tournamentId)
    if (a === b) {
      throw fail(
        'tournament/swap_same',
        'Для обмена местами нужны два разных игрока.',
        'A swap needs two different players.',
      )
    }
    db.swapSeats(roundId, a, b)
    return this.changed(tournamentId)
  }

  /** Moves a player into a spare seat of the same round (not started), e.g. to another table with a free seat. */
  move(roundId: number, playerId: number, tableId: number, seat: number): TournamentDetail {
    const db = this.db()
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const tournamentId = this.requireStage(round.stageId).tournamentId
    this.writable(tournamentId)
    db.moveToSpareSeat(roundId, playerId, tableId, seat)
    return this.changed(tournamentId)
  }

  /**
   * After a withdrawal or a late registration: every stage already seated gets its rounds not started seated
   * again. The change has happened, so when the count is no longer a multiple of 10 the free seats are marked
   * as spare seats (shown as such) rather than refusing; with fewer than 10 players the seating is left as is.
   */
  private reseatOpenRounds(tournamentId: number): void {
    const db = this.db()
    for (const stage of db.listStages(tournamentId)) {
      if (stage.seed === null) continue
      const open = db.listRounds(stage.id).filter((r) => r.startedAt === null)
      if (open.length === 0) continue
      const players = this.stagePlayers(stage)
      if (players.length >= 10) {
        const { cutLot: _lot, ...options } = stage.options
        this.seatStage(stage, stage.seed, { ...options, uneven: options.uneven ?? 'spareSeats' })
        continue
      }
      // Too few players left to seat again: the seats of the players who left become spare seats, so no round
      // starts with a withdrawn player at its table.
      const still = new Set(players)
      for (const round of open) {
        const seating = db.roundSeating(round.id)
        db.saveRoundSeating(
          round.id,
          seating.tables.map((tb) => ({
            tableId: tb.tableId,
            seats: tb.seats.map((id) => (id !== null && still.has(id) ? id : null)),
          })),
        )
      }
    }
  }

  /**
   * Seats every round of the stage not started yet with the generator (tournament/seating.ts) and stores it. The
   * first time the whole stage is generated; later (a withdrawal, a late registration, a new seed) the started
   * rounds are kept and count, and only the others are generated again. P not a multiple of 10 is refused with
   * the generator's explanation of the options (an extra game, or spare seats) unless one was chosen.
   */
  private seatStage(stage: Stage, seed: number, options: StageOptions): void {
    const db = this.db()
    const active = this.stagePlayers(stage)
    if (active.length < 10) {
      throw fail(
        'tournament/too_few_players',
        `Для рассадки нужно не меньше 10 игроков, зарегистрировано ${active.length}.`,
        `A seating needs at least 10 players; ${active.length} are registered.`,
        { players: active.length },
      )
    }
    if (stage.games === null) {
      throw fail(
        'tournament/no_games_planned',
        'У этапа не задано число игр.',
        'The stage has no number of games.',
      )
    }
    const rounds = db.listRounds(stage.id)
    const open = rounds.filter((r) => r.startedAt === null)
    const kept = rounds.filter((r) => r.startedAt !== null)
    if (open.length === 0) {
      throw fail(
        'tournament/no_open_rounds',
        'Все туры этапа уже начаты: пересаживать нечего.',
        'Every round of the stage has started: there is nothing left to seat.',
      )
    }
    const space = this.indexSpace(kept, active)
    const activeSet = new Set(active)
    // Stored constraints may name a player who has left since: they bind only the stage's players.
    const constraints = {
      avoid: pairsToKeepApart(db, options.avoidPairs)
        .filter(([x, y]) => activeSet.has(x) && activeSet.has(y))
        .map(([x, y]) => [space.index(x), space.index(y)] as [number, number]),
      fixedTable: Object.entries(options.fixedTable ?? {})
        .filter(([id]) => activeSet.has(Number(id)))
        .map(([id, table]) => ({ player: space.index(Number(id)), table })),
    }
    const withdrawn = space.ids.map((id, i) => (activeSet.has(id) ? -1 : i)).filter((i) => i >= 0)
    const previous = space.rounds
    const result =
      previous.length === 0
        ? generateSeating({
            players: space.ids.length,
            games: stage.games,
            seed,
            uneven: options.uneven,
            ...constraints,
          })
        : regenerateSeating(
            {
              seed,
              // The rounds not started are in the plan only to be generated again: as many as there are, or
              // with an extra game as many as the players still need (a late registration needs more).
              rounds: [
                ...previous,
                ...Array.from(
                  { length: this.roundsToPlan(stage.games, kept, active, options, open.length) },
                  (_, k) => ({
                    round: previous.length + k + 1,
                    tables: [],
                  }),
                ),
              ],
              report: evaluateSeating(space.seatedBefore, stage.games, previous),
              players: space.seatedBefore,
              games: stage.games,
              mode: options.uneven ?? 'exact',
              constraints: {},
            },
            {
              keep: previous.length,
              players: space.ids.length,
              withdrawn,
              seed,
              uneven: options.uneven,
              ...constraints,
            },
          )
    if (!result.ok) throw new AppError(result.error)
    const planned = result.value.rounds.slice(previous.length)
    db.transaction(() => {
      const tableCount = Math.max(...planned.flatMap((r) => r.tables.map((t) => t.table)))
      if (db.listTables(stage.tournamentId).length < tableCount)
        db.setTableCount(stage.tournamentId, tableCount)
      const tables = new Map(db.listTables(stage.tournamentId).map((t) => [t.number, t.id]))
      // Rounds as the plan needs them (an extra game can need more rounds than games): added or removed.
      const targets = [...open]
      while (targets.length < planned.length) targets.push(db.addRound(stage.id))
      for (const extra of targets.splice(planned.length)) db.deleteRound(extra.id)
      planned.forEach((r, k) => {
        db.saveRoundSeating(
          targets[k].id,
          r.tables.map((t) => ({
            tableId: tables.get(t.table)!,
            seats: t.seats.map((i) => (i === SPARE_SEAT || i >= space.ids.length ? null : space.ids[i])),
          })),
        )
      })
      // The lot drawn at the stage's cut is kept with the seating's options.
      const { cutLot } = stage.options
      db.setStageSeating(stage.id, seed, cutLot ? { ...options, cutLot } : options)
    })
  }

  /**
   * How many rounds not started to plan. Every player plays every round with exact tables or spare seats, so the
   * stage keeps its rounds (a late player plays fewer games, and the dashboard says so). With an extra game the
   * rounds are those the active players still need: their missing games over the seats of a round.
   */
  private roundsToPlan(
    games: number,
    kept: Round[],
    active: number[],
    options: StageOptions,
    open: number,
  ): number {
    if (options.uneven !== 'extraGame' || kept.length === 0) return open
    const db = this.db()
    const played = roundsPerPlayer(kept.map((r) => db.roundSeating(r.id).tables.flatMap((t) => t.seats)))
    const needed = active.reduce((n, id) => n + Math.max(0, games - (played.get(id) ?? 0)), 0)
    return Math.ceil(needed / (10 * Math.max(1, Math.floor(active.length / 10))))
  }

  /**
   * The stage in the generator's index space: players who already sat in a round first (in order of
   * appearance), then the other active ones; the stored rounds as index seatings (spare seats = SPARE_SEAT).
   */
  private indexSpace(
    of: Round[],
    active: number[],
  ): { ids: number[]; index: (id: number) => number; rounds: SeatingRound[]; seatedBefore: number } {
    const db = this.db()
    const stored = of.map((r) => db.roundSeating(r.id)).filter((s) => s.tables.length > 0)
    const ids: number[] = []
    const at = new Map<number, number>()
    const index = (id: number): number => {
      let i = at.get(id)
      if (i === undefined) {
        i = ids.length
        at.set(id, i)
        ids.push(id)
      }
      return i
    }
    const rounds: SeatingRound[] = stored.map((s, k) => ({
      round: k + 1,
      tables: s.tables.map((t) => ({
        table: t.table,
        seats: t.seats.map((id) => (id === null ? SPARE_SEAT : index(id))),
      })),
    }))
    const seatedBefore = ids.length
    for (const id of active) index(id)
    return { ids, index, rounds, seatedBefore }
  }

  /**
   * The stage's seating as XLSX (export/seating-xlsx.ts): one sheet per round (judges of the tables) and one
   * "by player"; with an extra game the players sitting a round out are listed.
   */
  async exportSeating(stageId: number, lang: 'ru' | 'en'): Promise<ExportedFile> {
    const db = this.db()
    const stage = this.requireStage(stageId)
    const t = this.require(stage.tournamentId)
    const players = this.stagePlayers(stage)
    const space = this.indexSpace(db.listRounds(stage.id), players)
    if (space.rounds.length === 0) {
      throw fail('tournament/no_seating', 'У этапа ещё нет рассадки.', 'The stage has no seating yet.')
    }
    const seated = db
      .listRounds(stage.id)
      .map((r) => ({ round: r, seating: db.roundSeating(r.id) }))
      .filter((x) => x.seating.tables.length > 0)
    // Who does not play each round and why (sits out / not yet registered / withdrawn), as the dashboard says.
    const roster = this.roster(stage)
    const absence: Record<number, Record<number, AbsenceReason>> = {}
    const rounds = space.rounds.map((r, k) => {
      const out = absences(
        roster,
        seated[k].seating.tables.flatMap((x) => x.seats),
        seated[k].round.startedAt,
      )
      absence[r.round] = Object.fromEntries(out.map((a) => [space.index(a.id), a.reason]))
      return out.length > 0 ? { ...r, sittingOut: out.map((a) => space.index(a.id)) } : r
    })
    const names = space.ids.map((id) => db.getPlayer(id)?.nickname ?? `#${id}`)
    const judges = Object.fromEntries(db.listTables(t.id).map((x) => [x.number, x.judge]))
    // Each round's sheet names the judges of that round (a per-round judge, or the game's own once made).
    const roundJudges = Object.fromEntries(
      seated.map((x, k) => [k + 1, this.judgesOf(x.round.id, x.seating.tables)]),
    )
    const bytes = await seatingToXlsx({ rounds }, names, {
      lang,
      title: t.name,
      judges,
      roundJudges,
      absence,
    })
    return {
      fileName: `seating-${t.id}-${stage.position}.xlsx`,
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: bytes.toString('base64'),
    }
  }

  /**
   * The stage's players as the registration knows them, for `absences`: its active players, then the withdrawn
   * ones who were seated in one of its rounds (named «снялся» in the rounds after their withdrawal).
   */
  private roster(stage: Stage): RosterPlayer[] {
    const db = this.db()
    const regs = new Map(db.listRegistrations(stage.tournamentId).map((r) => [r.player.id, r]))
    const active = this.stagePlayers(stage)
    const still = new Set(active)
    const seated = new Set(
      db.listRounds(stage.id).flatMap((r) => db.roundSeating(r.id).tables.flatMap((t) => t.seats)),
    )
    const gone = [...regs.values()]
      .filter((r) => r.withdrawnAt !== null && !still.has(r.player.id) && seated.has(r.player.id))
      .map((r) => r.player.id)
    return [...active, ...gone].map((id) => ({
      id,
      registeredAt: regs.get(id)?.registeredAt ?? 0,
      withdrawnAt: regs.get(id)?.withdrawnAt ?? null,
    }))
  }

  /** The judge of each table (by number) in a round, as the dashboard shows it. */
  private judgesOf(
    roundId: number,
    tables: Array<{ tableId: number; table: number }>,
  ): Record<number, string> {
    const db = this.db()
    const round = db.roundJudges(roundId)
    return Object.fromEntries(
      tables.map((tb) => {
        const live = db.liveGameAt(roundId, tb.tableId)
        return [tb.table, judgeAt(live, db.getTable(tb.tableId)?.judge ?? '', round.get(tb.tableId))]
      }),
    )
  }

  // ---- rounds -----------------------------------------------------------------------------------

  /** Locks the round's seating and creates one game per table with its seating and judge (not yet opened). */
  startRound(roundId: number): TournamentDetail {
    const db = this.db()
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const stage = this.requireStage(round.stageId)
    this.writable(stage.tournamentId)
    if (round.status === 'finished') {
      throw fail(
        'tournament/round_finished',
        `Тур ${round.number} уже завершён.`,
        `Round ${round.number} is already closed.`,
      )
    }
    const seating = db.roundSeating(roundId)
    // A started round can be started again only for its tables left without a game (a cancelled game's
    // replay, or a round whose first game was made from a control panel).
    if (
      round.startedAt !== null &&
      seating.tables.every((tb) => db.liveGameAt(roundId, tb.tableId) !== null)
    ) {
      throw fail(
        'tournament/round_started',
        `Тур ${round.number} уже начат: у каждого стола есть игра.`,
        `Round ${round.number} has already started: every table has its game.`,
      )
    }
    if (seating.tables.length === 0) {
      throw fail(
        'tournament/no_seating',
        `У тура ${round.number} нет рассадки: сначала создайте её.`,
        `Round ${round.number} has no seating: generate one first.`,
      )
    }
    db.transaction(() => {
      db.markRoundStarted(roundId)
      for (const table of seating.tables) {
        if (db.liveGameAt(roundId, table.tableId)) continue
        this.prepareGame(round, table)
      }
    })
    return this.changed(stage.tournamentId)
  }

  /** The prepared game of a round's table: its stored seating and the round's judge, not yet opened. */
  private prepareGame(
    round: Round,
    table: { tableId: number; table: number; seats: Array<number | null> },
  ): void {
    const db = this.db()
    const t = this.require(this.requireStage(round.stageId).tournamentId)
    const parsed = rulesetSchema.safeParse(t.ruleset)
    // The table's seats as the record has them (substitutions applied), so the game passes the seating check.
    const plan = tablePlan(db, round.id, table.tableId) ?? []
    this.service.createGame(
      {
        rulesetId: parsed.success ? parsed.data.id : 'fiim',
        players: plan.map((p, i) =>
          p.kind === 'player'
            ? { name: p.name, playerId: p.playerId }
            : { name: p.kind === 'substitute' ? p.name : `${SPARE_NAME} ${i + 1}`, playerId: null },
        ),
        seed: Date.now() + table.table,
        tournamentId: t.id,
        roundId: round.id,
        tableId: table.tableId,
        number: round.number,
        judge: db.roundJudges(round.id).get(table.tableId) ?? '',
      },
      { open: false },
    )
  }

  /**
   * A replay in a closed round (the head judge confirmed it on the dashboard): the table's game was cancelled, so
   * the round opens again and the table gets a prepared game with its seating and judge. The stage's Ci is
   * provisional again until the round is closed once more («Завершить тур» after the replay).
   */
  replayTable(roundId: number, tableId: number): TournamentDetail {
    const db = this.db()
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const stage = this.requireStage(round.stageId)
    this.writable(stage.tournamentId)
    const table = db.roundSeating(roundId).tables.find((tb) => tb.tableId === tableId)
    const number = table?.table ?? db.getTable(tableId)?.number ?? tableId
    if (round.status !== 'finished') {
      throw fail(
        'tournament/round_open',
        `Тур ${round.number} не завершён: игру для стола без игры создаёт «Создать игры для столов без игры».`,
        `Round ${round.number} is not closed: "Make games for tables without one" prepares the missing game.`,
      )
    }
    if (!table) {
      throw fail(
        'tournament/no_seating',
        `За столом ${number} в туре ${round.number} никто не сидел: переигрывать нечего.`,
        `Nobody was seated at table ${number} in round ${round.number}: there is nothing to replay.`,
      )
    }
    if (db.liveGameAt(roundId, tableId)) {
      throw fail(
        'tournament/table_has_game',
        `За столом ${number} в туре ${round.number} уже есть игра: переиграть можно только отменённую (сначала отмените её с указанием причины).`,
        `Table ${number} in round ${round.number} already has a game: only a cancelled one is replayed (cancel it first, with a reason).`,
      )
    }
    this.refuseAfterLaterStage(stage)
    db.transaction(() => {
      db.reopenRound(roundId)
      this.prepareGame(round, table)
    })
    return this.changed(stage.tournamentId)
  }

  /**
   * Closes a round (every game finished or cancelled, every seated table played — or `force`), stores the stage's
   * Ci per seat when that closes the stage (docs/rules.md §16.3), takes the end-of-round backup and tells the dashboards.
   */
  async finishRound(input: RoundFinishInput): Promise<{ backup: string }> {
    const db = this.db()
    const { roundId } = input
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const tournamentId = this.requireStage(round.stageId).tournamentId
    if (input.unfinished === 'cancel' && !input.reason) {
      throw fail(
        'tournament/cancel_needs_reason',
        'Чтобы отменить недоигранные игры тура, укажите причину: она остаётся в их протоколах.',
        "To cancel the round's unfinished games, give the reason: it stays in their protocols.",
        { roundId },
      )
    }
    const open = db
      .listGames({ roundId })
      .filter((g) => g.status !== 'finished')
      .map((g) => g.id)
    // A game frozen by a forced close stops its clock first: its timer shows the time left at the close.
    if (input.force === true && input.unfinished !== 'cancel' && round.status !== 'finished') {
      // (A game a table machine plays is its own writer's: its clock is the table's.)
      for (const gameId of open) {
        if (db.sync.isRemote(gameId)) continue
        if (this.service.envelope(gameId).view.timer?.runningSince != null)
          this.service.command(gameId, { cmd: 'timer', action: 'pause' })
      }
    }
    const backup = await db.finishRound(roundId, {
      force: input.force ?? false,
      unfinished:
        input.unfinished === 'cancel'
          ? { action: 'cancel', reason: input.reason ?? '' }
          : { action: 'freeze' },
      afterMark: (id) => storeCiIfStageFinalised(db, id),
    })
    // The panel, the stream and the tablets learn that these games were cancelled or frozen.
    for (const gameId of open) this.service.refreshGame(gameId)
    this.service.tournamentChanged(tournamentId)
    return { backup }
  }

  /**
   * Opens a closed round again (the head judge's decision): the games frozen at its forced close take commands
   * again; close it once more when they are over. Refused once a later stage was seeded from these standings.
   */
  reopenRound(roundId: number, reason?: string): TournamentDetail {
    const db = this.db()
    const round = db.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const stage = this.requireStage(round.stageId)
    const t = this.writable(stage.tournamentId)
    if (round.status !== 'finished') {
      throw fail(
        'tournament/round_open',
        `Тур ${round.number} не завершён: открывать нечего.`,
        `Round ${round.number} is not closed: there is nothing to reopen.`,
        { roundId },
      )
    }
    this.refuseAfterLaterStage(stage)
    db.reopenRound(roundId)
    // Logged (issue 29 §4): a closed round's games took no command, push or import until this decision.
    this.service.note(
      `round ${round.number} of tournament "${t.name}" (${t.id}) reopened by the head judge: ${reason ?? '(no reason given)'}`,
    )
    for (const g of db.listGames({ roundId })) if (g.status !== 'finished') this.service.refreshGame(g.id)
    return this.changed(stage.tournamentId)
  }

  /**
   * A substitution (issue 28): at a started, open round's table, before its game starts, the seat's player is
   * replaced by a substitute who scores for nobody — the head judge's act, or the table judge's confirmed by the
   * head judge. It is recorded with its reason; the prepared game's seat takes the substitute; the protocol and
   * the dashboard show it. Before a round starts the seating itself is changed instead (swap, move).
   */
  substitute(input: SubstituteInput): TournamentDetail {
    const db = this.db()
    const round = db.getRound(input.roundId)
    if (!round) {
      throw fail('app/round_not_found', `Тур №${input.roundId} не найден`, `Round ${input.roundId} not found`)
    }
    const stage = this.requireStage(round.stageId)
    this.writable(stage.tournamentId)
    if (round.startedAt === null) {
      throw fail(
        'tournament/round_not_started',
        `Тур ${round.number} ещё не начат: до начала тура рассадку меняют обменом или пересадкой на запасное место, без замены.`,
        `Round ${round.number} has not started: before a round starts its seating is changed by a swap or a move into a spare seat, not by a substitution.`,
        { roundId: round.id },
      )
    }
    const lock = closedRoundLock(db, { roundId: round.id })
    if (lock) throw lock
    const plan = tablePlan(db, round.id, input.tableId)
    const tableNo = db.getTable(input.tableId)?.number ?? input.tableId
    if (!plan) {
      throw fail(
        'tournament/no_seating_at_table',
        `У стола ${tableNo} в туре ${round.number} нет рассадки: заменять некого.`,
        `Table ${tableNo} has no seating in round ${round.number}: there is nobody to replace.`,
        { roundId: round.id, tableId: input.tableId },
      )
    }
    const game = db.liveGameAt(round.id, input.tableId)
    if (game && game.lastSeq !== null) {
      throw fail(
        'tournament/game_started',
        `Игра за столом ${tableNo} в туре ${round.number} уже идёт: замена делается до её начала (состав начатой игры не меняется).`,
        `The game at table ${tableNo} in round ${round.number} has already started: a substitution is made before it starts (a started game keeps its players).`,
        { roundId: round.id, tableId: input.tableId, gameId: game.id },
      )
    }
    const planned = plan[input.seat - 1]
    const replaced = planned.kind === 'player' ? planned.playerId : null
    const tournamentPlayers = new Set(db.listRegistrations(stage.tournamentId).map((r) => r.player.nickname))
    if (tournamentPlayers.has(input.name.trim())) {
      throw fail(
        'tournament/substitute_is_player',
        `«${input.name.trim()}» — участник турнира: замена играет вне зачёта, а участник набирает очки только на своём месте по рассадке.`,
        `"${input.name.trim()}" is a player of the tournament: a substitute scores for nobody, and a player scores only in his own seat of the seating.`,
        { name: input.name.trim() },
      )
    }
    db.transaction(() => {
      db.addSubstitution({
        roundId: round.id,
        tableId: input.tableId,
        seat: input.seat,
        replaced,
        name: input.name,
        reason: input.reason,
        judge: input.headJudge,
        byTable: input.byTable ?? false,
      })
      // The prepared game's seat takes the substitute (no registry link: he scores for nobody).
      if (game) {
        const setup = game.setup as GameSetup
        const players = setup.players.map((p, i) =>
          i === input.seat - 1 ? { name: input.name.trim(), playerId: null, photo: null } : p,
        )
        db.updateGameSetup(game.id, { ...setup, players })
      }
    })
    if (game) this.service.refreshGame(game.id)
    return this.changed(stage.tournamentId)
  }

  private refuseAfterLaterStage(stage: Stage): void {
    const later = this.db()
      .listStages(stage.tournamentId)
      .find((s) => s.position > stage.position)
    if (!later) return
    const ru = { qualifying: 'отборочный этап', semifinal: 'полуфинал', final: 'финал' }[later.kind]
    throw fail(
      'tournament/later_stage',
      `После этого этапа уже добавлен ${later.name ? `этап «${later.name}»` : ru}: его игроки отобраны по нынешней таблице, переигровка изменила бы отбор.`,
      `A later stage (${later.name || later.kind}) was already seeded from these standings: a replay would change who went through.`,
    )
  }

  cancelGame(gameId: number, reason: string): GameSummary {
    return this.service.cancelGame(gameId, reason)
  }

  // ---- the dashboard ----------------------------------------------------------------------------

  detail(tournamentId: number): TournamentDetail {
    const db = this.db()
    const t = this.require(tournamentId)
    const parsed = rulesetSchema.safeParse(t.ruleset)
    const ruleset = parsed.success ? parsed.data : BUILTIN_RULESETS.fiim
    const registrations = db.listRegistrations(tournamentId)
    const people = new Map<number, TournamentPlayer>(
      registrations.map((r) => [r.player.id, playerOf(r.player, r.withdrawnAt !== null)]),
    )
    const personOf = (id: number | null): TournamentPlayer | null => {
      if (id === null) return null
      const known = people.get(id)
      if (known) return known
      const p = db.getPlayer(id)
      return p ? playerOf(p, true) : null
    }
    const tables = db.listTables(tournamentId)
    const games = db.listGames({ tournamentId, includeCancelled: true })
    const stages: DashboardStage[] = db.listStages(tournamentId).map((stage) => {
      const stagePlayers = this.stagePlayers(stage)
      const roster = this.roster(stage)
      const seatsByRound: Array<Array<number | null>> = []
      const rounds = db.listRounds(stage.id).map((round) => {
        const seating = db.roundSeating(round.id)
        const judges = db.roundJudges(round.id)
        const subs = db.roundSubstitutions(round.id)
        const here = games.filter((g) => g.roundId === round.id)
        const seatedTables = seating.tables.length > 0 ? seating.tables.map((s) => s.tableId) : []
        const tableIds = [
          ...new Set([...seatedTables, ...here.map((g) => g.tableId).filter((x): x is number => x !== null)]),
        ]
        const seats = seating.tables.flatMap((tb) => tb.seats)
        if (seats.length > 0) seatsByRound.push(seats)
        const absent = (seats.length === 0 ? [] : absences(roster, seats, round.startedAt)).flatMap((a) => {
          const player = personOf(a.id)
          return player ? [{ player, reason: a.reason }] : []
        })
        return {
          id: round.id,
          number: round.number,
          started: round.startedAt !== null,
          finished: round.status === 'finished',
          sittingOut: absent.filter((a) => a.reason !== 'withdrawn').map((a) => a.player),
          absent,
          spareSeats: seats.filter((id) => id === null).length,
          tables: tableIds
            .map((tableId) => {
              const table = tables.find((x) => x.id === tableId)
              const seats = seating.tables.find((s) => s.tableId === tableId)?.seats ?? []
              const atTable = here.filter((g) => g.tableId === tableId)
              const live = atTable.find((g) => g.cancelledAt === null) ?? null
              return {
                tableId,
                table: table?.number ?? 0,
                judge: judgeAt(live, table?.judge ?? '', judges.get(tableId)),
                seats: seats.map(personOf),
                game: live ? this.gameOf(live) : null,
                cancelled: atTable.filter((g) => g.cancelledAt !== null).map((g) => this.gameOf(g)),
                substitutions: subs
                  .filter((x) => x.tableId === tableId)
                  .map((x) => ({
                    seat: x.seat,
                    name: x.name,
                    replaced: personOf(x.replaced),
                    reason: x.reason,
                    headJudge: x.judge,
                    byTable: x.byTable,
                    at: x.at,
                  })),
              }
            })
            .sort((a, b) => a.table - b.table),
        }
      })
      return {
        id: stage.id,
        kind: stage.kind,
        name: stage.name,
        position: stage.position,
        games: stage.games,
        size: stage.size,
        seed: stage.seed,
        players: stagePlayers.length,
        playerIds: stagePlayers,
        rounds,
        uneven: stage.options.uneven ?? null,
        avoidPairs: stage.options.avoidPairs ?? [],
        fixedTable: Object.entries(stage.options.fixedTable ?? {}).map(([id, table]) => ({
          playerId: Number(id),
          table,
        })),
        extraGame:
          stage.games === null
            ? []
            : extraGamePlayers(stagePlayers, seatsByRound, stage.games).flatMap((id) => personOf(id) ?? []),
        fewerGames:
          stage.games === null || seatsByRound.length === 0 || seatsByRound.length < rounds.length
            ? []
            : fewerGamePlayers(stagePlayers, seatsByRound, stage.games).flatMap((id) => personOf(id) ?? []),
        cutLot: stage.options.cutLot
          ? {
              tied: stage.options.cutLot.tied.flatMap((id) => personOf(id) ?? []),
              through: stage.options.cutLot.through.flatMap((id) => personOf(id) ?? []),
              by: stage.options.cutLot.by ?? 'lot',
            }
          : null,
        figures: this.figures(stage),
      }
    })
    return {
      id: t.id,
      uuid: t.uuid,
      name: t.name,
      startsOn: t.startsOn,
      endsOn: t.endsOn,
      venue: t.venue,
      club: t.club,
      rulesetId: ruleset.id,
      scoring: scoringOf(ruleset),
      archived: t.archivedAt !== null,
      rulesetLocked: games.some((g) => g.cancelledAt === null),
      tables: tables.map((x) => ({ id: x.id, number: x.number, judge: x.judge })),
      players: registrations.map((r) => playerOf(r.player, r.withdrawnAt !== null)),
      stages,
    }
  }

  private gameOf(g: GameRow): DashboardGame {
    const progress = g.status === 'running' && g.cancelledAt === null ? this.service.progress(g.id) : null
    return {
      id: g.id,
      status: g.status,
      winner: (g.winner as DashboardGame['winner']) ?? null,
      day: progress?.day ?? null,
      night: progress?.night ?? null,
      phase: progress?.phase ?? null,
      step: progress?.step ?? null,
      cancelled: g.cancelledAt !== null,
      cancelReason: g.cancelReason,
      judge: g.judge,
    }
  }

  /**
   * Figures of the stage's stored seating next to those of a random seating of the same rounds (each round's own
   * players shuffled over its tables: after a withdrawal or a late registration no P × G shape describes them).
   */
  private figures(stage: Stage): { generated: SeatingFigures; random: SeatingFigures } | null {
    const db = this.db()
    const stored = db.listRounds(stage.id).filter((r) => db.roundSeating(r.id).tables.length > 0)
    const space = this.indexSpace(stored, [])
    if (space.rounds.length === 0 || stage.games === null) return null
    const players = space.ids.length
    // Constraints on players never seated (withdrawn before the seating) cannot be broken: left out.
    const seated = new Set(space.ids)
    const constraints = {
      avoid: pairsToKeepApart(db, stage.options.avoidPairs)
        .filter(([x, y]) => seated.has(x) && seated.has(y))
        .map(([x, y]) => [space.index(x), space.index(y)] as [number, number]),
      fixedTable: Object.entries(stage.options.fixedTable ?? {})
        .filter(([id]) => seated.has(Number(id)))
        .map(([id, table]) => ({ player: space.index(Number(id)), table })),
    }
    const generated = evaluateSeating(players, stage.games, space.rounds, constraints)
    const random = shuffledSeating(players, stage.games, space.rounds, stage.seed ?? 1)
    // The judge of each stored round's tables, as the dashboard names them.
    const judges = stored.map((r) =>
      this.judgesOf(
        r.id,
        db.roundSeating(r.id).tables.map((t) => ({ tableId: t.tableId, table: t.table })),
      ),
    )
    // The shuffled seating keeps every round's tables, so the same judges sit at them.
    const judgeOf = (k: number, table: number): string => judges[k]?.[table] ?? ''
    return {
      generated: toFigures(generated, judgeSpread(space.rounds, judgeOf)),
      random: toFigures(
        evaluateSeating(players, stage.games, random.rounds, constraints),
        judgeSpread(random.rounds, judgeOf),
      ),
    }
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private require(tournamentId: number) {
    const t = this.db().getTournament(tournamentId)
    if (!t) {
      throw fail(
        'app/tournament_not_found',
        `Турнир №${tournamentId} не найден`,
        `Tournament ${tournamentId} not found`,
      )
    }
    return t
  }

  /** The tournament, refused when archived (read-only until brought back). */
  private writable(tournamentId: number) {
    const t = this.require(tournamentId)
    if (t.archivedAt !== null) throw tournamentArchived(t.name, t.id)
    return t
  }

  private requireStage(stageId: number): Stage {
    const s = this.db().getStage(stageId)
    if (!s) throw fail('app/stage_not_found', `Этап №${stageId} не найден`, `Stage ${stageId} not found`)
    return s
  }

  /** Pushes `tournament.changed` and returns the fresh detail. */
  private changed(tournamentId: number): TournamentDetail {
    this.service.tournamentChanged(tournamentId)
    return this.detail(tournamentId)
  }
}

function playerOf(p: Player, withdrawn: boolean): TournamentPlayer {
  return { id: p.id, nickname: p.nickname, club: p.club || null, withdrawn }
}

function scoringOf(r: Ruleset): { bestMove2: number; bestMove3: number; ciK: number } {
  return { bestMove2: r.scoring.bestMove2, bestMove3: r.scoring.bestMove3, ciK: r.scoring.ciK }
}

function toFigures(r: SeatingReport, judges: { maxWithOneJudge: number; overCap: number }): SeatingFigures {
  return {
    players: r.players,
    tables: r.tables,
    games: r.games,
    pairsExpected: r.pairs.expected,
    pairsMin: r.pairs.min,
    pairsMax: r.pairs.max,
    pairsStdDev: r.pairs.stdDev,
    pairsTwice: r.pairs.twice,
    pairsNeverMet: r.pairs.neverMet,
    seatMaxDeviation: r.seats.maxDeviation,
    keySeatsMaxDeviation: r.seats.keySeatsMaxDeviation,
    tableUseMaxDeviation: r.tableUse.maxDeviation,
    tableMaxAtOne: r.tableUse.maxAtOneTable,
    tableCap: r.tableUse.cap,
    tableOverCap: r.tableUse.overCap,
    judgeMaxWithOne: judges.maxWithOneJudge,
    judgeOverCap: judges.overCap,
    spareSeats: r.spareSeats,
    avoidViolations: r.violations.avoidMet.length,
    fixedViolations: r.violations.fixedTableBroken.length,
    pairsBandLow: r.pairs.band.low,
    pairsBandHigh: r.pairs.band.high,
    pairsOutsideBand: r.pairs.outsideBand,
    pairsSumSquares: r.pairs.sumSquares,
    pairsSumSquaresBound: r.pairs.sumSquaresBound,
  }
}

/** The first sheet of an XLSX workbook as CSV text (`;`, quoted), so it goes through the CSV import's checks. */
export async function xlsxToCsv(base64: string): Promise<string> {
  const wb = new (await loadExcel()).Workbook()
  try {
    await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer)
  } catch (err) {
    throw fail(
      'app/xlsx_unreadable',
      'Файл XLSX не читается: это не книга Excel или он повреждён. Ничего не изменено.',
      'The XLSX file cannot be read: it is not an Excel workbook or it is damaged. Nothing was changed.',
      { cause: err instanceof Error ? err.message : String(err) },
    )
  }
  const sheet = wb.worksheets[0]
  if (!sheet) return ''
  const lines: string[] = []
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    const cells: string[] = []
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) {
      const text = row.getCell(c).text ?? ''
      cells.push(`"${text.replace(/"/g, '""')}"`)
    }
    lines.push(cells.some((c) => c !== '""') ? cells.join(';') : '')
  }
  return lines.join('\n')
}
