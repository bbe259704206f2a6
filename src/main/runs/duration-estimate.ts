// How long a run will take, said before it starts: each profile's trials one
// after another (its pacing at least), the profiles side by side, so the run
// takes as long as its slowest profile. A trial lasts what the profile's
// recent ok trials of that mode took (their median), each taken to this run's
// max_tokens: the time after the first token grows with the tokens a trial
// will write, which are max_tokens if it stopped at its limit before, else as
// many as it wrote then (up to max_tokens). For a profile never measured in
// that mode, what a typical endpoint takes for max_tokens tokens. An
// estimate: retries, rate-limit waits and a slower day are not in it.

import type { DurationEstimate, ProfileDurationEstimate } from '../../shared/api';
import type { RunConfig, RunPlan } from '../../shared/run';
import { median } from '../../shared/stats';
import type { Mode } from '../../shared/trial';

/** One of a profile's recent ok counted trials, as far as its length goes. */
export interface RecentTrial {
  total_ms: number;
  /** The first token (stream mode); null in plain mode, whose whole answer comes at once. */
  ttft_ms: number | null;
  /** Tokens it wrote: the provider's count where it gave one, else the offline count. */
  tokens: number;
  /** It stopped because it reached its token limit (it would have written more). */
  at_limit: boolean;
}

/** A profile's most recent ok counted trials of a mode, newest first. */
export interface RecentTrialTimes {
  recentTrials(profile_id: string, mode: Mode): RecentTrial[];
}

/** Assumed for a profile without history: a first token after a second, then this pace. */
const ASSUMED_FIRST_MS = 1000;
const ASSUMED_TOKENS_PER_S = 40;

export function assumedTrialMs(maxTokens: number): number {
  return ASSUMED_FIRST_MS + (maxTokens / ASSUMED_TOKENS_PER_S) * 1000;
}

/** How long `trial` would have taken had it been sent with `maxTokens`. */
export function trialMsAt(trial: RecentTrial, maxTokens: number): number {
  if (trial.tokens <= 0) return trial.total_ms;
  const writes = trial.at_limit ? maxTokens : Math.min(maxTokens, trial.tokens);
  const first = trial.ttft_ms ?? 0;
  return first + ((trial.total_ms - first) * writes) / trial.tokens;
}

export function estimateDuration(
  config: Pick<RunConfig, 'modes' | 'max_tokens'>,
  plan: RunPlan,
  times: RecentTrialTimes | null,
): DurationEstimate {
  const per_profile = plan.per_profile.map(
    ({ profile_id, calls, min_ms }): ProfileDurationEstimate => {
      // The plan's calls, warm-ups and every input length in them, are the modes' in equal shares.
      const perMode = calls / config.modes.length;
      let ms = 0;
      let measured = 0;
      let assumed = 0;
      for (const mode of config.modes) {
        const recent = times?.recentTrials(profile_id, mode) ?? [];
        const typical = median(recent.map((trial) => trialMsAt(trial, config.max_tokens)));
        if (typical === null) assumed++;
        else measured += recent.length;
        ms += perMode * (typical ?? assumedTrialMs(config.max_tokens));
      }
      return {
        profile_id,
        ms: Math.max(ms, min_ms),
        // From history only when every mode it runs has some: else partly assumed, and said so.
        basis: assumed === 0 ? 'history' : 'assumed',
        n: measured,
      };
    },
  );
  return { ms: Math.max(0, ...per_profile.map((p) => p.ms)), per_profile };
}
