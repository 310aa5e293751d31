/** Tournaments with their stages, rounds and tables; the demo tournament. */
import crypto from 'node:crypto'
import type { AppError } from '../../shared/errors'
import { Repo } from './core'
import { dbError, invalidInput, tournamentArchived } from './errors'
import { insertPlayer, playerByKey } from './players'
import {
  toRound,
  toStage,
  toTable,
  toTournament,
  type RoundDbRow,
  type StageDbRow,
  type TableDbRow,
  type TournamentDbRow,
} from './rows'
import { foldKey } from './text'
import {
  STAGE_KINDS,
  type DemoIds,
  type Round,
  type Stage,
  type StageInput,
  type StageOptions,
  type TableRow,
  type Tournament,
  type TournamentInput,
  type TournamentStructure,
} from './types'
import { checkDate, isId, optionalText, toJson, todayIso } from './validate'

export const DEMO_TOURNAMENT_NAME = 'Демо-турнир'
export const DEMO_NICKNAMES: readonly string[] = [
  'Лиса',
  'Волк',
  'Медведь',
  'Сова',
  'Ёж',
  'Рысь',
  'Барсук',
  'Ворон',
  'Заяц',
  'Филин',
]

export class TournamentsRepo extends Repo {
  createTournament(input: TournamentInput): Tournament {
    const name = optionalText(input.name, 'name')
    if (name === '')
      throw invalidInput('Название турнира не может быть пустым.', 'The tournament name cannot be empty.')
    const startsOn = checkDate(input.startsOn, 'startsOn')
    const endsOn = checkDate(input.endsOn, 'endsOn')
    const ruleset =
      input.ruleset === undefined || input.ruleset === null ? null : toJson(input.ruleset, 'ruleset')
    const venue = optionalText(input.venue, 'venue')
    const club = optionalText(input.club, 'club')
    checkDateOrder(startsOn, endsOn)
    const uuid = input.uuid ?? crypto.randomUUID()
    return this.write(() => {
      const now = Date.now()
      const info = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, venue, club, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(uuid, name, startsOn, endsOn, ruleset, venue, club, now, now)
      return toTournament(this.requireTournament(Number(info.lastInsertRowid)))
    })
  }

  updateTournament(id: number, patch: Partial<Omit<TournamentInput, 'uuid'>>): Tournament {
    return this.write(() => {
      const row = this.requireTournament(id)
      const name = patch.name === undefined ? row.name : optionalText(patch.name, 'name')
      if (name === '') {
        throw invalidInput('Название турнира не может быть пустым.', 'The tournament name cannot be empty.')
      }
      const startsOn = patch.startsOn === undefined ? row.starts_on : checkDate(patch.startsOn, 'startsOn')
      const endsOn = patch.endsOn === undefined ? row.ends_on : checkDate(patch.endsOn, 'endsOn')
      checkDateOrder(startsOn, endsOn)
      this.stmt(
        `UPDATE tournaments SET name = ?, starts_on = ?, ends_on = ?, venue = ?, club = ?, ruleset = ?, updated_at = ?
         WHERE id = ?`,
      ).run(
        name,
        startsOn,
        endsOn,
        patch.venue === undefined ? row.venue : optionalText(patch.venue, 'venue'),
        patch.club === undefined ? row.club : optionalText(patch.club, 'club'),
        patch.ruleset === undefined
          ? row.ruleset
          : patch.ruleset === null
            ? null
            : toJson(patch.ruleset, 'ruleset'),
        Date.now(),
        id,
      )
      return toTournament(this.requireTournament(id))
    })
  }

  /** Archives (hides from the lists; nothing is deleted) or brings back a tournament. */
  archiveTournament(id: number, archived: boolean): Tournament {
    return this.write(() => {
      this.requireTournament(id)
      this.stmt('UPDATE tournaments SET archived_at = ?, updated_at = ? WHERE id = ?').run(
        archived ? Date.now() : null,
        Date.now(),
        id,
      )
      return toTournament(this.requireTournament(id))
    })
  }

  /** Newest first (archived ones too: see `archivedAt`). */
  listTournaments(): Tournament[] {
    return this.guard(() =>
      (
        this.stmt(
          "SELECT * FROM tournaments ORDER BY coalesce(starts_on, '') DESC, id DESC",
        ).all() as TournamentDbRow[]
      ).map(toTournament),
    )
  }

  getTournament(id: number): Tournament | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM tournaments WHERE id = ?').get(id) as TournamentDbRow | undefined
      return row ? toTournament(row) : null
    })
  }

  /** The tournament with its stages (and their rounds) and tables, in order. */
  getStructure(tournamentId: number): TournamentStructure | null {
    return this.guard(() => {
      const t = this.stmt('SELECT * FROM tournaments WHERE id = ?').get(tournamentId) as
        TournamentDbRow | undefined
      if (!t) return null
      const stages = this.listStages(tournamentId).map((s) => ({ ...s, rounds: this.listRounds(s.id) }))
      return { tournament: toTournament(t), stages, tables: this.listTables(tournamentId) }
    })
  }

  addStage(tournamentId: number, input: StageInput): Stage {
    if (!STAGE_KINDS.includes(input.kind)) {
      throw invalidInput(
        `Неизвестный вид этапа: ${String(input.kind)}.`,
        `Unknown stage kind: ${String(input.kind)}.`,
      )
    }
    const name = optionalText(input.name, 'name')
    const games = optionalCount(input.games, 'games', 100)
    const size = optionalCount(input.size, 'size', 10000)
    return this.write(() => {
      this.requireTournament(tournamentId)
      const { next } = this.stmt(
        'SELECT coalesce(max(position), 0) + 1 AS next FROM stages WHERE tournament_id = ?',
      ).get(tournamentId) as { next: number }
      const info = this.stmt(
        'INSERT INTO stages (tournament_id, kind, name, position, games, size) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(tournamentId, input.kind, name, next, games, size)
      return toStage(this.requireStage(Number(info.lastInsertRowid)))
    })
  }

  /** Stores the seed and the options of the stage's seating (the classification's carry-over is not a seating
   * option: it stays as it was unless given). */
  setStageSeating(stageId: number, seed: number, options: StageOptions): Stage {
    return this.write(() => {
      const { carryOver } = toStage(this.requireStage(stageId)).options
      const json = toJson(
        carryOver === undefined || 'carryOver' in options ? options : { ...options, carryOver },
        'options',
      )
      this.stmt('UPDATE stages SET seed = ?, options = ? WHERE id = ?').run(seed, json, stageId)
      return toStage(this.requireStage(stageId))
    })
  }

  /** Replaces the stored options of a stage (the seed stays). */
  setStageOptions(stageId: number, options: StageOptions): Stage {
    const json = toJson(options, 'options')
    return this.write(() => {
      this.requireStage(stageId)
      this.stmt('UPDATE stages SET options = ? WHERE id = ?').run(json, stageId)
      return toStage(this.requireStage(stageId))
    })
  }

  /**
   * Locks a round's seating: called when the round starts. Rounds start in order: the previous round of the stage
   * must have started (tournament/round_order otherwise).
   */
  markRoundStarted(roundId: number): Round {
    return this.write(() => {
      this.refuseOutOfOrder(roundId)
      this.stmt('UPDATE rounds SET started_at = coalesce(started_at, ?) WHERE id = ?').run(
        Date.now(),
        roundId,
      )
      return toRound(this.requireRound(roundId))
    })
  }

  /**
   * Refuses to start a round (tournament/round_order) while the round before it in its stage has not started:
   * rounds start in order, whatever the door (the dashboard, a game made for the round at a table). A round
   * already started passes.
   */
  refuseOutOfOrder(roundId: number): void {
    const r = this.requireRound(roundId)
    if (r.started_at !== null) return
    const before = this.stmt(
      'SELECT number FROM rounds WHERE stage_id = ? AND number < ? AND started_at IS NULL ORDER BY number LIMIT 1',
    ).get(r.stage_id, r.number) as { number: number } | undefined
    if (!before) return
    throw dbError(
      'db/round_order',
      `Тур ${r.number} нельзя начать раньше тура ${before.number}: туры этапа начинаются по порядку. Сначала начните тур ${before.number}.`,
      `Round ${r.number} cannot start before round ${before.number}: the rounds of a stage start in order. Start round ${before.number} first.`,
      { roundId, round: r.number, before: before.number },
    )
  }

  /**
   * Records a substitution at a started round's table (the head judge's act, with its reason): the seat's player
   * is replaced by the substitute, who scores for nobody. One per seat (db/seat_substituted for a second).
   */
  addSubstitution(input: {
    roundId: number
    tableId: number
    seat: number
    replaced: number | null
    name: string
    reason: string
    judge: string
    byTable: boolean
  }): Substitution {
    const name = optionalText(input.name, 'name', 60)
    const reason = optionalText(input.reason, 'reason', 500)
    const judge = optionalText(input.judge, 'judge', 80)
    if (name === '' || reason === '' || judge === '') {
      throw invalidInput(
        'Для замены нужны имя заменяющего, причина и имя главного судьи.',
        "A substitution needs the substitute's name, the reason and the head judge's name.",
      )
    }
    return this.write(() => {
      const round = this.requireRound(input.roundId)
      this.requireTable(input.tableId)
      const had = this.stmt(
        'SELECT name FROM round_substitutions WHERE round_id = ? AND table_id = ? AND seat = ?',
      ).get(input.roundId, input.tableId, input.seat) as { name: string } | undefined
      if (had) {
        throw dbError(
          'db/seat_substituted',
          `На месте ${input.seat} в туре ${round.number} уже играет замена «${had.name}».`,
          `Seat ${input.seat} in round ${round.number} already has a substitute ("${had.name}").`,
          { roundId: input.roundId, tableId: input.tableId, seat: input.seat },
        )
      }
      const at = Date.now()
      this.stmt(
        `INSERT INTO round_substitutions (round_id, table_id, seat, replaced_id, name, reason, judge, by_table, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        input.roundId,
        input.tableId,
        input.seat,
        input.replaced,
        name,
        reason,
        judge,
        input.byTable ? 1 : 0,
        at,
      )
      return { ...input, name, reason, judge, at }
    })
  }

  /** The substitutions made in a round, by table and seat. */
  roundSubstitutions(roundId: number): Substitution[] {
    return this.guard(() =>
      (
        this.stmt(
          `SELECT round_id, table_id, seat, replaced_id, name, reason, judge, by_table, at FROM round_substitutions
           WHERE round_id = ? ORDER BY table_id, seat`,
        ).all(roundId) as Array<{
          round_id: number
          table_id: number
          seat: number
          replaced_id: number | null
          name: string
          reason: string
          judge: string
          by_table: number
          at: number
        }>
      ).map((r) => ({
        roundId: r.round_id,
        tableId: r.table_id,
        seat: r.seat,
        replaced: r.replaced_id,
        name: r.name,
        reason: r.reason,
        judge: r.judge,
        byTable: r.by_table === 1,
        at: r.at,
      })),
    )
  }

  /** Opens a closed round again (a replay of a cancelled game there); its end is recorded anew when closed. */
  reopenRound(roundId: number): Round {
    return this.write(() => {
      this.requireRound(roundId)
      this.stmt("UPDATE rounds SET status = 'open', finished_at = NULL WHERE id = ?").run(roundId)
      return toRound(this.requireRound(roundId))
    })
  }

  /** Deletes a round that was never started and has no game (db/round_started otherwise). */
  deleteRound(roundId: number): void {
    this.write(() => {
      const r = this.requireRound(roundId)
      const used = this.stmt('SELECT 1 FROM games WHERE round_id = ? LIMIT 1').get(roundId)
      if (r.started_at !== null || used) throw roundStarted(r.number)
      this.stmt('DELETE FROM rounds WHERE id = ?').run(roundId)
    })
  }

  /** The judge of a table in one round ('' = the table's usual judge). */
  setRoundJudge(roundId: number, tableId: number, judge: string): void {
    const name = optionalText(judge, 'judge', 80)
    this.write(() => {
      const round = this.requireRound(roundId)
      const table = this.requireTable(tableId)
      if (this.requireStage(round.stage_id).tournament_id !== table.tournament_id) {
        throw invalidInput(
          `Стол ${table.number} из другого турнира, чем тур ${round.number}.`,
          `Table ${table.number} belongs to another tournament than round ${round.number}.`,
          { roundId, tableId },
        )
      }
      if (name === '')
        this.stmt('DELETE FROM round_judges WHERE round_id = ? AND table_id = ?').run(roundId, tableId)
      else
        this.stmt(
          `INSERT INTO round_judges (round_id, table_id, judge) VALUES (?, ?, ?)
           ON CONFLICT(round_id, table_id) DO UPDATE SET judge = excluded.judge`,
        ).run(roundId, tableId, name)
    })
  }

  /** The judge of every table of the tournament in this round: the round's own one, else the table's. */
  roundJudges(roundId: number): Map<number, string> {
    return this.guard(() => {
      const rows = this.stmt(
        `SELECT t.id AS table_id, coalesce(rj.judge, t.judge) AS judge
         FROM rounds r JOIN stages s ON s.id = r.stage_id JOIN tables t ON t.tournament_id = s.tournament_id
         LEFT JOIN round_judges rj ON rj.round_id = r.id AND rj.table_id = t.id
         WHERE r.id = ?`,
      ).all(roundId) as Array<{ table_id: number; judge: string }>
      return new Map(rows.map((r) => [r.table_id, r.judge]))
    })
  }

  /**
   * Makes the tournament have exactly `count` tables (numbered 1..count): missing ones are added, surplus ones
   * without games or seatings are removed (db/table_in_use otherwise).
   */
  setTableCount(tournamentId: number, count: number): TableRow[] {
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      throw invalidInput('Число столов должно быть от 1 до 1000.', 'The number of tables must be 1 to 1000.')
    }
    return this.write(() => {
      this.requireTournament(tournamentId)
      const tables = this.listTables(tournamentId)
      for (const t of tables.filter((tb) => tb.number > count)) {
        const used =
          this.stmt('SELECT 1 FROM games WHERE table_id = ? LIMIT 1').get(t.id) ??
          this.stmt('SELECT 1 FROM round_seats WHERE table_id = ? LIMIT 1').get(t.id)
        if (used) {
          throw dbError(
            'db/table_in_use',
            `Стол ${t.number} уже используется в рассадке или играх: его нельзя убрать.`,
            `Table ${t.number} is already used by a seating or games: it cannot be removed.`,
            { tableId: t.id },
          )
        }
        this.stmt('DELETE FROM tables WHERE id = ?').run(t.id)
      }
      const have = new Set(tables.map((t) => t.number))
      for (let n = 1; n <= count; n++) {
        if (!have.has(n))
          this.stmt('INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, ?, ?, ?)').run(
            tournamentId,
            n,
            `Стол ${n}`,
            '',
          )
      }
      return this.listTables(tournamentId)
    })
  }

  listStages(tournamentId: number): Stage[] {
    return this.guard(() =>
      (
        this.stmt('SELECT * FROM stages WHERE tournament_id = ? ORDER BY position').all(
          tournamentId,
        ) as StageDbRow[]
      ).map(toStage),
    )
  }

  getStage(id: number): Stage | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM stages WHERE id = ?').get(id) as StageDbRow | undefined
      return row ? toStage(row) : null
    })
  }

  /** Adds a round to a stage; `number` defaults to the next free one. */
  addRound(stageId: number, input: { number?: number } = {}): Round {
    return this.write(() => {
      this.requireStage(stageId)
      let number = input.number
      if (number === undefined) {
        number = (
          this.stmt('SELECT coalesce(max(number), 0) + 1 AS next FROM rounds WHERE stage_id = ?').get(
            stageId,
          ) as {
            next: number
          }
        ).next
      } else if (!isId(number)) {
        throw invalidInput('Номер тура должен быть целым > 0.', 'The round number must be an integer > 0.')
      }
      const info = this.stmt("INSERT INTO rounds (stage_id, number, status) VALUES (?, ?, 'open')").run(
        stageId,
        number,
      )
      return toRound(this.requireRound(Number(info.lastInsertRowid)))
    })
  }

  listRounds(stageId: number): Round[] {
    return this.guard(() =>
      (this.stmt('SELECT * FROM rounds WHERE stage_id = ? ORDER BY number').all(stageId) as RoundDbRow[]).map(
        toRound,
      ),
    )
  }

  getRound(id: number): Round | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM rounds WHERE id = ?').get(id) as RoundDbRow | undefined
      return row ? toRound(row) : null
    })
  }

  /** Adds a table to a tournament; `number` defaults to the next free one. */
  addTable(tournamentId: number, input: { number?: number; name?: string; judge?: string } = {}): TableRow {
    const name = optionalText(input.name, 'name')
    const judge = optionalText(input.judge, 'judge')
    return this.write(() => {
      this.requireTournament(tournamentId)
      let number = input.number
      if (number === undefined) {
        number = (
          this.stmt('SELECT coalesce(max(number), 0) + 1 AS next FROM tables WHERE tournament_id = ?').get(
            tournamentId,
          ) as { next: number }
        ).next
      } else if (!isId(number)) {
        throw invalidInput('Номер стола должен быть целым > 0.', 'The table number must be an integer > 0.')
      }
      const info = this.stmt(
        'INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, ?, ?, ?)',
      ).run(tournamentId, number, name, judge)
      return toTable(this.requireTable(Number(info.lastInsertRowid)))
    })
  }

  updateTable(tableId: number, patch: { name?: string; judge?: string }): TableRow {
    return this.write(() => {
      const row = this.requireTable(tableId)
      this.stmt('UPDATE tables SET name = ?, judge = ? WHERE id = ?').run(
        patch.name === undefined ? row.name : optionalText(patch.name, 'name'),
        patch.judge === undefined ? row.judge : optionalText(patch.judge, 'judge'),
        tableId,
      )
      return toTable(this.requireTable(tableId))
    })
  }

  listTables(tournamentId: number): TableRow[] {
    return this.guard(() =>
      (
        this.stmt('SELECT * FROM tables WHERE tournament_id = ? ORDER BY number').all(
          tournamentId,
        ) as TableDbRow[]
      ).map(toTable),
    )
  }

  getTable(id: number): TableRow | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM tables WHERE id = ?').get(id) as TableDbRow | undefined
      return row ? toTable(row) : null
    })
  }

  /**
   * Marks the round finished (MafiaDb.finishRound then takes the end-of-round backup). Refuses with
   * db/round_in_progress while a game of the round is running, unless `force`.
   */
  markRoundFinished(roundId: number, opts: { force?: boolean; unfinished?: UnfinishedGames } = {}): Round {
    return this.write(() => {
      const r = this.requireRound(roundId)
      const t = this.requireTournament(this.requireStage(r.stage_id).tournament_id)
      if (t.archived_at !== null) throw tournamentArchived(t.name, t.id)
      if (r.started_at === null) {
        throw dbError(
          'db/round_not_started',
          `Тур ${r.number} ещё не начат: завершить можно только начатый тур.`,
          `Round ${r.number} has not started: only a started round can be closed.`,
          { roundId },
        )
      }
      if (r.status === 'finished') {
        throw dbError(
          'db/round_finished',
          `Тур ${r.number} уже завершён.`,
          `Round ${r.number} is already closed.`,
          { roundId },
        )
      }
      // Every game of the round must be finished or cancelled (a game never started counts as open too), and
      // every seated table must have had its game: a table with none was never played.
      const running = this.stmt(
        "SELECT id, number FROM games WHERE round_id = ? AND status <> 'finished' AND cancelled_at IS NULL",
      ).all(roundId) as Array<{ id: number; number: number | null }>
      const unplayed = (
        this.stmt(
          `SELECT DISTINCT t.number FROM round_seats rs JOIN tables t ON t.id = rs.table_id
           WHERE rs.round_id = ? AND NOT EXISTS (SELECT 1 FROM games g WHERE g.round_id = rs.round_id AND g.table_id = rs.table_id)
           ORDER BY t.number`,
        ).all(roundId) as Array<{ number: number }>
      ).map((x) => x.number)
      if ((running.length > 0 || unplayed.length > 0) && opts.force !== true) {
        const ru: string[] = []
        const en: string[] = []
        if (running.length > 0) {
          ru.push(`не завершены игры (${running.length})`)
          en.push(`${running.length} unfinished game(s)`)
        }
        if (unplayed.length > 0) {
          ru.push(`за столами ${unplayed.join(', ')} игры не было`)
          en.push(`no game at table(s) ${unplayed.join(', ')}`)
        }
        throw dbError(
          'db/round_in_progress',
          `В туре ${r.number} ${ru.join('; ')}: доиграйте их или отмените с указанием причины, либо подтвердите.`,
          `Round ${r.number} has ${en.join('; ')}: finish them or cancel them with a reason, or confirm.`,
          { roundId, games: running.map((g) => g.id), tables: unplayed },
        )
      }
      // A forced close decides the unfinished games: cancelled with the given reason, or frozen (left as they are:
      // a game of a closed round takes no command until the head judge opens the round again).
      const unfinished = opts.unfinished ?? { action: 'freeze' }
      if (running.length > 0 && unfinished.action === 'cancel') {
        const reason = optionalText(unfinished.reason, 'reason', 500)
        if (reason === '') {
          throw invalidInput(
            'Укажите причину отмены недоигранных игр тура.',
            "Give the reason for cancelling the round's unfinished games.",
          )
        }
        const now = Date.now()
        const cancel = this.stmt(
          'UPDATE games SET cancelled_at = ?, cancel_reason = ?, updated_at = ? WHERE id = ?',
        )
        for (const g of running) cancel.run(now, reason, now, g.id)
      }
      this.stmt(
        "UPDATE rounds SET status = 'finished', finished_at = coalesce(finished_at, ?) WHERE id = ?",
      ).run(Date.now(), roundId)
      return toRound(r)
    })
  }

  /**
   * Creates the demo tournament when there is no tournament: ten players at table 1 of a qualifying stage with one
   * round per entry of `rotations` (round k seats the players rotated by rotations[k]; default one round).
   * The rounds are seated and started; the app service plays their games.
   */
  seedDemo(opts: { ruleset?: unknown; rotations?: number[] } = {}): DemoIds | null {
    const rotations = opts.rotations && opts.rotations.length > 0 ? opts.rotations : [0]
    return this.write(() => {
      const { n } = this.stmt('SELECT count(*) AS n FROM tournaments').get() as { n: number }
      if (n > 0) return null
      const now = Date.now()
      const t = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, created_at, updated_at)
         VALUES (?, ?, ?, NULL, ?, ?, ?)`,
      ).run(
        crypto.randomUUID(),
        DEMO_TOURNAMENT_NAME,
        todayIso(),
        opts.ruleset === undefined || opts.ruleset === null ? null : toJson(opts.ruleset, 'ruleset'),
        now,
        now,
      )
      const tournamentId = Number(t.lastInsertRowid)
      const stageId = Number(
        this.stmt(
          "INSERT INTO stages (tournament_id, kind, name, position, games, seed) VALUES (?, 'qualifying', ?, 1, ?, 1)",
        ).run(tournamentId, 'Отборочный этап', rotations.length).lastInsertRowid,
      )
      const roundIds = rotations.map((_, k) =>
        Number(
          this.stmt("INSERT INTO rounds (stage_id, number, status, started_at) VALUES (?, ?, 'open', ?)").run(
            stageId,
            k + 1,
            now,
          ).lastInsertRowid,
        ),
      )
      const tableId = Number(
        this.stmt('INSERT INTO tables (tournament_id, number, name, judge) VALUES (?, 1, ?, ?)').run(
          tournamentId,
          'Стол 1',
          '',
        ).lastInsertRowid,
      )
      const playerIds = DEMO_NICKNAMES.map((nick) => {
        const existing = playerByKey(this.core, foldKey(nick))
        return existing ? existing.id : insertPlayer(this.core, nick, '', 'Демо-клуб', '')
      })
      // The demo uses the whole model: its players registered, every round seated and started (the app service
      // then creates each round's game at table 1).
      playerIds.forEach((id) => {
        this.stmt(
          'INSERT INTO tournament_players (tournament_id, player_id, registered_at) VALUES (?, ?, ?)',
        ).run(tournamentId, id, now)
      })
      roundIds.forEach((roundId, k) => {
        for (let seat = 1; seat <= playerIds.length; seat++) {
          const id = playerIds[(seat - 1 + rotations[k]) % playerIds.length]
          this.stmt('INSERT INTO round_seats (round_id, table_id, seat, player_id) VALUES (?, ?, ?, ?)').run(
            roundId,
            tableId,
            seat,
            id,
          )
        }
      })
      return { tournamentId, stageId, roundIds, roundId: roundIds[roundIds.length - 1], tableId, playerIds }
    })
  }
}

function checkDateOrder(startsOn: string | null, endsOn: string | null): void {
  if (startsOn !== null && endsOn !== null && endsOn < startsOn) {
    throw invalidInput('Дата окончания раньше даты начала.', 'The end date is before the start date.', {
      startsOn,
      endsOn,
    })
  }
}

function optionalCount(value: unknown, field: string, max: number): number | null {
  if (value === undefined || value === null) return null
  if (!isId(value) || value > max) {
    throw invalidInput(
      `Поле «${field}» должно быть целым от 1 до ${max}.`,
      `"${field}" must be an integer from 1 to ${max}.`,
      { value },
    )
  }
  return value
}

/** A substitution at a round's table (issue 28). */
export interface Substitution {
  roundId: number
  tableId: number
  seat: number
  /** The seated player replaced (null: the seat was a spare one, or his registry entry was merged away). */
  replaced: number | null
  /** The substitute, as the protocol prints him; he scores for nobody. */
  name: string
  reason: string
  /** The head judge who made or confirmed it. */
  judge: string
  /** Asked by the table's judge (and confirmed by the head judge). */
  byTable: boolean
  at: number
}

/** What a forced close does with the round's unfinished games (issue 28). */
export type UnfinishedGames = { action: 'freeze' } | { action: 'cancel'; reason: string }

export function roundStarted(number: number): AppError {
  return dbError(
    'db/round_started',
    `Тур ${number} уже начат: его рассадка закреплена и не меняется.`,
    `Round ${number} has already started: its seating is locked.`,
    { round: number },
  )
}
