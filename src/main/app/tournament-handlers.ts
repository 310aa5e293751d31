/** The handlers of the tournament operations (issue 11): each one delegates to TournamentOps. */
import type { Handlers } from '../transport/router'
import type { TournamentOps } from './tournaments'

type OpsCall =
  | 'tournaments.get'
  | 'tournaments.create'
  | 'tournaments.update'
  | 'tournaments.archive'
  | 'tournaments.register'
  | 'tournaments.registerNew'
  | 'tournaments.importPlayers'
  | 'tournaments.withdraw'
  | 'tournaments.setJudge'
  | 'stages.create'
  | 'seating.generate'
  | 'seating.swap'
  | 'seating.move'
  | 'seating.export'
  | 'rounds.start'
  | 'rounds.replay'
  | 'rounds.finish'
  | 'rounds.reopen'
  | 'seating.substitute'
  | 'games.cancel'

export function tournamentOpsHandlers(ops: TournamentOps): Pick<Handlers, OpsCall> {
  return {
    'tournaments.get': ({ tournamentId }) => ops.detail(tournamentId),
    'tournaments.create': (input) => ops.create(input),
    'tournaments.update': (input) => ops.update(input),
    'tournaments.archive': ({ tournamentId, archived }) => ops.archive(tournamentId, archived),
    'tournaments.register': ({ tournamentId, playerIds }) => ops.register(tournamentId, playerIds),
    'tournaments.registerNew': ({ tournamentId, ...player }) => ops.registerNew(tournamentId, player),
    'tournaments.importPlayers': ({ tournamentId, ...source }) => ops.importPlayers(tournamentId, source),
    'tournaments.withdraw': ({ tournamentId, playerId }) => ops.withdraw(tournamentId, playerId),
    'tournaments.setJudge': ({ tableId, judge, roundId }) => ops.setJudge(tableId, judge, roundId),
    'stages.create': (input) => ops.createStage(input),
    'seating.generate': (input) => ops.generate(input),
    'seating.swap': ({ roundId, a, b }) => ops.swap(roundId, a, b),
    'seating.move': ({ roundId, playerId, tableId, seat }) => ops.move(roundId, playerId, tableId, seat),
    'seating.export': ({ stageId, lang }) => ops.exportSeating(stageId, lang ?? 'ru'),
    'rounds.start': ({ roundId }) => ops.startRound(roundId),
    'rounds.replay': ({ roundId, tableId }) => ops.replayTable(roundId, tableId),
    'rounds.finish': (input) => ops.finishRound(input),
    'rounds.reopen': ({ roundId, reason }) => ops.reopenRound(roundId, reason),
    'seating.substitute': (input) => ops.substitute(input),
    'games.cancel': ({ gameId, reason }) => ops.cancelGame(gameId, reason),
  }
}
