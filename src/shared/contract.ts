/**
 * The one contract between the main process and every renderer (docs/architecture.md "One contract, two transports").
 * Each call names its access level and validates its input with zod; outputs are typed. The same contract is
 * served over Electron IPC (preload → ipcMain) and over WebSocket (serve.ts), so renderer code cannot tell them apart.
 *
 * Access: `read` calls are open to the overlay and to any loopback client; `control` calls need the control
 * window (IPC) or the session token (WebSocket). The overlay never receives a control view.
 */
import type { Normaliser } from './game/scoring-system'
import {
  scoringCopySchema,
  scoringGetSchema,
  scoringSaveSchema,
  standingsPreviewSchema,
  tournamentNormaliserSchema,
  type ScoringSystemEntry,
  type StandingsPreview,
} from './scoring-ops'
import { z } from 'zod'
import type { AppErrorData } from './errors'
import { IMPORT_TEXT_MAX_CHARS } from './wire'
import { commandSchema } from './game/commands'
import { playerNameSchema } from './game/entry'
import type { ObsMoment } from './obs-moments'
import type { ControlView, OverlayView } from './game/views'
import { rulesetSchema } from './game/ruleset'
import type { Ruleset } from './game/ruleset'
import type { Role } from './game/record'
import type { HeadToHead, PlayerStats } from './season'
import {
  pairPolicySchema,
  seasonSaveSchema,
  type PairPolicy,
  type SeasonDef,
  type SeasonTable,
} from './season-series'
import { ipcCallChannel, IPC_PUSH, type CallNameFromList } from './contract-names'
import {
  seatingGenerateSchema,
  substituteSchema,
  roundFinishSchema,
  stageCreateSchema,
  tournamentCreateSchema,
  tournamentUpdateSchema,
  type TournamentDetail,
} from './tournament-ops'
import type { SyncConflictDetail, SyncHubStatus, SyncLocalStatus } from './sync'
import {
  appealAcceptSchema,
  appealFileSchema,
  appealListSchema,
  appealRejectSchema,
  appealReplaySchema,
  type Appeal,
} from './appeals'
import type { SyncTableLive, SyncTableSession } from './sync'
import { awardSettingsSchema, type AwardsView } from './awards'

export type Access = 'read' | 'control'

/** A phantom marker carrying the output type of a call. */
export interface Out<T> {
  readonly __out?: T
}
function out<T>(): Out<T> {
  return {}
}

export interface CallSpec<I extends z.ZodType, O> {
  access: Access
  input: I
  output: Out<O>
}
function call<I extends z.ZodType, O>(access: Access, input: I, output: Out<O>): CallSpec<I, O> {
  return { access, input, output }
}

const none = z.object({}).strict()
/** A hall address of the hub as an origin (`https://192.168.1.10:4800`), optional. */
const syncAddressSchema = z.string().max(200).optional()

export {
  IMPORT_TEXT_MAX_CHARS,
  WIRE_BULK_MAX_BYTES,
  WIRE_MAX_BYTES,
  WIRE_MAX_DEPTH,
  bulkCalls,
  messageTooLarge,
} from './wire'

const gameId = z.number().int().positive()
/** A player's name or nickname: the one shape of a seat's name at every door (shared/game/entry.ts). */
const nameText = playerNameSchema
const seat = z.number().int().min(1).max(10)
const id = z.number().int().positive()

// ---- shapes shared by calls and pushes -------------------------------------------------------------

export interface GameSummary {
  id: number
  uuid: string
  title: string
  status: 'setup' | 'running' | 'finished'
  winner: 'red' | 'black' | 'draw' | null
  tournamentId: number | null
  roundId: number | null
  tableId: number | null
  number: number | null
  /** The round's number and the table's number of a tournament game (null for a friendly game): its title's parts. */
  roundNumber: number | null
  tableNumber: number | null
  rulesetId: string
  updatedAt: string
}

/** The control panel's view of one game: the engine's control view plus where the game belongs. */
export interface GameEnvelope {
  gameId: number
  game: GameSummary
  view: ControlView
}

export interface OverlayEnvelope {
  gameId: number | null
  view: OverlayView | null
  /**
   * The overlay's frame number for this game: the app service's own push-ordering counter, one step per change of
   * what the stream can see (0 without a game). Not the game's revision, which counts hidden entries too.
   */
  frame: number
  settings: OverlayPublicSettings
  /** The active game's tournament standings (finished games only), for `?layout=standings`. */
  standings: OverlayStandings | null
  /** On-demand graphics (server state, so the OBS browser source and the Electron overlay agree). */
  graphics?: OverlayGraphics
  /** The game's judge (the protocol's), shown where a layout has room; null or absent: none stored. */
  judge?: string | null
}

/** The graphics a stream operator shows or hides on demand, from the panel's keys or the OBS director. */
export const OVERLAY_GRAPHICS = ['nominees', 'night', 'standings', 'break', 'lowerThird'] as const
export type OverlayGraphicName = (typeof OVERLAY_GRAPHICS)[number]

/** A player intro («lower third») for one seat: photo, name, club and tournament points. */
export interface LowerThird {
  seat: number
  name: string
  club: string | null
  city: string | null
  photo: string | null
  /** Tournament points so far (finished games), null outside a tournament. */
  points: number | null
  tournament: string | null
}

export interface OverlayGraphics {
  /** Nominees panel and night card: null = as the game goes (automatic), true = shown, false = hidden. */
  nominees: boolean | null
  night: boolean | null
  /** Standings over the game, and the break screen. */
  standings: boolean
  break: boolean
  lowerThird: LowerThird | null
}

export const overlayGraphicInputSchema = z
  .object({
    graphic: z.enum(OVERLAY_GRAPHICS),
    /** null: back to automatic (nominees, night); false hides; true shows (lowerThird needs `seat`). */
    show: z.boolean().nullable(),
    seat: z.number().int().min(1).max(10).optional(),
  })
  .strict()
export type OverlayGraphicInput = z.infer<typeof overlayGraphicInputSchema>

export interface OverlayStandings {
  title: string | null
  /** The tournament's normaliser the rows are ranked with (absent: an older server, by the total). */
  normaliser?: Normaliser
  rows: Array<{
    /** null: listed apart, unranked («вне зачёта»), after the ranked rows (see `unranked`). */
    place: number | null
    /** Points per game under the «очки за игру» normaliser; null/absent: ranked by the total. */
    perGame?: number | null
    /** Set on a row listed apart: he played fewer games than the normaliser's minimum («меньше N игр»). */
    unranked?: StandingsUnranked | null
    name: string
    points: number
    games: number
    wins: number
    /** The player's registry id (null: a name without one); a seat is matched to its row by it, not by the name. */
    playerId?: number | null
  }>
  /**
   * The final classification, when a later stage (a semi-final or a final) places players: `final` once the final
   * stage is finalised (every round finished), else provisional. Absent/null: none yet, the overall table stands.
   */
  classification?: OverlayClassification | null
}

export interface OverlayClassification {
  final: boolean
  rows: Array<{
    place: number
    name: string
    playerId: number | null
    group: 'final' | 'semifinal' | 'qualifying'
    /** What the player is ranked by within his group (his stage's total plus the carried-over share). */
    score: number
  }>
}

export const overlaySettingsSchema = z
  .object({
    roles: z.enum(['hidden', 'shown', 'atEnd']),
    /** The overlay's language (what is on air); `?lang=` in the overlay URL overrides it. */
    lang: z.enum(['ru', 'en']).optional(),
    theme: z
      .object({
        accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        background: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        text: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        logoUrl: z.string().max(2000).nullable(),
        title: z.string().max(120),
      })
      .strict(),
    /** The tournament the standings graphic shows (Shift+T, `?layout=standings`); null/absent: the active game's. */
    standingsTournamentId: z.number().int().positive().nullable().optional(),
  })
  .strict()
export type OverlayPublicSettings = z.infer<typeof overlaySettingsSchema>

export interface PlayerInfo {
  id: number
  nickname: string
  fullName: string | null
  club: string | null
  city: string | null
  photo: string | null
}

export interface TournamentInfo {
  id: number
  name: string
  rulesetId: string
  rounds: Array<{
    id: number
    number: number
    stageId: number
    stageName: string
    stageKind: 'qualifying' | 'semifinal' | 'final'
    finished: boolean
  }>
  tables: Array<{ id: number; number: number }>
  /** Archived tournaments are hidden from the pickers. */
  archived?: boolean
}

/** The season's rating table (`season.ratings`). */
export interface SeasonRatings {
  /** Games rated (finished, with a winner). */
  rated: number
  rows: Array<{
    place: number
    playerId: number
    nickname: string
    games: number
    wins: number
    mu: number
    sigma: number
    /** The conservative estimate μ − 3σ the table is ranked by. */
    rating: number
  }>
}

export interface SeasonPlayer {
  playerId: number
  nickname: string
  stats: PlayerStats
  /** μ − 3σ now, and the place in the rating (null: no rated game yet). */
  rating: number | null
  place: number | null
  history: Array<{ key: string; at: number; mu: number; sigma: number; ordinal: number }>
}

export type SeasonHeadToHead = HeadToHead & { aName: string; bName: string }

export interface CsvImportResult {
  added: number
  skipped: number
  errors: Array<{ line: number; message: { ru: string; en: string } }>
}

export interface DataImportResult {
  games: number
  players: number
  playersMatched: number
  tournamentId: number | null
  /** Appeals, seasons and registry pairs written by the import (those already here are not counted). */
  appeals: number
  seasons: number
  pairs: number
  /** Custom scoring systems added by the import. */
  scoringSystems: number
  /** Every tournament of the file (created or already here). */
  tournamentIds: number[]
}

/** A file produced by an export, for a download or the print dialog. */
export interface ExportedFile {
  fileName: string
  mime: string
  base64: string
}

/** Why a standings row is listed apart, unranked: fewer games than the normaliser's minimum («меньше N игр»). */
export interface StandingsUnranked {
  reason: 'fewerGames'
  minGames: number
}

export interface StandingsPublicRow {
  /** The place; null for a row listed apart, unranked (`unranked` says why), always after the ranked rows. */
  rank: number | null
  /** Points per game where the table is ranked by the «очки за игру» normaliser; null/absent: by the total. */
  perGame?: number | null
  /** Set on a row listed apart («вне зачёта»); null/absent on a ranked row. */
  unranked?: StandingsUnranked | null
  playerId: number | null
  name: string
  games: number
  wins: number
  points: number
  bestMove: number
  extra: number
  penalties: number
  ci: number
  total: number
  /** The tie-break values after the total, in the ruleset's order (keys as in `StandingsPublic.tieBreaks`). */
  tieBreaks?: Array<{ key: string; value: number }>
  /** The tie-break that decided this place against a neighbour with the same total (null: the total did). */
  decidedBy?: string | null
  /** Some of this row's Ci comes from a stage not finalised yet (docs/rules.md §16.3). */
  ciProvisional?: boolean
}
export interface StandingsPublic {
  tournament: { id: number; name: string } | null
  /**
   * The tournament's normaliser for unequal game counts: it ranks the overall and the qualifying tables (rows by
   * points per game, those below the minimum listed apart at the end); absent from an older server.
   */
  normaliser?: Normaliser
  overall: StandingsPublicRow[]
  stages: Array<{ stage: string | null; rows: StandingsPublicRow[] }>
  /** The tie-break keys after the total, in the ruleset's order (§13.6). */
  tieBreaks?: string[]
  /** The final classification: finalists, then semi-finalists, then the rest by the qualifying. */
  classification?: Array<{
    place: number
    playerId: number | null
    name: string
    group: 'final' | 'semifinal' | 'qualifying'
    stageTotal: number
    carried: number
    score: number
  }>
  /** The carry-over of the final stage (0..1) and that stage's id (null: no final stage yet). */
  carryOver?: number
  finalStageId?: number | null
}

export interface AppInfo {
  version: string
  mode: 'electron' | 'headless'
  overlayUrl: string
  controlUrl: string
  dataFile: string
}

export interface ObsPublicStatus {
  state: 'disconnected' | 'connecting' | 'connected' | 'error'
  code: string | null
  reason: { ru: string; en: string } | null
  warning: { ru: string; en: string } | null
  warningCode: string | null
  currentScene: string | null
  autoSwitch: boolean
  moment: string | null
}

export { OBS_MOMENTS, type ObsMoment } from './obs-moments'

/** Moment → OBS scene; a missing entry leaves the scene alone. `speechBySeat` maps a seat's speech. */
export type ObsSceneMap = Partial<Record<ObsMoment, string | null>> & {
  speechBySeat?: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10', string | null>>
}

/**
 * A settings change from the control panel (`password` omitted keeps the stored one, '' clears it). The object
 * is checked strictly by the OBS director's own zod schema (src/main/obs/director-service.ts).
 */
export const obsSettingsInputSchema = z.record(z.string(), z.unknown())

/** Where a scene map applies: the whole app, one tournament, or one table (the most specific one wins). */
export const obsMapScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }).strict(),
  z.object({ kind: z.literal('tournament'), id: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('table'), id: z.number().int().positive() }).strict(),
])
export type ObsMapScope = z.infer<typeof obsMapScopeSchema>

export interface ObsMaps {
  default: ObsSceneMap
  /** By tournament id / table id. */
  tournament: Record<string, ObsSceneMap>
  table: Record<string, ObsSceneMap>
  /** Which map is in force for the active game. */
  active: 'default' | 'tournament' | 'table'
}

/** OBS settings as a renderer may see them: never the password, only whether one is set. */
export interface ObsPublicSettings {
  url: string
  autoSwitch: boolean
  map: ObsSceneMap
  speakerTextSource?: string | null
  rolesSource?: { sceneName: string; sourceName: string; visibleIn: ObsMoment[] } | null
  passwordSet: boolean
}

export const setupInputSchema = z
  .object({
    rulesetId: z.string().min(1).max(60),
    players: z
      .array(
        z
          .object({
            name: nameText,
            playerId: z.number().int().positive().nullable().optional(),
          })
          .strict(),
      )
      .length(10),
    /** Roles by seat ("1".."10"); omitted → dealt at random from `seed`. */
    roles: z
      .record(z.string().regex(/^(10|[1-9])$/), z.enum(['civilian', 'sheriff', 'mafia', 'don']))
      .optional(),
    seed: z.number().int().optional(),
    tournamentId: z.number().int().positive().nullable().optional(),
    roundId: z.number().int().positive().nullable().optional(),
    tableId: z.number().int().positive().nullable().optional(),
    number: z.number().int().positive().nullable().optional(),
    judge: z.string().max(80).nullable().optional(),
  })
  .strict()
export type SetupInput = z.infer<typeof setupInputSchema>

// ---- the calls ---------------------------------------------------------------------------------------

export const calls = {
  'app.info': call('read', none, out<AppInfo>()),

  'overlay.view': call('read', none, out<OverlayEnvelope>()),
  'overlay.setSettings': call('control', overlaySettingsSchema, out<OverlayPublicSettings>()),
  'overlay.graphic': call('control', overlayGraphicInputSchema, out<OverlayGraphics>()),

  'game.list': call(
    'control',
    z
      .object({
        status: z.enum(['setup', 'running', 'finished']).optional(),
        /** Only this table's games (a table token always gets its own table's, whatever it asks). */
        tableId: id.optional(),
      })
      .strict(),
    out<GameSummary[]>(),
  ),
  'game.active': call('control', none, out<GameEnvelope | null>()),
  'game.view': call('control', z.object({ gameId }).strict(), out<GameEnvelope>()),
  'game.open': call('control', z.object({ gameId }).strict(), out<GameEnvelope>()),
  'game.create': call('control', setupInputSchema, out<GameEnvelope>()),
  /**
   * One judge command. `revision`: the revision of the control view the command was built on (`ControlView.revision`);
   * the panel always sends it, and a command built on a view the game has since left is refused with
   * `engine/stale_revision` (a double press, a second panel). Scripts, the CLI and tools may leave it out.
   */
  'game.command': call(
    'control',
    z.object({ gameId, command: commandSchema, revision: z.number().int().min(0).optional() }).strict(),
    out<GameEnvelope>(),
  ),

  'rulesets.list': call('control', none, out<Ruleset[]>()),
  'rulesets.save': call('control', rulesetSchema, out<Ruleset>()),

  /** The club's rating across tournaments and friendly games (OpenSkill, ranked by μ − 3σ). */
  'season.ratings': call('control', none, out<SeasonRatings>()),
  /** A player's page: his record by role, best moves, fouls, removals, tournaments, and his rating's history. */
  'season.player': call('control', z.object({ playerId: id }).strict(), out<SeasonPlayer>()),
  /** Two players' games together: on the same team and against each other. */
  'season.headToHead': call('control', z.object({ a: id, b: id }).strict(), out<SeasonHeadToHead>()),
  /** The club's seasons (a series of tournaments with points per final place, docs/tournament.md «Сезон»). */
  'season.list': call('control', none, out<SeasonDef[]>()),
  'season.save': call('control', seasonSaveSchema, out<SeasonDef>()),
  'season.delete': call('control', z.object({ seasonId: id }).strict(), out<SeasonDef[]>()),
  /** The season table: series points per tournament, total, tournaments, best places, the rating. */
  'season.table': call('control', z.object({ seasonId: id }).strict(), out<SeasonTable>()),
  /** The registry's pairs kept apart at every tournament's seating (added to each stage's own pairs). */
  'players.pairs': call('control', none, out<PairPolicy[]>()),
  'players.savePair': call('control', pairPolicySchema, out<PairPolicy[]>()),
  'players.deletePair': call('control', z.object({ a: id, b: id }).strict(), out<PairPolicy[]>()),

  'players.list': call(
    'control',
    z.object({ query: z.string().max(60).optional() }).strict(),
    out<PlayerInfo[]>(),
  ),
  'players.add': call(
    'control',
    z
      .object({
        nickname: nameText,
        fullName: z.string().max(120).nullable().optional(),
        club: z.string().max(120).nullable().optional(),
        city: z.string().max(120).nullable().optional(),
      })
      .strict(),
    out<PlayerInfo>(),
  ),

  'players.update': call(
    'control',
    z
      .object({
        id: z.number().int().positive(),
        nickname: nameText.optional(),
        fullName: z.string().max(120).optional(),
        club: z.string().max(120).optional(),
        city: z.string().max(120).optional(),
      })
      .strict(),
    out<PlayerInfo>(),
  ),
  /** Merges `dropId` into `keepId` (games and results move over); the dropped entry is deleted. */
  'players.merge': call(
    'control',
    z.object({ keepId: z.number().int().positive(), dropId: z.number().int().positive() }).strict(),
    out<PlayerInfo>(),
  ),
  /** CSV with a header row: nickname, full name, club, city (UTF-8, ';' or ','). All or nothing. */
  'players.importCsv': call(
    'control',
    z.object({ text: z.string().max(2_000_000) }).strict(),
    out<CsvImportResult>(),
  ),
  /** A photo as base64 (PNG, JPEG or WebP, at most 5 MB; checked by content). */
  'players.setPhoto': call(
    'control',
    z.object({ id: z.number().int().positive(), base64: z.string().max(7_000_000) }).strict(),
    out<PlayerInfo>(),
  ),

  'tournaments.list': call('control', none, out<TournamentInfo[]>()),
  /** Marks a round finished and takes the end-of-round backup. */
  'rounds.finish': call('control', roundFinishSchema, out<{ backup: string }>()),
  /** The versioned JSON exchange file of a game, a round or a tournament (docs/data-format.md). */
  'data.export': call(
    'control',
    z.union([
      z.object({ gameId: z.number().int().positive() }).strict(),
      z.object({ roundId: z.number().int().positive() }).strict(),
      z.object({ tournamentId: z.number().int().positive() }).strict(),
      z.object({ all: z.literal(true) }).strict(),
    ]),
    out<ExportedFile>(),
  ),
  /** Imports an exchange file; a duplicate or conflicting game is refused and nothing changes. */
  'data.import': call(
    'control',
    z.object({ text: z.string().max(IMPORT_TEXT_MAX_CHARS) }).strict(),
    out<DataImportResult>(),
  ),
  /** The players seated at a tournament table for a round (seat order), from the stored seating if any. */
  'tournaments.seating': call(
    'control',
    z
      .object({
        tournamentId: z.number().int().positive(),
        roundId: z.number().int().positive(),
        tableId: z.number().int().positive(),
      })
      .strict(),
    out<Array<PlayerInfo | null>>(),
  ),

  'obs.status': call('control', none, out<ObsPublicStatus>()),
  'obs.settings': call('control', none, out<ObsPublicSettings>()),
  'obs.saveSettings': call('control', obsSettingsInputSchema, out<ObsPublicSettings>()),
  'obs.connect': call('control', none, out<ObsPublicStatus>()),
  'obs.disconnect': call('control', none, out<ObsPublicStatus>()),
  'obs.scenes': call('control', none, out<string[]>()),
  'obs.switch': call(
    'control',
    z.object({ scene: z.string().min(1).max(256) }).strict(),
    out<ObsPublicStatus>(),
  ),
  'obs.break': call('control', none, out<ObsPublicStatus>()),
  'obs.maps': call('control', none, out<ObsMaps>()),
  /** Saves the default map or a tournament's / table's own map; `map: null` removes a scoped map. */
  'obs.saveMap': call(
    'control',
    z.object({ scope: obsMapScopeSchema, map: z.record(z.string(), z.unknown()).nullable() }).strict(),
    out<ObsMaps>(),
  ),

  'export.protocol': call(
    'control',
    z
      .object({
        gameId,
        format: z.enum(['pdf', 'html', 'json']),
        lang: z.enum(['ru', 'en']).optional(),
        allowUnfinished: z.boolean().optional(),
      })
      .strict(),
    out<ExportedFile>(),
  ),
  'export.standings': call(
    'control',
    z
      .object({
        tournamentId: z.number().int().positive(),
        format: z.enum(['xlsx', 'csv', 'json']),
        lang: z.enum(['ru', 'en']).optional(),
      })
      .strict(),
    out<ExportedFile>(),
  ),
  /** A tournament's results (`mafia-desk/tournament-results` v1, docs/protocol-format.md) as JSON or CSV. */
  'export.tournamentResults': call(
    'control',
    z
      .object({ tournamentId: id, format: z.enum(['json', 'csv']), lang: z.enum(['ru', 'en']).optional() })
      .strict(),
    out<ExportedFile>(),
  ),
  /** A season's results (`mafia-desk/season-results` v1): the season table with the rating, as JSON or CSV. */
  'export.seasonResults': call(
    'control',
    z
      .object({ seasonId: id, format: z.enum(['json', 'csv']), lang: z.enum(['ru', 'en']).optional() })
      .strict(),
    out<ExportedFile>(),
  ),
  /** Standings of a tournament (default: the active game's tournament) for the panel and the overlay. */
  'standings.get': call(
    'read',
    z.object({ tournamentId: z.number().int().positive().optional() }).strict(),
    out<StandingsPublic>(),
  ),

  /**
   * The tournament's standings under another scoring system and/or normaliser, next to its own (issue 31 §3):
   * computed from the stored games, nothing is written.
   */
  'standings.preview': call('control', standingsPreviewSchema, out<StandingsPreview>()),

  // Scoring systems (issue 31 §3; shapes in scoring-ops.ts): shipped ones, and custom ones made by copying.
  'scoring.list': call('control', none, out<ScoringSystemEntry[]>()),
  'scoring.get': call('control', scoringGetSchema, out<ScoringSystemEntry>()),
  'scoring.save': call('control', scoringSaveSchema, out<ScoringSystemEntry>()),
  'scoring.copy': call('control', scoringCopySchema, out<ScoringSystemEntry>()),
  /** The tournament's normaliser for unequal game counts, used by its standings and exports. */
  'tournaments.setNormaliser': call('control', tournamentNormaliserSchema, out<{ normaliser: Normaliser }>()),

  'backup.now': call('control', none, out<{ file: string }>()),
  /** Restores a backup; refused with db/game_in_progress while a game is running unless `force` (the panel asks). */
  'backup.restore': call(
    'control',
    z.object({ file: z.string().min(1).max(500), force: z.boolean().optional() }).strict(),
    out<{ restored: string }>(),
  ),
  'backup.list': call('control', none, out<Array<{ file: string; createdAt: string; size: number }>>()),

  // Tournament operations (issue 11; shapes in tournament-ops.ts).
  'tournaments.get': call('control', z.object({ tournamentId: id }).strict(), out<TournamentDetail>()),
  'tournaments.create': call('control', tournamentCreateSchema, out<TournamentDetail>()),
  'tournaments.update': call('control', tournamentUpdateSchema, out<TournamentDetail>()),
  /** Archives (hides; nothing is deleted) or brings back a tournament. */
  'tournaments.archive': call(
    'control',
    z.object({ tournamentId: id, archived: z.boolean() }).strict(),
    out<TournamentDetail>(),
  ),
  'tournaments.register': call(
    'control',
    z.object({ tournamentId: id, playerIds: z.array(id).min(1).max(10000) }).strict(),
    out<TournamentDetail>(),
  ),
  /** A player made on the spot (added to the registry) and registered. */
  'tournaments.registerNew': call(
    'control',
    z
      .object({
        tournamentId: id,
        nickname: nameText,
        fullName: z.string().max(200).optional(),
        club: z.string().max(200).optional(),
        city: z.string().max(200).optional(),
      })
      .strict(),
    out<TournamentDetail>(),
  ),
  /** CSV text or an XLSX file (base64) of players, registered all or nothing with a per-line report. */
  'tournaments.importPlayers': call(
    'control',
    z.union([
      z.object({ tournamentId: id, csv: z.string().max(5_000_000) }).strict(),
      z.object({ tournamentId: id, xlsxBase64: z.string().max(14_000_000) }).strict(),
    ]),
    out<CsvImportResult>(),
  ),
  /** Withdraws a player: his played games stay; the rounds not started are seated again without him. */
  'tournaments.withdraw': call(
    'control',
    z.object({ tournamentId: id, playerId: id }).strict(),
    out<TournamentDetail>(),
  ),
  /** The judge of a table: for the whole tournament, or for one round only. */
  'tournaments.setJudge': call(
    'control',
    z.object({ tableId: id, judge: z.string().trim().max(80), roundId: id.optional() }).strict(),
    out<TournamentDetail>(),
  ),
  'stages.create': call('control', stageCreateSchema, out<TournamentDetail>()),
  /** The final stage's carry-over into the final classification: 0 (the final alone), 0.5 or 1 (all points). */
  'stages.setCarryOver': call(
    'control',
    z.object({ stageId: id, carryOver: z.number().min(0).max(1) }).strict(),
    out<{ carryOver: number }>(),
  ),
  /** Seats the rounds of the stage not started yet (all of them the first time). */
  'seating.generate': call('control', seatingGenerateSchema, out<TournamentDetail>()),
  /** The stage's seating as XLSX: a sheet per round and one "by player". */
  'seating.export': call(
    'control',
    z.object({ stageId: id, lang: z.enum(['ru', 'en']).optional() }).strict(),
    out<ExportedFile>(),
  ),
  /** Swaps two players in a round not started yet. */
  'seating.swap': call('control', z.object({ roundId: id, a: id, b: id }).strict(), out<TournamentDetail>()),
  /** Moves a player into a spare (empty) seat of a round not started yet, at any table of the round. */
  'seating.move': call(
    'control',
    z.object({ roundId: id, playerId: id, tableId: id, seat: z.number().int().min(1).max(10) }).strict(),
    out<TournamentDetail>(),
  ),
  /** Locks the round's seating and creates one game per table with its seating and judge. */
  'rounds.start': call('control', z.object({ roundId: id }).strict(), out<TournamentDetail>()),
  /** A replay in a closed round: opens it again and prepares a game for the table whose game was cancelled. */
  'rounds.replay': call('control', z.object({ roundId: id, tableId: id }).strict(), out<TournamentDetail>()),
  /**
   * Opens a closed round again (the head judge's decision, logged with his reason when given): its games — frozen at
   * a forced close, or locked once closed (no command, push or import, issue 29 §4) — take entries again.
   */
  'rounds.reopen': call(
    'control',
    z.object({ roundId: id, reason: z.string().trim().min(1).max(500).optional() }).strict(),
    out<TournamentDetail>(),
  ),
  /** The head judge's substitution at a started round's table, before its game starts (issue 28). */
  'seating.substitute': call('control', substituteSchema, out<TournamentDetail>()),
  /** Cancels a game with a reason: kept with its protocol, counted nowhere, its table free for a replay. */
  'games.cancel': call(
    'control',
    z.object({ gameId, reason: z.string().trim().min(1).max(500) }).strict(),
    out<GameSummary>(),
  ),
  // ---- appeals (issue 31 §1): filed on a game, answered by the head judge, every step logged ----
  /** Files an appeal on a finished tournament game (numbered №1, №2, … in its tournament). */
  'appeals.file': call('control', appealFileSchema, out<Appeal>()),
  /** The tournament's appeals, newest first (open ones when `status` is 'open'). */
  'appeals.list': call('control', appealListSchema, out<Appeal[]>()),
  /** Rejects an open appeal: nothing in the game changes. */
  'appeals.reject': call('control', appealRejectSchema, out<Appeal>()),
  /** Accepts an open appeal: its correction is an amendment entry in the game's log, in the same transaction. */
  'appeals.accept': call('control', appealAcceptSchema, out<Appeal>()),
  /** Accepts an open appeal by cancelling the game and preparing its replay at the same table. */
  'appeals.replay': call('control', appealReplaySchema, out<Appeal>()),
  // ---- multi-machine mode (issue 16): the hub's table tokens and lag, a table machine's pairing ----
  /** The hub's view of a tournament's tables: tokens, lag, last contact, conflicts, the table on stream. */
  /** `address`: the hall address the pairing codes name (one of the status's `addresses`; the first when absent). */
  'sync.status': call(
    'control',
    z.object({ tournamentId: z.number().int().positive(), address: syncAddressSchema }).strict(),
    out<SyncHubStatus>(),
  ),
  /**
   * A new pairing token for a table (its earlier token stops working and its connections close). It works for
   * `validHours` when given, never past the tournament's last day (see SyncRepo.createToken).
   */
  'sync.createToken': call(
    'control',
    z
      .object({
        tableId: z.number().int().positive(),
        validHours: z
          .number()
          .positive()
          .max(24 * 366)
          .optional(),
        address: syncAddressSchema,
      })
      .strict(),
    out<SyncHubStatus>(),
  ),
  'sync.revokeToken': call(
    'control',
    z.object({ tableId: z.number().int().positive(), address: syncAddressSchema }).strict(),
    out<SyncHubStatus>(),
  ),
  /** The table on stream: its newest game becomes the active one (overlay, OBS) and follows its next games. */
  'sync.setOnStream': call(
    'control',
    z
      .object({ tournamentId: z.number().int().positive(), tableId: z.number().int().positive().nullable() })
      .strict(),
    out<SyncHubStatus>(),
  ),
  /** This machine as a table: pairing and outbox. */
  'sync.local': call('control', none, out<SyncLocalStatus>()),
  /** Pairs this machine with a hub (`hubUrl` may carry the token after '#'); the hub must answer once. */
  'sync.pair': call(
    'control',
    z.object({ hubUrl: z.string().min(1).max(500), token: z.string().max(200).optional() }).strict(),
    out<SyncLocalStatus>(),
  ),
  'sync.unpair': call('control', none, out<SyncLocalStatus>()),
  /** The overlay of a table's current game on the hub (`/overlay?table=N`): the on-stream tournament's table N. */
  'sync.overlay': call(
    'read',
    z.object({ table: z.number().int().positive() }).strict(),
    out<OverlayEnvelope>(),
  ),
  /** This machine as a table: asks the hub now for this table's games of its started rounds. */
  'sync.pull': call('control', none, out<SyncLocalStatus>()),
  /** A tablet with a table token on the hub: its table and that table's games (null without a table token). */
  'sync.table': call('control', none, out<SyncTableSession | null>()),
  /** The hub's conflicts of a tournament, both versions of each entry, newest first. */
  'sync.conflicts': call(
    'control',
    z.object({ tournamentId: z.number().int().positive() }).strict(),
    out<SyncConflictDetail[]>(),
  ),
  /** The head judge decides one conflict (keep the hub's entry, take the table's, or dismiss with a reason). */
  'sync.resolveConflict': call(
    'control',
    z
      .object({
        conflictId: z.number().int().positive(),
        resolution: z.enum(['keepHub', 'acceptTable', 'dismiss']),
        reason: z.string().max(500).default(''),
      })
      .strict(),
    out<SyncConflictDetail[]>(),
  ),
  // ---- awards (issue 31 §1; shapes in awards.ts) ----
  /** The tournament's award rules (stored, or the shipped defaults) and the winners they give now. */
  'awards.get': call('control', z.object({ tournamentId: id }).strict(), out<AwardsView>()),
  /** Stores the award rules (`settings: null` goes back to the shipped defaults); returns the new view. */
  'awards.setRules': call(
    'control',
    z.object({ tournamentId: id, settings: awardSettingsSchema.nullable() }).strict(),
    out<AwardsView>(),
  ),
  /** The diplomas: a PDF with one A4 landscape page per winner of each award. */
  'awards.diplomas': call(
    'control',
    z.object({ tournamentId: id, lang: z.enum(['ru', 'en']).optional() }).strict(),
    out<ExportedFile>(),
  ),
  /** The awards and their winners as CSV (the XLSX and JSON standings carry them too). */
  'awards.export': call(
    'control',
    z.object({ tournamentId: id, format: z.enum(['csv']), lang: z.enum(['ru', 'en']).optional() }).strict(),
    out<ExportedFile>(),
  ),
} as const

export type Calls = typeof calls
export type CallName = keyof Calls

// The preload's list of names must be exactly the contract's calls (a compile-time check both ways).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const namesMatch: Same<CallName, CallNameFromList> = true
void namesMatch
export type CallInput<K extends CallName> = z.input<Calls[K]['input']>
export type CallParsed<K extends CallName> = z.output<Calls[K]['input']>
export type CallOutput<K extends CallName> = Calls[K]['output'] extends Out<infer O> ? O : never
export const callNames = Object.keys(calls) as CallName[]

// ---- the pushes (main → renderers) -------------------------------------------------------------------

export interface Pushes {
  /** The active game's control view (control clients only). */
  'game.view': GameEnvelope
  /** The overlay's view (every client; never contains hidden roles). */
  'overlay.view': OverlayEnvelope
  'obs.status': ObsPublicStatus
  /** Something of this tournament changed (a game's state, its structure, seating, registration). */
  'tournament.changed': { tournamentId: number }
  /** The hub stored a table's entries, or a table's status changed (issue 16). */
  'sync.changed': SyncChanged
  /** A table's overlay changed on the hub (for `/overlay?table=N`; never hidden roles). */
  'sync.overlay': { table: number; envelope: OverlayEnvelope }
  /** The overlay's settings and on-demand graphics, when they change (for panels that do not follow its view). */
  'overlay.controls': { settings: OverlayPublicSettings; graphics: OverlayGraphics }
}
export interface SyncChanged {
  tournamentId: number
  tableId: number | null
  gameId: number | null
  gameUuid: string | null
  lastSeq: number | null
  at: number
  /** Where the lag of a stored batch went (ms since epoch; issue 16's lag split, printed by test:tables). */
  trace?: SyncTrace
  /**
   * The tables whose live status changed, as they are now (issue 29 §3): the dashboard merges them into its rows.
   * Absent: something else of the status changed (a conflict decided, a refusal): the dashboard asks for it again.
   */
  tables?: SyncTableLive[]
  /** The open conflicts or the refusals changed too: the dashboard asks for the whole status again. */
  reload?: boolean
}
export interface SyncTrace {
  /** The first stored seq and each stored entry's commit time on the table (its `at`). */
  fromSeq: number
  committedOnTable: number[]
  /** The table's sender sent the batch (null: an older table). */
  sentAt: number | null
  /** The request reached the hub, the hub's transaction committed, the push left. */
  arrivedAt: number
  storedAt: number
  pushedAt: number
}
export type PushName = keyof Pushes
export const pushAccess: Record<PushName, Access> = {
  'game.view': 'control',
  'overlay.view': 'read',
  'obs.status': 'control',
  'tournament.changed': 'control',
  'sync.changed': 'control',
  'sync.overlay': 'read',
  'overlay.controls': 'read',
}
export const pushNames = Object.keys(pushAccess) as PushName[]

// ---- the wire (WebSocket) ----------------------------------------------------------------------------

export const wireRequestSchema = z
  .object({
    type: z.literal('call'),
    id: z.number().int().nonnegative(),
    method: z.string().max(100),
    params: z.unknown().optional(),
  })
  .strict()
export type WireRequest = z.infer<typeof wireRequestSchema>

export type WireResponse =
  | { type: 'result'; id: number | null; ok: true; value: unknown }
  | { type: 'result'; id: number | null; ok: false; error: AppErrorData }
export interface WirePush {
  type: 'push'
  channel: PushName
  /** Increases by one for every push the server sends on this connection: a gap means something was missed. */
  seq: number
  payload: unknown
}
export interface WireHello {
  type: 'hello'
  access: Access
  version: string
}
export type WireServerMessage = WireResponse | WirePush | WireHello

/** The IPC channel for a call (Electron). */
export function ipcChannel(name: CallName): string {
  return ipcCallChannel(name)
}
export const IPC_PUSH_CHANNEL = IPC_PUSH

/** What the preload exposes as `window.api`: one method per call, plus push subscription. */
export type ContractApi = {
  [K in CallName]: (
    params: CallInput<K>,
  ) => Promise<{ ok: true; value: CallOutput<K> } | { ok: false; error: AppErrorData }>
} & {
  onPush(listener: (channel: PushName, payload: unknown) => void): () => void
}

export type { Role }
export { seat as seatSchema }
