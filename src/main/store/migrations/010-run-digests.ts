// Schema version 10: what opening a long run reads instead of its every trial.
//
// run_digests: each finished run's digest (src/shared/run-digest.ts), what its
// page shows that only all of its trials can tell: the summaries, the
// comparisons, the findings. Computed once (when the run ends, when it is
// imported, or the first time a run stored before is opened) and kept as
// JSON, one row per reading pace it was asked at, since the reader figures
// depend on the pace. `trials` is how many trial rows it was computed from
// and `format` which build's digest it is: a row that no longer matches
// either is computed again (run-digests.ts). Derived data only: deleting a
// row loses nothing, and the run's deletion takes its rows with it.
//
// trials_by_run_profile: a page of a run's trials, filtered by status, is read
// one profile × mode at a time (history-queries.ts): counted from this index
// alone and listed in trial order, never sorting all of a long run's trials.

export const sql = `
CREATE TABLE run_digests (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  reader_pace_tps REAL NOT NULL,
  format INTEGER NOT NULL,
  trials INTEGER NOT NULL,
  digest TEXT NOT NULL CHECK (json_valid(digest)),
  PRIMARY KEY (run_id, reader_pace_tps)
) STRICT;

CREATE INDEX trials_by_run_profile ON trials (run_id, profile_id, mode, status);
`;
