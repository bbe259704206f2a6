// Schema version 5: what a profile says about its requests beyond the URL, on
// the saved profiles and on each run's snapshot of them alike.
// - key_header, key_prefix: the header that carries the key and what precedes
//   the key in it; null means the dialect's (Authorization: Bearer, x-api-key).
// - query: extra query parameters (an api-version, say), never keys.
// - key_env: the name of an environment variable to take the key from, never
//   its value.
// - has_key: whether the keychain holds a key for the profile (a flag, never
//   the key), so a profile without one runs where no keychain exists; null for
//   profiles saved before this version, whose keychain must be asked.
// - proxy_mode: 'env' (the environment's HTTPS_PROXY...), 'direct' (none) or
//   'url' (proxy_url, without credentials); proxy_auth says whether the
//   keychain holds credentials for that proxy.

export const sql = `
ALTER TABLE profiles ADD COLUMN key_header TEXT;
ALTER TABLE profiles ADD COLUMN key_prefix TEXT;
ALTER TABLE profiles ADD COLUMN query TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(query));
ALTER TABLE profiles ADD COLUMN key_env TEXT;
ALTER TABLE profiles ADD COLUMN has_key INTEGER CHECK (has_key IN (0, 1));
ALTER TABLE profiles ADD COLUMN proxy_mode TEXT NOT NULL DEFAULT 'env' CHECK (proxy_mode IN ('env', 'direct', 'url'));
ALTER TABLE profiles ADD COLUMN proxy_url TEXT;
ALTER TABLE profiles ADD COLUMN proxy_auth INTEGER NOT NULL DEFAULT 0 CHECK (proxy_auth IN (0, 1));

ALTER TABLE run_profiles ADD COLUMN key_header TEXT;
ALTER TABLE run_profiles ADD COLUMN key_prefix TEXT;
ALTER TABLE run_profiles ADD COLUMN query TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(query));
ALTER TABLE run_profiles ADD COLUMN key_env TEXT;
ALTER TABLE run_profiles ADD COLUMN has_key INTEGER CHECK (has_key IN (0, 1));
ALTER TABLE run_profiles ADD COLUMN proxy_mode TEXT NOT NULL DEFAULT 'env' CHECK (proxy_mode IN ('env', 'direct', 'url'));
ALTER TABLE run_profiles ADD COLUMN proxy_url TEXT;
ALTER TABLE run_profiles ADD COLUMN proxy_auth INTEGER NOT NULL DEFAULT 0 CHECK (proxy_auth IN (0, 1));
`;
