/**
 * Appeals (issue 31 §1): filed on a tournament's game, numbered per tournament, answered by the head judge. The
 * record keeps every step with who took it and when (appeal_events). The contract's shapes (src/shared/appeals.ts)
 * are checked by the app service before anything reaches here; the table's CHECKs are the last guard.
 */
import { Repo } from './core'
import { dbError, invalidInput } from './errors'
import type { AppealStatus, AppealStep } from '../../shared/appeals'

export interface AppealRecord {
  id: number
  tournamentId: number
  number: number
  gameId: number
  filer: { role: 'player' | 'captain'; playerId: number | null; name: string }
  text: string
  status: AppealStatus
  answer: string
  amendSeq: number | null
  createdAt: number
  history: Array<{ step: AppealStep; who: string; note: string; at: number }>
}

export interface AppealDbRow {
  id: number
  tournament_id: number
  number: number
  game_id: number
  filer_role: 'player' | 'captain'
  filer_player_id: number | null
  filer_name: string
  text: string
  status: AppealStatus
  answer: string
  amend_seq: number | null
  created_at: number
}

export class AppealsRepo extends Repo {
  /** Files an appeal (status open) with its first logged step; returns it with its number in the tournament. */
  file(input: {
    tournamentId: number
    gameId: number
    filer: { role: 'player' | 'captain'; playerId: number | null; name: string }
    text: string
    who: string
    at: number
  }): AppealRecord {
    return this.write(() => {
      const next = this.stmt(
        'SELECT COALESCE(MAX(number), 0) + 1 AS n FROM appeals WHERE tournament_id = ?',
      ).get(input.tournamentId) as { n: number }
      const info = this.stmt(
        `INSERT INTO appeals (tournament_id, number, game_id, filer_role, filer_player_id, filer_name, text, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        input.tournamentId,
        next.n,
        input.gameId,
        input.filer.role,
        input.filer.playerId,
        input.filer.name,
        input.text,
        input.at,
      )
      const id = Number(info.lastInsertRowid)
      this.log(id, 'filed', input.who, '', input.at)
      return this.require(id)
    })
  }

  get(id: number): AppealRecord | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM appeals WHERE id = ?').get(id) as AppealDbRow | undefined
      return row ? this.toRecord(row) : null
    })
  }

  require(id: number): AppealRecord {
    const a = this.get(id)
    if (!a) throw dbError('db/not_found', `Апелляция №${id} не найдена.`, `Appeal ${id} not found.`, { id })
    return a
  }

  list(tournamentId: number, status?: AppealStatus): AppealRecord[] {
    return this.guard(() => {
      const rows = (
        status === undefined
          ? this.stmt('SELECT * FROM appeals WHERE tournament_id = ? ORDER BY number DESC').all(tournamentId)
          : this.stmt(
              'SELECT * FROM appeals WHERE tournament_id = ? AND status = ? ORDER BY number DESC',
            ).all(tournamentId, status)
      ) as AppealDbRow[]
      return rows.map((r) => this.toRecord(r))
    })
  }

  /** Open appeals per tournament (the dashboard's badge). */
  openCount(tournamentId: number): number {
    return this.guard(
      () =>
        (
          this.stmt("SELECT COUNT(*) AS n FROM appeals WHERE tournament_id = ? AND status = 'open'").get(
            tournamentId,
          ) as { n: number }
        ).n,
    )
  }

  /**
   * Answers an open appeal: its status, the answer and (accepted) the amendment's seq, with the logged step. Call
   * inside the caller's transaction when something else is written with it (the amendment, the cancelled game).
   */
  answer(
    id: number,
    outcome: {
      status: Exclude<AppealStatus, 'open'>
      answer: string
      amendSeq?: number
      who: string
      note?: string
      at: number
    },
  ): AppealRecord {
    return this.write(() => {
      const a = this.require(id)
      if (a.status !== 'open') throw notOpen(a)
      this.stmt('UPDATE appeals SET status = ?, answer = ?, amend_seq = ? WHERE id = ?').run(
        outcome.status,
        outcome.answer,
        outcome.amendSeq ?? null,
        id,
      )
      this.log(id, outcome.status, outcome.who, outcome.note ?? '', outcome.at)
      return this.require(id)
    })
  }

  private log(id: number, step: AppealStep, who: string, note: string, at: number): void {
    if (who.trim() === '') throw invalidInput('Укажите, кто это сделал.', 'Say who did it.')
    this.stmt('INSERT INTO appeal_events (appeal_id, step, who, note, at) VALUES (?, ?, ?, ?, ?)').run(
      id,
      step,
      who,
      note,
      at,
    )
  }

  private toRecord(r: AppealDbRow): AppealRecord {
    const history = this.stmt(
      'SELECT step, who, note, at FROM appeal_events WHERE appeal_id = ? ORDER BY rowid',
    ).all(r.id) as AppealRecord['history']
    return {
      id: r.id,
      tournamentId: r.tournament_id,
      number: r.number,
      gameId: r.game_id,
      filer: { role: r.filer_role, playerId: r.filer_player_id, name: r.filer_name },
      text: r.text,
      status: r.status,
      answer: r.answer,
      amendSeq: r.amend_seq,
      createdAt: r.created_at,
      history,
    }
  }
}

export function notOpen(a: { number: number; status: AppealStatus }) {
  const ru = {
    rejected: 'отклонена',
    accepted: 'удовлетворена',
    replayed: 'решена переигровкой',
    open: 'открыта',
  }
  const en = { rejected: 'rejected', accepted: 'accepted', replayed: 'answered by a replay', open: 'open' }
  return dbError(
    'db/appeal_answered',
    `Апелляция №${a.number} уже ${ru[a.status]}: ответ не меняется.`,
    `Appeal No. ${a.number} is already ${en[a.status]}: the answer stands.`,
    { number: a.number, status: a.status },
  )
}
