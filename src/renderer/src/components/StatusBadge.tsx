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

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  const tone = status === 'completed' ? 'ok' : status === 'running' ? 'live' : 'failed';
  return <span className={`badge badge-${tone}`}>{t(`common.runStatus.${status}`)}</span>;
}
