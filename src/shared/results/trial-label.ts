// Which trial of a finished run a line or a row is, for people: "stream #2",
// "stream warm-up", the same on the results page and in its report.

import type { Translate } from '../i18n/format';
import type { Mode } from '../trial';

export function trialLabel(t: Translate, mode: Mode, index: number, warmup: boolean): string {
  return warmup
    ? t('results.trial.warmup', { mode: t(`common.modes.${mode}`) })
    : t('results.trial.counted', { mode: t(`common.modes.${mode}`), index });
}
