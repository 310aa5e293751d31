/** Public row and input types of the database layer. Game setup, commands and events are engine JSON: `unknown` here. */
import type { LocalizedText } from '../../shared/errors'

export type GameStatus = 'setup' | 'running' | 'finished'
export const GAME_STATUSES: readonly GameStatus[] = ['setup', 'running', 'finished']

export type StageKind = 'qualifying' | 'semifinal' | 'final'
export const STAGE_KINDS: readonly StageKind[] = ['qualifying', 'semifinal', 'final']

export type RoundStatus = 'open' | 'finished'

export interface Player {
  id: number
  nickname: string
  fullName: string
  club: string
  city: string
  /** Path relative to the data folder (e.g. `photos/player-3-1a2b3c4d.png`), or null. */
  photo: string | null
  createdAt: number
  updatedAt: number
}

export interface PlayerInput {
  nickname: string
  fullName?: string
  club?: string
  city?: string
}

export type PlayerPatch = Partial<PlayerInput>

export interface CsvImportReport {
  /** Players written (0 when any line has an error: the import is all or nothing). */
  added: number
  /** Lines whose nickname is already in the registry (left as they are). */
  skipped: number
  errors: Array<{ line: number; message: LocalizedText }>
}

export interface Tournament {
  id: number
  uuid: string
  name: string
  /** ISO dates YYYY-MM-DD. */
  startsOn: string | null
  endsOn: string | null
  /** The tournament's default ruleset (engine Ruleset JSON). */
  ruleset: unknown
  venue: string
  club: string
  /** When the tournament was archived (hidden from the lists), or null. */
  archivedAt: number | null
  createdAt: number
  updatedAt: number
}

export interface TournamentInput {
  name: string
  startsOn?: string | null
  endsOn?: string | null
  ruleset?: unknown
  venue?: string
  club?: string
  uuid?: string
}

export interface Stage {
  id: number
  tournamentId: number
  kind: StageKind
  name: string
  /** Order of the stage inside its tournament, from 1. */
  position: number
  /** Planned games per player (= rounds), or null when not planned yet. */
  games: number | null
  /** Finals: how many players (top K of the previous stage), or null. */
  size: number | null
  /** Seed of the stored seating, or null before one is generated. */
  seed: number | null
  /** Seating options (pairs who should not meet, fixed tables, spare seats), as stored. */
  options: StageOptions
}

export interface StageOptions {
  /** Players who should not meet (e.g. same club): pairs of player ids. */
  avoidPairs?: Array<[number, number]>
  /** A player fixed to a table (accessibility): player id → table number. */
  fixedTable?: Record<string, number>
  /** When P is not a multiple of 10: some players play an extra game, or spare seats are marked. */
  uneven?: 'extraGame' | 'spareSeats'
  /** A tie at the cut when the stage was seeded: the tied players, those who went through, by lot or judge. */
  cutLot?: { tied: number[]; through: number[]; seed?: number; by?: 'lot' | 'judge' }
  /** A final stage: the share (0..1) of the earlier stages' points its players carry into the final
   * classification (0 = the final's result alone). */
  carryOver?: number
}

export interface StageInput {
  kind: StageKind
  name?: string
  games?: number | null
  size?: number | null
}

export interface Round {
  id: number
  stageId: number
  number: number
  status: RoundStatus
  finishedAt: number | null
  /** Set when the round was started: its seating is locked. */
  startedAt: number | null
}

export interface TableRow {
  id: number
  tournamentId: number
  number: number
  name: string
  judge: string
}

export interface TournamentStructure {
  tournament: Tournament
  stages: Array<Stage & { rounds: Round[] }>
  tables: TableRow[]
}

export interface GameRow {
  id: number
  uuid: string
  tournamentId: number | null
  stageId: number | null
  roundId: number | null
  tableId: number | null
  number: number | null
  judge: string
  status: GameStatus
  /** `setup.ruleset.id` when the setup has one. */
  rulesetId: string | null
  /** The engine's GameSetup (ruleset, players/seating, roles), as stored. */
  setup: unknown
  winner: string | null
  /** seq of the last stored log entry; null when the log is empty. */
  lastSeq: number | null
  /** A cancelled game keeps its log and protocol but counts nowhere and frees its round and table. */
  cancelledAt: number | null
  cancelReason: string | null
  createdAt: number
  updatedAt: number
}

export interface CreateGameInput {
  tournamentId?: number | null
  stageId?: number | null
  roundId?: number | null
  tableId?: number | null
  number?: number | null
  judge?: string
  /** GameSetup JSON. When it has `players: [{ playerId? , name? }]` (seat = index + 1), the seating is indexed. */
  setup: unknown
  uuid?: string
}

/** One log entry as the app hands it over (= the engine's LogEntry). */
export interface EntryInput {
  seq: number
  command: unknown
  events: unknown[]
  at: number
}

export interface StoredEntry {
  seq: number
  command: unknown
  events: unknown[]
  at: number
}

export interface ReasonedPoints {
  points: number
  reason: string
}

/** Per-seat result, compatible with GameRecord.seats (points.* flattened). */
export interface SeatResultInput {
  seat: number
  playerId: number | null
  role: string
  win: number
  bestMove: number
  extra: number
  penalty: number
  total: number
  extraReasons?: ReasonedPoints[]
  penaltyReasons?: ReasonedPoints[]
}

export interface SeatResult extends SeatResultInput {
  ci: number
  extraReasons: ReasonedPoints[]
  penaltyReasons: ReasonedPoints[]
}

export interface Projection {
  status: GameStatus
  winner: string | null
  /** When given, replaces every stored per-seat result of the game. */
  results?: SeatResultInput[]
}

export interface GameWithLog {
  game: GameRow
  log: StoredEntry[]
}

export interface GameFilter {
  tournamentId?: number
  stageId?: number
  roundId?: number
  tableId?: number
  status?: GameStatus
  /** Games without a tournament. */
  friendly?: boolean
  /** Cancelled games are left out unless this is true. */
  includeCancelled?: boolean
}

export interface Registration {
  player: Player
  registeredAt: number
  withdrawnAt: number | null
}

/** A stored round seating: per table (id, number), seats 1..10 → player id or null (a marked spare seat). */
export interface RoundSeating {
  roundId: number
  tables: Array<{ tableId: number; table: number; seats: Array<number | null> }>
}

export interface BackupInfo {
  /** Absolute path. */
  file: string
  name: string
  reason: string
  /** ms since epoch, from the file name. */
  createdAt: number
  size: number
}

/** `{ all: true }`: the whole database (every tournament, game and player, the seasons and the registry's pairs). */
export type ExportScope = { gameId: number } | { roundId: number } | { tournamentId: number } | { all: true }

export interface ImportReport {
  games: number
  /** Players created in the registry (missing nicknames). */
  players: number
  /** Players matched by nickname to existing registry entries. */
  playersMatched: number
  /** The local id of the tournament the games went into, or null (friendly games only). */
  tournamentId: number | null
  /** Appeals, seasons and registry pairs written (those already here, the same, are not counted). */
  appeals: number
  seasons: number
  pairs: number
  /** Custom scoring systems added. */
  scoringSystems: number
  /** The local ids of every tournament of the file (created or already here): their standings change. */
  tournamentIds: number[]
}

export interface DemoIds {
  tournamentId: number
  stageId: number
  /** Every round of the demo stage, in order (one game per round at table 1). */
  roundIds: number[]
  /** The last round: the one whose game is left open for the judge to play. */
  roundId: number
  tableId: number
  playerIds: number[]
}
