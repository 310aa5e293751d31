/** The handlers of the tournament operations (issue 11): each one delegates to the organiser's room for its page. */
import type { Handlers } from '../transport/router'
import type { Organiser } from './organiser'

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

export function tournamentOpsHandlers(o: Organiser): Pick<Handlers, OpsCall> {
  return {
    'tournaments.get': ({ tournamentId }) => o.dashboard.detail(tournamentId),
    'tournaments.create': (input) => o.setup.create(input),
    'tournaments.update': (input) => o.setup.update(input),
    'tournaments.archive': ({ tournamentId, archived }) => o.setup.archive(tournamentId, archived),
    'tournaments.register': ({ tournamentId, playerIds }) => o.registration.register(tournamentId, playerIds),
    'tournaments.registerNew': ({ tournamentId, ...player }) =>
      o.registration.registerNew(tournamentId, player),
    'tournaments.importPlayers': ({ tournamentId, ...source }) =>
      o.registration.importPlayers(tournamentId, source),
    'tournaments.withdraw': ({ tournamentId, playerId }) => o.registration.withdraw(tournamentId, playerId),
    'tournaments.setJudge': ({ tableId, judge, roundId }) => o.setup.setJudge(tableId, judge, roundId),
    'stages.create': (input) => o.seating.createStage(input),
    'seating.generate': (input) => o.seating.generate(input),
    'seating.swap': ({ roundId, a, b }) => o.seating.swap(roundId, a, b),
    'seating.move': ({ roundId, playerId, tableId, seat }) =>
      o.seating.move(roundId, playerId, tableId, seat),
    'seating.export': ({ stageId, lang }) => o.seating.exportSeating(stageId, lang ?? 'ru'),
    'rounds.start': ({ roundId }) => o.rounds.startRound(roundId),
    'rounds.replay': ({ roundId, tableId }) => o.rounds.replayTable(roundId, tableId),
    'rounds.finish': (input) => o.rounds.finishRound(input),
    'rounds.reopen': ({ roundId, reason }) => o.rounds.reopenRound(roundId, reason),
    'seating.substitute': (input) => o.rounds.substitute(input),
    'games.cancel': ({ gameId, reason }) => o.rounds.cancelGame(gameId, reason),
  }
}
