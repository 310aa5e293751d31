/** Rows as SQLite returns them, and their mapping to the public types of types.ts. */
import type {
  GameRow,
  GameStatus,
  Player,
  ReasonedPoints,
  Round,
  SeatResult,
  Stage,
  StageKind,
  StageOptions,
  StoredEntry,
  TableRow,
  Tournament,
} from './types'

export interface PlayerDbRow {
  id: number
  nickname: string
  full_name: string
  club: string
  city: string
  photo: string | null
  created_at: number
  updated_at: number
}

export interface TournamentDbRow {
  id: number
  uuid: string
  name: string
  starts_on: string | null
  ends_on: string | null
  ruleset: string | null
  venue: string
  club: string
  archived_at: number | null
  created_at: number
  updated_at: number
}

export interface StageDbRow {
  id: number
  tournament_id: number
  kind: StageKind
  name: string
  position: number
  games: number | null
  size: number | null
  seed: number | null
  options: string
}

export interface RoundDbRow {
  id: number
  stage_id: number
  number: number
  status: 'open' | 'finished'
  finished_at: number | null
  started_at: number | null
}

export interface TableDbRow {
  id: number
  tournament_id: number
  number: number
  name: string
  judge: string
}

export interface GameDbRow {
  id: number
  uuid: string
  tournament_id: number | null
  stage_id: number | null
  round_id: number | null
  table_id: number | null
  number: number | null
  judge: string
  status: GameStatus
  ruleset_id: string | null
  setup: string
  winner: string | null
  last_seq: number | null
  cancelled_at: number | null
  cancel_reason: string | null
  created_at: number
  updated_at: number
}

export interface EventDbRow {
  seq: number
  command: string
  events: string
  at: number
}

export interface ResultDbRow {
  game_id: number
  seat: number
  player_id: number | null
  role: string
  win: number
  best_move: number
  extra: number
  penalty: number
  total: number
  ci: number
  extra_reasons: string
  penalty_reasons: string
}

export function toPlayer(r: PlayerDbRow): Player {
  return {
    id: r.id,
    nickname: r.nickname,
    fullName: r.full_name,
    club: r.club,
    city: r.city,
    photo: r.photo,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export function toTournament(r: TournamentDbRow): Tournament {
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.name,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    ruleset: r.ruleset === null ? null : (JSON.parse(r.ruleset) as unknown),
    venue: r.venue,
    club: r.club,
    archivedAt: r.archived_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export function toStage(r: StageDbRow): Stage {
  return {
    id: r.id,
    tournamentId: r.tournament_id,
    kind: r.kind,
    name: r.name,
    position: r.position,
    games: r.games,
    size: r.size,
    seed: r.seed,
    options: JSON.parse(r.options) as StageOptions,
  }
}

export function toRound(r: RoundDbRow): Round {
  return {
    id: r.id,
    stageId: r.stage_id,
    number: r.number,
    status: r.status,
    finishedAt: r.finished_at,
    startedAt: r.started_at,
  }
}

export function toTable(r: TableDbRow): TableRow {
  return { id: r.id, tournamentId: r.tournament_id, number: r.number, name: r.name, judge: r.judge }
}

export function toGame(r: GameDbRow): GameRow {
  return {
    id: r.id,
    uuid: r.uuid,
    tournamentId: r.tournament_id,
    stageId: r.stage_id,
    roundId: r.round_id,
    tableId: r.table_id,
    number: r.number,
    judge: r.judge,
    status: r.status,
    rulesetId: r.ruleset_id,
    setup: JSON.parse(r.setup) as unknown,
    winner: r.winner,
    lastSeq: r.last_seq,
    cancelledAt: r.cancelled_at,
    cancelReason: r.cancel_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export function toEntry(r: EventDbRow): StoredEntry {
  return {
    seq: r.seq,
    command: JSON.parse(r.command) as unknown,
    events: JSON.parse(r.events) as unknown[],
    at: r.at,
  }
}

export function toResult(r: ResultDbRow): SeatResult {
  return {
    seat: r.seat,
    playerId: r.player_id,
    role: r.role,
    win: r.win,
    bestMove: r.best_move,
    extra: r.extra,
    penalty: r.penalty,
    total: r.total,
    ci: r.ci,
    extraReasons: parseReasons(r.extra_reasons),
    penaltyReasons: parseReasons(r.penalty_reasons),
  }
}

export function parseReasons(text: string): ReasonedPoints[] {
  return text === '[]' ? [] : (JSON.parse(text) as ReasonedPoints[])
}

export type RawResultRow = [
  number,
  number,
  number | null,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
]
