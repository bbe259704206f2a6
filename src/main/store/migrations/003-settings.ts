// Schema version 3: the app's settings (language, theme, what a new run starts
// from), one row per setting with its value as JSON, so that a setting added
// later needs no new column and an unknown one (from a newer LastToken
// sharing the file) is kept as it is.

export const sql = `
CREATE TABLE settings (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;
`;
