// Figures that follow from a trial's timeline, for trials stored before the
// schema had a column for them: SQL alone cannot compute them, since they
// need the chunk timeline. When a history is opened for writing, they are
// computed here once and stored:
//   - schema 7, the reader metrics (reader_pace_tps IS NULL), at the pace
//     every run had then (the default);
//   - schema 12, the read bursts and the pings around the first token
//     (pings_before_ttft IS NULL).
// Each migration's partial index lists exactly the rows left, so a history
// with none left costs one index lookup; a history opened read-only computes
// them on read instead (trial-row.ts, fromTrialRow).

import type { Database, Statement } from 'better-sqlite3';
import { timelineFigures } from '../../shared/read-bursts';
import { DEFAULT_READER_PACE_TPS, readerMetrics } from '../../shared/reader';
import type { Mode, TrialStatus } from '../../shared/trial';
import { toBit } from './row-values';
import { decodeTimeline, type DecodedTimeline } from './timeline-codec';

/** Rows read and written per statement round: bounds the memory of a long history's backfill. */
const BATCH = 500;

interface PendingRow {
  rowid: number;
  timeline: Buffer;
}

/** One kind of backfill: the rows still without its columns, and what to store in them. */
interface Backfill<R extends PendingRow> {
  pending: Statement<[number], R>;
  /** Stores the row's computed values; must make it leave `pending`. */
  store(row: R, decoded: DecodedTimeline): void;
}

interface ReaderRow extends PendingRow {
  mode: Mode;
  status: TrialStatus;
  total_ms: number | null;
  tokens: number;
  reasoning_tokens: number;
}

function readerBackfill(db: Database): Backfill<ReaderRow> {
  const update = db.prepare<[number, number | null, number | null, number | null, number]>(
    `UPDATE trials
        SET reader_pace_tps = ?, reader_done_ms = ?, reader_wait_ms = ?, reader_stall_ms = ?
      WHERE rowid = ?`,
  );
  return {
    pending: db.prepare(
      `SELECT rowid, mode, status, total_ms, tokens, reasoning_tokens, timeline
         FROM trials WHERE reader_pace_tps IS NULL LIMIT ?`,
    ),
    store(row, { timeline }) {
      const metrics = readerMetrics({ ...row, timeline }, DEFAULT_READER_PACE_TPS);
      update.run(
        DEFAULT_READER_PACE_TPS,
        metrics.reader_done_ms,
        metrics.reader_wait_ms,
        metrics.reader_stall_ms,
        row.rowid,
      );
    },
  };
}

interface ReadBurstsRow extends PendingRow {
  ttft_ms: number | null;
}

function readBurstsBackfill(db: Database): Backfill<ReadBurstsRow> {
  const update = db.prepare<[number | null, 0 | 1, number, number, number]>(
    `UPDATE trials
        SET events_per_read_max = ?, rebuffered = ?, pings_before_ttft = ?, pings_after_ttft = ?
      WHERE rowid = ?`,
  );
  return {
    pending: db.prepare(
      'SELECT rowid, ttft_ms, timeline FROM trials WHERE pings_before_ttft IS NULL LIMIT ?',
    ),
    store(row, { timeline }) {
      const figures = timelineFigures(timeline, row.ttft_ms);
      update.run(
        figures.events_per_read_max,
        toBit(figures.rebuffered),
        figures.pings_before_ttft,
        figures.pings_after_ttft,
        row.rowid,
      );
    },
  };
}

function run<R extends PendingRow>({ pending, store }: Backfill<R>): number {
  let done = 0;
  for (let rows = pending.all(BATCH); rows.length > 0; rows = pending.all(BATCH)) {
    for (const row of rows) store(row, decodeTimeline(row.timeline));
    done += rows.length;
  }
  return done;
}

/** Computes and stores what every trial stored before a figure's schema lacks; returns how many rows were filled, per kind. */
export function backfillFromTimelines(db: Database): { reader: number; read_bursts: number } {
  // One transaction: another process opening the same history waits, then finds none left.
  return db
    .transaction(() => ({
      reader: run(readerBackfill(db)),
      read_bursts: run(readBurstsBackfill(db)),
    }))
    .immediate();
}
