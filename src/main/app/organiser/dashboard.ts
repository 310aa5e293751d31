import { judgeAt } from '../../tournament/judges'
import { scoringSystemOf } from '../../../shared/game/ruleset'
import type {
  DashboardGame,
  DashboardStage,
  SeatingFigures,
  TournamentDetail,
  TournamentPlayer,
} from '../../../shared/tournament-ops'
import type { GameRow, Player, Stage } from '../../db'
import { absences, extraGamePlayers, fewerGamePlayers } from '../../tournament/roster'
import { type SeatingReport, evaluateSeating, judgeSpread, shuffledSeating } from '../../tournament/seating'
import { OrganiserRoom, scoringOf } from './context'
import { pairsToKeepApart } from './pair-policies'
import { shownNormaliser } from '../standings-normaliser'
import { tournamentRuleset } from '../exports'
/** The organiser's dashboard: the tournament's detail (stages, rounds, tables, games, seating figures). */
export class Dashboard extends OrganiserRoom {
  detail(tournamentId: number): TournamentDetail {
    const db = this.db()
    const t = this.require(tournamentId)
    const ruleset = tournamentRuleset(db, t.id)
    const registrations = db.registrations.listRegistrations(tournamentId)
    const people = new Map<number, TournamentPlayer>(
      registrations.map((r) => [r.player.id, playerOf(r.player, r.withdrawnAt !== null)]),
    )
    const personOf = (id: number | null): TournamentPlayer | null => {
      if (id === null) return null
      const known = people.get(id)
      if (known) return known
      const p = db.players.getPlayer(id)
      return p ? playerOf(p, true) : null
    }
    const tables = db.tournaments.listTables(tournamentId)
    const games = db.games.listGames({ tournamentId, includeCancelled: true })
    const stages: DashboardStage[] = db.tournaments.listStages(tournamentId).map((stage) => {
      const stagePlayers = this.stagePlayers(stage)
      const roster = this.roster(stage)
      const seatsByRound: Array<Array<number | null>> = []
      const rounds = db.tournaments.listRounds(stage.id).map((round) => {
        const seating = db.seatings.roundSeating(round.id)
        const judges = db.tournaments.roundJudges(round.id)
        const subs = db.tournaments.roundSubstitutions(round.id)
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
      scoringSystem: { id: scoringSystemOf(ruleset).id, name: scoringSystemOf(ruleset).name },
      normaliser: shownNormaliser(db, t.id),
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
    const stored = db.tournaments
      .listRounds(stage.id)
      .filter((r) => db.seatings.roundSeating(r.id).tables.length > 0)
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
        db.seatings.roundSeating(r.id).tables.map((t) => ({ tableId: t.tableId, table: t.table })),
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
}

function playerOf(p: Player, withdrawn: boolean): TournamentPlayer {
  return { id: p.id, nickname: p.nickname, club: p.club || null, withdrawn }
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
