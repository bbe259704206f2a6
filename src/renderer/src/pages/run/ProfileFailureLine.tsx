// Why a profile of a run stopped or was not measured: its name and the reason,
// then the run's own message (the provider's last error, redacted). One
// wording for the live run and for its results later, which read it back
// from the history (RunRecord.profile_failures).

import { useTranslation } from 'react-i18next';
import type { ProfileFailure } from '../../../../shared/run';

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
      <span className="wrap-anywhere">{failure.message}</span>
    </>
  );
}
