import { useTranslation } from 'react-i18next';
import type { RunStatus } from '../../../shared/run';
import type { TrialStatus } from '../../../shared/trial';

/** A trial's status, in words and a colour that does not carry the meaning alone. */
export function StatusBadge({ status }: { status: TrialStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${status === 'ok' ? 'badge-ok' : 'badge-failed'}`}>
      {t(`common.status.${status}`)}
    </span>
  );
}

/**
 * A run's status; `withFailures`: a profile of it measured nothing or mostly
 * failed, so a completed run is not all green.
 */
export function RunStatusBadge({
  status,
  withFailures = false,
}: {
  status: RunStatus;
  withFailures?: boolean;
}) {
  const { t } = useTranslation();
  if (status === 'completed' && withFailures) {
    return (
      <span className="badge badge-failed">{t('common.runStatus.completedWithFailures')}</span>
    );
  }
  const tone = status === 'completed' ? 'ok' : status === 'running' ? 'live' : 'failed';
  return <span className={`badge badge-${tone}`}>{t(`common.runStatus.${status}`)}</span>;
}
