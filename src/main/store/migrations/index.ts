// Every migration, in order. Version k is the k-th entry: append, never edit,
// reorder or remove (an applied migration's SQL is checked against its hash).
// TypeScript modules exporting strings, so both bundles (the CLI's vite build
// and electron-vite's main build) carry them with no loader or asset copying.

import { sql as initial } from './001-initial';
import { sql as trialEncodingFinish } from './002-trial-encoding-finish';
import { sql as settings } from './003-settings';
import { sql as trialProxyPhase } from './004-trial-proxy-phase';
import { sql as profileRequestShape } from './005-profile-request-shape';
import { sql as runSeriesLabel } from './006-run-series-label';
import { sql as trialReader } from './007-trial-reader';
import { sql as runProfileFailures } from './008-run-profile-failures';
import { sql as trialBytesAfterEnd } from './009-trial-bytes-after-end';
import { sql as runDigests } from './010-run-digests';
import { sql as profileChecks } from './011-profile-checks';
import { sql as trialReadBursts } from './012-trial-read-bursts';
import { sql as trialUsageDetails } from './013-trial-usage-details';
import { sql as requestParams } from './014-request-params';
import { sql as trialInputTokens } from './015-trial-input-tokens';
import { sql as profileColor } from './016-profile-color';
import { sql as trialSortIndexes } from './017-trial-sort-indexes';
import { sql as runEnvironment } from './018-run-environment';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'trial-encoding-finish', sql: trialEncodingFinish },
  { version: 3, name: 'settings', sql: settings },
  { version: 4, name: 'trial-proxy-phase', sql: trialProxyPhase },
  { version: 5, name: 'profile-request-shape', sql: profileRequestShape },
  { version: 6, name: 'run-series-label', sql: runSeriesLabel },
  { version: 7, name: 'trial-reader', sql: trialReader },
  { version: 8, name: 'run-profile-failures', sql: runProfileFailures },
  { version: 9, name: 'trial-bytes-after-end', sql: trialBytesAfterEnd },
  { version: 10, name: 'run-digests', sql: runDigests },
  { version: 11, name: 'profile-checks', sql: profileChecks },
  { version: 12, name: 'trial-read-bursts', sql: trialReadBursts },
  { version: 13, name: 'trial-usage-details', sql: trialUsageDetails },
  { version: 14, name: 'request-params', sql: requestParams },
  { version: 15, name: 'trial-input-tokens', sql: trialInputTokens },
  { version: 16, name: 'profile-color', sql: profileColor },
  { version: 17, name: 'trial-sort-indexes', sql: trialSortIndexes },
  { version: 18, name: 'run-environment', sql: runEnvironment },
];

/** The schema version this build of LastToken writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
