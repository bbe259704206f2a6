// The history store as the app and the CLI use it: one connection, its
// repositories, and a close that stops the run heartbeats before the file.

import type { Database } from 'better-sqlite3';
import { HistoryQueries } from './history-queries';
import { asOpenError, openDatabase, type OpenDatabaseOptions } from './open-database';
import { ProfilesRepository } from './profiles-repository';
import { backfillReaderMetrics } from './reader-backfill';
import { RunsRepository } from './runs-repository';
import { SettingsRepository } from './settings-repository';

export interface Store {
  readonly db: Database;
  /** False when opened read-only (OpenDatabaseOptions.allowReadOnly): every write would fail. */
  readonly writable: boolean;
  readonly profiles: ProfilesRepository;
  readonly runs: RunsRepository;
  readonly history: HistoryQueries;
  readonly settings: SettingsRepository;
  close(): void;
}

export function openStore(path: string, options: OpenDatabaseOptions = {}): Store {
  const db = openDatabase(path, options);
  try {
    if (!db.readonly) backfillReaderMetrics(db);
  } catch (error) {
    // Part of opening: a damaged file or a full disk says so as any failed open does.
    db.close();
    throw asOpenError(error, path);
  }
  const runs = new RunsRepository(db);
  return {
    db,
    writable: !db.readonly,
    profiles: new ProfilesRepository(db),
    runs,
    history: new HistoryQueries(db),
    settings: new SettingsRepository(db),
    close() {
      runs.close();
      db.close();
    },
  };
}
