// Schema version 17: a run's trials table sorts by a figure (historyTrials'
// sort, shared/trial-order.ts). One index per sortable figure, the run first:
// a page of a 100,000-trial run sorted by total_ms is a stretch of its index
// read in either direction, the trials without the figure (NULL) being their
// own stretch, so no page sorts the run's trials.

export const sql = `
CREATE INDEX trials_by_run_ttft ON trials (run_id, ttft_ms);
CREATE INDEX trials_by_run_total ON trials (run_id, total_ms);
CREATE INDEX trials_by_run_gap_max ON trials (run_id, gap_max_ms);
CREATE INDEX trials_by_run_tokens ON trials (run_id, tokens);
CREATE INDEX trials_by_run_e2e_tps ON trials (run_id, e2e_tps);
`;
