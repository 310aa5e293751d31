/**
 * The schema, as an ordered list of `PRAGMA user_version` migrations. Each migration runs in its own
 * transaction together with the user_version bump; a backup (SQLite backup API) is taken first when the file
 * already holds a schema. Never edit a shipped migration: append a new one.
 */

import type Database from 'better-sqlite3'
import { tokenHash } from './token-hash'

/** PRAGMA application_id of every Mafia Desk database: ASCII "MafD" (0x4D616644). */
export const APPLICATION_ID = 0x4d616644

export interface Migration {
  version: number
  description: string
  sql: string
  /** A step SQL cannot express, run after `sql` in the same transaction (a hash SQLite has no function for). */
  run?: (conn: Database.Database) => void
}

const V1 = `
CREATE TABLE players (
  id           INTEGER PRIMARY KEY,
  nickname     TEXT    NOT NULL CHECK (length(trim(nickname)) > 0),
  -- nickname folded in JS (lower case, ё→е, spaces collapsed): SQLite's LOWER/LIKE only fold ASCII
  nickname_key TEXT    NOT NULL UNIQUE,
  full_name    TEXT    NOT NULL DEFAULT '',
  club         TEXT    NOT NULL DEFAULT '',
  city         TEXT    NOT NULL DEFAULT '',
  photo        TEXT,                         -- path relative to the data folder, e.g. photos/player-3-ab12.png
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);

CREATE TABLE tournaments (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT    NOT NULL UNIQUE,
  name       TEXT    NOT NULL CHECK (length(trim(name)) > 0),
  starts_on  TEXT,                           -- ISO date YYYY-MM-DD
  ends_on    TEXT,
  ruleset    TEXT CHECK (ruleset IS NULL OR json_valid(ruleset)),  -- default ruleset JSON
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE stages (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  kind          TEXT    NOT NULL CHECK (kind IN ('qualifying', 'semifinal', 'final')),
  name          TEXT    NOT NULL DEFAULT '',
  position      INTEGER NOT NULL,
  UNIQUE (tournament_id, position)
);

CREATE TABLE rounds (
  id          INTEGER PRIMARY KEY,
  stage_id    INTEGER NOT NULL REFERENCES stages(id) ON DELETE CASCADE,
  number      INTEGER NOT NULL CHECK (number > 0),
  status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
  finished_at INTEGER,
  UNIQUE (stage_id, number)
);

CREATE TABLE tables (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  number        INTEGER NOT NULL CHECK (number > 0),
  name          TEXT    NOT NULL DEFAULT '',
  judge         TEXT    NOT NULL DEFAULT '',
  UNIQUE (tournament_id, number)
);

CREATE TABLE games (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT    NOT NULL UNIQUE,
  tournament_id INTEGER REFERENCES tournaments(id) ON DELETE RESTRICT,  -- all four NULL: a friendly game
  stage_id      INTEGER REFERENCES stages(id) ON DELETE RESTRICT,
  round_id      INTEGER REFERENCES rounds(id) ON DELETE RESTRICT,
  table_id      INTEGER REFERENCES tables(id) ON DELETE RESTRICT,
  number        INTEGER,
  judge         TEXT    NOT NULL DEFAULT '',
  status        TEXT    NOT NULL DEFAULT 'setup' CHECK (status IN ('setup', 'running', 'finished')),
  ruleset_id    TEXT,                        -- copy of setup.ruleset.id for queries; the full ruleset is in setup
  setup         TEXT    NOT NULL CHECK (json_valid(setup)),  -- GameSetup JSON: ruleset, seating, roles
  winner        TEXT,
  last_seq      INTEGER,                     -- seq of the last log entry, NULL when the log is empty
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);

-- Seating projection of setup.players[]: who sat where (player registry references, merges, queries).
CREATE TABLE game_seats (
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 10),
  player_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  name      TEXT    NOT NULL DEFAULT '',
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- The append-only event log: one row per accepted command with the events it produced.
CREATE TABLE game_events (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq     INTEGER NOT NULL,
  command TEXT    NOT NULL,                  -- Command JSON
  events  TEXT    NOT NULL,                  -- GameEvent[] JSON
  at      INTEGER NOT NULL,                  -- ms since epoch, from the command
  PRIMARY KEY (game_id, seq)                 -- = UNIQUE (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE game_results (
  game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seat            INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 10),
  player_id       INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  role            TEXT    NOT NULL,
  win             REAL    NOT NULL DEFAULT 0,
  best_move       REAL    NOT NULL DEFAULT 0,
  extra           REAL    NOT NULL DEFAULT 0,
  penalty         REAL    NOT NULL DEFAULT 0,
  total           REAL    NOT NULL DEFAULT 0,  -- win + best_move + extra + penalty (Ci is apart)
  ci              REAL    NOT NULL DEFAULT 0,
  extra_reasons   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(extra_reasons)),
  penalty_reasons TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(penalty_reasons)),
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) WITHOUT ROWID;
`

const V2 = `
CREATE INDEX games_by_tournament ON games (tournament_id, stage_id, round_id, table_id, number);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_round ON games (round_id);
CREATE INDEX game_seats_by_player ON game_seats (player_id);
CREATE INDEX game_results_by_player ON game_results (player_id);
CREATE INDEX stages_by_tournament ON stages (tournament_id);
CREATE INDEX rounds_by_stage ON rounds (stage_id);
`

const V3 = `
ALTER TABLE tournaments ADD COLUMN venue TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN club TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN archived_at INTEGER;

-- Planned games per player (= rounds), finalists (top K), the seating seed and options of a stage.
ALTER TABLE stages ADD COLUMN games INTEGER;
ALTER TABLE stages ADD COLUMN size INTEGER;
ALTER TABLE stages ADD COLUMN seed INTEGER;
ALTER TABLE stages ADD COLUMN options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options));

-- A round is locked (its seating can no longer change) once started.
ALTER TABLE rounds ADD COLUMN started_at INTEGER;

-- A cancelled game keeps its log and protocol but counts nowhere and frees its round and table.
ALTER TABLE games ADD COLUMN cancelled_at INTEGER;
ALTER TABLE games ADD COLUMN cancel_reason TEXT;

-- Registration: who plays the tournament; a withdrawn player keeps his played games.
CREATE TABLE tournament_players (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  player_id     INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  registered_at INTEGER NOT NULL,
  withdrawn_at  INTEGER,
  PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;

-- Who plays a stage after the qualifying (finals: top K of the standings), with their seed (1 = best).
CREATE TABLE stage_players (
  stage_id  INTEGER NOT NULL REFERENCES stages(id) ON DELETE CASCADE,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  seed      INTEGER NOT NULL,
  PRIMARY KEY (stage_id, player_id)
) WITHOUT ROWID;

-- The stored seating of a round: player per table and seat; player_id NULL is a marked spare seat.
CREATE TABLE round_seats (
  round_id  INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  table_id  INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 10),
  player_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  PRIMARY KEY (round_id, table_id, seat)
) WITHOUT ROWID;

-- The judge of a table in one round when it differs from the table's usual judge.
CREATE TABLE round_judges (
  round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  judge    TEXT    NOT NULL,
  PRIMARY KEY (round_id, table_id)
) WITHOUT ROWID;

CREATE INDEX games_by_round_table ON games (round_id, table_id);
CREATE INDEX round_seats_by_player ON round_seats (player_id);
`

// Multi-machine mode (issue 16). On a table machine: which games go to the hub and the transactional outbox of
// their log entries not yet acknowledged. On the hub: table tokens and the conflicts kept aside.
const V4 = `
CREATE TABLE sync_games (
  game_id       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  registered_at INTEGER NOT NULL
);

-- One row per accepted command of a synced game, written in the command's own transaction; deleted on the
-- hub's acknowledgement. id = order of acceptance.
CREATE TABLE sync_outbox (
  id        INTEGER PRIMARY KEY,
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq       INTEGER NOT NULL,
  queued_at INTEGER NOT NULL,
  UNIQUE (game_id, seq)
);

-- On the hub: games whose log comes from a table machine (their one writer); the hub never appends to them.
CREATE TABLE sync_remote_games (
  game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  table_id INTEGER REFERENCES tables(id) ON DELETE SET NULL
);

CREATE TABLE sync_tokens (
  token      TEXT    PRIMARY KEY,
  table_id   INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sync_tokens_by_table ON sync_tokens (table_id);

-- A pushed entry whose content differs from the one stored for the same game and seq: never merged.
CREATE TABLE sync_conflicts (
  id        INTEGER PRIMARY KEY,
  table_id  INTEGER REFERENCES tables(id) ON DELETE SET NULL,
  game_uuid TEXT    NOT NULL,
  seq       INTEGER NOT NULL,
  stored    TEXT    NOT NULL,
  received  TEXT    NOT NULL,
  at        INTEGER NOT NULL,
  UNIQUE (game_uuid, seq, received)
);

-- Refused pushes (wrong or revoked token, another table's game): what the head judge sees as "refused".
CREATE TABLE sync_refusals (
  id       INTEGER PRIMARY KEY,
  table_id INTEGER REFERENCES tables(id) ON DELETE SET NULL,
  code     TEXT    NOT NULL,
  remote   TEXT    NOT NULL DEFAULT '',
  at       INTEGER NOT NULL
);
`

const V5 = `
-- The head judge's decision on a conflict kept aside (issue 16): never merged silently, always decided and logged.
ALTER TABLE sync_conflicts ADD COLUMN resolution  TEXT CHECK (resolution IN ('keepHub', 'acceptTable', 'dismiss'));
ALTER TABLE sync_conflicts ADD COLUMN reason      TEXT NOT NULL DEFAULT '';
ALTER TABLE sync_conflicts ADD COLUMN resolved_at INTEGER;
`

// The tournament's record (issue 28): a substitution at a started round's table is an explicit act of the head
// judge, kept with its reason; the substitute scores for nobody.
const V6 = `
CREATE TABLE round_substitutions (
  round_id    INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  table_id    INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 10),
  replaced_id INTEGER REFERENCES players(id) ON DELETE SET NULL,  -- NULL: the seat was a spare one
  name        TEXT    NOT NULL CHECK (length(trim(name)) > 0),   -- the substitute, as the protocol prints him
  reason      TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
  judge       TEXT    NOT NULL CHECK (length(trim(judge)) > 0),  -- the head judge who made or confirmed it
  by_table    INTEGER NOT NULL DEFAULT 0 CHECK (by_table IN (0, 1)), -- asked by the table's judge
  at          INTEGER NOT NULL,
  PRIMARY KEY (round_id, table_id, seat)
) WITHOUT ROWID;
`

const V7 = `
-- Issue 29 §2: a table token expires (a set time; the tournament's end is checked with it), and refusals are
-- counted in memory and written in aggregate (one row per kind and source per few seconds, with its count).
ALTER TABLE sync_tokens ADD COLUMN expires_at INTEGER;
ALTER TABLE sync_refusals ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
`

const V8 = `
-- One writer per game is one machine (issue 29 §2): the table machine whose pushes the hub takes for a game, and
-- the machine a conflicting entry came from (a decision for the table's version binds the game to it).
ALTER TABLE sync_remote_games ADD COLUMN machine TEXT;
ALTER TABLE sync_conflicts ADD COLUMN machine TEXT;
`

const V9 = `
-- Table tokens at rest (issue 29 §2): the hub keeps only each token's SHA-256, so a copy of the database (a backup,
-- a file handed over) pairs no machine. The codes themselves stay in the secrets file beside the certificate.
ALTER TABLE sync_tokens RENAME COLUMN token TO token_hash;
`

/** Hashes the table tokens stored in plain text before version 9 (see db/sync.ts `tokenHash`). */
function hashStoredTokens(conn: Database.Database): void {
  // Without secure_delete SQLite leaves a replaced value's bytes in the page's free space: the plain tokens would
  // stay readable in the file.
  const secure = conn.pragma('secure_delete', { simple: true }) as number
  conn.pragma('secure_delete = ON')
  try {
    const rows = conn.prepare('SELECT token_hash AS token FROM sync_tokens').all() as Array<{ token: string }>
    const update = conn.prepare('UPDATE sync_tokens SET token_hash = ? WHERE token_hash = ?')
    for (const r of rows) update.run(tokenHash(r.token), r.token)
  } finally {
    conn.pragma(`secure_delete = ${secure}`)
  }
}

const V10 = `
-- Issue 31 §1: a tournament's award rules (номинации) as one JSON document (shared/awards.ts validates it on every
-- write and read); no row means the shipped defaults. Idempotent (IF NOT EXISTS), like 11.
CREATE TABLE IF NOT EXISTS tournament_awards (
  tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
  rules         TEXT    NOT NULL CHECK (json_valid(rules)),
  updated_at    INTEGER NOT NULL
);
`

const V11 = `
-- Issue 31 §1: appeals on a tournament's games, numbered per tournament (№1, №2, …). An accepted appeal's correction
-- is an amendment entry in the game's log (amend_seq); every step is kept with who took it and when. Idempotent
-- (IF NOT EXISTS): a file rewound to an older user_version by a tool or a test migrates again cleanly.
CREATE TABLE IF NOT EXISTS appeals (
  id              INTEGER PRIMARY KEY,
  tournament_id   INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  number          INTEGER NOT NULL CHECK (number > 0),
  game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  filer_role      TEXT    NOT NULL CHECK (filer_role IN ('player', 'captain')),
  filer_player_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
  filer_name      TEXT    NOT NULL CHECK (length(trim(filer_name)) > 0),
  text            TEXT    NOT NULL CHECK (length(trim(text)) > 0),
  status          TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'rejected', 'accepted', 'replayed')),
  answer          TEXT    NOT NULL DEFAULT '',
  amend_seq       INTEGER,                     -- the amendment's entry in the game's log (accepted)
  created_at      INTEGER NOT NULL,
  UNIQUE (tournament_id, number)
);
CREATE INDEX IF NOT EXISTS appeals_by_game ON appeals (game_id);
CREATE TABLE IF NOT EXISTS appeal_events (
  appeal_id INTEGER NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
  step      TEXT    NOT NULL CHECK (step IN ('filed', 'rejected', 'accepted', 'replayed')),
  who       TEXT    NOT NULL CHECK (length(trim(who)) > 0),
  note      TEXT    NOT NULL DEFAULT '',
  at        INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS appeal_events_by_appeal ON appeal_events (appeal_id);
`

const V13 = `
-- Issue 31 §4: the club's seasons (a series of tournaments). The definition is one JSON document checked by
-- src/shared/season-series.ts (seasonConfigSchema) on every write and read. IF NOT EXISTS: a file whose
-- user_version was set back by hand (the older-file tests do that) migrates again cleanly.
CREATE TABLE IF NOT EXISTS seasons (
  id         INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL CHECK (length(trim(name)) > 0),
  config     TEXT    NOT NULL CHECK (json_valid(config)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Issue 31 §2: pairs of players the club keeps apart at every tournament's seating (the smaller id first).
CREATE TABLE IF NOT EXISTS pair_policies (
  a          INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
  b          INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
  reason     TEXT    NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  CHECK (a < b),
  PRIMARY KEY (a, b)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS pair_policies_b ON pair_policies(b);
`

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, description: 'registry, tournaments, games, event log, results, settings', sql: V1 },
  { version: 2, description: 'indexes for listing games, results and player references', sql: V2 },
  {
    version: 3,
    description:
      'tournament operations: registration, stage plans, stored seatings, round judges, cancelled games',
    sql: V3,
  },
  { version: 4, description: 'multi-machine sync: outbox, table tokens, conflicts', sql: V4 },
  { version: 5, description: "multi-machine sync: the head judge's conflict resolutions", sql: V5 },
  {
    version: 6,
    description: "tournament record: the head judge's substitutions at a round's table",
    sql: V6,
  },
  { version: 7, description: 'multi-machine sync: token expiry, counted refusals', sql: V7 },
  {
    version: 8,
    description: 'multi-machine sync: a game is bound to the one machine that writes it',
    sql: V8,
  },
  {
    version: 9,
    description: 'multi-machine sync: table tokens stored as their SHA-256 only',
    sql: V9,
    run: hashStoredTokens,
  },
  { version: 10, description: "awards: a tournament's award rules", sql: V10 },
  { version: 11, description: 'appeals on games and their logged steps', sql: V11 },
  // 12 is unused: the runner skips a gap.
  { version: 13, description: "the club's seasons and the registry's pair policies", sql: V13 },
]

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version
