// The profiles of a run whose figures hide a failure: none of their counted
// trials ended ok, or most did not. A run can complete with every call made
// and still have measured nothing of one endpoint (connection refused on
// every trial); its status, its banner, its summary row and its findings must
// say so before any figure, with the reason. Pure: no Node, no DOM.

import type { TrialStatus } from './trial';

export interface FailingProfile {
  profile_id: string;
  /** Counted trials (warm-ups left out), and of those the ok ones: 0 when it measured nothing. */
  trials: number;
  ok: number;
  /** The failure most of its failed trials ended in, and how many did. */
  status: Exclude<TrialStatus, 'ok'>;
  count: number;
  /** The first message of a trial that failed so (for people; never a key); null when none said one. */
  message: string | null;
}

/** What this reads of a trial. */
export interface FailureTrial {
  profile_id: string;
  warmup: boolean;
  trial: { status: TrialStatus; error: string | null };
}

/**
 * Whether a run's profiles hide a failure that its status alone would not
 * say: `failing` profiles (no ok trial, or mostly failed) or profiles
 * `stoppedEarly` (its stored profile failures). The app's badges and the
 * CLI's status word read this.
 */
export function hidesFailures(failing: number, stoppedEarly: number): boolean {
  return failing > 0 || stoppedEarly > 0;
}

/** No ok trial, or fewer ok than failed: the profile's figures rest on too little to stand alone. */
export function isFailing(trials: number, ok: number): boolean {
  return trials > 0 && ok * 2 < trials;
}

/** Every failing profile, in the order of `profileIds` (the run's). */
export function failingProfiles(
  profileIds: readonly string[],
  trials: Iterable<FailureTrial>,
): FailingProfile[] {
  const tally = new Map<string, Tally>();
  for (const { profile_id, warmup, trial } of trials) {
    if (warmup) continue;
    let own = tally.get(profile_id);
    if (!own) tally.set(profile_id, (own = { trials: 0, ok: 0, failed: new Map() }));
    own.trials++;
    if (trial.status === 'ok') {
      own.ok++;
      continue;
    }
    const seen = own.failed.get(trial.status);
    if (seen) {
      seen.count++;
      seen.message ??= trial.error;
    } else own.failed.set(trial.status, { count: 1, message: trial.error });
  }
  return profileIds.flatMap((profile_id) => {
    const own = tally.get(profile_id);
    if (!own || !isFailing(own.trials, own.ok)) return [];
    // The most frequent failure; on a tie, the one that came first.
    let top: [Exclude<TrialStatus, 'ok'>, { count: number; message: string | null }] | null = null;
    for (const entry of own.failed) if (!top || entry[1].count > top[1].count) top = entry;
    if (!top) return [];
    const [status, { count, message }] = top;
    return [{ profile_id, trials: own.trials, ok: own.ok, status, count, message }];
  });
}

interface Tally {
  trials: number;
  ok: number;
  failed: Map<Exclude<TrialStatus, 'ok'>, { count: number; message: string | null }>;
}
