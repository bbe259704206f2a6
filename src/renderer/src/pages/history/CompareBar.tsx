// The runs chosen for a comparison, above the list: what is chosen, what is
// still needed, and the way to the comparison once there are two.

import { useTranslation } from 'react-i18next';
import { navigate } from '../../router';
import { comparePair, MAX_CHOSEN, type ChosenRun } from './run-selection';
import { useRunTime } from './use-run-time';

export function CompareBar(props: {
  chosen: readonly ChosenRun[];
  onRemove: (run: ChosenRun) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const runTime = useRunTime();
  const pair = comparePair(props.chosen);
  const needed = MAX_CHOSEN - props.chosen.length;
  return (
    <section className="compare-bar" aria-label={t('history.compare.label')}>
      <p className="compare-bar-hint" aria-live="polite">
        {needed === MAX_CHOSEN
          ? t('history.compare.none')
          : needed > 0
            ? t('history.compare.oneMore')
            : t('history.compare.ready')}
      </p>
      {props.chosen.length > 0 && (
        <ul className="compare-chosen">
          {[...props.chosen]
            .sort((x, y) => x.started_at.localeCompare(y.started_at))
            .map((run, index) => (
              <li key={run.id} className="compare-chip">
                {pair && (
                  <span className="compare-side-tag compare-chip-tag">
                    {index === 0 ? 'A' : 'B'}
                  </span>
                )}
                <span>{runTime(run.started_at)}</span>
                <button
                  type="button"
                  className="link"
                  aria-label={t('history.compare.remove', {
                    when: runTime(run.started_at),
                  })}
                  onClick={() => props.onRemove(run)}
                >
                  {t('history.compare.removeShort')}
                </button>
              </li>
            ))}
        </ul>
      )}
      <div className="page-actions">
        {props.chosen.length > 0 && (
          <button type="button" onClick={props.onClear}>
            {t('history.compare.clear')}
          </button>
        )}
        <button
          type="button"
          className="primary"
          disabled={!pair}
          onClick={() => pair && navigate({ page: 'compare', ...pair })}
        >
          {t('history.compare.go')}
        </button>
      </div>
    </section>
  );
}
