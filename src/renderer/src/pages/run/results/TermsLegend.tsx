// The words the verdicts and the summary use, each in a few words on the
// page and in full on focus or hover (terms-text.ts words them).

import { Fragment } from 'react';
import type { RunView } from '../../../../../shared/api';
import { termsText } from '../../../../../shared/results/terms-text';
import { Term } from '../../../components/Term';
import { useWords } from './use-results-text';

export function TermsLegend({ view }: { view: RunView }) {
  const text = termsText(view, useWords());
  return (
    <p className="terms-legend small">
      <span className="terms-legend-title">{text.title}</span>{' '}
      {text.entries.map((term, i) => (
        <Fragment key={term.entry}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span className="terms-legend-item" data-term={term.entry}>
            <Term description={term.description}>{term.word}</Term>{' '}
            <span className="muted">{term.gloss}</span>
          </span>
        </Fragment>
      ))}
    </p>
  );
}
