// The history store as the app and the CLI use it: one connection, its
// repositories, and a close that stops the run heartbeats and the digests
// being computed before the file.

import type { Database } from 'better-sqlite3';
import { HistoryQueries } from './history-queries';
import { asOpenError, openDatabase, type OpenDatabaseOptions } from './open-database';
import { ProfileChecks } from './profile-checks';
import { ProfilesRepository } from './profiles-repository';
import { RunDigests } from './run-digests';
import { RunTrialPages } from './run-trial-pages';
import { RunsRepository } from './runs-repository';
import { SettingsRepository } from './settings-repository';
import { backfillFromTimelines } from './timeline-backfill';

export interface Store {
  readonly db: Database;
  /** False when opened read-only (OpenDatabaseOptions.allowReadOnly): every write would fail. */
  readonly writable: boolean;
  readonly profiles: ProfilesRepository;
  /** Each profile's last connection test. */
  readonly profileChecks: ProfileChecks;
  readonly runs: RunsRepository;
  readonly history: HistoryQueries;
  /** Every trial of a run, one at a time: for work that visits them all. */
  readonly trialPages: RunTrialPages;
  /** Each run's summaries, comparisons and findings, computed once and kept. */
  readonly digests: RunDigests;
  readonly settings: SettingsRepository;
  close(): void;
}

export function openStore(path: string, options: OpenDatabaseOptions = {}): Store {
  const db = openDatabase(path, options);
  try {
    if (!db.readonly) backfillFromTimelines(db);
  } catch (error) {
    // Part of opening: a damaged file or a full disk says so as any failed open does.
    db.close();
    throw asOpenError(error, path);
  }
  const runs = new RunsRepository(db);
  const history = new HistoryQueries(db);
  const trialPages = new RunTrialPages(db);
  const digests = new RunDigests(db, history, trialPages);
  return {
    db,
    writable: !db.readonly,
    profiles: new ProfilesRepository(db),
    profileChecks: new ProfileChecks(db),
    runs,
    history,
    trialPages,
    digests,
    settings: new SettingsRepository(db),
    close() {
      digests.close();
      runs.close();
      db.close();
    },
  };
}
