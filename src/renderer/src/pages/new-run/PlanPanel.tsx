// What the run will do before it does it: how many API calls (free tiers
// count them), per profile and with the warm-ups, why it cannot start yet,
// and what the user should know first (real quotas, requests without a key).
// The Start button lives here, next to the number it commits to.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  DurationEstimate,
  KeyStatus,
  ProfileCheck,
  RunPlanView,
} from '../../../../shared/api';
import type { Profile } from '../../../../shared/run';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useFormat } from '../../i18n/format';
import { useDuration } from '../run/live/duration';
import { PROBLEM_KEYS, planProblem } from './plan-problems';
import type { PlanState } from './use-run-plan';

/** From this many calls to real providers on, the plan warns about quotas. */
export const LARGE_RUN_CALLS = 50;

export function PlanPanel(props: {
  plan: PlanState;
  profiles: readonly Profile[];
  selected: readonly string[];
  keys: Record<string, KeyStatus> | undefined;
  /** Each profile's last connection test, by id; undefined while asked. */
  checks: Record<string, ProfileCheck> | undefined;
  starting: boolean;
  startError: unknown;
  /** The input lengths asked for (none: the prompt as written), for the plan to say. */
  inputLengths: readonly number[];
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { plan } = props;
  const view = plan.state === 'ready' ? plan.view : plan.state === 'pending' ? plan.previous : null;
  const canStart = plan.state === 'ready' && plan.view.plan !== null && !props.starting;

  return (
    <aside className="card stack plan-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('runs.new.plan.title')}</h2>
      <p className="visually-hidden" role="status">
        {view && plan.state !== 'pending' && <PlanHeadline view={view} />}
      </p>
      <div className={`stack plan-body${plan.state === 'pending' ? ' plan-stale' : ''}`}>
        {plan.state === 'idle' && <p className="muted">{t('runs.new.plan.fixFields')}</p>}
        {plan.state === 'pending' && view === null && (
          <p className="loading">{t('runs.new.plan.computing')}</p>
        )}
        {plan.state === 'failed' && <ErrorMessage error={plan.error} />}
        {view && <PlanView view={view} {...props} />}
      </div>
      <FailedChecks profiles={props.profiles} selected={props.selected} checks={props.checks} />
      <button type="submit" className="primary start-button" disabled={!canStart}>
        {props.starting ? t('runs.new.plan.starting') : t('runs.new.plan.start')}
      </button>
      {props.startError !== null && <ErrorMessage error={props.startError} />}
    </aside>
  );
}

/**
 * Chosen profiles whose last connection test failed: said before Start, which
 * stays enabled (the endpoint may be back), so nobody runs into it unwarned.
 */
function FailedChecks(props: {
  profiles: readonly Profile[];
  selected: readonly string[];
  checks: Record<string, ProfileCheck> | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const failed = props.profiles.flatMap((profile) => {
    const check = props.checks?.[profile.id];
    return props.selected.includes(profile.id) && check && check.status !== 'ok'
      ? [{ profile, check }]
      : [];
  });
  if (failed.length === 0) return null;
  return (
    <div className="message message-warning plan-failed-checks" role="status">
      <p>{t('runs.new.plan.failedChecks', { count: failed.length })}</p>
      <ul>
        {failed.map(({ profile, check }) => (
          <li key={profile.id} className="wrap-anywhere" data-profile={profile.id}>
            {t('runs.new.plan.failedCheck', {
              name: profile.name,
              time: format.dateTime(check.checked_at),
              status: t(`common.status.${check.status}`),
            })}
            {check.message !== null && ` ${check.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlanView(props: {
  view: RunPlanView;
  profiles: readonly Profile[];
  selected: readonly string[];
  keys: Record<string, KeyStatus> | undefined;
  inputLengths: readonly number[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  const { plan, problems, real_provider_calls, estimate } = props.view;
  const nameOf = (id: string): string => props.profiles.find((p) => p.id === id)?.name ?? id;

  if (plan === null) {
    return <PlanProblems problems={problems} />;
  }

  const chosen = props.profiles.filter((p) => props.selected.includes(p.id));
  const withoutKey = chosen.filter((p) => !p.builtin && props.keys?.[p.id]?.state === 'none');
  const unreadable = chosen.filter(
    (p) => !p.builtin && props.keys?.[p.id]?.state === 'unavailable',
  );
  const perProfile = plan.per_profile[0]?.calls ?? 0;
  const paced = chosen.filter((p) => p.defaults.max_rpm !== undefined);

  return (
    <>
      <p className="plan-calls">
        <span className="plan-calls-number">{format.count(plan.calls)}</span>
        <span className="plan-calls-label">{t('runs.new.plan.calls')}</span>
      </p>
      {estimate && (
        <p className="plan-duration">
          {t('runs.new.plan.duration', { time: duration(estimate.ms) })}{' '}
          <span className="small muted">{estimateBasis(estimate, nameOf, t)}</span>
        </p>
      )}
      <p className="small muted">
        {t('runs.new.plan.breakdown', {
          count: plan.per_profile.length,
          perProfile: format.count(perProfile),
          profiles: format.count(plan.per_profile.length),
        })}
        {plan.warmup_calls > 0 &&
          ` ${t('runs.new.plan.warmups', { count: plan.warmup_calls, calls: format.count(plan.warmup_calls) })}`}
      </p>
      {props.inputLengths.length > 0 && (
        <p className="small muted plan-input">
          {props.inputLengths.length === 1
            ? t('runs.new.plan.inputLength', { tokens: format.count(props.inputLengths[0] ?? 0) })
            : t('runs.new.plan.inputSweep', {
                count: props.inputLengths.length,
                lengths: props.inputLengths
                  .map((n) => format.count(n))
                  .join(t('results.header.listSeparator')),
              })}
        </p>
      )}
      <ul className="plan-profiles small">
        {plan.per_profile.map(({ profile_id, calls }) => (
          <li key={profile_id}>
            <span className="wrap-anywhere">{nameOf(profile_id)}</span>
            <span className="number">{format.count(calls)}</span>
          </li>
        ))}
      </ul>
      {plan.min_duration_ms > 0 && (
        <p className="small">
          {t('runs.new.plan.paced', {
            time: duration(plan.min_duration_ms),
            names: paced
              .map((p) =>
                t('runs.new.plan.pacedProfile', { name: p.name, rpm: p.defaults.max_rpm }),
              )
              .join(', '),
          })}
        </p>
      )}
      {real_provider_calls >= LARGE_RUN_CALLS ? (
        <p className="message message-warning" role="note">
          {t('runs.new.plan.largeRun', { count: format.count(real_provider_calls) })}
        </p>
      ) : (
        real_provider_calls === 0 && <p className="hint">{t('runs.new.plan.simulatedOnly')}</p>
      )}
      {unreadable.length > 0 && (
        <p className="message message-warning">
          {t('runs.new.plan.keychainUnavailable', {
            names: unreadable.map((p) => p.name).join(', '),
          })}
        </p>
      )}
      {withoutKey.length > 0 && (
        <p className="message message-info">
          {t('runs.new.plan.withoutKey', { names: withoutKey.map((p) => p.name).join(', ') })}
        </p>
      )}
      <p className="hint">{t('runs.new.plan.retryNote')}</p>
    </>
  );
}

/** Why the run cannot start yet, each reason on its own line. */
function PlanProblems({ problems }: { problems: readonly string[] }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  return (
    <div className="message message-warning plan-problems">
      <p className="plan-problems-title">{t('runs.new.plan.cannotStart')}</p>
      <ul>
        {problems.map((text) => (
          <li key={text}>{problemText(text)}</li>
        ))}
      </ul>
    </div>
  );
}

/** What a screen reader hears when the plan changes: the count, or why it cannot start. */
function PlanHeadline({ view }: { view: RunPlanView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const problemText = useProblemText();
  if (view.plan !== null) {
    return <>{t('runs.new.plan.headline', { count: format.count(view.plan.calls) })}</>;
  }
  return <>{[t('runs.new.plan.cannotStart'), ...view.problems.map(problemText)].join(' ')}</>;
}

/** One of the plan's problems in the UI's language. */
function useProblemText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => {
    const problem = planProblem(text);
    return problem.key === null ? problem.text : t(PROBLEM_KEYS[problem.key], problem.values);
  };
}

/** What the estimate rests on: the profiles' recent trials, or a typical endpoint's pace for those without. */
function estimateBasis(
  estimate: DurationEstimate,
  nameOf: (id: string) => string,
  t: TFunction,
): string {
  const assumed = estimate.per_profile.filter((p) => p.basis === 'assumed');
  if (assumed.length === 0) {
    const n = estimate.per_profile.reduce((sum, p) => sum + p.n, 0);
    return t('runs.new.plan.durationHistory', { count: n, n });
  }
  return t('runs.new.plan.durationAssumed', {
    count: assumed.length,
    names: assumed.map((p) => nameOf(p.profile_id)).join(t('results.header.listSeparator')),
  });
}
