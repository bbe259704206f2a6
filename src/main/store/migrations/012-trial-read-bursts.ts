// Schema version 12: how a stream arrived read by read, and where its pings
// fell (DESIGN.md, `rebuffered` and `stalled`): events_per_read_max and
// rebuffered, a buffer between provider and client that released the stream
// in bursts of events; pings_before_ttft and pings_after_ttft, the keep-alives
// while waiting for the answer apart from those within it. All four follow
// from a trial's timeline alone, so trials stored before this version are
// computed from theirs when the history is opened for writing
// (timeline-backfill.ts); the partial index lists the rows still to do.

export const sql = `
ALTER TABLE trials ADD COLUMN events_per_read_max INTEGER;
ALTER TABLE trials ADD COLUMN rebuffered INTEGER NOT NULL DEFAULT 0 CHECK (rebuffered IN (0, 1));
ALTER TABLE trials ADD COLUMN pings_before_ttft INTEGER;
ALTER TABLE trials ADD COLUMN pings_after_ttft INTEGER;
CREATE INDEX trials_read_bursts_pending ON trials (run_id) WHERE pings_before_ttft IS NULL;
`;
