// One line per profile: how far it got (trials done of planned), what it is
// doing now (a trial, or waiting out its pacing or a rate limit), and roughly
// how long it has left. Profiles run side by side, so
// the slowest one says when the run ends.

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isFailing } from '../../../../../shared/failing-profiles';
import { useFormat } from '../../../i18n/format';
import { displayName } from '../../../../../shared/i18n/profile-name';
import { useDuration } from './duration';
import type { ProfileProgress } from './live-snapshot';
import { useTrialLabel } from './trial-label';

/** Past this many profiles, two columns: the page stays short enough to see the timeline. */
const MANY = 6;

export function ProfileProgressList({ profiles }: { profiles: readonly ProfileProgress[] }) {
  const { t } = useTranslation();
  return (
    <section className="card stack">
      <h2>{t('runs.live.profiles.title')}</h2>
      <ul className={`profile-progress${profiles.length > MANY ? ' many' : ''}`}>
        {profiles.map((profile) => (
          <ProfileRow key={profile.id} {...profile} />
        ))}
      </ul>
    </section>
  );
}

/** Redrawn only when its own figures change (props are compared one by one). */
const ProfileRow = memo(function ProfileRow(profile: ProfileProgress) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={`profile-progress-row state-${profile.state}`}>
      <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
      <span className="profile-progress-name">
        <span className="wrap-anywhere name">{displayName(profile, t)}</span>
        <span className="mono small muted profile-progress-model" title={profile.model}>
          {profile.model}
        </span>
      </span>
      <span className="profile-progress-bar">
        <progress
          className={`series-${profile.color}`}
          max={Math.max(1, profile.planned)}
          value={profile.done}
          aria-label={t('runs.live.profiles.progressOf', { name: displayName(profile, t) })}
        />
        <span className="small">
          {t('runs.live.profiles.done', {
            count: profile.planned,
            done: format.count(profile.done),
            planned: format.count(profile.planned),
          })}
          {profile.failed > 0 && (
            <span className="failed-count">
              {' · '}
              {t('runs.live.profiles.failedCount', { count: format.count(profile.failed) })}
            </span>
          )}
        </span>
      </span>
      <span className="profile-progress-state small">
        <StateText {...profile} />
      </span>
    </li>
  );
});

/** "Rate limited: next call in 20 s", counting down with the snapshots. */
function WaitText(wait: NonNullable<ProfileProgress['wait']>) {
  const { t } = useTranslation();
  const duration = useDuration();
  const time = duration(wait.leftMs);
  if (wait.reason === 'pacing') return <span>{t('runs.live.profiles.paced', { time })}</span>;
  return (
    <span className="state-rate-limited">
      {wait.capped
        ? t('runs.live.profiles.rateLimitedCapped', {
            time,
            asked: duration((wait.retry_after_s ?? 0) * 1000),
          })
        : t('runs.live.profiles.rateLimited', { time })}
    </span>
  );
}

function StateText(profile: ProfileProgress) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  const trialLabel = useTrialLabel();
  switch (profile.state) {
    case 'failed':
      return (
        <span className="state-failed-text">
          {t(`runs.live.failureReason.${profile.failure?.reason ?? 'internal'}`)}
        </span>
      );
    case 'done':
      // Every call made is not every trial measured: a profile that mostly failed says so.
      if (isFailing(profile.done, profile.ok)) {
        return (
          <span className="state-failed-text">
            {t(
              profile.ok === 0
                ? 'runs.live.profiles.finishedAllFailed'
                : 'runs.live.profiles.finishedMostFailed',
            )}
          </span>
        );
      }
      return <span className="state-done-text">{t('runs.live.profiles.finished')}</span>;
    case 'waiting':
      return <span className="muted">{t('runs.live.profiles.waiting')}</span>;
    case 'running':
      return (
        <>
          {profile.wait && <WaitText {...profile.wait} />}
          {profile.current && (
            <span>
              {profile.current.mode === 'stream'
                ? t('runs.live.profiles.current', {
                    count: profile.current.tokens,
                    trial: trialLabel(profile.current),
                    tokens: format.count(profile.current.tokens),
                  })
                : t('runs.live.profiles.currentPlain', { trial: trialLabel(profile.current) })}
            </span>
          )}
          {profile.leftMs !== null && (
            <span className="muted">
              {t('runs.live.profiles.left', { time: duration(profile.leftMs) })}
            </span>
          )}
        </>
      );
  }
}
