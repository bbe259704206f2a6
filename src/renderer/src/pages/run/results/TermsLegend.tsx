// The words the verdicts and the summary use, each in a few words on the
// page and in full on focus or hover: TTFT against TTFB, gap, chunk, p95
// (which at a few trials is about the slowest one) and the reader's pace.

import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../../shared/api';
import { Term } from '../../../components/Term';
import { useStableFormat } from './use-results-text';
import { fewestForP95 } from '../../../../../shared/results/verdict-model';

type Entry = 'ttft' | 'ttfb' | 'gap' | 'chunk' | 'p95' | 'reader';

export function TermsLegend({ view }: { view: RunView }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const { modes } = view.run.config;
  const streamed = modes.includes('stream');
  const entries: Entry[] = [
    ...(streamed ? (['ttft'] as const) : []),
    ...(modes.includes('plain') ? (['ttfb'] as const) : []),
    ...(streamed ? (['gap', 'chunk'] as const) : []),
    'p95',
    'reader',
  ];
  const pace = format.number(view.reader_pace_tps, Number.isInteger(view.reader_pace_tps) ? 0 : 1);
  const few = fewestForP95(view);
  const gloss = (entry: Entry): string => {
    if (entry === 'p95' && few !== null) {
      return t('results.legend.gloss.p95Few', { n: format.count(few) });
    }
    return t(`results.legend.gloss.${entry}`, { pace });
  };
  return (
    <p className="terms-legend small">
      <span className="terms-legend-title">{t('results.legend.title')}</span>{' '}
      {entries.map((entry, i) => (
        <Fragment key={entry}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span className="terms-legend-item" data-term={entry}>
            <Term description={t(`results.terms.${entry}`, { pace })}>
              {t(`results.legend.word.${entry}`, { pace })}
            </Term>{' '}
            <span className="muted">{gloss(entry)}</span>
          </span>
        </Fragment>
      ))}
    </p>
  );
}
