// Schema version 8: why a profile of a run made fewer calls than planned (it
// gave up after failing repeatedly, its key could not be read...), kept with
// the run so that the history says it later as the live run said it then.
// One JSON array of {profile_id, reason, message} per run, in the order the
// failures happened; empty for a run without any. NULL for the runs stored
// before this version: nobody recorded why, which is not the same as "none"
// (`show` then says only that a profile made fewer calls than planned).

export const sql = `
ALTER TABLE runs ADD COLUMN profile_failures TEXT CHECK (profile_failures IS NULL OR json_valid(profile_failures));
`;
