// How long a run will take, said before it starts: each profile's trials one
// after another (its pacing at least), the profiles side by side, so the run
// takes as long as its slowest profile. A trial lasts what the profile's
// recent ok trials of that mode took (their median), or, for a profile never
// measured in that mode, what a typical endpoint takes for max_tokens tokens.
// An estimate: retries, rate-limit waits and a slower day are not in it.

import type { DurationEstimate, ProfileDurationEstimate } from '../../shared/api';
import type { RunConfig, RunPlan } from '../../shared/run';
import { median } from '../../shared/stats';
import type { Mode } from '../../shared/trial';

/** The total_ms of a profile's most recent ok counted trials of a mode, newest first. */
export interface RecentTrialTimes {
  recentTotals(profile_id: string, mode: Mode): number[];
}

/** Assumed for a profile without history: a first token after a second, then this pace. */
const ASSUMED_FIRST_MS = 1000;
const ASSUMED_TOKENS_PER_S = 40;

export function assumedTrialMs(maxTokens: number): number {
  return ASSUMED_FIRST_MS + (maxTokens / ASSUMED_TOKENS_PER_S) * 1000;
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
        const recent = times?.recentTotals(profile_id, mode) ?? [];
        const typical = median(recent);
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
