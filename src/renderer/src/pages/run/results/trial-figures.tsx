// How a trial's figure and its failure read, in the table and in its drawer
// alike: one rounding (the Formatters), n/a for a figure its mode does not
// have (a dash is one it did not measure), and the provider's words as text.

import { useTranslation } from 'react-i18next';
import type { TrialRow } from '../../../../../shared/api';
import type { FigureValue } from './trials-model';
import { useStableFormat } from './use-results-text';

export function FigureText({ figure, withUnit }: { figure: FigureValue; withUnit: boolean }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  if (figure.kind === 'na') return <span className="muted">{t('results.trials.na')}</span>;
  const { unit, value } = figure;
  if (typeof value === 'boolean')
    return <>{t(value ? 'results.trials.yes' : 'results.trials.no')}</>;
  if (typeof value === 'string') return <span className="wrap-anywhere">{value}</span>;
  switch (unit) {
    case 'ms':
      return <>{withUnit ? format.ms(value) : format.msValue(value)}</>;
    case 'tps':
      return <>{withUnit ? format.tps(value) : format.number(value, 1)}</>;
    case 's':
      return (
        <>
          {value === null
            ? format.count(value)
            : t('common.units.s', { value: format.count(value) })}
        </>
      );
    default:
      return <>{format.count(value)}</>;
  }
}

/** A failed trial's message, as the provider wrote it (text, never markup), and when it said to retry. */
export function TrialMessage({ trial }: { trial: TrialRow['trial'] }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  return (
    <>
      <span className="trial-message-text">{trial.error ?? t('results.trials.noMessage')}</span>
      {trial.retry_after_s !== null && (
        <span className="muted small">
          {' '}
          {t('results.trials.retryAfter', { seconds: format.count(trial.retry_after_s) })}
        </span>
      )}
    </>
  );
}
