// Trials stored before schema 7 have no reader metrics (reader_pace_tps IS
// NULL): SQL alone cannot compute them, since they need the chunk timeline.
// When a history is opened for writing, they are computed here once, at the
// pace every run had then (the default), and stored. The partial index of
// migration 007 lists exactly the rows left, so a history with none left
// costs one index lookup; a history opened read-only computes them on read
// instead (fromTrialRow).

import type { Database } from 'better-sqlite3';
import { DEFAULT_READER_PACE_TPS, readerMetrics } from '../../shared/reader';
import type { Mode, TrialStatus } from '../../shared/trial';
import { decodeTimeline } from './timeline-codec';

interface PendingRow {
  rowid: number;
  mode: Mode;
  status: TrialStatus;
  total_ms: number | null;
  tokens: number;
  reasoning_tokens: number;
  timeline: Buffer;
}

/** Rows read and written per statement round: bounds the memory of a long history's backfill. */
const BATCH = 500;

/** Computes and stores the reader metrics of every trial that lacks them; returns how many. */
export function backfillReaderMetrics(db: Database): number {
  const pending = db.prepare<[number], PendingRow>(
    `SELECT rowid, mode, status, total_ms, tokens, reasoning_tokens, timeline
       FROM trials WHERE reader_pace_tps IS NULL LIMIT ?`,
  );
  const update = db.prepare<[number, number | null, number | null, number | null, number]>(
    `UPDATE trials
        SET reader_pace_tps = ?, reader_done_ms = ?, reader_wait_ms = ?, reader_stall_ms = ?
      WHERE rowid = ?`,
  );
  // One transaction: another process opening the same history waits, then finds none left.
  return db
    .transaction(() => {
      let done = 0;
      for (let rows = pending.all(BATCH); rows.length > 0; rows = pending.all(BATCH)) {
        for (const row of rows) {
          const { timeline } = decodeTimeline(row.timeline);
          const metrics = readerMetrics({ ...row, timeline }, DEFAULT_READER_PACE_TPS);
          update.run(
            DEFAULT_READER_PACE_TPS,
            metrics.reader_done_ms,
            metrics.reader_wait_ms,
            metrics.reader_stall_ms,
            row.rowid,
          );
        }
        done += rows.length;
      }
      return done;
    })
    .immediate();
}
