import type { RunStatus } from '../../shared/run';

/** A row of `runs` as SQLite holds it: the config is JSON, the owner marks a live run. */
export interface RunRow {
  id: string;
  config: string;
  status: RunStatus;
  started_at: string;
  ended_at: string | null;
  planned_calls: number;
  series_id: string | null;
  label: string | null;
  imported_at: string | null;
  /** JSON array of ProfileFailure; NULL for a run stored before schema version 8. */
  profile_failures: string | null;
  /** JSON of RunEnvironment; NULL for a run stored before schema version 18. */
  environment: string | null;
  owner_pid: number;
  heartbeat_at: number;
}
