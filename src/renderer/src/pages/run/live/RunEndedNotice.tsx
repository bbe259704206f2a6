// Said once when a run ends while its live view is shown, above its results:
// how it ended and what was kept, so that the page changing under the user
// is explained where their eyes go (the notice takes the focus).

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import type { RunEnd } from './live-run-model';
import './live-run.css';

export function RunEndedNotice({ end }: { end: RunEnd }) {
  const { t } = useTranslation();
  const format = useFormat();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const { outcome } = end;
  const failing = end.failing_profiles > 0;
  const tone = (end.status === 'completed' || end.status === null) && !failing ? 'info' : 'warning';

  return (
    <div ref={notice} className={`message message-${tone} run-ended`} role="status" tabIndex={-1}>
      <div className="stack">
        <p className="run-ended-title">
          {outcome === null
            ? t('runs.ended.unknown')
            : outcome.status === 'cancelled'
              ? t('runs.ended.cancelled', {
                  saved: format.count(outcome.saved_trials),
                  dropped: format.count(outcome.dropped_trials),
                })
              : outcome.status === 'interrupted'
                ? t('runs.ended.interrupted', {
                    count: outcome.saved_trials,
                    saved: format.count(outcome.saved_trials),
                  })
                : failing
                  ? t('runs.ended.completedWithFailures', {
                      count: outcome.saved_trials,
                      saved: format.count(outcome.saved_trials),
                      failed: format.count(end.failed_trials),
                    })
                  : t('runs.ended.completed', {
                      count: outcome.saved_trials,
                      saved: format.count(outcome.saved_trials),
                    })}
        </p>
        {outcome && outcome.failures.length > 0 && (
          <ul>
            {outcome.failures.map((failure) => (
              <li key={`${failure.profile_id}\u0000${failure.message}`} className="wrap-anywhere">
                {failure.message}
              </li>
            ))}
          </ul>
        )}
        {outcome && outcome.errors.length > 0 && (
          <ul>
            {outcome.errors.map((message) => (
              <li key={message} className="wrap-anywhere">
                {t('runs.live.runError', { message })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
