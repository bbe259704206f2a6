// Each profile's last connection test (migration 011): what New run reads to
// warn before starting a profile whose endpoint last failed. The message is
// the provider's, already redacted by the test (never a key).

import type { Database, Statement } from 'better-sqlite3';
import type { ConnectionTest, ProfileCheck } from '../../shared/api';
import { TRIAL_STATUSES, type TrialStatus } from '../../shared/trial';

interface CheckRow {
  profile_id: string;
  checked_at: string;
  status: string;
  http_status: number | null;
  message: string | null;
}

export class ProfileChecks {
  private readonly upsert: Statement<[CheckRow]>;
  private readonly selectAll: Statement<[], CheckRow>;

  constructor(db: Database) {
    this.upsert = db.prepare(
      // Only for a profile still saved: one removed while its test ran keeps no row.
      `INSERT INTO profile_checks (profile_id, checked_at, status, http_status, message)
       SELECT @profile_id, @checked_at, @status, @http_status, @message
       WHERE EXISTS (SELECT 1 FROM profiles WHERE id = @profile_id)
       ON CONFLICT (profile_id) DO UPDATE SET
         checked_at = excluded.checked_at, status = excluded.status,
         http_status = excluded.http_status, message = excluded.message`,
    );
    this.selectAll = db.prepare('SELECT * FROM profile_checks ORDER BY profile_id');
  }

  /** Keeps this test as the profile's last (a profile deleted meanwhile keeps nothing). */
  record(profile_id: string, checked_at: string, test: ConnectionTest): void {
    this.upsert.run({
      profile_id,
      checked_at,
      status: test.status,
      http_status: test.http_status,
      message: test.message,
    });
  }

  /** Every profile's last test; a status this build does not know is left out. */
  all(): ProfileCheck[] {
    return this.selectAll
      .all()
      .flatMap((row) => (isTrialStatus(row.status) ? [{ ...row, status: row.status }] : []));
  }
}

const isTrialStatus = (status: string): status is TrialStatus =>
  (TRIAL_STATUSES as readonly string[]).includes(status);
