// Each run's digest (src/shared/run-digest.ts: its summaries, comparisons and
// findings) as the history keeps it (migration 010). Read whole when the
// stored one is current: same format, same number of trials, the run ended.
// Otherwise computed from the stored trials, one trial's figures at a time,
// in slices (src/main/slices.ts): bootstrap resampling takes some 20 s for a
// run of 20,000 trials over 10 profiles, minutes for one of 100,000 (50
// profiles, 1,225 pairs to compare), and the event loop keeps serving every
// other call meanwhile. Then stored, unless the run is still running (it
// will change) or the history is open read-only; so a run is computed once,
// when it ends, is imported, or is first opened after this version, and once
// for each other reading pace it is asked at.

import type { Database, Statement } from 'better-sqlite3';
import { atReaderPace } from '../../shared/reader';
import type { RunRecord } from '../../shared/run';
import {
  DIGEST_FIELDS,
  runDigestSteps,
  type DigestTrial,
  type RunDigest,
} from '../../shared/run-digest';
import type { Steps } from '../../shared/steps';
import { inSlices, nextTurn } from '../slices';
import type { HistoryQueries } from './history-queries';
import type { RunTrialPages } from './run-trial-pages';
import type { StoredTrialFields } from './trial-row';

/**
 * What the digest's pass reads of each trial: its digest fields, and what
 * the reader metrics are computed from at another pace than stored.
 */
const READ_FIELDS = [...DIGEST_FIELDS, 'timeline', 'reasoning_tokens'] as const;

/**
 * Which digest a stored row holds. Raise it whenever what a digest holds, or
 * how any figure in it is computed, changes: rows of another format are
 * computed again when next read.
 */
export const DIGEST_FORMAT = 6;

interface DigestRow {
  format: number;
  trials: number;
  digest: string;
}

interface DigestParameters {
  run_id: string;
  pace: number;
  format: number;
  trials: number;
  digest: string;
}

/** The history was closed while a digest was being computed. */
class StoreClosedError extends Error {
  override readonly name = 'StoreClosedError';
}

export class RunDigests {
  private readonly selectDigest: Statement<[string, number], DigestRow>;
  private readonly countTrials: Statement<[string], { trials: number }>;
  private readonly upsertDigest: Statement<[DigestParameters]>;
  /** By run and pace: calls while one is computed share it. */
  private readonly computing = new Map<string, Promise<RunDigest>>();
  private readonly closing = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly history: Pick<HistoryQueries, 'runRecord'>,
    private readonly pages: RunTrialPages,
  ) {
    this.selectDigest = db.prepare(
      'SELECT format, trials, digest FROM run_digests WHERE run_id = ? AND reader_pace_tps = ?',
    );
    this.countTrials = db.prepare('SELECT count(*) AS trials FROM trials WHERE run_id = ?');
    // A run deleted while its digest was computed gets none.
    this.upsertDigest = db.prepare(`
      INSERT INTO run_digests (run_id, reader_pace_tps, format, trials, digest)
      SELECT @run_id, @pace, @format, @trials, @digest WHERE EXISTS (SELECT 1 FROM runs WHERE id = @run_id)
      ON CONFLICT (run_id, reader_pace_tps)
      DO UPDATE SET format = excluded.format, trials = excluded.trials, digest = excluded.digest`);
  }

  /** The digest of `run` at reading pace `pace`: stored, or computed (and then stored). */
  async digest(run: RunRecord, pace: number): Promise<RunDigest> {
    const stored = this.stored(run, pace);
    if (stored) {
      // A long run's digest (megabytes) takes a while to parse and as long
      // again to send: a turn of the loop in between, not both at once.
      await nextTurn();
      return stored;
    }
    const key = `${run.id}\u0000${pace}`;
    let computing = this.computing.get(key);
    if (!computing) {
      computing = this.compute(run, pace).finally(() => this.computing.delete(key));
      this.computing.set(key, computing);
    }
    return computing;
  }

  /**
   * Computes and stores the digest of a run that has just ended or come in,
   * so that its first opening reads it. A run no longer there has none.
   */
  async prepare(run_id: string, pace: number): Promise<void> {
    this.closing.signal.throwIfAborted();
    const run = this.history.runRecord(run_id);
    if (run) await this.digest(run, pace);
  }

  /** Ends every computation under way; the database itself is closed by its owner. */
  close(): void {
    this.closing.abort(new StoreClosedError('the history was closed'));
  }

  private stored(run: RunRecord, pace: number): RunDigest | null {
    if (run.status === 'running') return null;
    const row = this.selectDigest.get(run.id, pace);
    if (row?.format !== DIGEST_FORMAT) return null;
    if (row.trials !== this.countTrials.get(run.id)?.trials) return null;
    return JSON.parse(row.digest) as RunDigest;
  }

  private async compute(run: RunRecord, pace: number): Promise<RunDigest> {
    const { digest, trials } = await inSlices(
      digestSteps(this.pages, run, pace),
      this.closing.signal,
    );
    if (run.status !== 'running' && !this.db.readonly) {
      const text = JSON.stringify(digest);
      // Megabytes for a long run: written (and checked by SQLite) in a turn of its own.
      await nextTurn();
      this.upsertDigest.run({ run_id: run.id, pace, format: DIGEST_FORMAT, trials, digest: text });
    }
    return digest;
  }
}

/** Reads every trial's figures at `pace` (a step each), then digests them; with how many there were. */
function* digestSteps(
  pages: RunTrialPages,
  run: RunRecord,
  pace: number,
): Steps<{ digest: RunDigest; trials: number }> {
  const trials: DigestTrial[] = [];
  for (const stored of pages.fields(run.id, READ_FIELDS)) {
    trials.push(digestTrialAt(stored, pace));
    yield;
  }
  return { digest: yield* runDigestSteps(run.profiles, trials, pace), trials: trials.length };
}

/** The trial's digest fields, reader metrics at `pace`; its timeline let go. */
function digestTrialAt(
  stored: StoredTrialFields<(typeof READ_FIELDS)[number]>,
  pace: number,
): DigestTrial {
  const { profile_id, trial_index, warmup } = stored;
  const trial: Partial<typeof stored.trial> = atReaderPace(stored.trial, pace);
  delete trial.timeline;
  return { profile_id, trial_index, warmup, trial: trial as DigestTrial['trial'] };
}
