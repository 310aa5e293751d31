/**
 * The contract's handlers: one function per call, each delegating to the app service, the database or the
 * OBS director. Inputs arrive already validated by the router.
 */
import { seasonHeadToHead, seasonPlayer, seasonRatings } from './season'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { Handlers } from '../transport/router'
import { AppError, appError } from '../../shared/errors'
import type {
  AppInfo,
  PlayerInfo,
  StandingsPublic,
  StandingsPublicRow,
  TournamentInfo,
} from '../../shared/contract'
import { carryOverOf, liveStandings, protocolFile, standingsFile } from './exports'
import { listedRows, unrankedOf, type ApartRow, type StandingsRow } from '../tournament/standings'
import { protocolFileName } from '../export/commands'
import { Organiser } from './organiser'
import { knownRulesets, verifyImportedGame } from './import-check'
import { tournamentOpsHandlers } from './tournament-handlers'
import { AppealsOffice, appealsHandlers } from './organiser/appeals'
import {
  copySystem,
  listSystems,
  previewStandings,
  saveSystem,
  setTournamentNormaliser,
  systemById,
} from './organiser/scoring-systems'
import { tablePlan } from './tournament-record'
import { awardsHandlers } from './organiser/awards-handlers'
import { seasonSeriesHandlers, type SeasonSeriesCall } from './organiser/season-handlers'

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}
import type { AppService } from './service'
import type { MafiaDb, Player } from '../db'
import type { ObsBridge } from './obs-bridge'

/** A player intro needs a seat. */
function noSeat(): never {
  throw new AppError(
    appError('app/invalid_input', 'Выберите игрока для представления', 'Pick the seat to introduce'),
  )
}

export interface HandlerDeps {
  service: AppService
  /** The current database (a restore replaces it). */
  db: () => MafiaDb
  obs: ObsBridge
  info: () => AppInfo
  restore: (file: string, force: boolean) => Promise<void>
  /** The multi-machine mode's calls (src/main/sync). */
  sync: Pick<Handlers, `sync.${string}` & keyof Handlers>
}

export function playerInfo(p: Player): PlayerInfo {
  return {
    id: p.id,
    nickname: p.nickname,
    fullName: p.fullName || null,
    club: p.club || null,
    city: p.city || null,
    photo: p.photo ? `/${p.photo}` : null,
  }
}

/** The handlers of one contract namespace (`players` → every `players.*` call). */
type NamespaceHandlers<N extends string> = {
  [K in keyof Handlers as K extends `${N}.${string}` ? K : never]: Handlers[K]
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const organiser = new Organiser(deps.db, deps.service)
  return {
    ...appHandlers(deps),
    ...overlayHandlers(deps),
    ...gameHandlers(deps),
    ...rulesetsHandlers(deps),
    ...playersHandlers(deps),
    ...seasonHandlers(deps),
    ...dataHandlers(deps),
    ...tournamentsHandlers(deps),
    ...obsHandlers(deps),
    ...exportHandlers(deps),
    ...standingsHandlers(deps),
    ...classificationHandlers(deps),
    ...backupHandlers(deps),
    ...deps.sync,
    ...awardsHandlers(deps),
    ...tournamentOpsHandlers(organiser),
    ...appealsHandlers(new AppealsOffice(deps.db, deps.service, organiser.rounds)),
    ...seasonSeriesHandlers(deps.db),
    ...scoringHandlers(deps),
  }
}

/** Scoring systems and the tournament's normaliser (issue 31 §3; organiser/scoring-systems.ts). */
function scoringHandlers({
  db,
  service,
}: HandlerDeps): NamespaceHandlers<'scoring'> & Pick<Handlers, 'tournaments.setNormaliser'> {
  return {
    'scoring.list': () => listSystems(db()),
    'scoring.get': ({ id }) => systemById(db(), id),
    'scoring.save': ({ system }) => saveSystem(db(), system),
    'scoring.copy': ({ id, name }) => copySystem(db(), id, name),
    'tournaments.setNormaliser': ({ tournamentId, normaliser }) => {
      const saved = setTournamentNormaliser(db(), tournamentId, normaliser)
      service.tournamentChanged(tournamentId)
      return { normaliser: saved }
    },
  }
}

function appHandlers({ info }: HandlerDeps): NamespaceHandlers<'app'> {
  return {
    // Only the judge learns where the database lives; a reader (the overlay, OBS) gets its file name.
    'app.info': (_p, { access }) => {
      const data = info()
      return access === 'control' ? data : { ...data, dataFile: basename(data.dataFile) }
    },
  }
}

function overlayHandlers({ service, obs }: HandlerDeps): NamespaceHandlers<'overlay'> {
  return {
    'overlay.view': () => service.overlay(),
    'overlay.setSettings': (s) => service.setOverlaySettings(s),
    'overlay.graphic': (input) => {
      const intro =
        input.graphic === 'lowerThird' && input.show === true
          ? service.lowerThird(input.seat ?? noSeat())
          : null
      return obs.director.graphics.set(input, intro)
    },
  }
}

function gameHandlers({ service }: HandlerDeps): NamespaceHandlers<'game'> {
  return {
    'game.list': ({ status, tableId }) =>
      tableId === undefined
        ? service.list(status)
        : service.list(status).filter((g) => g.tableId === tableId),
    'game.active': () => service.active(),
    'game.view': ({ gameId }) => service.envelope(gameId),
    'game.open': ({ gameId }) => service.open(gameId),
    'game.create': (input) => service.createGame(input),
    'game.command': ({ gameId, command, revision }) => service.command(gameId, command, revision),
  }
}

function seasonHandlers({ db }: HandlerDeps): Omit<NamespaceHandlers<'season'>, SeasonSeriesCall> {
  return {
    'season.ratings': () => seasonRatings(db()),
    'season.player': ({ playerId }) => seasonPlayer(db(), playerId),
    'season.headToHead': ({ a, b }) => seasonHeadToHead(db(), a, b),
  }
}

function rulesetsHandlers({ service }: HandlerDeps): NamespaceHandlers<'rulesets'> {
  return {
    'rulesets.list': () => service.rulesets(),
    'rulesets.save': (r) => service.saveRuleset(r),
  }
}

function playersHandlers({ db, service }: HandlerDeps): Omit<NamespaceHandlers<'players'>, SeasonSeriesCall> {
  return {
    'players.list': ({ query }) => db().players.listPlayers(query).map(playerInfo),
    'players.add': (p) =>
      playerInfo(
        db().players.addPlayer({
          nickname: p.nickname,
          fullName: p.fullName ?? '',
          club: p.club ?? '',
          city: p.city ?? '',
        }),
      ),
    'players.update': ({ id, ...patch }) => playerInfo(db().players.updatePlayer(id, patch)),
    'players.merge': ({ keepId, dropId }) => playerInfo(service.mergePlayers(keepId, dropId)),
    'players.importCsv': ({ text }) => db().players.importPlayersCsv(text),
    'players.setPhoto': ({ id, base64 }) => {
      // The database checks the type by its magic bytes and the size, then copies it into the data folder.
      const dir = mkdtempSync(join(tmpdir(), 'mafia-desk-photo-'))
      const file = join(dir, 'upload')
      try {
        writeFileSync(file, Buffer.from(base64, 'base64'))
        db().players.setPhoto(id, file)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
      const p = db().players.getPlayer(id)
      if (!p)
        throw new AppError(
          appError('app/player_not_found', `Игрок №${id} не найден`, `Player ${id} not found`),
        )
      return playerInfo(p)
    },
  }
}

function dataHandlers({ db, service }: HandlerDeps): NamespaceHandlers<'data'> {
  return {
    'data.export': (scope) => {
      const text = db().transfer.exportJson(scope)
      const name =
        'gameId' in scope
          ? `game-${scope.gameId}`
          : 'roundId' in scope
            ? `round-${scope.roundId}`
            : 'tournamentId' in scope
              ? `tournament-${scope.tournamentId}`
              : 'database'
      return {
        fileName: `mafia-desk-${name}.json`,
        mime: 'application/json',
        base64: Buffer.from(text).toString('base64'),
      }
    },
    'data.import': ({ text }) => {
      // A game is checked against its tournament's ruleset (this database's copy when it has the tournament), or
      // a shipped or saved one: never a copy the file widened.
      const known = knownRulesets(service.rulesets(), (uuid) =>
        db()
          .tournaments.listTournaments()
          .find((t) => t.uuid === uuid),
      )
      const result = db().transfer.importJson(text, (game, tournament) =>
        verifyImportedGame(game, known(tournament)),
      )
      service.imported(result.tournamentId)
      // A file of several tournaments (the whole database): each one's dashboards hear of it too.
      for (const id of result.tournamentIds) if (id !== result.tournamentId) service.tournamentChanged(id)
      return result
    },
  }
}

function tournamentsHandlers({
  db,
}: HandlerDeps): Pick<Handlers, 'tournaments.list' | 'tournaments.seating'> {
  return {
    'tournaments.list': (): TournamentInfo[] =>
      db()
        .tournaments.listTournaments()
        .map((t) => {
          const rounds = db()
            .tournaments.listStages(t.id)
            .flatMap((st) =>
              db()
                .tournaments.listRounds(st.id)
                .map((r) => ({
                  id: r.id,
                  number: r.number,
                  stageId: st.id,
                  stageName: st.name,
                  stageKind: st.kind,
                  finished: r.status === 'finished',
                })),
            )
          const ruleset = t.ruleset as { id?: unknown } | null
          return {
            id: t.id,
            name: t.name,
            rulesetId: typeof ruleset?.id === 'string' ? ruleset.id : 'fiim',
            rounds,
            archived: t.archivedAt !== null,
            tables: db()
              .tournaments.listTables(t.id)
              .map((tb) => ({ id: tb.id, number: tb.number })),
          }
        }),
    'tournaments.seating': ({ tournamentId, roundId, tableId }) => {
      // The stored seating of the round (issue 11); else the seating of the latest game stored for that round
      // and table (e.g. one imported or prepared by the head judge); an empty table has ten free seats.
      // A substituted seat has no registry player (the substitute scores for nobody, issue 28).
      const stored = db()
        .seatings.roundSeating(roundId)
        .tables.find((x) => x.tableId === tableId)
      const plan = stored ? tablePlan(db(), roundId, tableId) : null
      const game = stored ? undefined : db().games.listGames({ tournamentId, roundId, tableId }).at(-1)
      const players = plan
        ? plan.map((p) => ({ playerId: p.kind === 'player' ? p.playerId : null }))
        : ((game?.setup as { players?: Array<{ playerId?: number | null }> } | undefined)?.players ?? [])
      return Array.from({ length: 10 }, (_, i) => {
        const id = players[i]?.playerId
        const p = typeof id === 'number' ? db().players.getPlayer(id) : null
        return p ? playerInfo(p) : null
      })
    },
  }
}

function obsHandlers({ obs }: HandlerDeps): NamespaceHandlers<'obs'> {
  return {
    'obs.status': () => obs.status(),
    'obs.settings': () => obs.settings(),
    'obs.saveSettings': (s) => obs.saveSettings(s),
    'obs.connect': () => obs.connect(),
    'obs.disconnect': () => obs.disconnect(),
    'obs.scenes': () => obs.scenes(),
    'obs.switch': ({ scene }) => obs.switchTo(scene),
    'obs.break': () => obs.startBreak(),
    'obs.maps': () => obs.maps(),
    'obs.saveMap': ({ scope, map }) => obs.saveMap(scope, map),
  }
}

function exportHandlers({ db }: HandlerDeps): Omit<NamespaceHandlers<'export'>, SeasonSeriesCall> {
  return {
    'export.protocol': async ({ gameId, format, lang, allowUnfinished }) => {
      const { bytes, header } = await protocolFile(db(), gameId, { format, lang, allowUnfinished })
      return {
        fileName: protocolFileName(header, format),
        mime: MIME[format],
        base64: bytes.toString('base64'),
      }
    },
    'export.standings': async ({ tournamentId, format, lang }) => {
      const bytes = await standingsFile(db(), tournamentId, format, lang)
      return {
        fileName: `standings-${tournamentId}.${format}`,
        mime: MIME[format],
        base64: bytes.toString('base64'),
      }
    },
  }
}

/** The final stage's carry-over into the final classification (stored with the stage's options). */
function classificationHandlers({ db, service }: HandlerDeps): Pick<Handlers, 'stages.setCarryOver'> {
  return {
    'stages.setCarryOver': ({ stageId, carryOver }) => {
      const stage = db().tournaments.getStage(stageId)
      if (!stage || stage.kind !== 'final')
        throw new AppError(
          appError(
            'tournament/not_final_stage',
            'Перенос очков в итоговую классификацию задаётся у финального этапа.',
            'The carry-over into the final classification belongs to a final stage.',
            { stageId },
          ),
        )
      db().tournaments.setStageOptions(stageId, { ...stage.options, carryOver })
      service.tournamentChanged(stage.tournamentId)
      return { carryOver }
    },
  }
}

function standingsHandlers({ db, service }: HandlerDeps): NamespaceHandlers<'standings'> {
  return {
    'standings.preview': (input) => previewStandings(db(), input),
    'standings.get': ({ tournamentId }): StandingsPublic => {
      const id =
        tournamentId ??
        service.active()?.game.tournamentId ??
        db().tournaments.listTournaments().at(-1)?.id ??
        null
      const t = id === null ? null : db().tournaments.getTournament(id)
      if (!t) return { tournament: null, overall: [], stages: [] }
      const all = liveStandings(db(), t.id)
      const pub = (table: { rows: StandingsRow[]; apart: ApartRow[] }): StandingsPublicRow[] =>
        listedRows(table).map((r) => ({
          rank: r.rank,
          perGame: r.perGame,
          unranked: unrankedOf(r),
          playerId: r.playerId,
          name: r.name,
          games: r.games,
          wins: r.wins,
          points: r.points,
          bestMove: r.bestMove,
          extra: r.extra,
          penalties: r.penalties,
          ci: r.ci,
          total: r.total,
          tieBreaks: r.tieBreaks,
          decidedBy: r.decidedBy,
          ciProvisional: r.ciProvisional,
        }))
      return {
        tournament: { id: t.id, name: t.name },
        normaliser: all.normaliser,
        overall: pub({ rows: all.overall, apart: all.apart }),
        stages: all.stages.map((st) => ({ stage: st.stage, rows: pub(st) })),
        tieBreaks: all.tieBreaks.map((tb) => tb.key),
        classification: all.classification.map((r) => ({
          place: r.place,
          playerId: r.playerId,
          name: r.name,
          group: r.group,
          stageTotal: r.stageTotal,
          carried: r.carried,
          score: r.score,
        })),
        carryOver: carryOverOf(db(), t.id),
        finalStageId:
          db()
            .tournaments.listStages(t.id)
            .find((s) => s.kind === 'final')?.id ?? null,
      }
    },
  }
}

function backupHandlers({ db, restore }: HandlerDeps): NamespaceHandlers<'backup'> {
  return {
    'backup.now': async () => ({ file: await db().backupNow('manual') }),
    'backup.restore': async ({ file, force }) => {
      await restore(file, force ?? false)
      return { restored: file }
    },
    'backup.list': () =>
      db()
        .listBackups()
        .map((b) => ({ file: b.file, createdAt: new Date(b.createdAt).toISOString(), size: b.size })),
  }
}
