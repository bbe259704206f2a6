// Schema version 6: runs that belong together, and where they were measured.
// - series_id: the repetitions of one `run --repeat N --every D` (or the app's
//   "repeat every") share it; null for a run on its own.
// - label: where the run was measured (a machine, a city), given at
//   `run --label` or at import, so runs from several machines compare side
//   by side.
// - imported_at: when the run came into this history from a run file; null for
//   runs measured here.

export const sql = `
ALTER TABLE runs ADD COLUMN series_id TEXT;
ALTER TABLE runs ADD COLUMN label TEXT;
ALTER TABLE runs ADD COLUMN imported_at TEXT;

CREATE INDEX runs_by_series ON runs (series_id, started_at) WHERE series_id IS NOT NULL;
`;
