// Schema version 7: what a reader feels (DESIGN.md, "What a reader feels"):
// reader_done_ms, reader_wait_ms and, for streams, reader_stall_ms, at the
// pace reader_pace_tps they were computed for. Trials stored before this
// version are recomputed from their timelines when the history is opened for
// writing (timeline-backfill.ts), since SQL alone cannot read a timeline; the
// partial index lists the rows still to do, so finding none left is instant.

export const sql = `
ALTER TABLE trials ADD COLUMN reader_pace_tps REAL;
ALTER TABLE trials ADD COLUMN reader_done_ms REAL;
ALTER TABLE trials ADD COLUMN reader_wait_ms REAL;
ALTER TABLE trials ADD COLUMN reader_stall_ms REAL;
CREATE INDEX trials_reader_pending ON trials (run_id) WHERE reader_pace_tps IS NULL;
`;
