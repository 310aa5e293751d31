import { tournamentRuleset } from '../exports'
import type { GameSetup } from '../../engine'
import type { GameSummary } from '../../../shared/contract'
import type { RoundFinishInput, SubstituteInput, TournamentDetail } from '../../../shared/tournament-ops'
import type { Round, Stage } from '../../db'
import { closedRoundLock, tablePlan } from '../tournament-record'
import { storeCiIfStageFinalised } from '../exports'
import { OrganiserRoom, SPARE_NAME, fail } from './context'
/** The rounds page: start a round (its prepared games), replay a table, close and reopen a round, substitutions. */
export class Rounds extends OrganiserRoom {
  /** Locks the round's seating and creates one game per table with its seating and judge (not yet opened). */
  startRound(roundId: number): TournamentDetail {
    const db = this.db()
    const round = db.tournaments.getRound(roundId)
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
    const seating = db.seatings.roundSeating(roundId)
    // A started round can be started again only for its tables left without a game (a cancelled game's
    // replay, or a round whose first game was made from a control panel).
    if (
      round.startedAt !== null &&
      seating.tables.every((tb) => db.games.liveGameAt(roundId, tb.tableId) !== null)
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
      db.tournaments.markRoundStarted(roundId)
      for (const table of seating.tables) {
        if (db.games.liveGameAt(roundId, table.tableId)) continue
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
    // The table's seats as the record has them (substitutions applied), so the game passes the seating check.
    const plan = tablePlan(db, round.id, table.tableId) ?? []
    this.service.createGame(
      {
        rulesetId: tournamentRuleset(db, t.id).id,
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
        judge: db.tournaments.roundJudges(round.id).get(table.tableId) ?? '',
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
    const round = db.tournaments.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const stage = this.requireStage(round.stageId)
    this.writable(stage.tournamentId)
    const table = db.seatings.roundSeating(roundId).tables.find((tb) => tb.tableId === tableId)
    const number = table?.table ?? db.tournaments.getTable(tableId)?.number ?? tableId
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
    if (db.games.liveGameAt(roundId, tableId)) {
      throw fail(
        'tournament/table_has_game',
        `За столом ${number} в туре ${round.number} уже есть игра: переиграть можно только отменённую (сначала отмените её с указанием причины).`,
        `Table ${number} in round ${round.number} already has a game: only a cancelled one is replayed (cancel it first, with a reason).`,
      )
    }
    this.refuseAfterLaterStage(stage)
    db.transaction(() => {
      db.tournaments.reopenRound(roundId)
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
    const round = db.tournaments.getRound(roundId)
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
    const open = db.games
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
    const round = db.tournaments.getRound(roundId)
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
    db.tournaments.reopenRound(roundId)
    // Logged (issue 29 §4): a closed round's games took no command, push or import until this decision.
    this.service.note(
      `round ${round.number} of tournament "${t.name}" (${t.id}) reopened by the head judge: ${reason ?? '(no reason given)'}`,
    )
    for (const g of db.games.listGames({ roundId }))
      if (g.status !== 'finished') this.service.refreshGame(g.id)
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
    const round = db.tournaments.getRound(input.roundId)
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
    const tableNo = db.tournaments.getTable(input.tableId)?.number ?? input.tableId
    if (!plan) {
      throw fail(
        'tournament/no_seating_at_table',
        `У стола ${tableNo} в туре ${round.number} нет рассадки: заменять некого.`,
        `Table ${tableNo} has no seating in round ${round.number}: there is nobody to replace.`,
        { roundId: round.id, tableId: input.tableId },
      )
    }
    const game = db.games.liveGameAt(round.id, input.tableId)
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
    const tournamentPlayers = new Set(
      db.registrations.listRegistrations(stage.tournamentId).map((r) => r.player.nickname),
    )
    if (tournamentPlayers.has(input.name.trim())) {
      throw fail(
        'tournament/substitute_is_player',
        `«${input.name.trim()}» — участник турнира: замена играет вне зачёта, а участник набирает очки только на своём месте по рассадке.`,
        `"${input.name.trim()}" is a player of the tournament: a substitute scores for nobody, and a player scores only in his own seat of the seating.`,
        { name: input.name.trim() },
      )
    }
    db.transaction(() => {
      db.tournaments.addSubstitution({
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
        db.games.updateGameSetup(game.id, { ...setup, players })
      }
    })
    if (game) this.service.refreshGame(game.id)
    return this.changed(stage.tournamentId)
  }

  private refuseAfterLaterStage(stage: Stage): void {
    const later = this.db()
      .tournaments.listStages(stage.tournamentId)
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
}
