// Schema version 11: each profile's last connection test, so that New run can
// warn before it starts a profile whose endpoint last answered with a failure
// (a refused connection, a 401). One row per profile, replaced by each test;
// the profile's deletion takes it along.

export const sql = `
CREATE TABLE profile_checks (
  profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  checked_at TEXT NOT NULL,
  status TEXT NOT NULL,
  http_status INTEGER,
  message TEXT
) STRICT;
`;
