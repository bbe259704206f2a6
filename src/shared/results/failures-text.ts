// Why profiles of a run stopped or were not measured, in the words the live
// run said it (kept with the run: RunRecord.profile_failures), then those that
// made their calls but had no ok trial or mostly failed, with the provider's
// own message for it. Plain strings, for the results page and main's reports.

import type { RunView } from '../api';
import type { FailingProfile } from '../failing-profiles';
import { mainMessage } from '../i18n/main-message';
import type { ProfileFailure } from '../run';
import { profileOf, type RunProfile } from './run-profiles';
import type { Words } from './words';

export interface FailureLine {
  /** "Name: stopped: too many failed trials in a row." */
  headline: string;
  /** The run's message, or the provider's last failure (not ours to translate); null: none said. */
  message: string | null;
}

export interface ProblemLine extends FailureLine {
  profile_id: string;
  /** The profile made its calls, but (most of) its trials failed. */
  failing: boolean;
}

export interface ProfileProblems {
  /** What the lines are: the run completed, yet not everything was measured; or it stopped. */
  intro: string;
  lines: ProblemLine[];
}

export function profileFailureText(
  failure: ProfileFailure,
  name: string,
  words: Words,
): FailureLine {
  const { t } = words;
  return {
    headline: t('runs.live.failure', {
      name,
      reason: t(`runs.live.failureReason.${failure.reason}`),
    }),
    message: mainMessage(t, failure.message, failure.text),
  };
}

export function failingProfileText(
  failure: FailingProfile,
  name: string,
  words: Words,
): FailureLine {
  const { t, format } = words;
  const figures = {
    name,
    ok: format.count(failure.ok),
    trials: format.count(failure.trials),
    count: format.count(failure.count),
    status: t(`common.status.${failure.status}`),
  };
  return {
    headline: t(failure.ok === 0 ? 'runs.failing.none' : 'runs.failing.most', figures),
    message: failure.message,
  };
}

/**
 * The run's profiles that stopped early or were not measured, then those whose
 * trials mostly failed; null when every profile was measured.
 */
export function profileProblems(
  view: Pick<RunView, 'run' | 'failing_profiles'>,
  profiles: readonly RunProfile[],
  words: Words,
): ProfileProblems | null {
  const { t } = words;
  const stopped = view.run.profile_failures ?? [];
  const failing = view.failing_profiles;
  if (stopped.length === 0 && failing.length === 0) return null;
  const name = (id: string): string => profileOf(profiles, id).name;
  // A profile that stopped says why in the run's own words; its tally would repeat it.
  const stoppedIds = new Set(stopped.map((failure) => failure.profile_id));
  return {
    intro:
      view.run.status === 'completed'
        ? t('results.header.completedWithFailures')
        : t('results.header.stopped'),
    lines: [
      ...stopped.map((failure) => ({
        profile_id: failure.profile_id,
        failing: false,
        ...profileFailureText(failure, name(failure.profile_id), words),
      })),
      ...failing
        .filter((failure) => !stoppedIds.has(failure.profile_id))
        .map((failure) => ({
          profile_id: failure.profile_id,
          failing: true,
          ...failingProfileText(failure, name(failure.profile_id), words),
        })),
    ],
  };
}
