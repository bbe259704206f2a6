// A run while it runs: the tokens arriving, where each profile is and what
// is left, each trial's result as it ends, profiles that could not be
// measured, and Cancel. Leaving the page never stops the run; coming back
// shows it live again.

import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveRun } from '../../../../../shared/api';
import { useFormat } from '../../../i18n/format';
import { displayName } from '../../../../../shared/i18n/profile-name';
import { ProfileFailureLine } from '../ProfileFailureLine';
import { CancelRun } from './CancelRun';
import { useDuration } from './duration';
import type { RunEnd } from './live-run-model';
import type { LiveSnapshot } from './live-snapshot';
import { LiveTimeline } from './LiveTimeline';
import { ProfileProgressList } from './ProfileProgressList';
import { TrialResults } from './TrialResults';
import { useLiveRun } from './use-live-run';
import './live-run.css';

export function LiveRunView(props: { initial: LiveRun; onEnded: (end: RunEnd) => void }) {
  const { t } = useTranslation();
  const snapshot = useLiveRun(props.initial, props.onEnded);
  const { record } = snapshot;
  const names = useMemo(
    () => new Map(snapshot.profiles.map((p) => [p.id, displayName(p, t)])),
    [snapshot.profiles, t],
  );

  return (
    <div className="stack live-run">
      <LiveHeader
        snapshot={snapshot}
        actions={
          <CancelRun
            runId={record.id}
            onNothingToCancel={() =>
              props.onEnded({ status: null, outcome: null, failed_trials: 0, failing_profiles: 0 })
            }
          />
        }
      />
      <ProblemsSoFar snapshot={snapshot} names={names} />
      <LiveTimeline
        runId={record.id}
        lines={snapshot.lines}
        profiles={snapshot.profiles}
        streams={record.config.modes.includes('stream')}
      />
      <ProfileProgressList profiles={snapshot.profiles} />
      <TrialResults results={snapshot.results} done={snapshot.done} names={names} />
    </div>
  );
}

function LiveHeader({ snapshot, actions }: { snapshot: LiveSnapshot; actions: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  const { config, started_at } = snapshot.record;
  const modes =
    config.modes.length > 1
      ? t('runs.live.summary.bothModes')
      : config.modes.map((mode) => t(`common.modes.${mode}`)).join('');
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="live-title">
            <span className="live-dot" aria-hidden="true" />
            {t('runs.live.title')}
          </h1>
          <p>
            {t('runs.live.started', {
              time: format.dateTime(started_at),
              elapsed: duration(snapshot.elapsedMs),
            })}
          </p>
        </div>
        <div className="page-actions">{actions}</div>
      </header>
      <section className="card stack live-summary" aria-label={t('runs.live.summary.label')}>
        <div className="live-overall">
          <progress
            max={Math.max(1, snapshot.planned)}
            value={snapshot.done}
            aria-label={t('runs.live.summary.overall')}
          />
          <span className="live-overall-count">
            {t('runs.live.summary.calls', {
              done: format.count(snapshot.done),
              planned: format.count(snapshot.planned),
            })}
          </span>
        </div>
        <p className="small muted">
          {t('runs.live.summary.config', {
            profiles: format.count(config.profile_ids.length),
            trials: format.count(config.trials),
            modes,
            maxTokens: format.count(config.max_tokens),
          })}
          {config.warmup && ` · ${t('runs.live.summary.warmup')}`}
          {config.reuse_connection && ` · ${t('runs.live.summary.reuse')}`}
        </p>
        <p className="live-prompt small">
          <span className="muted">{t('runs.live.summary.prompt')}</span>{' '}
          <span className="wrap-anywhere">{config.prompt}</span>
        </p>
      </section>
    </>
  );
}

/** Profiles that could not be measured and errors of the run itself: the rest goes on. */
function ProblemsSoFar(props: { snapshot: LiveSnapshot; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const { failures, errors } = props.snapshot;
  if (failures.length === 0 && errors.length === 0) return null;
  return (
    <div className="message message-error live-problems" role="alert">
      <ul>
        {failures.map((failure) => (
          <li key={`${failure.profile_id}\u0000${failure.message}`}>
            <ProfileFailureLine
              failure={failure}
              name={props.names.get(failure.profile_id) ?? failure.profile_id}
            />
          </li>
        ))}
        {errors.map((message) => (
          <li key={message} className="wrap-anywhere">
            {t('runs.live.runError', { message })}
          </li>
        ))}
      </ul>
    </div>
  );
}
