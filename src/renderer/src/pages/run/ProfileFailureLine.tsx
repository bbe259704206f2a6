// Why a profile of a run stopped or was not measured: its name and the reason,
// then the run's own message (the provider's last error, redacted). One
// wording for the live run and for its results later, which read it back
// from the history (RunRecord.profile_failures). And a profile that made its
// calls but had no ok trial, or mostly failed: how many, and why.

import { useTranslation } from 'react-i18next';
import type { FailingProfile } from '../../../../shared/failing-profiles';
import type { ProfileFailure } from '../../../../shared/run';
import { mainMessage } from '../../i18n/error-text';
import { useFormat } from '../../i18n/format';

export function ProfileFailureLine({ failure, name }: { failure: ProfileFailure; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <strong className="wrap-anywhere">
        {t('runs.live.failure', {
          name,
          reason: t(`runs.live.failureReason.${failure.reason}`),
        })}
      </strong>{' '}
      <span className="wrap-anywhere">{mainMessage(t, failure.message, failure.text)}</span>
    </>
  );
}

export function FailingProfileLine({ failure, name }: { failure: FailingProfile; name: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figures = {
    name,
    ok: format.count(failure.ok),
    trials: format.count(failure.trials),
    count: format.count(failure.count),
    status: t(`common.status.${failure.status}`),
  };
  return (
    <>
      <strong className="wrap-anywhere">
        {t(failure.ok === 0 ? 'runs.failing.none' : 'runs.failing.most', figures)}
      </strong>
      {failure.message !== null && (
        <>
          {' '}
          {/* The provider's own words for its last failure: not ours to translate. */}
          <span className="wrap-anywhere trial-message-text">{failure.message}</span>
        </>
      )}
    </>
  );
}
