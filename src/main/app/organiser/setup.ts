import { type Ruleset, scoringSystemOf } from '../../../shared/game/ruleset'
import { tournamentRuleset } from '../exports'
import type {
  TournamentCreateInput,
  TournamentDetail,
  TournamentUpdateInput,
} from '../../../shared/tournament-ops'

import { OrganiserRoom, fail, scoringOf } from './context'
import { withSystem } from './scoring-systems'
/** The tournament page: create, edit and archive a tournament; its ruleset copy, tables and judges. */
export class TournamentSetup extends OrganiserRoom {
  create(input: TournamentCreateInput): TournamentDetail {
    const db = this.db()
    const ruleset = this.rulesetCopy(input.rulesetId, input.scoring, input.scoringSystemId)
    const id = db.transaction(() => {
      const t = db.tournaments.createTournament({
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
    // The ruleset the tournament is scored with now (its copy; without one, its games' or FIIM): the one answer
    // the dashboard, the rounds and the standings give too.
    const stored = tournamentRuleset(db, input.tournamentId)
    const storedScoring = scoringOf(stored)
    // The stored copy is replaced only when the ruleset or the scoring really changes: saving the settings with
    // the same values keeps the tournament's copy as it is (even if the ruleset it came from changed since).
    const changesRuleset =
      (input.rulesetId !== undefined && input.rulesetId !== stored.id) ||
      (input.scoringSystemId !== undefined && input.scoringSystemId !== scoringSystemOf(stored).id) ||
      (input.scoring !== undefined &&
        (Object.keys(storedScoring) as Array<keyof typeof storedScoring>).some(
          (k) => input.scoring?.[k] !== storedScoring[k],
        ))
    if (changesRuleset) this.refuseRulesetChange(current)
    const rulesetId = input.rulesetId ?? stored.id
    // The system stays the tournament's copy unless another one is chosen.
    const systemId = input.scoringSystemId ?? stored.scoringSystem?.id
    const ruleset = changesRuleset
      ? this.rulesetCopy(rulesetId, input.scoring ?? storedScoring, systemId)
      : undefined
    db.transaction(() => {
      db.tournaments.updateTournament(input.tournamentId, {
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
          input.tables ?? db.tournaments.listTables(input.tournamentId).length,
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
      for (const stage of db.tournaments.listStages(tournamentId)) {
        const running = db.tournaments
          .listRounds(stage.id)
          .find((r) => r.startedAt !== null && r.status !== 'finished')
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
    db.tournaments.archiveTournament(tournamentId, archived)
    return this.changed(tournamentId)
  }

  /** The ruleset copied into a tournament, with its scoring version (best-move points, Ci K). */
  private rulesetCopy(
    rulesetId: string,
    scoring: TournamentCreateInput['scoring'],
    scoringSystemId: string | undefined,
  ): Ruleset {
    const base = this.service.rulesets().find((r) => r.id === rulesetId)
    if (!base) {
      throw fail('app/unknown_ruleset', `Нет регламента «${rulesetId}»`, `No ruleset "${rulesetId}"`)
    }
    const copy = scoring ? { ...base, scoring: { ...base.scoring, ...scoring } } : base
    // A chosen scoring system is copied in whole (its own best-move values and Ci K then apply).
    return withSystem(this.db(), copy, scoringSystemId, scoring)
  }

  /**
   * The ruleset and scoring of a tournament are fixed once it has a game (not cancelled): its games were
   * prepared and signed under that copy, and the standings' Ci follows it. Refused with that reason.
   */
  private refuseRulesetChange(t: { id: number; name: string }): void {
    const games = this.db().games.listGames({ tournamentId: t.id })
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
    const tables = db.tournaments.setTableCount(tournamentId, count)
    if (judges)
      for (const t of tables) db.tournaments.updateTable(t.id, { judge: judges[t.number - 1] ?? '' })
  }

  /**
   * The judge of a table: for the whole tournament (the rounds not started take it; games already made keep
   * theirs), or for one round. In a started round the table's game gets the new judge while it is not finished;
   * a finished game's protocol keeps the judge who signed it, so the change is refused with that reason.
   */
  setJudge(tableId: number, judge: string, roundId: number | undefined): TournamentDetail {
    const db = this.db()
    const table = db.tournaments.getTable(tableId)
    if (!table) throw fail('app/table_not_found', `Стол №${tableId} не найден`, `Table ${tableId} not found`)
    this.writable(table.tournamentId)
    if (roundId === undefined) {
      db.tournaments.updateTable(tableId, { judge })
      return this.changed(table.tournamentId)
    }
    const round = db.tournaments.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    if (this.requireStage(round.stageId).tournamentId !== table.tournamentId) {
      throw fail(
        'tournament/table_elsewhere',
        `Стол ${table.number} из другого турнира, чем тур ${round.number}.`,
        `Table ${table.number} belongs to another tournament than round ${round.number}.`,
        { tableId, roundId },
      )
    }
    const live = db.games.liveGameAt(roundId, tableId)
    if (live && live.status === 'finished') {
      throw fail(
        'tournament/judge_game_finished',
        `Игра за столом ${table.number} в туре ${round.number} уже завершена: её протокол подписан судьёй «${live.judge || table.judge}» и не меняется. Судью можно сменить только до конца игры.`,
        `The game at table ${table.number} in round ${round.number} is already finished: its protocol was signed by the judge "${live.judge || table.judge}" and stays so. A judge can be changed only before the game ends.`,
        { tableId, roundId, gameId: live.id, judge: live.judge },
      )
    }
    db.transaction(() => {
      db.tournaments.setRoundJudge(roundId, tableId, judge)
      // The game prepared or running at this table takes the new judge ('' = the table's usual one).
      if (live) db.games.setGameJudge(live.id, judge.trim() || table.judge)
    })
    return this.changed(table.tournamentId)
  }
}
