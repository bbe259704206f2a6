// A service's error as the API's answer: known errors keep their message (it
// is written for people) and say which field is at fault; anything else is a
// bug, reported as `internal` with what failed.

import Database from 'better-sqlite3';
import type { ApiError } from '../../shared/api';
import { CsvWriteError, RunFileError, RunStillRunningError } from '../export';
import { ModelListError, ProbeConfigError } from '../probe';
import {
  ProfileError,
  ProfileInputError,
  ProfileInputErrors,
  ProfileNotFoundError,
} from '../profiles';
import { RunConfigError } from '../runs';
import { RequestSecretError } from '../runs/profile-endpoint';
import { RunInProgressError } from '../runs/run-service';
import { InvalidKeyError, InvalidProfileIdError, KeychainUnavailableError } from '../secrets';
import { SettingsError } from '../settings';
import { StoreOpenError, storeFileError } from '../store';
import { englishOf, isWorded, type MessageText } from '../../shared/messages';
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
  if (error instanceof ProfileInputErrors) {
    // The first's message and field, as one refusal has them; every field's in `issues`.
    const issues = error.issues.map((issue) => ({
      field: issue.field,
      message: issue.message,
      ...(issue.text && { text: issue.text }),
    }));
    return {
      code: 'invalid',
      message: issues[0]?.message ?? error.message,
      field: error.field,
      issues,
    };
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
    return worded(
      'storage',
      failed?.text ?? { key: 'store.failed', values: { message: error.message } },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return worded('internal', { key: 'app.internal', values: { message } });
}

function worded(code: ApiError['code'], text: MessageText): ApiError {
  return { code, message: englishOf(text), text };
}
