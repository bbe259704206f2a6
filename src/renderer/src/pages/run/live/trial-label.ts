// Which trial a line or a row is, for people: "stream #2", "plain warm-up".

import { useTranslation } from 'react-i18next';
import type { TrialPosition } from '../../../../../shared/api';

export function useTrialLabel(): (trial: TrialPosition) => string {
  const { t } = useTranslation();
  return (trial) => {
    const mode = t(`common.modes.${trial.mode}`);
    return trial.warmup
      ? t('runs.live.trialWarmup', { mode })
      : t('runs.live.trialNumber', { mode, index: trial.trial_index });
  };
}
