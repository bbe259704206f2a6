// The history store: SQLite through better-sqlite3, in plain Node (no
// Electron), shared by the desktop app and the CLI.

export { defaultDatabasePath } from './default-database-path';
export { HistoryQueries } from './history-queries';
export { ELECTRON_SQLITE_BINDING, sqliteNativeBinding } from './native-binding';
export { openDatabase, type OpenDatabaseOptions } from './open-database';
export {
  ProfilesRepository,
  type CreateProfileOptions,
  type ProfilePatch,
} from './profiles-repository';
export { DIGEST_FORMAT, RunDigests } from './run-digests';
export { RunTrialPages } from './run-trial-pages';
export { RunsRepository, type ImportedRun } from './runs-repository';
export { SettingsRepository } from './settings-repository';
export { openStore, type Store } from './store';
export {
  StoreFileError,
  StoreOpenError,
  storeFileError,
  type StoreFileProblem,
  type StoreOpenErrorCode,
} from './store-error';
