import { AppError, appError } from '../../../shared/errors'
import { judgeAt } from '../../tournament/judges'
import { type Ruleset } from '../../../shared/game/ruleset'
import { tournamentArchived } from '../../db/errors'
import type { TournamentDetail } from '../../../shared/tournament-ops'
import type { MafiaDb, Round, Stage } from '../../db'
import type { RosterPlayer } from '../../tournament/roster'
import { SPARE_SEAT, type SeatingRound } from '../../tournament/seating'
import type { AppService } from '../service'
export function fail(code: string, ru: string, en: string, details?: Record<string, unknown>): AppError {
  return new AppError(appError(code, ru, en, details))
}

/** Seat index of a spare seat's name: "Запасной 3". */
export const SPARE_NAME = 'Запасной'

export interface OrganiserDeps {
  db: () => MafiaDb
  service: AppService
  /** The dashboard's detail of a tournament (what every change returns). */
  detail: (tournamentId: number) => TournamentDetail
}

/** What every organiser room shares: the database, the app service and the lookups that refuse what is missing. */
export abstract class OrganiserRoom {
  constructor(protected readonly deps: OrganiserDeps) {}

  protected db(): MafiaDb {
    return this.deps.db()
  }

  protected get service(): AppService {
    return this.deps.service
  }

  protected require(tournamentId: number) {
    const t = this.db().tournaments.getTournament(tournamentId)
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
  protected writable(tournamentId: number) {
    const t = this.require(tournamentId)
    if (t.archivedAt !== null) throw tournamentArchived(t.name, t.id)
    return t
  }

  protected requireStage(stageId: number): Stage {
    const s = this.db().tournaments.getStage(stageId)
    if (!s) throw fail('app/stage_not_found', `Этап №${stageId} не найден`, `Stage ${stageId} not found`)
    return s
  }

  /** Pushes `tournament.changed` and returns the fresh detail. */
  protected changed(tournamentId: number): TournamentDetail {
    this.service.tournamentChanged(tournamentId)
    return this.deps.detail(tournamentId)
  }

  /** The players of a stage: its own seeded list (finals) or every registered one, withdrawn left out. */
  protected stagePlayers(stage: Stage): number[] {
    const db = this.db()
    const active = db.registrations.activePlayerIds(stage.tournamentId)
    const own = db.registrations.stagePlayerIds(stage.id)
    if (own === null) return active
    const still = new Set(active)
    return own.filter((id) => still.has(id))
  }

  /**
   * The stage's players as the registration knows them, for `absences`: its active players, then the withdrawn
   * ones who were seated in one of its rounds (named «снялся» in the rounds after their withdrawal).
   */
  protected roster(stage: Stage): RosterPlayer[] {
    const db = this.db()
    const regs = new Map(db.registrations.listRegistrations(stage.tournamentId).map((r) => [r.player.id, r]))
    const active = this.stagePlayers(stage)
    const still = new Set(active)
    const seated = new Set(
      db.tournaments
        .listRounds(stage.id)
        .flatMap((r) => db.seatings.roundSeating(r.id).tables.flatMap((t) => t.seats)),
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
  protected judgesOf(
    roundId: number,
    tables: Array<{ tableId: number; table: number }>,
  ): Record<number, string> {
    const db = this.db()
    const round = db.tournaments.roundJudges(roundId)
    return Object.fromEntries(
      tables.map((tb) => {
        const live = db.games.liveGameAt(roundId, tb.tableId)
        return [
          tb.table,
          judgeAt(live, db.tournaments.getTable(tb.tableId)?.judge ?? '', round.get(tb.tableId)),
        ]
      }),
    )
  }

  /**
   * The stage in the generator's index space: players who already sat in a round first (in order of
   * appearance), then the other active ones; the stored rounds as index seatings (spare seats = SPARE_SEAT).
   */
  protected indexSpace(
    of: Round[],
    active: number[],
  ): { ids: number[]; index: (id: number) => number; rounds: SeatingRound[]; seatedBefore: number } {
    const db = this.db()
    const stored = of.map((r) => db.seatings.roundSeating(r.id)).filter((s) => s.tables.length > 0)
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
}

export function scoringOf(r: Ruleset): { bestMove2: number; bestMove3: number; ciK: number } {
  return { bestMove2: r.scoring.bestMove2, bestMove3: r.scoring.bestMove3, ciK: r.scoring.ciK }
}
