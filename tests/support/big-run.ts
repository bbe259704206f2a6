// A large finished run in a real history, made quickly: for the tests that
// open one through the API and for `npm run bench`'s big-run section. Its
// trials are written in one transaction, one at a time (a 100,000-trial run
// never exists as one array), as a run measures them: round by round, each
// profile in stream and then plain mode, about one in a hundred failed.

import type { Store } from '../../src/main/store';
import { DEFAULT_READER_PACE_TPS } from '../../src/shared/reader';
import { MAX_TRIALS, type StoredTrial } from '../../src/shared/run';
import { MODES } from '../../src/shared/trial';
import { runRecord, snapshot, streamTrial } from './store-fixtures';
import { plainTrial } from './ui-timing';

export interface BigRunOptions {
  run_id?: string;
  /** Chunks of each stream trial (default 12); plain trials have none, as measured. */
  chunks?: number;
  /**
   * Profiles measured (default: as many as it takes at MAX_TRIALS trials per
   * profile and mode); its rounds are then as many as `trials` takes.
   */
  profiles?: number;
  /**
   * True (the default): its digest (summaries, comparisons, findings) stored
   * at the default reading pace, as a run's end or an import leaves a run;
   * this takes longer than storing its trials. False: as a run stored before
   * LastToken kept digests, which its first opening computes.
   */
  summarized?: boolean;
}

export interface BigRun {
  run_id: string;
  /** Trials stored, warm-ups none. */
  trials: number;
  /** Profiles measured: as asked, else as many as it takes at MAX_TRIALS trials per profile and mode. */
  profiles: number;
  /** Of the trials, those that did not end ok (HTTP 429). */
  failed: number;
}

/** One trial in a hundred (by round and profile) failed, so failure lists have pages. */
const failedAt = (round: number, profile: number): boolean => (round * 7 + profile) % 100 === 0;

/**
 * Stores a finished run of `trials` trials (2 modes, up to MAX_TRIALS rounds,
 * as many profiles as that takes unless `profiles` says) in `store`; resolves
 * once its digest is stored too (unless `summarized` is false).
 */
export async function makeBigRun(
  store: Store,
  trials: number,
  options: BigRunOptions = {},
): Promise<BigRun> {
  const run_id = options.run_id ?? `big-run-${trials}`;
  const chunks = options.chunks ?? 12;
  const profileCount =
    options.profiles ?? Math.max(1, Math.ceil(trials / (MODES.length * MAX_TRIALS)));
  const rounds = Math.ceil(trials / (MODES.length * profileCount));
  if (rounds > MAX_TRIALS) {
    throw new Error(
      `${trials} trials of ${profileCount} profiles take more than ${MAX_TRIALS} rounds`,
    );
  }
  const profiles = Array.from({ length: profileCount }, (_, p) =>
    snapshot(`big-${String(p).padStart(3, '0')}`, {
      name: `Big profile ${p + 1}`,
      model: `model-${p % 4}`,
    }),
  );
  const base = runRecord(run_id, profiles);
  let saved = 0;
  let failed = 0;
  store.db.transaction(() => {
    store.runs.createRun({
      ...base,
      config: { ...base.config, trials: rounds, modes: [...MODES] },
      planned_calls: profileCount * MODES.length * rounds,
      status: 'completed',
      ended_at: '2026-03-01T12:00:00.000Z',
    });
    for (let round = 1; round <= rounds; round++) {
      for (const [p, profile] of profiles.entries()) {
        for (const mode of MODES) {
          if (saved === trials) return;
          const seed = round * profileCount + p;
          const trial = mode === 'stream' ? streamTrial(chunks, seed) : plainTrial(seed);
          const fails = failedAt(round, p);
          store.runs.saveTrial({
            run_id,
            profile_id: profile.id,
            trial_index: round,
            warmup: false,
            trial: fails ? { ...trial, ...rateLimited } : trial,
          });
          saved++;
          if (fails) failed++;
        }
      }
    }
  })();
  if (options.summarized !== false) {
    await store.digests.prepare(run_id, DEFAULT_READER_PACE_TPS);
  }
  return { run_id, trials: saved, profiles: profileCount, failed };
}

const rateLimited = {
  status: 'http_error',
  http_status: 429,
  error: 'Rate limit reached (a big run’s stand-in)',
  retry_after_s: 7,
  reader_done_ms: null,
  reader_wait_ms: null,
  reader_stall_ms: null,
} satisfies Partial<StoredTrial['trial']>;
