/** Tournaments with their stages, rounds and tables; the demo tournament. */
import crypto from 'node:crypto'
import { Repo } from './core'
import { dbError, invalidInput } from './errors'
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
  type StageKind,
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
    const uuid = input.uuid ?? crypto.randomUUID()
    return this.write(() => {
      const now = Date.now()
      const info = this.stmt(
        `INSERT INTO tournaments (uuid, name, starts_on, ends_on, ruleset, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(uuid, name, startsOn, endsOn, ruleset, now, now)
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
      this.stmt(
        'UPDATE tournaments SET name = ?, starts_on = ?, ends_on = ?, ruleset = ?, updated_at = ? WHERE id = ?',
      ).run(
        name,
        patch.startsOn === undefined ? row.starts_on : checkDate(patch.startsOn, 'startsOn'),
        patch.endsOn === undefined ? row.ends_on : checkDate(patch.endsOn, 'endsOn'),
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

  /** Newest first. */
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

  addStage(tournamentId: number, input: { kind: StageKind; name?: string }): Stage {
    if (!STAGE_KINDS.includes(input.kind)) {
      throw invalidInput(
        `Неизвестный вид этапа: ${String(input.kind)}.`,
        `Unknown stage kind: ${String(input.kind)}.`,
      )
    }
    const name = optionalText(input.name, 'name')
    return this.write(() => {
      this.requireTournament(tournamentId)
      const { next } = this.stmt(
        'SELECT coalesce(max(position), 0) + 1 AS next FROM stages WHERE tournament_id = ?',
      ).get(tournamentId) as { next: number }
      const info = this.stmt(
        'INSERT INTO stages (tournament_id, kind, name, position) VALUES (?, ?, ?, ?)',
      ).run(tournamentId, input.kind, name, next)
      return toStage(this.requireStage(Number(info.lastInsertRowid)))
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
  markRoundFinished(roundId: number, opts: { force?: boolean } = {}): Round {
    return this.write(() => {
      const r = this.requireRound(roundId)
      const running = this.stmt("SELECT id, number FROM games WHERE round_id = ? AND status = 'running'").all(
        roundId,
      ) as Array<{ id: number; number: number | null }>
      if (running.length > 0 && opts.force !== true) {
        throw dbError(
          'db/round_in_progress',
          `В туре ${r.number} ещё идут игры (${running.length}). Завершите их или подтвердите.`,
          `Round ${r.number} still has ${running.length} game(s) in progress. Finish them or confirm.`,
          { roundId, games: running.map((g) => g.id) },
        )
      }
      this.stmt(
        "UPDATE rounds SET status = 'finished', finished_at = coalesce(finished_at, ?) WHERE id = ?",
      ).run(Date.now(), roundId)
      return toRound(r)
    })
  }

  /** Creates the demo tournament (ten players, qualifying stage, round 1, table 1) when there is no tournament. */
  seedDemo(opts: { ruleset?: unknown } = {}): DemoIds | null {
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
          "INSERT INTO stages (tournament_id, kind, name, position) VALUES (?, 'qualifying', ?, 1)",
        ).run(tournamentId, 'Отборочный этап').lastInsertRowid,
      )
      const roundId = Number(
        this.stmt("INSERT INTO rounds (stage_id, number, status) VALUES (?, 1, 'open')").run(stageId)
          .lastInsertRowid,
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
      return { tournamentId, stageId, roundId, tableId, playerIds }
    })
  }
}
