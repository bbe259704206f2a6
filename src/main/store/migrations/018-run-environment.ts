// Schema version 18: which LastToken measured a run, on what kind of machine
// (RunRecord.environment: version, OS, CPUs, runtime), so that a report of
// the run, here or wherever it is imported, says so rather than guessing.
// One JSON object per run. NULL for the runs stored before this version:
// nobody recorded it, and today's machine is not theirs.

export const sql = `
ALTER TABLE runs ADD COLUMN environment TEXT CHECK (environment IS NULL OR json_valid(environment));
`;
