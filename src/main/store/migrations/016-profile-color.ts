// Schema version 16: a profile's colour, kept with it (Profile.color), so that
// it is drawn alike in every run instead of by its position in each.
// - Saved profiles get the palette's slots in the order they were made (the
//   built-in demo first), as their first run would have drawn them.
// - Each run's snapshot takes its profile's colour; one whose profile is gone
//   keeps the colour its position gave it.

export const sql = `
ALTER TABLE profiles ADD COLUMN color INTEGER NOT NULL DEFAULT 0 CHECK (color BETWEEN 0 AND 7);
UPDATE profiles SET color = (
  SELECT (ranked.n - 1) % 8
  FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY builtin DESC, created_at, rowid) AS n FROM profiles) AS ranked
  WHERE ranked.id = profiles.id
);
ALTER TABLE run_profiles ADD COLUMN color INTEGER NOT NULL DEFAULT 0 CHECK (color BETWEEN 0 AND 7);
UPDATE run_profiles SET color = COALESCE(
  (SELECT color FROM profiles WHERE profiles.id = run_profiles.profile_id),
  position % 8
);
`;
