// A service's error as the API's answer: known errors keep their message (it
// is written for people) and say which field is at fault; anything else is a
// bug, reported as `internal` with what failed.

import Database from 'better-sqlite3';
import type { ApiError } from '../../shared/api';
import { CsvWriteError, RunFileError, RunStillRunningError } from '../export';
import { ModelListError, ProbeConfigError } from '../probe';
import { ProfileError, ProfileInputError, ProfileNotFoundError } from '../profiles';
import { RunConfigError } from '../runs';
import { RequestSecretError } from '../runs/profile-endpoint';
import { RunInProgressError } from '../runs/run-service';
import { InvalidKeyError, InvalidProfileIdError, KeychainUnavailableError } from '../secrets';
import { SettingsError } from '../settings';
import { StoreOpenError, storeFileError } from '../store';
import { isWorded } from '../../shared/messages';
import { NotFoundError } from './not-found';

/**
 * `databasePath`: the history's file, which a damaged or full database's
 * message names. A catalogue message keeps its key for the renderer's words.
 */
export function toApiError(error: unknown, databasePath?: string): ApiError {
  const answer = classified(error, databasePath);
  return isWorded(error) ? { ...answer, text: error.text } : answer;
}

function classified(error: unknown, databasePath: string | undefined): ApiError {
  if (error instanceof ProfileNotFoundError || error instanceof NotFoundError) {
    return { code: 'not_found', message: error.message };
  }
  if (error instanceof ProfileInputError) {
    return { code: 'invalid', message: error.message, field: error.field };
  }
  if (error instanceof RequestSecretError && error.keychainUnavailable) {
    return { code: 'keychain_unavailable', message: error.message };
  }
  if (error instanceof InvalidKeyError) {
    return { code: 'invalid', message: error.message, field: 'key' };
  }
  if (error instanceof SettingsError) {
    return { code: 'invalid', message: error.message, field: error.field };
  }
  if (
    error instanceof ProfileError ||
    error instanceof RunConfigError ||
    error instanceof RunInProgressError ||
    error instanceof ProbeConfigError ||
    error instanceof InvalidProfileIdError ||
    error instanceof RunFileError ||
    error instanceof RunStillRunningError
  ) {
    return { code: 'invalid', message: error.message };
  }
  if (error instanceof ModelListError) return { code: 'provider', message: error.message };
  if (error instanceof KeychainUnavailableError) {
    return { code: 'keychain_unavailable', message: error.message };
  }
  if (error instanceof StoreOpenError || error instanceof CsvWriteError) {
    return { code: 'storage', message: error.message };
  }
  if (error instanceof Database.SqliteError) {
    const failed = databasePath === undefined ? null : storeFileError(error, databasePath);
    return {
      code: 'storage',
      message: failed?.message ?? `the history database failed: ${error.message}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `LastToken failed (please report it): ${message}` };
}
