// Schema version 1: profiles, runs with their profile snapshots, trials.
//
// An applied migration is history: its text is hashed into schema_migrations
// and must never change (not even a comment or a space). Change the schema
// with a new numbered migration instead.
//
// Choices that hold for every table here:
// - STRICT tables: SQLite refuses a value of the wrong type instead of storing
//   it silently, so a bug cannot write text into a metric column.
// - Enumerations (dialect, mode, statuses) carry no CHECK: SQLite cannot alter a
//   CHECK without rebuilding the table, and the lists are expected to grow.
//   The TypeScript types guard them. Booleans (0/1) and JSON do get CHECKs.
// - Times people read are ISO 8601 UTC text (they sort as text); measured
//   times are REAL milliseconds, as in the Trial type.

export const sql = `
CREATE TABLE profiles (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  base_url TEXT NOT NULL,
  model TEXT NOT NULL,
  dialect TEXT NOT NULL,
  headers TEXT NOT NULL CHECK (json_valid(headers)),
  defaults TEXT NOT NULL CHECK (json_valid(defaults)),
  notes TEXT NOT NULL,
  allow_insecure_key INTEGER NOT NULL CHECK (allow_insecure_key IN (0, 1)),
  builtin INTEGER NOT NULL CHECK (builtin IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- owner_pid and heartbeat_at say which process is recording a running run,
-- so that the next open can tell a live run from a dead one (run-owner.ts).
CREATE TABLE runs (
  id TEXT PRIMARY KEY NOT NULL,
  config TEXT NOT NULL CHECK (json_valid(config)),
  status TEXT NOT NULL,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  planned_calls INTEGER NOT NULL,
  owner_pid INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL
) STRICT;

CREATE INDEX runs_by_start ON runs (started_at, id);
CREATE INDEX runs_running ON runs (id) WHERE status = 'running';

-- Each profile as it was when the run started (never the key), one row per
-- profile in the run's order: the history filters on profile and model.
CREATE TABLE run_profiles (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  profile_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  base_url TEXT NOT NULL,
  model TEXT NOT NULL,
  dialect TEXT NOT NULL,
  headers TEXT NOT NULL CHECK (json_valid(headers)),
  defaults TEXT NOT NULL CHECK (json_valid(defaults)),
  notes TEXT NOT NULL,
  allow_insecure_key INTEGER NOT NULL CHECK (allow_insecure_key IN (0, 1)),
  builtin INTEGER NOT NULL CHECK (builtin IN (0, 1)),
  PRIMARY KEY (run_id, profile_id)
) STRICT;

CREATE INDEX run_profiles_by_profile ON run_profiles (profile_id);
CREATE INDEX run_profiles_by_model ON run_profiles (model);

-- One row per trial. profile_id is not a foreign key: a profile can be deleted
-- while its history stays. Every scalar metric has its own column under its
-- DESIGN.md name; the chunk and ping timeline, with the gaps, is one BLOB
-- (see timeline-codec.ts): a row per chunk would cost far more to write.
CREATE TABLE trials (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  profile_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  trial_index INTEGER NOT NULL,
  warmup INTEGER NOT NULL CHECK (warmup IN (0, 1)),
  status TEXT NOT NULL,
  started_at TEXT NOT NULL,
  reused_connection INTEGER NOT NULL CHECK (reused_connection IN (0, 1)),
  dns_ms REAL,
  connect_ms REAL,
  tls_ms REAL,
  headers_ms REAL,
  first_byte_ms REAL,
  first_event_ms REAL,
  ttft_ms REAL,
  ttfo_ms REAL,
  last_token_ms REAL,
  total_ms REAL,
  chunks INTEGER NOT NULL,
  gap_median_ms REAL,
  gap_p95_ms REAL,
  gap_max_ms REAL,
  tokens INTEGER NOT NULL,
  reasoning_tokens INTEGER NOT NULL,
  usage_completion_tokens INTEGER,
  usage_prompt_tokens INTEGER,
  usage_diff INTEGER,
  usage_requested INTEGER NOT NULL CHECK (usage_requested IN (0, 1)),
  tokens_per_chunk_mean REAL,
  itl_ms REAL,
  decode_tps REAL,
  e2e_tps REAL,
  pings INTEGER NOT NULL,
  first_ping_ms REAL,
  max_silence_ms REAL,
  max_content_silence_ms REAL,
  stalled INTEGER NOT NULL CHECK (stalled IN (0, 1)),
  burst_share REAL,
  buffered INTEGER NOT NULL CHECK (buffered IN (0, 1)),
  bytes INTEGER NOT NULL,
  http_status INTEGER,
  request_id TEXT,
  retry_after_s REAL,
  error TEXT,
  abort_after_tokens INTEGER,
  abort_at_ms REAL,
  abort_close_ms REAL,
  abort_bytes_after INTEGER,
  abort_chunks_after INTEGER,
  text TEXT NOT NULL,
  reasoning_text TEXT NOT NULL,
  timeline BLOB NOT NULL,
  -- An abort record is all there or all absent (abort_close_ms may be null in it).
  CHECK ((abort_after_tokens IS NULL) = (abort_at_ms IS NULL)
    AND (abort_after_tokens IS NULL) = (abort_bytes_after IS NULL)
    AND (abort_after_tokens IS NULL) = (abort_chunks_after IS NULL)),
  PRIMARY KEY (run_id, profile_id, mode, trial_index)
) STRICT;

-- The runs list counts a run's trials per status from its index alone (no wide
-- row is read); the trend finds a profile's counted ok trials across runs.
CREATE INDEX trials_by_run ON trials (run_id, warmup, status);
CREATE INDEX trials_by_profile ON trials (profile_id, warmup, status);
`;
