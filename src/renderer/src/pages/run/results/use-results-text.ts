// What every part of the results screen needs to write figures: the
// formatters of the UI's language, kept the same object while the language
// is, so that chart options built from them are rebuilt only when something
// they show has changed (a new option redraws the chart).

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { trialLabel } from '../../../../../shared/results/trial-label';
import type { Words } from '../../../../../shared/results/words';
import type { Mode } from '../../../../../shared/trial';
import { useFormat, type Formatters } from '../../../i18n/format';

export function useStableFormat(): Formatters {
  const format = useFormat();
  const { i18n } = useTranslation();
  // useFormat's functions depend on nothing but the language.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => format, [i18n.language]);
}

/** The UI's words for the shared chart specs (src/shared/results/charts/), the same object while the language is. */
export function useWords(): Words {
  const { t } = useTranslation();
  const format = useStableFormat();
  return useMemo(() => ({ t, format }), [t, format]);
}

/** "stream #2", or "stream warm-up": how a trial is named everywhere on the screen. */
export function useTrialLabel(): (mode: Mode, index: number, warmup: boolean) => string {
  const { t } = useTranslation();
  return useMemo(
    () => (mode: Mode, index: number, warmup: boolean) => trialLabel(t, mode, index, warmup),
    [t],
  );
}
